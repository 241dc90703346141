use crcstamp::crc;

#[crc(catalog = "CRC-32/ISCY", slice = 3, crate = "a b")]
struct Crc;

fn main() {}
