use crcstamp::crc;

#[crc(width = 8, poly = 0x107)]
struct Crc;

fn main() {}
