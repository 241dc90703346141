use crcstamp::crc;

// `refout` left out would default to false: a crossed model nobody meant.
#[crc(width = 32, poly = 0x04c11db7, init = 0xffffffff, refin = true, xorout = 0xffffffff)]
struct Crc32;

fn main() {}
