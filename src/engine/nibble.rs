//! Half a byte at a time through one 16-entry table: the kernel of `slice = "nibble"`
//! stamps, for firmware that cannot spare a 256-entry table (64 bytes for CRC-32 instead of
//! 1 KiB) and runs about twice as fast as bit by bit.

use crate::word::Word;

/// Feeds `bytes` into `state` (engine layout), two table steps per byte. `table[n]` is the
/// state after the four bits `n` from a zero register (`crc_gen::tables::nibble_table`).
#[inline]
pub(super) fn update<W: Word>(table: &[W; 16], lsb: bool, state: W, bytes: &[u8]) -> W {
    if lsb {
        bytes.iter().fold(state, |s, &b| {
            let s = s ^ W::from_u8(b);
            let s = (s >> 4) ^ table[(s.low_u64() & 0xf) as usize];
            (s >> 4) ^ table[(s.low_u64() & 0xf) as usize]
        })
    } else {
        let top = W::BITS - 4;
        bytes.iter().fold(state, |s, &b| {
            let s = s ^ (W::from_u8(b) << (W::BITS - 8));
            let s = (s << 4) ^ table[(s >> top).low_u64() as usize];
            (s << 4) ^ table[(s >> top).low_u64() as usize]
        })
    }
}
