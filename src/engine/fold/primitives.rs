//! The fold's primitives on one vector: where a constant pair sits in the lanes, a block
//! loaded in the engine's bit order, one fold, and the register placed in the first lane.
//! `fold.rs` and `fold/lanes.rs` are written over them.

use crate::engine::simd::{Lane, Vector};
use crcstamp_layout::FoldConsts;

/// Index of the fold distance 128 bits in `FoldConsts::k`; the next ones double it.
pub(super) const D128: usize = 0;
/// Index of the fold distance 256 bits.
pub(super) const D256: usize = 1;

/// The index in `FoldConsts::k` of the distance of one `V` (128 bits: 0).
pub(super) const fn one<V: Vector>() -> usize {
    V::BYTES.trailing_zeros() as usize - 4
}

/// Whether an msb CRC's folds on `V` multiply across qwords (accumulator qword 1 by
/// constant qword 0, and 0 by 1) rather than swapping each constant pair once: where the
/// instruction selects the qwords for free (x86's immediate), the pair then stays in memory
/// order and loads as one broadcast.
pub(super) const fn crosses<V: Vector, const LSB: bool>() -> bool {
    !LSB && V::SELECTS_QWORDS
}

/// A `[HI, LO]` pair, in every lane, where [`fold`] multiplies it: HI by the accumulator's
/// x^64..x^127 half (qword 0 for lsb, qword 1 for msb), LO by the other.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(super) unsafe fn splat<V: Vector, const LSB: bool>(f: &FoldConsts, index: usize) -> V {
    // SAFETY: the caller guarantees `V`'s instructions.
    unsafe { splat_pair::<V, LSB>(f.k(index)) }
}

/// [`splat`] of a pair given by value.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(super) unsafe fn splat_pair<V: Vector, const LSB: bool>([hi, lo]: [u64; 2]) -> V {
    let (q0, q1) = if LSB || crosses::<V, LSB>() {
        (hi, lo)
    } else {
        (lo, hi)
    };
    // SAFETY: the caller guarantees `V`'s instructions.
    unsafe { V::splat(q0, q1) }
}

/// One block as a vector in the engine's bit order: msb CRCs reverse the bytes of each lane,
/// and the reflected run of an msb CRC (`BITREV`) the bits of each byte.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(super) unsafe fn load<V: Vector, const LSB: bool, const BITREV: bool>(block: &V::Block) -> V {
    // SAFETY: the caller guarantees `V`'s instructions.
    unsafe {
        if BITREV {
            V::load(block).bitrev_bytes()
        } else if LSB {
            V::load(block)
        } else {
            V::load_swapped(block)
        }
    }
}

/// `acc · x^D ⊕ data`, reduced to 128 bits per lane, with `k` the pair for distance D
/// ([`splat`]).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(super) unsafe fn fold<V: Vector, const LSB: bool>(acc: V, data: V, k: V) -> V {
    // SAFETY: the caller guarantees `V`'s instructions.
    unsafe {
        if crosses::<V, LSB>() {
            V::xor3(V::clmul::<0, 1>(acc, k), V::clmul::<1, 0>(acc, k), data)
        } else {
            V::clmul_sum_xor(acc, k, data)
        }
    }
}

/// The register (lsb: reflected, low bits; msb: unreflected, also for the reflected run)
/// placed where the first lane's highest-order coefficients are.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(super) unsafe fn init_lane<L: Lane, const LSB: bool, const BITREV: bool>(
    width: u32,
    reg: u64,
) -> L {
    // SAFETY: the caller guarantees `L`'s instructions.
    unsafe {
        if BITREV {
            // The msb register as the message bytes it stands for, then bit-reversed like
            // them: the reflected register, without a scalar bit reversal on the path
            // from the register into the first fold.
            L::pair((reg << (64 - width)).swap_bytes(), 0).bitrev_bytes()
        } else if LSB {
            L::pair(reg, 0)
        } else {
            // reg · x^(128 − n): a bit shift, since n need not be a multiple of 8.
            L::pair(0, reg << (64 - width))
        }
    }
}
