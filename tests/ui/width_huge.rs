use crcstamp::crc;

#[crc(width = 0x1_0000_0000, poly = 0x07)]
struct Crc;

fn main() {}
