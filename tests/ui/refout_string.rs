use crcstamp::crc;

#[crc(width = 8, poly = 0x07, refout = "true")]
struct Crc;

fn main() {}
