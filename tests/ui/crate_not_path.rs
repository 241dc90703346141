use crcstamp::crc;

#[crc(catalog = "CRC-32/ISCSI", crate = "not a path")]
struct Crc;

fn main() {}
