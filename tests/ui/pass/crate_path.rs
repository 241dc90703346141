use crcstamp::crc;

#[crc(catalog = "CRC-32/ISCSI", crate = "::crcstamp")]
struct Crc32c;

mod reexport {
    pub use crcstamp as inner;
}

#[crc(catalog = "CRC-32/ISCSI", crate = "crate::reexport::inner")]
struct ViaReexport;

fn main() {
    assert_eq!(Crc32c::checksum(b"123456789"), 0xe306_9283);
    assert_eq!(ViaReexport::checksum(b"123456789"), 0xe306_9283);
}
