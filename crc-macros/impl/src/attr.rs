//! Tokens of `#[crc(...)]` → [`Args`]: syntax and value types only; meaning is checked in
//! `valid`.

use proc_macro2::TokenStream;
use syn::ext::IdentExt;
use syn::parse::{ParseStream, Parser};
use syn::{Expr, ExprLit, ExprUnary, Ident, Lit, LitInt, Token, UnOp};

use crate::ast::{Arg, Args, Expect, Key, Value};
use crate::errors;

/// Parses the attribute's arguments. Every bad key and value is reported, not just the
/// first; a syntax error ends the parse, and is reported along with those before it.
pub(crate) fn parse(tokens: TokenStream) -> syn::Result<Args> {
    let parser = |input: ParseStream| {
        let mut args = Vec::new();
        let mut errors = Vec::new();
        while !input.is_empty() {
            match next(input) {
                Ok(Ok(a)) => args.push(a),
                Ok(Err(e)) => errors.push(e),
                Err(e) => {
                    errors.push(e);
                    break;
                }
            }
        }
        errors::combine(errors)?;
        Ok(Args { args })
    };
    parser.parse2(tokens)
}

/// One `key = value` and its comma. The outer error is a syntax error, after which parsing
/// cannot go on; the inner one is a bad key or value, after which it can.
fn next(input: ParseStream) -> syn::Result<syn::Result<Arg>> {
    let key_ident = Ident::parse_any(input)
        .map_err(|e| syn::Error::new(e.span(), format!("expected a key: {}", known_keys())))?;
    let key = key(&key_ident);
    if !input.peek(Token![=]) {
        return Err(match key {
            Ok(key) => syn::Error::new(
                key_ident.span(),
                format!(
                    "`{key_ident}` needs a value, like `{key_ident} = {}`",
                    key.example()
                ),
            ),
            Err(e) => e,
        });
    }
    input.parse::<Token![=]>()?;
    let value: Expr = input.parse()?;
    if !input.is_empty() {
        input.parse::<Token![,]>()?;
    }
    Ok(key.and_then(|key| arg(key, &key_ident, &value)))
}

fn known_keys() -> String {
    let known: Vec<_> = Key::ALL.iter().map(|k| k.name()).collect();
    format!("one of {}", known.join(", "))
}

fn key(key_ident: &Ident) -> syn::Result<Key> {
    let name = key_ident.unraw().to_string();
    Key::from_name(&name).ok_or_else(|| {
        syn::Error::new(
            key_ident.span(),
            format!("unknown key `{name}`; expected {}", known_keys()),
        )
    })
}

fn arg(key: Key, key_ident: &Ident, value: &Expr) -> syn::Result<Arg> {
    let name = key.name();
    let value = peel(value);
    // `new_spanned` underlines the whole value, even when it is several tokens (`-1`).
    let wrong = |what: &str| {
        let example = key.example();
        syn::Error::new_spanned(
            value,
            format!("`{name}` expects {what}, like `{name} = {example}`"),
        )
    };
    let parsed = match (key.expects(), value) {
        (
            Expect::Int | Expect::IntOrStr,
            Expr::Lit(ExprLit {
                lit: Lit::Int(i), ..
            }),
        ) => Value::Int(int(key, i)?),
        (
            Expect::IntOrStr,
            Expr::Lit(ExprLit {
                lit: Lit::Str(s), ..
            }),
        ) => Value::Str(s.value()),
        (Expect::IntOrStr, _) => {
            return Err(wrong(&format!("one of {}", crc_gen::Slice::ACCEPTED)))
        }
        (
            Expect::Int,
            Expr::Unary(ExprUnary {
                op: UnOp::Neg(_), ..
            }),
        ) => return Err(wrong("a non-negative integer")),
        (Expect::Int, _) => return Err(wrong("an integer literal")),
        (
            Expect::Bool,
            Expr::Lit(ExprLit {
                lit: Lit::Bool(b), ..
            }),
        ) => Value::Bool(b.value),
        (Expect::Bool, _) => return Err(wrong("`true` or `false`")),
        (
            Expect::Str,
            Expr::Lit(ExprLit {
                lit: Lit::Str(s), ..
            }),
        ) => Value::Str(s.value()),
        (Expect::Str, _) => return Err(wrong("a string literal")),
    };
    Ok(Arg {
        key,
        key_span: key_ident.span(),
        value: parsed,
        value_span: syn::spanned::Spanned::span(value),
    })
}

/// A value passed through a `macro_rules!` fragment (`$name:literal`, `$v:expr`) arrives
/// wrapped in invisible delimiters; look through them.
fn peel(value: &Expr) -> &Expr {
    match value {
        Expr::Group(g) => peel(&g.expr),
        other => other,
    }
}

/// An integer literal's value. The compiler never sees the literal (the macro consumes it),
/// so its suffix is checked here: `0X07` lexes as `0` with suffix `X07`, and must not
/// silently mean 0.
fn int(key: Key, lit: &LitInt) -> syn::Result<u128> {
    let name = key.name();
    let suffix = lit.suffix();
    let max = match suffix {
        "" | "u128" => u128::MAX,
        "u64" | "usize" => u64::MAX.into(),
        "u32" => u32::MAX.into(),
        "u16" => u16::MAX.into(),
        "u8" => u8::MAX.into(),
        "i128" => i128::MAX as u128,
        "i64" | "isize" => i64::MAX as u128,
        "i32" => i32::MAX as u128,
        "i16" => i16::MAX as u128,
        "i8" => i8::MAX as u128,
        _ => {
            let hint = if lit.base10_digits() == "0" && suffix.starts_with(['X', 'B', 'O']) {
                format!(
                    "; base prefixes are lower case, as in `0{}`",
                    suffix.to_lowercase()
                )
            } else {
                String::from("; expected an integer type like `u32`, or no suffix")
            };
            return Err(syn::Error::new(
                lit.span(),
                format!("invalid suffix `{suffix}` on `{name} = {lit}`{hint}"),
            ));
        }
    };
    match lit.base10_parse::<u128>() {
        Ok(v) if v <= max => Ok(v),
        Ok(_) => Err(syn::Error::new(
            lit.span(),
            format!("`{name} = {lit}` is out of range for `{suffix}`"),
        )),
        Err(_) => Err(syn::Error::new(
            lit.span(),
            format!("`{name} = {lit}` does not fit in 128 bits"),
        )),
    }
}
