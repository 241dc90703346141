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

/// Evaluated by the compiler: `checksum_const` in `const` items.
pub const CRC32C_OF_HELLO: u32 = Crc32c::checksum_const(b"hello");
/// The custom CRC-24's check value, at compile time.
pub const CRC24_CHECK: u32 = Crc24::checksum_const(b"123456789");
const _: () = assert!(CRC24_CHECK == 0x21cf02);

/// Code written against RustCrypto's `Digest`, knowing nothing of CRCs: lower-case hex.
pub fn hex_digest<D: digest::Digest>(data: &[u8]) -> String {
    D::digest(data).iter().map(|b| format!("{b:02x}")).collect()
}

/// Copies `r` to `w`, returning the byte count and the CRC-32C of what was read and of what
/// was written.
pub fn copy_with_crc<R: std::io::Read, W: std::io::Write>(
    r: R,
    w: W,
) -> std::io::Result<(u64, u32, u32)> {
    let mut r = crcstamp::CrcReader::<Crc32c, _>::new(r);
    let mut w = crcstamp::CrcWriter::<Crc32c, _>::new(w);
    let n = std::io::copy(&mut r, &mut w)?;
    Ok((n, r.crc(), w.crc()))
}
