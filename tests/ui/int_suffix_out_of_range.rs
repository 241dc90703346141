use crcstamp::crc;

#[crc(width = 9, poly = 0x107u8)]
struct Crc;

fn main() {}
