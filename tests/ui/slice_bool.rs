use crcstamp::crc;

#[crc(catalog = "CRC-32/ISCSI", slice = true)]
struct Crc;

fn main() {}
