use crcstamp::crc;

#[crc(catalog = CRC_32)]
struct Crc;

fn main() {}
