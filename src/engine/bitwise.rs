//! One bit at a time: the slowest kernel and the simplest, kept as a backend so the engine's
//! register layout itself is tested against `crc-gen`'s independent reference.

use crate::word::Word;

/// Feeds `bytes` into `state` (engine layout) one bit at a time.
pub(super) fn update<W: Word>(poly_state: W, lsb: bool, mut state: W, bytes: &[u8]) -> W {
    let top = W::BITS - 1;
    for &b in bytes {
        if lsb {
            state = state ^ W::from_u8(b);
            for _ in 0..8 {
                let carry = state.bit(0);
                state = state >> 1;
                if carry {
                    state = state ^ poly_state;
                }
            }
        } else {
            state = state ^ (W::from_u8(b) << (W::BITS - 8));
            for _ in 0..8 {
                let carry = state.bit(top);
                state = state << 1;
                if carry {
                    state = state ^ poly_state;
                }
            }
        }
    }
    state
}
