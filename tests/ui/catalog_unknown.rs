use crcstamp::crc;

#[crc(catalog = "CRC-32/ISCI")]
struct Crc;

fn main() {}
