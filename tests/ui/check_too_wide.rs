use crcstamp::crc;

#[crc(width = 8, poly = 0x07, check = 0x1f4)]
struct Crc;

fn main() {}
