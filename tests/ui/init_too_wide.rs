use crcstamp::crc;

#[crc(width = 8, poly = 0x07, init = 0x1ff)]
struct Crc;

fn main() {}
