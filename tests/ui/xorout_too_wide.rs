use crcstamp::crc;

#[crc(width = 8, poly = 0x07, xorout = 0x100)]
struct Crc;

fn main() {}
