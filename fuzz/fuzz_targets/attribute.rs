//! The `#[crc(...)]` attribute's parser and validator on arbitrary tokens, both as the
//! arguments and as the item: errors, never a panic; and `expand` reports an error exactly
//! when `parse` does.
#![no_main]

use std::str::FromStr;

use libfuzzer_sys::fuzz_target;
use proc_macro2::TokenStream;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(tokens) = TokenStream::from_str(&text) else {
        return; // not Rust tokens: the compiler would not call the macro
    };
    let item = TokenStream::from_str("pub struct Fuzzed;").unwrap();
    let parsed = crcstamp_macros_impl::parse(tokens.clone());
    let expanded = crcstamp_macros_impl::expand(tokens.clone(), item).to_string();
    assert_eq!(
        parsed.is_err(),
        expanded.contains("compile_error"),
        "parse and expand disagree on `{text}`"
    );
    if let Err(e) = parsed {
        assert!(!e.to_string().is_empty());
    }

    // The same tokens as the item the attribute sits on.
    let args = TokenStream::from_str("width = 5, poly = 0x15, refin = true, refout = true").unwrap();
    let _ = crcstamp_macros_impl::expand(args, tokens);
});
