//! How the fold's last 128 bits become the register: Barrett reduction (any CRC) or, for a
//! CRC whose register update a CPU instruction computes, two steps of that instruction. The
//! fold body (`fold::body`) takes the reduction as a type parameter.

use super::simd::{CrcInstruction, Lane};
use crcstamp_layout::FoldConsts;

/// How the folded 128 bits become the register.
pub(crate) trait Reduce {
    /// The register of the 128 bits `x` (bit order as in the fold); for the reflected run
    /// of an msb CRC (`BITREV`), the msb register it stands for.
    ///
    /// # Safety
    /// The CPU must support `L`'s instructions and the reduction's.
    unsafe fn reduce<L: Lane, const LSB: bool, const BITREV: bool>(
        f: &FoldConsts,
        width: u32,
        x: L,
    ) -> u64;
}

/// Barrett reduction: three carry-less multiplies, any CRC ([`barrett`]).
pub(crate) struct Barrett;

impl Reduce for Barrett {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn reduce<L: Lane, const LSB: bool, const BITREV: bool>(
        f: &FoldConsts,
        width: u32,
        x: L,
    ) -> u64 {
        // SAFETY: the caller guarantees `L`'s instructions.
        unsafe {
            let r = barrett::<L, LSB>(f, width, x);
            if BITREV {
                // The reflected register back to the msb one, its bits reversed in the
                // vector unit, as the data's were: the 64-bit reversal is a bit reversal
                // per byte and a byte swap, and the bits above `width` shift out.
                L::qword::<1>(r.bitrev_bytes()).swap_bytes() >> (64 - width)
            } else if LSB {
                L::qword::<1>(r) & (u64::MAX >> (64 - width))
            } else {
                L::qword::<0>(r) >> (64 - width)
            }
        }
    }
}

/// For a CRC whose register update the instruction `I` computes (32 bits, lsb): the 128
/// bits stand for 16 message bytes still to enter a zero register, so two 8-byte steps of
/// the instruction replace Barrett's three dependent multiplies.
pub(crate) struct ByInstruction<I>(core::marker::PhantomData<I>);

impl<I: CrcInstruction> Reduce for ByInstruction<I> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn reduce<L: Lane, const LSB: bool, const BITREV: bool>(
        _: &FoldConsts,
        _: u32,
        x: L,
    ) -> u64 {
        debug_assert!(LSB && !BITREV);
        // SAFETY: the caller guarantees `L`'s and `I`'s instructions.
        unsafe { I::step8(I::step8(0, L::qword::<0>(x)), L::qword::<1>(x)) & 0xffff_ffff }
    }
}

/// The folded 128 bits (`x`, qword 0 the low one) reduced to the n-bit register: three
/// carry-less multiplies (`spec/constants.md`), all in vector registers so that only the
/// result crosses to a general register ([`Barrett`] extracts it). Bit order as in the
/// fold: lsb keeps the x^64..x^127 half in qword 0 and leaves the register in qword 1's low
/// n bits (the bits above are not cleared); msb keeps that half in qword 1 and leaves the
/// register in qword 0's high n bits.
///
/// # Safety
/// The CPU must support `L`'s instructions.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
unsafe fn barrett<L: Lane, const LSB: bool>(f: &FoldConsts, width: u32, x: L) -> L {
    let [b1, b2] = f.barrett;
    let lo128 = f.k128[1];
    // SAFETY (every call): the caller guarantees `L`'s instructions.
    unsafe {
        // Qword 0: x^(64+n) mod G (scaled); the Barrett pair in qwords 0 and 1.
        let k = L::pair(lo128, 0);
        let b = L::pair(b1, b2);
        if LSB {
            // 1. High half times x^(64+n) mod G, plus the low half moved up 64 bits.
            let t = L::xor(L::down(x), L::clmul::<0, 0>(x, k));
            // 2. The quotient floor(t / G).
            let q = L::clmul::<0, 0>(t, b);
            // 3. Subtract quotient · G; for n = 64, B2 leaves out G's x^0 term.
            let r = L::xor(t, L::clmul::<0, 1>(q, b));
            if width == 64 && f.g0 {
                L::xor(r, L::up(q))
            } else {
                r
            }
        } else {
            let t = L::xor(L::up(x), L::clmul::<1, 0>(x, k));
            // B1 leaves out its x^64 term: add the operand back.
            let q = L::xor(L::clmul::<1, 0>(t, b), t);
            L::xor(t, L::clmul::<1, 1>(q, b))
        }
    }
}
