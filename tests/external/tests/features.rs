//! The optional surface from outside the workspace: `checksum_const` in `const` items, the
//! `digest` traits and the I/O adapters, against crc-gen's bitwise reference.

use crcstamp::crc;
use crcstamp_external_user::{
    copy_with_crc, hex_digest, Crc24, Crc32c, CRC24_CHECK, CRC32C_OF_HELLO,
};

#[crc(catalog = "CRC-82/DARC")]
struct Crc82;

const DARC: u128 = Crc82::checksum_const(b"123456789");

fn reference(name: &str, data: &[u8]) -> u128 {
    crc_gen::catalogue::lookup(name).unwrap().model.crc(data)
}

#[test]
fn const_checksums() {
    assert_eq!(u128::from(CRC32C_OF_HELLO), reference("CRC-32C", b"hello"));
    assert_eq!(CRC24_CHECK, Crc24::checksum(b"123456789"));
    assert_eq!(DARC, reference("CRC-82/DARC", b"123456789"));
}

#[test]
fn digest_traits() {
    assert_eq!(hex_digest::<Crc32c>(b"123456789"), "e3069283");
    assert_eq!(hex_digest::<Crc24>(b"123456789"), "21cf02");
    let want = reference("CRC-82/DARC", b"abc").to_be_bytes()[5..]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect::<String>();
    assert_eq!(hex_digest::<Crc82>(b"abc"), want);
}

#[test]
fn adapters() {
    let data: Vec<u8> = (0..5000u32).map(|i| (i * 7 + i / 11) as u8).collect();
    let mut out = Vec::new();
    let (n, read, written) = copy_with_crc(&data[..], &mut out).unwrap();
    assert_eq!((n, &out), (5000, &data));
    let want = reference("CRC-32C", &data);
    assert_eq!((u128::from(read), u128::from(written)), (want, want));
}
