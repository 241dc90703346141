use crcstamp::crc;

#[crc(width = 128, poly = 0x1_0000_0000_0000_0000_0000_0000_0000_0000)]
struct Crc;

fn main() {}
