use crcstamp::crc;

#[crc(width = 8, poly = 0x07u9)]
struct Crc;

fn main() {}
