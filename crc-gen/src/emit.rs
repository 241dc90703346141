//! Rust code for a stamped CRC: the one emitter behind both the `#[crc]` macro and the
//! `generated/` files written by `crc-gen emit`.
//!
//! The output is the struct, its data (slice and combine tables as statics, everything else
//! as consts) and one `__stamp!` invocation that adds the behaviour, so the generated code is
//! almost all data and the shared engine is compiled once.
//!
//! The tokens ([`item`], feature `tokens`) need only proc-macro2 and quote, so the macro
//! carries no Rust parser; the formatted file (`file`, feature `emit`) parses them back with
//! syn and prints them with prettyplease.

use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::{format_ident, quote};

use crate::consts::DerivedConsts;
use crate::model::{type_name, Model};

/// Where and how to stamp: the user's struct (attributes, visibility, name) and the path of
/// the `crcstamp` crate. The token fields are written out as given: the caller (the macro's
/// parser) has checked them.
#[derive(Clone)]
pub struct Target {
    /// Attributes to keep on the struct (doc comments, `#[allow]`, ...), each `#[...]`.
    pub attrs: TokenStream,
    /// The struct's visibility: empty, `pub`, `pub(crate)`, ...
    pub vis: TokenStream,
    /// The struct's name.
    pub ident: Ident,
    /// Path of the `crcstamp` crate: `::crcstamp` by default, `crate` inside crcstamp.
    pub krate: TokenStream,
}

impl Target {
    /// A `pub` struct named after the model by [`type_name`]'s rule (`CRC-32/ISCSI` →
    /// `Crc32Iscsi`, `9lives` → `Crc9lives`; models without a name `Crc`) in the crate at
    /// `krate`.
    ///
    /// ```
    /// use crc_gen::{catalogue, emit::Target};
    /// let model = &catalogue::lookup("CRC-32/ISCSI").unwrap().model;
    /// let target = Target::named_after(model, quote::quote!(::crcstamp));
    /// assert_eq!(target.ident.to_string(), "Crc32Iscsi");
    /// assert_eq!(target.vis.to_string(), "pub");
    /// ```
    pub fn named_after(model: &Model, krate: TokenStream) -> Target {
        let name = model.type_name().unwrap_or_else(|| String::from("Crc"));
        Target {
            attrs: TokenStream::new(),
            vis: quote!(pub),
            ident: Ident::new(&name, Span::call_site()),
            krate,
        }
    }
}

