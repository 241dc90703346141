use crcstamp::crc;

#[crc(catalog = "CRC-32/ISCSI", slice = "byte")]
struct Crc;

fn main() {}
