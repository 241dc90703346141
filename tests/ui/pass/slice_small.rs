use crcstamp::{crc, Backend};

// Both spellings of the small stamps: no table at all, or one 16-entry table.
#[crc(catalog = "CRC-32/ISCSI", slice = 0)]
struct NoTable;

#[crc(catalog = "CRC-16/XMODEM", slice = "nibble")]
struct Nibble;

#[crc(width = 5, poly = 0x05, refin = true, refout = true, slice = "NIBBLE")]
struct Tiny;

fn main() {
    assert!(NoTable::consts().tables.is_empty() && NoTable::consts().nibble.is_none());
    assert_eq!(NoTable::checksum(b"123456789"), 0xe3069283);
    assert!(Nibble::consts().tables.is_empty());
    assert_eq!(Nibble::checksum(b"123456789"), 0x31c3);
    assert_eq!(Nibble::checksum_with(Backend::Slice1, b"1"), None);
    assert_eq!(Tiny::checksum_with(Backend::Nibble, b"123456789"), Some(Tiny::CHECK));
}
