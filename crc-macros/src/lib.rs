//! The `#[crc(...)]` attribute of [crcstamp](https://docs.rs/crcstamp). Use it through
//! `crcstamp::crc`; this crate only parses and validates the attribute and hands the model
//! to `crc-gen`, which derives the constants and writes the code.
//!
//! - `ast`: the attribute as written, every key with its span.
//! - `attr`: tokens → `ast::Args`.
//! - `valid`: `ast::Args` and the item → a `crc_gen::Model`, or spanned errors.
//! - `expand`: `crc_gen::emit` on the validated input.
#![forbid(unsafe_code)]

mod ast;
mod attr;
mod expand;
mod valid;

use proc_macro::TokenStream;

/// `Ok` when there are no errors, else all of them as one, so each is reported.
fn combine(errors: impl IntoIterator<Item = syn::Error>) -> syn::Result<()> {
    let all = errors.into_iter().reduce(|mut all, e| {
        all.combine(e);
        all
    });
    all.map_or(Ok(()), Err)
}

/// Both values, or the errors of whichever failed.
fn both<A, B>(a: syn::Result<A>, b: syn::Result<B>) -> syn::Result<(A, B)> {
    match (a, b) {
        (Ok(a), Ok(b)) => Ok((a, b)),
        (Err(mut e), Err(f)) => {
            e.combine(f);
            Err(e)
        }
        (Err(e), _) | (_, Err(e)) => Err(e),
    }
}

/// Stamps out a CRC implementation on a unit struct; see the `crcstamp` documentation.
#[proc_macro_attribute]
pub fn crc(args: TokenStream, item: TokenStream) -> TokenStream {
    expand::expand(args.into(), item.into()).into()
}
