use crcstamp::crc;

#[crc(catalog = "CRC-32/ISCSI")]
struct Crc {
    state: u32,
}

fn main() {}
