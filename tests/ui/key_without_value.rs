use crcstamp::crc;

#[crc(width)]
struct Crc;

fn main() {}
