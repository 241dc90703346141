//! The `#[crc(...)]` attribute of [crcstamp](https://docs.rs/crcstamp). Use it through
//! `crcstamp::crc`. A proc-macro crate can export nothing but macros, so the parser,
//! validator and expansion live in the library `crcstamp-macros-impl` (where they can be
//! fuzzed); this crate only converts the compiler's tokens.
#![forbid(unsafe_code)]

use proc_macro::TokenStream;

/// Stamps out a CRC implementation on a unit struct; see the `crcstamp` documentation.
#[proc_macro_attribute]
pub fn crc(args: TokenStream, item: TokenStream) -> TokenStream {
    crcstamp_macros_impl::expand(args.into(), item.into()).into()
}
