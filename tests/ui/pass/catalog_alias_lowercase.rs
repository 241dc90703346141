use crcstamp::crc;

#[crc(catalog = "crc-32c")] // alias of CRC-32/ISCSI, any case
struct Crc32c;

#[crc(catalog = "crc-64/xz")] // a catalogue name in lower case
struct Crc64Xz;

fn main() {
    assert_eq!(Crc32c::checksum(b"123456789"), 0xe306_9283);
    assert_eq!(Crc64Xz::checksum(b"123456789"), 0x995d_c9bb_df19_39fa);
}
