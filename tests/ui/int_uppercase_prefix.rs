use crcstamp::crc;

#[crc(width = 8, poly = 0X07)]
struct Crc;

fn main() {}
