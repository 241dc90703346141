use crcstamp::crc;

#[crc(width = 8, init = 0xff)]
struct Crc;

fn main() {}
