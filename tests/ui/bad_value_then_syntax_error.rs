use crcstamp::crc;

#[crc(poly = "0x07", polynomial = 7, width = 8 init = 1)]
struct Crc;

fn main() {}
