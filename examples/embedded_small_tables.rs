//! A CRC for a microcontroller: `slice = 4` stamps four 256-entry tables (2 KiB for a 16-bit
//! CRC) instead of sixteen (8 KiB), and the code below uses only `core` — no allocation, no
//! `std` — as firmware built with `default-features = false` would.
//!
//! `cargo run --example embedded_small_tables`

use crcstamp::{crc, Backend};

/// CRC-16/XMODEM, the CRC of XMODEM and many bootloaders.
#[crc(catalog = "CRC-16/XMODEM", slice = 4)]
pub struct Crc16;

/// What would live in the firmware: only `core`.
mod firmware {
    use super::Crc16;

    /// A 128-byte XMODEM packet's payload checksum, fed as a UART delivers it.
    pub fn packet_crc(payload: &[u8; 128]) -> u16 {
        let mut d = Crc16::new();
        for burst in payload.chunks(16) {
            d.update(burst);
        }
        d.finalize()
    }

    /// Bytes of slice tables in the binary.
    pub fn table_bytes() -> usize {
        core::mem::size_of_val(Crc16::consts().tables)
    }
}

fn main() {
    let mut payload = [0u8; 128];
    for (i, b) in payload.iter_mut().enumerate() {
        *b = (i as u8).wrapping_mul(29) ^ 0xa5;
    }
    let crc = firmware::packet_crc(&payload);
    assert_eq!(Some(crc), Crc16::checksum_with(Backend::Bitwise, &payload));
    assert_eq!(Crc16::checksum(b"123456789"), 0x31c3); // the catalogue's check
    assert_eq!(firmware::table_bytes(), 4 * 256 * 2);
    assert_eq!(Crc16::checksum_with(Backend::Slice16, &payload), None); // not stamped
    println!(
        "packet CRC-16/XMODEM {crc:04x}, {} bytes of tables, runs on {}",
        firmware::table_bytes(),
        Crc16::backend()
    );
}

#[test]
fn runs() {
    main();
}
