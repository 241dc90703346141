use crcstamp::{crc, Backend};

#[crc(catalog = "CRC-32/ISCSI", slice = 4)]
struct Crc32c;

#[crc(slice = 1, catalog = "CRC-16/T10-DIF")] // order does not matter
struct Crc16;

fn main() {
    assert_eq!(Crc32c::checksum(b"123456789"), 0xe306_9283);
    assert_eq!(
        Crc32c::checksum_with(Backend::Slice4, b"123456789"),
        Some(0xe306_9283)
    );
    assert_eq!(Crc16::checksum(b"123456789"), 0xd0db);
}
