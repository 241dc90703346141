use crcstamp::crc;

#[crc(width = 8, poly)]
struct Crc;

fn main() {}
