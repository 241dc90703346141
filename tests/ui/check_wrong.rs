use crcstamp::crc;

#[crc(width = 16, poly = 0x1021, init = 0xffff, check = 0x29b2)]
struct Crc;

fn main() {}
