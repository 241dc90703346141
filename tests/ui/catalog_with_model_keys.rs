use crcstamp::crc;

#[crc(catalog = "CRC-32/ISCSI", width = 32, refin = true)]
struct Crc;

fn main() {}
