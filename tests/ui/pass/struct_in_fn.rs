use crcstamp::crc;

fn main() {
    #[crc(width = 16, poly = 0x1021, init = 0xffff, check = 0x29b1)]
    struct Crc16;

    assert_eq!(Crc16::checksum(b"123456789"), 0x29b1);
}
