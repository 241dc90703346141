//! Meaning: the parsed arguments and the item → a validated model, or errors that point at
//! the offending key or value.

use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Fields, Item, ItemStruct};

use crate::ast::{Args, Key};
use crate::errors;
use crc_gen::{catalogue, Field, Model, ModelError, ModelSpec, Slice};

/// A valid attribute: everything `expand` needs.
pub struct Valid {
    /// The validated model (a catalogue entry's, or the one `width`, `poly`, ... describe).
    pub model: Model,
    /// The number of slice tables (`slice`; by default the fastest for the model's word,
    /// [`Slice::fastest`]).
    pub slice: Slice,
    /// The path the generated code uses for crcstamp (`crate`, `::crcstamp` by default).
    pub krate: syn::Path,
}

/// Checks the arguments as a whole and builds the model. The model, `slice` and `crate` are
/// checked independently, and every one that is wrong is reported.
pub(crate) fn args(args: &Args) -> syn::Result<Valid> {
    no_duplicates(args)?;
    let model = match args.str(Key::Catalog) {
        Some(name) => catalog(args, name),
        None => custom(args),
    };
    let (model, (slice, krate)) = errors::both(model, errors::both(slice(args), krate(args)))?;
    Ok(Valid {
        slice: slice.unwrap_or_else(|| Slice::fastest(model.word_bits())),
        model,
        krate,
    })
}

/// `slice = N` or `slice = "nibble"`, if given; the default depends on the model's word.
fn slice(args: &Args) -> syn::Result<Option<Slice>> {
    let Some(a) = args.get(Key::Slice) else {
        return Ok(None);
    };
    let slice = match (args.int(Key::Slice), args.str(Key::Slice)) {
        (Some(n), _) => Slice::try_from(n),
        (_, Some(s)) => s.parse(),
        _ => return Ok(None),
    };
    slice
        .map(Some)
        .map_err(|msg| syn::Error::new(a.value_span, msg))
}

fn krate(args: &Args) -> syn::Result<syn::Path> {
    match (args.get(Key::Crate), args.str(Key::Crate)) {
        (Some(a), Some(path)) => syn::parse_str(path).map_err(|_| {
            let example = Key::Crate.example();
            let msg = format!("`crate` expects a path, like `crate = {example}`, not `{path:?}`");
            syn::Error::new(a.value_span, msg)
        }),
        _ => Ok(syn::parse_quote!(::crcstamp)),
    }
}

fn no_duplicates(args: &Args) -> syn::Result<()> {
    let all = &args.args;
    errors::combine(
        all.iter()
            .enumerate()
            .filter(|&(i, a)| all[..i].iter().any(|b| b.key == a.key))
            .map(|(_, a)| {
                let msg = format!("duplicate key `{}`: give each key once", a.key.name());
                syn::Error::new(a.key_span, msg)
            }),
    )
}

fn catalog(args: &Args, name: &str) -> syn::Result<Model> {
    errors::combine(args.args.iter().filter(|a| a.key.is_model_key()).map(|a| {
        syn::Error::new(
            a.key_span,
            format!(
                "`{}` cannot be combined with `catalog`: the catalogue entry defines the whole model",
                a.key.name()
            ),
        )
    }))?;
    catalogue::lookup(name)
        .map(|e| e.model.clone())
        .map_err(|e| error_at(args, e))
}

