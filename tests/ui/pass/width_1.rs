use crcstamp::{crc, Backend};

#[crc(width = 1, poly = 1)] // even parity
struct Parity;

#[crc(
    width = 1,
    poly = 0b1,
    init = 1,
    refin = true,
    refout = true,
    xorout = 1
)]
struct Odd;

fn main() {
    let p: u8 = Parity::checksum(b"123456789");
    assert_eq!(
        p,
        (b"123456789".iter().map(|b| b.count_ones()).sum::<u32>() % 2) as u8
    );
    assert_eq!(
        Parity::checksum_with(Backend::Bitwise, b"123456789"),
        Some(p)
    );
    assert_eq!(Odd::checksum(b"123456789"), Odd::CHECK);
}
