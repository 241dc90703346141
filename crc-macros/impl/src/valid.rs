//! Meaning: the parsed arguments → a validated model, or errors that point at the offending
//! key or value.

use proc_macro2::{Span, TokenStream};
use quote::quote;

use crate::ast::{Args, Key};
use crate::cursor::{is_keyword, Cursor};
use crate::errors::{self, Error};
use crc_gen::{catalogue, Field, Model, ModelError, ModelSpec, Slice};

/// A valid attribute: everything `expand` needs.
///
/// ```
/// let attr = crcstamp_macros_impl::parse("catalog = \"CRC-32/ISCSI\", slice = 4".parse().unwrap())
///     .unwrap();
/// assert_eq!(attr.model.check(), 0xe3069283);
/// assert_eq!(attr.slice, crc_gen::Slice::Four);
/// assert_eq!(attr.krate.to_string(), ":: crcstamp");
/// ```
pub struct Valid {
    /// The validated model (a catalogue entry's, or the one `width`, `poly`, ... describe).
    pub model: Model,
    /// The number of slice tables (`slice`; by default the fastest for the model's word,
    /// [`Slice::fastest`]).
    pub slice: Slice,
    /// The path the generated code uses for crcstamp (`crate`, `::crcstamp` by default).
    pub krate: TokenStream,
}

/// Checks the arguments as a whole and builds the model. The model, `slice` and `crate` are
/// checked independently, and every one that is wrong is reported.
pub(crate) fn args(args: &Args) -> Result<Valid, Error> {
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
fn slice(args: &Args) -> Result<Option<Slice>, Error> {
    let Some(a) = args.get(Key::Slice) else {
        return Ok(None);
    };
    let slice = match (args.int(Key::Slice), args.str(Key::Slice)) {
        (Some(n), _) => Slice::try_from(n),
        (_, Some(s)) => s.parse(),
        _ => return Ok(None),
    };
    slice.map(Some).map_err(|msg| Error::new(a.value_span, msg))
}

fn krate(args: &Args) -> Result<TokenStream, Error> {
    match (args.get(Key::Crate), args.str(Key::Crate)) {
        (Some(a), Some(path)) => crate_path(path).ok_or_else(|| {
            let example = Key::Crate.example();
            let msg = format!("`crate` expects a path, like `crate = {example}`, not `{path:?}`");
            Error::new(a.value_span, msg)
        }),
        _ => Ok(quote!(::crcstamp)),
    }
}

/// `::crcstamp`, `crate`, `my::reexport`: a path of identifiers, none a keyword but those a
/// path may start with.
fn crate_path(text: &str) -> Option<TokenStream> {
    let tokens: TokenStream = text.parse().ok()?;
    let mut input = Cursor::new(tokens.clone());
    let segments = input.eat_path()?;
    let segment_keyword = ["crate", "self", "super", "Self"];
    let valid = segments
        .iter()
        .all(|s| !is_keyword(s) || segment_keyword.iter().any(|k| s == k));
    (valid && input.is_empty()).then_some(tokens)
}

fn no_duplicates(args: &Args) -> Result<(), Error> {
    let all = &args.args;
    errors::combine(
        all.iter()
            .enumerate()
            .filter(|&(i, a)| all[..i].iter().any(|b| b.key == a.key))
            .map(|(_, a)| {
                let msg = format!("duplicate key `{}`: give each key once", a.key.name());
                Error::new(a.key_span, msg)
            }),
    )
}

fn catalog(args: &Args, name: &str) -> Result<Model, Error> {
    errors::combine(args.args.iter().filter(|a| a.key.is_model_key()).map(|a| {
        Error::new(
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

fn custom(args: &Args) -> Result<Model, Error> {
    if !args.args.iter().any(|a| a.key.is_model_key()) {
        return Err(Error::new(
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
        Error::new(span, msg)
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
fn error_at(args: &Args, e: ModelError) -> Error {
    let span = e
        .field()
        .and_then(|f| args.span_of(f))
        .unwrap_or_else(Span::call_site);
    Error::new(span, e.to_string())
}
