use crcstamp::crc;

#[crc(catalog = "CRC-32/ISCSI")]
struct Crc
where
    u8: Copy;

fn main() {}
