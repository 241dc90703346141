//! Tokens of `#[crc(...)]` → [`Args`]: syntax and value types only; meaning is checked in
//! `valid`.

use proc_macro2::TokenStream;
use syn::ext::IdentExt;
use syn::parse::{ParseStream, Parser};
use syn::spanned::Spanned;
use syn::{Expr, ExprLit, ExprUnary, Ident, Lit, Token, UnOp};

use crate::ast::{Arg, Args, Expect, Key, Value};

/// Parses the attribute's arguments. Every bad argument is reported, not just the first.
pub(crate) fn parse(tokens: TokenStream) -> syn::Result<Args> {
    let parser = |input: ParseStream| {
        let mut args = Vec::new();
        let mut errors: Option<syn::Error> = None;
        let mut push_err = |e: syn::Error| match &mut errors {
            Some(all) => all.combine(e),
            None => errors = Some(e),
        };
        while !input.is_empty() {
            let key_ident = Ident::parse_any(input)?;
            input.parse::<Token![=]>().map_err(|_| {
                syn::Error::new(key_ident.span(), format!("expected `{key_ident} = value`"))
            })?;
            let value: Expr = input.parse()?;
            match arg(&key_ident, &value) {
                Ok(a) => args.push(a),
                Err(e) => push_err(e),
            }
            if input.is_empty() {
                break;
            }
            input.parse::<Token![,]>()?;
        }
        match errors {
            Some(e) => Err(e),
            None => Ok(Args { args }),
        }
    };
    parser.parse2(tokens)
}

fn arg(key_ident: &Ident, value: &Expr) -> syn::Result<Arg> {
    let name = key_ident.unraw().to_string();
    let key = Key::from_name(&name).ok_or_else(|| {
        let known: Vec<_> = Key::ALL.iter().map(|k| k.name()).collect();
        syn::Error::new(
            key_ident.span(),
            format!(
                "unknown key `{name}`; expected one of: {}",
                known.join(", ")
            ),
        )
    })?;
    let value_span = value.span();
    let wrong = |what: &str| syn::Error::new(value_span, format!("`{name}` expects {what}"));
    let value = match (key.expects(), value) {
        (
            Expect::Int,
            Expr::Lit(ExprLit {
                lit: Lit::Int(i), ..
            }),
        ) => Value::Int(i.base10_parse::<u128>().map_err(|_| {
            syn::Error::new(
                value_span,
                format!("`{name}` = {i} does not fit in 128 bits"),
            )
        })?),
        (
            Expect::Int,
            Expr::Unary(ExprUnary {
                op: UnOp::Neg(_), ..
            }),
        ) => return Err(wrong("a non-negative integer")),
        (Expect::Int, _) => return Err(wrong("an integer, like `0x04c11db7`")),
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
        (Expect::Str, _) => return Err(wrong("a string literal, like `\"CRC-32/ISCSI\"`")),
    };
    Ok(Arg {
        key,
        key_span: key_ident.span(),
        value,
        value_span,
    })
}
