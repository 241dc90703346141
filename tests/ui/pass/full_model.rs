//! Every model key at once, with a raw-identifier key and the verified check and residue.
use crcstamp::crc;

#[crc(
    width = 32,
    poly = 0x04c11db7,
    init = 0xffffffff,
    refin = true,
    r#refout = true,
    xorout = 0xffffffff,
    check = 0xcbf43926,
    residue = 0xdebb20e3,
    slice = 8
)]
pub struct Crc32;

fn main() {
    assert_eq!(Crc32::checksum(b"123456789"), 0xcbf4_3926);
}
