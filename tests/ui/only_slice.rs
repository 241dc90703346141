use crcstamp::crc;

#[crc(slice = 4)]
struct Crc;

fn main() {}
