//! Glue: parse, validate, and hand the model to `crc_gen::emit`.

use proc_macro2::TokenStream;
use quote::quote;

use crate::errors::{self, Error};
use crate::{attr, item, valid};
use crc_gen::{emit, DerivedConsts};

/// Expands `#[crc(args)] item`. Errors come back as `compile_error!`s next to the original
/// item, so one mistake gives one message rather than a cascade of unresolved names.
pub(crate) fn expand(args: TokenStream, item: TokenStream) -> TokenStream {
    match try_expand(args, item.clone()) {
        Ok(tokens) => tokens,
        Err(e) => {
            let error = e.to_compile_error();
            quote!(#error #item)
        }
    }
}

fn try_expand(args: TokenStream, item: TokenStream) -> Result<TokenStream, Error> {
    let item = item::parse(item);
    let args = attr::parse(args).and_then(|a| valid::args(&a));
    let (item, v) = errors::both(item, args)?;
    let target = emit::Target {
        attrs: item.attrs,
        vis: item.vis,
        ident: item.ident,
        krate: v.krate,
    };
    Ok(emit::item(&DerivedConsts::new(&v.model, v.slice), &target))
}
