use crcstamp::crc;

#[crc()]
struct Crc;

fn main() {}
