use crcstamp::crc;

#[crc(catalog = "CRC-32/ISCSI")]
fn crc() {}

fn main() {}
