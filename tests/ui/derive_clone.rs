use crcstamp::crc;

#[crc(catalog = "CRC-32/ISCSI")]
#[derive(Clone, PartialEq, core::fmt::Debug)]
struct Crc;

fn main() {}
