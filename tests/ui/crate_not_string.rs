use crcstamp::crc;

#[crc(catalog = "CRC-32/ISCSI", crate = ::crcstamp)]
struct Crc;

fn main() {}
