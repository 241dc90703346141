use crcstamp::{crc, Backend};

#[crc(
    width = 128,
    poly = 0x87,
    init = 0xffff_ffff_ffff_ffff_ffff_ffff_ffff_ffff,
    refin = true,
    refout = true,
    xorout = 0xffff_ffff_ffff_ffff_ffff_ffff_ffff_ffff
)]
struct Crc128;

fn main() {
    let crc: u128 = Crc128::checksum(b"123456789");
    assert_eq!(crc, Crc128::CHECK);
    assert_eq!(
        Crc128::checksum_with(Backend::Bitwise, b"123456789"),
        Some(crc)
    );
}
