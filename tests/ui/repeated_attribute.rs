use crcstamp::crc;

#[crc(catalog = "CRC-32/ISCSI")]
#[crc(catalog = "CRC-32/ISO-HDLC")]
struct Crc32;

fn main() {}
