use crcstamp::crc;

#[crc(catalog = "CRC-32/ISCSI", slice = 3)]
struct Crc;

fn main() {}
