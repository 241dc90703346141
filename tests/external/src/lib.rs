//! Stamped types defined in a downstream library, used without importing the `Crc` trait.

use crcstamp::crc;

/// CRC-32C, by alias and in lower case.
#[crc(catalog = "crc-32c")]
pub struct Crc32c;

/// The custom CRC-24 of the API example, with its check verified at compile time.
#[crc(
    width = 24,
    poly = 0x864cfb,
    init = 0xb704ce,
    refin = false,
    refout = false,
    xorout = 0x0,
    check = 0x21cf02
)]
pub struct Crc24;

/// Inherent items only: no `use crcstamp::Crc` in this module.
pub fn inherent_api() -> (u32, u32) {
    let mut d = Crc32c::new();
    d.update(b"12345");
    d.update(b"6789");
    let streamed = d.finalize();
    d.reset();
    (
        streamed,
        Crc24::combine(Crc24::checksum(b"1"), Crc24::checksum(b"23456789"), 8),
    )
}
