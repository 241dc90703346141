//! Polynomials with no `+1` term are odd CRCs but valid models: every width the engine
//! treats differently must stamp and agree with the bitwise reference. (`poly = 0`, no
//! terms at all, is an error: `tests/ui/poly_zero.rs`.)
use crcstamp::{crc, Backend};

macro_rules! agree {
    ($($name:ident),*) => {$(
        let crc = $name::checksum(b"123456789");
        assert_eq!($name::checksum_with(Backend::Bitwise, b"123456789"), Some(crc));
    )*};
}

#[crc(width = 8, poly = 0x80)]
struct Top8;
#[crc(width = 32, poly = 0x2, refin = true, refout = true)]
struct Even32;
#[crc(width = 64, poly = 0x2, init = 1)]
struct Even64;
#[crc(width = 65, poly = 0x2, refin = true, refout = true)]
struct Even65;
#[crc(width = 128, poly = 0x8000_0000_0000_0000_0000_0000_0000_0000)]
struct Top128;
#[crc(width = 3, poly = 0x2, refin = true, refout = false, init = 0x7)]
struct Crossed3;

fn main() {
    agree!(Top8, Even32, Even64, Even65, Top128, Crossed3);
}
