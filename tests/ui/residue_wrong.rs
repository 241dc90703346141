use crcstamp::crc;

#[crc(
    width = 32,
    poly = 0x04c11db7,
    init = 0xffffffff,
    refin = true,
    refout = true,
    xorout = 0xffffffff,
    residue = 0xdebb20e4
)]
struct Crc;

fn main() {}
