use crcstamp::crc;

#[crc(width = 129, poly = 0x07)]
struct Crc;

fn main() {}
