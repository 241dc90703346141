use crcstamp::crc;

#[crc(width = 8, poly = 0x07, width = 16)]
struct Crc;

fn main() {}
