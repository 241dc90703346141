use crcstamp::crc;

// CRC-32/ISO-HDLC with its poly written in the reflected (lsb-first) form.
#[crc(
    width = 32,
    poly = 0xedb88320,
    init = 0xffffffff,
    refin = true,
    refout = true,
    xorout = 0xffffffff,
    check = 0xcbf43926
)]
struct Crc32;

fn main() {}
