use crcstamp::crc;

#[crc(width = 8, polynomial = 0x07)]
struct Crc;

fn main() {}
