//! A CRC that is in no catalogue: a made-up radio link's 24-bit frame check, stamped from its
//! model with `check` verified at compile time (a wrong value would not compile).
//!
//! `cargo run --example custom_radio_crc`

use crcstamp::{crc, Backend};

/// Frame check of the (fictional) link: x^24 + x^22 + x^20 + x^19 + x^18 + x^16 + x^14 + x^13 +
/// x^11 + x^10 + x^8 + x^7 + x^6 + x^3 + x + 1, lsb-first, as the radio shifts bits out.
#[crc(
    width = 24,
    poly = 0x5d6dcb,
    init = 0xfedcba,
    refin = true,
    refout = true,
    xorout = 0x000000,
    check = 0x8021dc
)]
pub struct RadioCrc24;

/// A frame: payload followed by its CRC, little-endian (lsb-first links send the low byte first).
fn frame(payload: &[u8]) -> Vec<u8> {
    let crc = RadioCrc24::checksum(payload);
    [payload, &crc.to_le_bytes()[..3]].concat()
}

/// Whether a received frame's CRC matches its payload.
fn frame_ok(frame: &[u8]) -> bool {
    let Some((payload, crc)) = frame.split_at_checked(frame.len().wrapping_sub(3)) else {
        return false;
    };
    RadioCrc24::checksum(payload).to_le_bytes()[..3] == *crc
}

fn main() {
    assert_eq!(RadioCrc24::CHECK, 0x8021dc);
    assert_eq!(
        RadioCrc24::checksum_with(Backend::Bitwise, b"123456789"),
        Some(RadioCrc24::CHECK)
    );

    let sent = frame(b"TEMP=21.5C;HUM=40%");
    assert!(frame_ok(&sent));
    for bit in 0..sent.len() * 8 {
        let mut corrupted = sent.clone();
        corrupted[bit / 8] ^= 1 << (bit % 8);
        assert!(!frame_ok(&corrupted), "a flipped bit {bit} went unnoticed");
    }
    assert!(!frame_ok(b"ab"));
    println!(
        "frame {:02x?}: CRC-24 {:06x}, every single-bit error detected",
        sent,
        RadioCrc24::checksum(&sent[..sent.len() - 3])
    );
}

#[test]
fn runs() {
    main();
}
