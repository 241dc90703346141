use crcstamp::crc;

#[crc(width = 8, poly = "0x07")]
struct Crc;

fn main() {}
