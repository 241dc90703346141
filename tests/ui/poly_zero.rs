use crcstamp::crc;

#[crc(width = 8, poly = 0, init = 0xff)]
struct Crc8;

fn main() {}
