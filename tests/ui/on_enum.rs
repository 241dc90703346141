use crcstamp::crc;

#[crc(catalog = "CRC-32/ISCSI")]
enum Crc {
    A,
}

fn main() {}
