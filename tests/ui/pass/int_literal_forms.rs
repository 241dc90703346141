//! Every integer literal form Rust has; all of these are CRC-8/SMBUS (check 0xf4).
use crcstamp::crc;

#[crc(width = 8, poly = 0x07, check = 0xf4)]
struct Hex;

#[crc(width = 0b1000, poly = 0b111, check = 0b1111_0100)]
struct Bin;

#[crc(width = 0o10, poly = 0o7, check = 0o364)]
struct Oct;

#[crc(width = 8, poly = 7, check = 244)]
struct Dec;

#[crc(width = 8, poly = 0x0_7, init = 0x_00, check = 0xf_4)]
struct Underscores;

#[crc(
    width = 8u32,
    poly = 0x07u8,
    init = 0u8,
    xorout = 0_u8,
    check = 0xf4u128
)]
struct Suffixed;

#[crc(width = 0x8, poly = 0x07, check = 0xF4)]
struct UpperCaseDigits;

#[crc(width = 8, poly = 0x07)] // trailing comma
struct TrailingComma;

fn main() {
    let all = [
        Hex::checksum(b"123456789"),
        Bin::checksum(b"123456789"),
        Oct::checksum(b"123456789"),
        Dec::checksum(b"123456789"),
        Underscores::checksum(b"123456789"),
        Suffixed::checksum(b"123456789"),
        UpperCaseDigits::checksum(b"123456789"),
        TrailingComma::checksum(b"123456789"),
    ];
    assert_eq!(all, [0xf4; 8]);
}