/// The tokens of one stamped type.
///
/// ```
/// use crc_gen::{catalogue, emit, DerivedConsts, Slice};
/// let model = &catalogue::lookup("CRC-8/SMBUS").unwrap().model;
/// let target = emit::Target::named_after(model, quote::quote!(::crcstamp));
/// let code = emit::item(&DerivedConsts::new(model, Slice::One), &target).to_string();
/// assert!(code.contains("pub struct Crc8Smbus"));
/// ```
pub fn item(c: &DerivedConsts, target: &Target) -> TokenStream {
    let Target {
        attrs,
        vis,
        ident,
        krate,
    } = target;
    let word = format_ident!("u{}", c.word_bits);
    let m = &c.model;
    let hex = |v: u128| hex_lit(v, c.word_bits);
    let width = proc_macro2::Literal::u32_unsuffixed(m.width());
    let (refin, refout) = (m.refin(), m.refout());
    let (poly, init, xorout) = (hex(m.poly()), hex(m.init()), hex(m.xorout()));
    let (check, residue) = (hex(c.check), hex(c.residue));
    let name = match m.name() {
        Some(n) => quote!(::core::option::Option::Some(#n)),
        None => quote!(::core::option::Option::None),
    };
    let description = format!(" {}", describe(m));
    let (init_state, poly_state) = (hex(c.init_state), hex(c.poly_state));
    let n_tables = proc_macro2::Literal::usize_unsuffixed(c.tables.len());
    // Only table 0 is written out; crcstamp derives the others at compile time, so a stamp
    // is 256 table tokens rather than up to 4096.
    let derive_tables = format_ident!("slice_tables_u{}", c.word_bits);
    let tables = match c.tables.first() {
        Some(t0) => {
            let table0 = t0.iter().map(|&v| hex(v));
            quote!(#krate::__private::#derive_tables::<#n_tables>(&[#(#table0),*], #refin))
        }
        None => quote!([]),
    };
    // The nibble kernel's 16 entries, a static like the tables; nothing for other stamps.
    let (nibble_static, nibble) = match &c.nibble {
        Some(t) => {
            let entries = t.iter().map(|&v| hex(v));
            (
                quote!(static NIBBLE: [#word; 16] = [#(#entries),*];),
                quote!(::core::option::Option::Some(&NIBBLE)),
            )
        }
        None => (quote!(), quote!(::core::option::Option::None)),
    };
    let combine = c.combine.iter().map(|&v| hex(v));
    let fold_consts = |f: &Option<crate::fold::DerivedFolds>| match f {
        Some(f) => {
            let f = f.layout();
            let pair = |[hi, lo]: [u64; 2]| {
                let (hi, lo) = (hex_lit(hi.into(), 64), hex_lit(lo.into(), 64));
                quote!([#hi, #lo])
            };
            let (k128, k256, k512) = (pair(f.k128), pair(f.k256), pair(f.k512));
            let (k1024, k2048, barrett) = (pair(f.k1024), pair(f.k2048), pair(f.barrett));
            let g0 = f.g0;
            quote! {
                ::core::option::Option::Some(&#krate::FoldConsts {
                    k128: #k128,
                    k256: #k256,
                    k512: #k512,
                    k1024: #k1024,
                    k2048: #k2048,
                    barrett: #barrett,
                    g0: #g0,
                })
            }
        }
        None => quote!(::core::option::Option::None),
    };
    let (fold, fold_reflected) = (fold_consts(&c.fold), fold_consts(&c.fold_reflected));
    let hw = match c.hw {
        Some(hw) => {
            let family = quote::format_ident!("{hw:?}");
            quote!(::core::option::Option::Some(#krate::HwCrc::#family))
        }
        None => quote!(::core::option::Option::None),
    };
    quote! {
        #attrs
        #[doc = #description]
        #vis struct #ident {
            state: #word,
        }

        const _: () = {
            const MODEL: #krate::StampedModel<#word> = #krate::StampedModel {
                width: #width,
                poly: #poly,
                init: #init,
                refin: #refin,
                refout: #refout,
                xorout: #xorout,
                check: #check,
                residue: #residue,
                name: #name,
            };
            static TABLES: [[#word; 256]; #n_tables] = #tables;
            #nibble_static
            static COMBINE: [#word; 64] = [#(#combine),*];
            // A `const`, not a `static`: every crate that inlines the hot path sees the
            // values, so the checks on `hw`, `fold`, the table count and the bit order fold
            // away per CRC. The tables stay statics, stored once.
            const CONSTS: #krate::Consts<'static, #word> = #krate::Consts {
                model: MODEL,
                init_state: #init_state,
                poly_state: #poly_state,
                tables: &TABLES,
                nibble: #nibble,
                fold: #fold,
                fold_reflected: #fold_reflected,
                combine: &COMBINE,
                hw: #hw,
            };
            #krate::__stamp!(#ident, #word, MODEL, CONSTS);
        };
    }
}

/// A complete, formatted source file for `generated/`: one type named after the model, in
/// the crate that includes it (`crate`).
///
/// ```
/// use crc_gen::{catalogue, emit, DerivedConsts, Slice};
/// let model = &catalogue::lookup("CRC-8/SMBUS").unwrap().model;
/// let text = emit::file(&DerivedConsts::new(model, Slice::One));
/// assert!(text.starts_with("// @generated"));
/// assert!(text.contains("pub struct Crc8Smbus {\n"));
/// ```
#[cfg(feature = "emit")]
#[cfg_attr(docsrs, doc(cfg(feature = "emit")))]
pub fn file(c: &DerivedConsts) -> String {
    let target = Target::named_after(&c.model, quote!(crate));
    let tokens = item(c, &target);
    let parsed: syn::File = syn::parse2(tokens).expect("emitted code parses");
    // A name may hold a line break, which would end the comment: control characters are
    // written escaped there (the struct's doc and `MODEL.name` carry the name as it is).
    let header: String = describe(&c.model)
        .chars()
        .map(|ch| match ch.is_control() {
            true => ch.escape_default().to_string(),
            false => ch.to_string(),
        })
        .collect();
    format!(
        "// @generated by `crc-gen emit`: do not edit; regenerate with\n\
         // `cargo run -p crc-gen-cli -- emit --headline -o generated`.\n\
         // {header}\n\n{}",
        prettyplease::unparse(&parsed)
    )
}

/// The file name `crc-gen emit` writes a model to: its [`type_name`] in snake case
/// (`CRC-64/ECMA-182` → `crc64_ecma182.rs`; a model without a name → `crc.rs`).
///
/// ```
/// use crc_gen::{catalogue, emit::file_name};
/// assert_eq!(file_name(&catalogue::lookup("CRC-16/T10-DIF").unwrap().model), "crc16_t10_dif.rs");
/// assert_eq!(file_name(&catalogue::lookup("CRC-64/ECMA-182").unwrap().model), "crc64_ecma182.rs");
/// ```
pub fn file_name(model: &Model) -> String {
    let snake = type_name(model.name().unwrap_or("crc"))
        .chars()
        .enumerate()
        .fold(String::new(), |mut s, (i, ch)| {
            if ch.is_ascii_uppercase() && i > 0 {
                s.push('_');
            }
            s.push(ch.to_ascii_lowercase());
            s
        });
    format!("{}.rs", snake.replacen("crc_", "crc", 1))
}

/// One line naming the model: `CRC-32/ISCSI: width=32 poly=0x1edc6f41 ...`.
fn describe(m: &Model) -> String {
    match m.name() {
        Some(n) => format!("{n}: {m}").replace(&format!(" name=\"{n}\""), ""),
        None => format!("Custom CRC: {m}"),
    }
}

/// `0x…` zero-padded to the word's hex digits, typed by context.
fn hex_lit(v: u128, bits: u32) -> Literal {
    let digits = (bits as usize).div_ceil(4);
    let mut lit: Literal = format!("0x{v:0digits$x}")
        .parse()
        .expect("a hex integer lexes as a literal");
    // As syn's `LitInt::new` set it: the literal belongs to the macro's call site.
    lit.set_span(Span::call_site());
    lit
}

#[cfg(all(test, feature = "emit"))]
mod tests {
    use super::*;
    use crate::{ModelSpec, Slice};

    /// Every name yields a file that parses, whose struct is the rule's type name, and whose
    /// header comment stays one line.
    #[test]
    fn any_name_emits_a_file_that_parses() {
        for (name, ident, file_rs) in [
            ("9lives", "Crc9lives", "crc9lives.rs"),
            ("", "Crc", "crc.rs"),
            ("_", "Crc", "crc.rs"),
            ("ü", "Crc", "crc.rs"),
            ("---", "Crc", "crc.rs"),
            ("$", "Crc", "crc.rs"),
            ("self", "CrcSelf", "crcself.rs"),
            ("Self", "CrcSelf", "crcself.rs"),
            ("crate", "Crate", "crate.rs"),
            ("a\nb\r", "AB", "a_b.rs"),
        ] {
            let spec = ModelSpec {
                width: 8,
                poly: 7,
                ..ModelSpec::default()
            };
            let model = spec.build().unwrap().with_name(name);
            let text = file(&DerivedConsts::new(&model, Slice::One));
            assert!(
                text.contains(&format!("pub struct {ident} ")),
                "{name:?}: {text}"
            );
            let code_start = text.find("\n\n").unwrap();
            assert!(
                text[..code_start].lines().all(|l| l.starts_with("//")),
                "{name:?}"
            );
            assert_eq!(file_name(&model), file_rs, "{name:?}");
        }
    }
}