fn custom(args: &Args) -> syn::Result<Model> {
    if !args.args.iter().any(|a| a.key.is_model_key()) {
        return Err(syn::Error::new(
            Span::call_site(),
            "`#[crc]` needs a model: `width` and `poly` (with optional init, refin, refout, \
             xorout, check, residue), or `catalog = \"NAME\"`",
        ));
    }
    let width = args
        .int(Key::Width)
        .ok_or_else(|| error_at(args, ModelError::Missing(Field::Width)))?;
    let poly = args
        .int(Key::Poly)
        .ok_or_else(|| error_at(args, ModelError::Missing(Field::Poly)))?;
    // `crc_gen` takes a `u32` width; a larger one is out of range just the same.
    let width = u32::try_from(width).map_err(|_| {
        let span = args.span_of(Field::Width).unwrap_or_else(Span::call_site);
        let msg = format!("width = {width} is out of range: crcstamp supports widths 1..=128");
        syn::Error::new(span, msg)
    })?;
    let spec = ModelSpec {
        width,
        poly,
        init: args.int(Key::Init).unwrap_or(0),
        refin: args.bool(Key::Refin),
        refout: args.bool(Key::Refout),
        xorout: args.int(Key::Xorout).unwrap_or(0),
        check: args.int(Key::Check),
        residue: args.int(Key::Residue),
        name: None,
    };
    spec.build().map_err(|e| error_at(args, e))
}

/// A generator error, pointed at the value it is about (or the whole attribute).
fn error_at(args: &Args, e: ModelError) -> syn::Error {
    let span = e
        .field()
        .and_then(|f| args.span_of(f))
        .unwrap_or_else(Span::call_site);
    syn::Error::new(span, e.to_string())
}

/// The attribute must sit on a plain unit struct: the macro replaces its body with the
/// register, so fields, generics and other items cannot work.
pub(crate) fn item(item: Item) -> syn::Result<ItemStruct> {
    const HINT: &str = "`#[crc]` goes on a unit struct, like `pub struct Crc32;`";
    let s = match item {
        Item::Struct(s) => s,
        Item::Enum(e) => return Err(syn::Error::new(e.enum_token.span, HINT)),
        Item::Fn(f) => return Err(syn::Error::new(f.sig.fn_token.span, HINT)),
        other => return Err(syn::Error::new(other.span(), HINT)),
    };
    if !s.generics.params.is_empty() {
        return Err(syn::Error::new_spanned(
            &s.generics,
            "a stamped CRC cannot be generic: remove the generic parameters",
        ));
    }
    if let Some(w) = &s.generics.where_clause {
        return Err(syn::Error::new_spanned(
            w,
            "a stamped CRC cannot have a `where` clause: remove it",
        ));
    }
    no_second_crc(&s)?;
    if !matches!(s.fields, Fields::Unit) {
        return Err(syn::Error::new(
            s.fields.span(),
            format!("{HINT}: the macro supplies the fields (the CRC register)"),
        ));
    }
    no_provided_derives(&s)?;
    Ok(s)
}

/// A second `#[crc]` below this one would otherwise expand on the struct this one stamps,
/// and fail there with a message about fields. Any attribute path ending in `crc`
/// (`crc`, `crcstamp::crc`, a re-export's) counts.
fn no_second_crc(s: &ItemStruct) -> syn::Result<()> {
    let repeated = s.attrs.iter().filter(|a| {
        a.path()
            .segments
            .last()
            .is_some_and(|seg| seg.ident == "crc")
    });
    errors::combine(repeated.map(|a| {
        syn::Error::new_spanned(
            a,
            "`#[crc]` is repeated: a struct takes one `#[crc(...)]`; stamp a second CRC on \
             a struct of its own",
        )
    }))
}

/// `#[derive(Clone)]` and the like after `#[crc]` would clash with the macro's own impls.
fn no_provided_derives(s: &ItemStruct) -> syn::Result<()> {
    const PROVIDED: [&str; 4] = ["Clone", "Copy", "Debug", "Default"];
    let mut errors = Vec::new();
    for attr in s.attrs.iter().filter(|a| a.path().is_ident("derive")) {
        // A malformed derive is left for the compiler to report.
        let _ = attr.parse_nested_meta(|meta| {
            let last = meta.path.segments.last().map(|seg| seg.ident.to_string());
            if let Some(name) = last.filter(|n| PROVIDED.contains(&n.as_str())) {
                errors.push(syn::Error::new_spanned(
                    &meta.path,
                    format!("`#[crc]` already implements `{name}`: remove it from the derive"),
                ));
            }
            Ok(())
        });
    }
    errors::combine(errors)
}
