use crcstamp::crc;

#[crc(catalog = "ADLER-32")]
struct Crc;

fn main() {}
