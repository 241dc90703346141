use crcstamp::crc;

#[crc(width = 8, poly = foo)]
struct Crc;

fn main() {}
