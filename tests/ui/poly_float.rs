use crcstamp::crc;

#[crc(width = 8, poly = 7.0)]
struct Crc;

fn main() {}
