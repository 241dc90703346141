use crcstamp::crc;

#[crc(poly = 0x07, init = 0xff)]
struct Crc;

fn main() {}
