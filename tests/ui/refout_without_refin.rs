use crcstamp::crc;

#[crc(width = 16, poly = 0x8005, refout = true)]
struct Crc16;

fn main() {}
