use crcstamp::crc;

#[crc(width = 8, poly = 0x07, init = -1)]
struct Crc;

fn main() {}
