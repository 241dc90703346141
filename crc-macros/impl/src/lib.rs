//! The `#[crc(...)]` attribute of [crcstamp](https://docs.rs/crcstamp) on
//! [`proc_macro2`] tokens. The proc-macro crate `crcstamp-macros` is a one-line wrapper
//! around [`expand`]; this crate is an ordinary library so that the parser can be unit
//! tested and fuzzed (`fuzz/fuzz_targets/attribute.rs`) outside the compiler.
//!
//! It reads the tokens by hand rather than with syn: the attribute is `key = literal` pairs
//! on a unit struct, and a Rust parser in the tree would cost every user's cold build more
//! than the rest of the macro.
//!
//! - `cursor`: a position in a token stream, and paths.
//! - `lit`: integer and string literals → values.
//! - `ast`: the attribute as written, every key with its span.
//! - `attr`: tokens → `ast::Args`.
//! - `valid`: `ast::Args` → a `crc_gen::Model`, or spanned errors.
//! - `item`: the unit struct the attribute sits on, or spanned errors.
//! - `expand`: `crc_gen::emit` on the validated input.
//! - `errors`: every error of an attribute gathered into one.
//!
//! ```
//! use crcstamp_macros_impl::parse;
//! let attr = parse("width = 16, poly = 0x1021, init = 0xffff".parse().unwrap()).unwrap();
//! assert_eq!(attr.model.check(), 0x29b1);
//! let err = parse("width = 16, poly = 0x1021, bogus = 1".parse().unwrap()).err().unwrap();
//! assert!(err.to_string().starts_with("unknown key `bogus`"));
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod ast;
mod attr;
mod cursor;
mod errors;
mod expand;
mod item;
mod lit;
mod valid;

use proc_macro2::TokenStream;

pub use errors::Error;
pub use valid::Valid as Attribute;

/// Expands `#[crc(args)] item` into the stamped CRC, or into `compile_error!`s (next to the
/// unchanged item) that point at each offending key or value. Never panics.
///
/// ```
/// let args = "catalog = \"CRC-16/ARC\"".parse().unwrap();
/// let code = crcstamp_macros_impl::expand(args, "pub struct Arc;".parse().unwrap()).to_string();
/// assert!(code.contains("pub struct Arc { state : u16 , }"));
/// let args = "catalog = \"CRC-16/ARC\"".parse().unwrap();
/// let code = crcstamp_macros_impl::expand(args, "enum Arc {}".parse().unwrap()).to_string();
/// assert!(code.contains("compile_error"));
/// ```
pub fn expand(args: TokenStream, item: TokenStream) -> TokenStream {
    expand::expand(args, item)
}

/// Parses and validates the attribute's arguments alone: the model, the slice count and the
/// crate path, or every error found.
///
/// ```
/// let attr = crcstamp_macros_impl::parse("width = 8, poly = 0x07".parse().unwrap()).unwrap();
/// assert_eq!(attr.model.check(), 0xf4);
/// ```
pub fn parse(args: TokenStream) -> Result<Attribute, Error> {
    attr::parse(args).and_then(|a| valid::args(&a))
}
