// The second attribute named by its path: still the same macro, still repeated.
#[crcstamp::crc(width = 8, poly = 0x07)]
#[crcstamp::crc(width = 8, poly = 0x07)]
pub struct Crc8;

fn main() {}
