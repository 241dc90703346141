use crcstamp::crc;

#[crc(width = 8, poly = foo)]
enum Crc {
    A,
}

fn main() {}
