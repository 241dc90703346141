//! The Rust type name `crc-gen emit` gives an algorithm.

/// The type name `crc-gen emit` gives an algorithm, always a Rust identifier:
///
/// 1. the name is split at every character that is not an ASCII letter or digit, and each
///    part is written with its first letter upper case and the rest lower case
///    (`CRC-32/ISO-HDLC` → `Crc32IsoHdlc`; `ü`, `-`, `_` and `$` only separate parts);
/// 2. if that is empty, starts with a digit, or is a keyword (`Self`), `Crc` goes in front:
///    `9lives` → `Crc9lives`, `self` → `CrcSelf`, and `""`, `_` or `---` → `Crc`.
///
/// ```
/// use crc_gen::model::type_name;
/// assert_eq!(type_name("CRC-16/T10-DIF"), "Crc16T10Dif");
/// assert_eq!(type_name("9lives"), "Crc9lives");
/// assert_eq!(type_name("self"), "CrcSelf");
/// assert_eq!(type_name("ü"), "Crc");
/// ```
pub fn type_name(name: &str) -> String {
    let camel: String = name
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut cs = w.chars();
            let first = cs.next().map(|c| c.to_ascii_uppercase());
            first
                .into_iter()
                .chain(cs.map(|c| c.to_ascii_lowercase()))
                .collect::<String>()
        })
        .collect();
    // Each part starts upper case, so `Self` is the one keyword the result can be.
    let is_ident = camel.starts_with(|c: char| c.is_ascii_alphabetic()) && camel != "Self";
    if is_ident {
        camel
    } else {
        format!("Crc{camel}")
    }
}
