use crcstamp::crc;

#[crc(catalog = "CRC-32/ISCSI")]
struct Crc<'a> where 'a: 'static;

fn main() {}
