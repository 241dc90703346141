use crcstamp::crc;

#[crc(width = 8, poly = 0x07, init = 0xffi8)]
struct Crc;

fn main() {}
