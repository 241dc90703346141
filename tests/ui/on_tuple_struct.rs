use crcstamp::crc;

#[crc(catalog = "CRC-32/ISCSI")]
struct Crc(u32);

fn main() {}
