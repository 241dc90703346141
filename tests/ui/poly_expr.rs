use crcstamp::crc;

#[crc(width = 8, poly = 0x04 | 0x03)]
struct Crc;

fn main() {}
