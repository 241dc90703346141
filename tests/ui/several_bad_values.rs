use crcstamp::crc;

#[crc(width = 8, poly = "0x07", refin = 1, xorout = -1)]
struct Crc;

fn main() {}
