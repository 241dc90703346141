//! The fold's last steps on 128-bit lanes: a vector's lanes folded onto one, the 16-byte
//! blocks after the last whole vector, and the final partial block by an overlapping load
//! and two byte shuffles (as the Linux kernel's template does).

use super::primitives::{fold, load, splat, D128, D256};
use crate::engine::simd::{Lane, Vector};
use crcstamp_layout::FoldConsts;

/// The lanes of `v` folded onto its last one: each half onto the later half.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(super) unsafe fn to_lane<V: Vector, const LSB: bool>(f: &FoldConsts, v: V) -> V::Lane {
    // SAFETY (every call): the caller guarantees `V`'s instructions.
    unsafe {
        match V::BYTES {
            16 => v.low_lane(),
            32 => {
                let (a, b) = v.halves();
                fold::<_, LSB>(a, b, splat::<V::Half, LSB>(f, D128)).low_lane()
            }
            _ => {
                let (a, b) = v.halves();
                let (c, d) = fold::<_, LSB>(a, b, splat::<V::Half, LSB>(f, D256)).halves();
                fold::<_, LSB>(c, d, splat::<_, LSB>(f, D128)).low_lane()
            }
        }
    }
}

/// `x0` folded over the whole 16-byte blocks `rest`, then over the partial block that ends
/// `bytes` (its last `bytes.len() % 16` bytes, which follow `rest`).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(super) unsafe fn lanes<L: Lane, const LSB: bool, const BITREV: bool>(
    f: &FoldConsts,
    mut x0: L,
    rest: &[[u8; 16]],
    bytes: &[u8],
) -> L {
    // SAFETY (every call): the caller guarantees `L`'s instructions.
    unsafe {
        let k128 = splat::<L, LSB>(f, D128);
        for block in rest {
            x0 = fold::<_, LSB>(x0, load::<L, LSB, BITREV>(block), k128);
        }
        let partial = bytes.len() % 16;
        if let (1.., Some(last)) = (partial, bytes.last_chunk::<16>()) {
            // The input's last 16 bytes overlap the blocks already folded: shift the
            // register so that only the `partial` new bytes are added.
            let [shift, split] = shuffle_masks::<LSB>(partial);
            let high = L::shuffle(x0, split);
            let low = L::blend(L::shuffle(x0, shift), load::<L, LSB, BITREV>(last), shift);
            x0 = fold::<_, LSB>(high, low, k128);
        }
        x0
    }
}

/// 16 bytes that zero a lane (pshufb / tbl: top bit set), the identity 0..15, 16 more zeros.
const SHUFFLE: [u8; 48] = {
    let mut t = [0xff; 48];
    let mut i = 0;
    while i < 16 {
        t[16 + i] = i as u8;
        i += 1;
    }
    t
};

/// For a final partial block of `partial` (1..=15) bytes: `[shift, split]`, where `shift`
/// moves the folded 128 bits up by `partial` bytes (in the bit order's sense) and, as a
/// blend mask, selects the new bytes from the overlapping load of the input's last 16
/// bytes; `split` keeps the bytes shifted out, to be folded 128 bits forward.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn shuffle_masks<const LSB: bool>(partial: usize) -> [&'static [u8; 16]; 2] {
    debug_assert!((1..16).contains(&partial));
    let (shift, split) = if LSB {
        (16 + partial, partial)
    } else {
        (16 - partial, 32 - partial)
    };
    let mask = |at: usize| match SHUFFLE[at..].first_chunk::<16>() {
        Some(m) => m,
        None => unreachable!("offsets stay within the 48-byte table"),
    };
    [mask(shift), mask(split)]
}
