//! Meaning: the parsed arguments and the item → a validated model, or errors that point at
//! the offending key or value.

use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Fields, Item, ItemStruct};

use crate::ast::{Args, Key};
use crc_gen::{catalogue, Field, Model, ModelError, ModelSpec, Slice};

/// Everything `expand` needs.
pub(crate) struct Valid {
    pub(crate) model: Model,
    pub(crate) slice: Slice,
    pub(crate) krate: syn::Path,
}

/// Checks the arguments as a whole and builds the model.
pub(crate) fn args(args: &Args) -> syn::Result<Valid> {
    no_duplicates(args)?;
    let model = if let Some(name) = args.str(Key::Catalog) {
        catalog(args, name)?
    } else {
        custom(args)?
    };
    let slice = match args.get(Key::Slice) {
        Some(a) => {
            let n = args.int(Key::Slice).unwrap_or_default();
            Slice::try_from(n).map_err(|msg| syn::Error::new(a.value_span, msg))?
        }
        None => Slice::default(),
    };
    let krate = match (args.get(Key::Crate), args.str(Key::Crate)) {
        (Some(a), Some(path)) => syn::parse_str(path).map_err(|_| {
            syn::Error::new(
                a.value_span,
                format!("`crate` expects a path, like `\"::my_crate::crcstamp\"`, not `{path}`"),
            )
        })?,
        _ => syn::parse_quote!(::crcstamp),
    };
    Ok(Valid {
        model,
        slice,
        krate,
    })
}

fn no_duplicates(args: &Args) -> syn::Result<()> {
    for (i, a) in args.args.iter().enumerate() {
        if args.args[..i].iter().any(|b| b.key == a.key) {
            return Err(syn::Error::new(
                a.key_span,
                format!("duplicate key `{}`", a.key.name()),
            ));
        }
    }
    Ok(())
}

fn catalog(args: &Args, name: &str) -> syn::Result<Model> {
    let mut errors = args.args.iter().filter(|a| a.key.is_model_key()).map(|a| {
        syn::Error::new(
            a.key_span,
            format!(
                "`{}` cannot be combined with `catalog`: the catalogue entry defines the whole model",
                a.key.name()
            ),
        )
    });
    if let Some(mut first) = errors.next() {
        errors.for_each(|e| first.combine(e));
        return Err(first);
    }
    catalogue::lookup(name)
        .map(|e| e.model.clone())
        .map_err(|e| error_at(args, e))
}

fn custom(args: &Args) -> syn::Result<Model> {
    let width = args
        .int(Key::Width)
        .ok_or_else(|| error_at(args, ModelError::Missing(Field::Width)))?;
    let poly = args
        .int(Key::Poly)
        .ok_or_else(|| error_at(args, ModelError::Missing(Field::Poly)))?;
    let width = u32::try_from(width).unwrap_or(u32::MAX);
    let spec = ModelSpec {
        width,
        poly,
        init: args.int(Key::Init).unwrap_or(0),
        refin: args.bool(Key::Refin).unwrap_or(false),
        refout: args.bool(Key::Refout).unwrap_or(false),
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
    if !s.generics.params.is_empty() || s.generics.where_clause.is_some() {
        return Err(syn::Error::new(
            s.generics.span(),
            "a stamped CRC cannot be generic: remove the generic parameters",
        ));
    }
    if !matches!(s.fields, Fields::Unit) {
        return Err(syn::Error::new(
            s.fields.span(),
            format!("{HINT}: the macro supplies the fields (the CRC register)"),
        ));
    }
    Ok(s)
}
