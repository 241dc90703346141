//! Carry-less-multiply folding: the fast path for every CRC of width 1..=64.
//!
//! The kernels (one module per architecture) fold any input of at least 16 bytes and reduce
//! to the register; this module converts between the engine's state layout and the kernels'
//! register and holds what the kernels share: the Barrett reduction and the byte-shift masks
//! for a final partial block. Callers hand inputs under 16 bytes to the table kernels.

#[cfg(target_arch = "aarch64")]
pub(crate) mod aarch64;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86;

use super::dispatch;
use crate::backend::Backend;
use crate::consts::{Consts, FoldConsts};
use crate::word::Word;

/// Index of each fold distance in `FoldConsts::folds`.
#[allow(dead_code)]
pub(super) const D128: usize = 0;
#[allow(dead_code)]
pub(super) const D256: usize = 1;
#[allow(dead_code)]
pub(super) const D512: usize = 2;
#[allow(dead_code)]
pub(super) const D1024: usize = 3;

/// A 128-bit vector of two 64-bit lanes with a 64×64 → 128-bit carry-less multiply: what
/// the shared Barrett reduction needs of each architecture.
#[allow(dead_code)]
pub(super) trait Lanes {
    /// The vector register type.
    type V: Copy;
    /// Lane `A` of `a` times lane `B` of `b`.
    ///
    /// # Safety
    /// The CPU must support the instruction.
    unsafe fn clmul<const A: i32, const B: i32>(a: Self::V, b: Self::V) -> Self::V;
    /// Lane-wise XOR.
    fn xor(a: Self::V, b: Self::V) -> Self::V;
    /// Lane 1 moved to lane 0, lane 1 zeroed (the 128-bit value shifted down 64 bits).
    fn down(a: Self::V) -> Self::V;
    /// Lane 0 moved to lane 1, lane 0 zeroed.
    fn up(a: Self::V) -> Self::V;
    /// `[q0, q1]` as a vector.
    fn pair(q0: u64, q1: u64) -> Self::V;
    /// Lane `I`.
    fn lane<const I: i32>(a: Self::V) -> u64;
}

/// The folded 128 bits (`x`, lane 0 the low qword) → the n-bit register: three carry-less
/// multiplies (DESIGN.md §4, `spec/constants.md`), all in vector registers so that only the
/// result crosses to a general register. Bit order as in the kernels: lsb keeps the
/// x^64..x^127 half in lane 0, msb in lane 1.
///
/// # Safety
/// The CPU must support `L::clmul`.
#[allow(dead_code)]
#[inline(always)]
pub(super) unsafe fn reduce<L: Lanes, const LSB: bool>(f: &FoldConsts, width: u32, x: L::V) -> u64 {
    let [b1, b2] = f.barrett;
    let lo128 = f.folds[D128][1];
    // Lane 0: x^(64+n) mod G (scaled); the Barrett pair in lanes 0 and 1.
    let k = L::pair(lo128, 0);
    let b = L::pair(b1, b2);
    // SAFETY (every clmul): the caller guarantees `L::clmul` is supported.
    if LSB {
        // 1. High half times x^(64+n) mod G, plus the low half moved up 64 bits.
        let t = L::xor(L::down(x), unsafe { L::clmul::<0, 0>(x, k) });
        // 2. The quotient floor(t / G).
        let q = unsafe { L::clmul::<0, 0>(t, b) };
        // 3. Subtract quotient · G; for n = 64, B2 leaves out G's x^0 term.
        let mut r = L::xor(t, unsafe { L::clmul::<0, 1>(q, b) });
        if width == 64 && f.g0 {
            r = L::xor(r, L::up(q));
        }
        L::lane::<1>(r) & (u64::MAX >> (64 - width))
    } else {
        let t = L::xor(L::up(x), unsafe { L::clmul::<1, 0>(x, k) });
        // B1 leaves out its x^64 term: add the operand back.
        let q = L::xor(unsafe { L::clmul::<1, 0>(t, b) }, t);
        let r = L::xor(t, unsafe { L::clmul::<1, 1>(q, b) });
        L::lane::<0>(r) >> (64 - width)
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
#[allow(dead_code)]
#[inline(always)]
pub(super) fn shuffle_masks<const LSB: bool>(partial: usize) -> [&'static [u8; 16]; 2] {
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

/// Feeds `bytes` (at least 16) into `state` with the best folding kernel this CPU has
/// (`bits`: `dispatch::features`); `None` when it has none. Always inlined: for a stamped
/// type the bit order, the register conversions and the kernel choice fold to one cached
/// load, a branch or two and a direct call into the kernel (the out-of-line dispatch this
/// replaced was ~37 of the ~131 instructions of a 64-byte CRC-32, `spec/decisions.md`).
#[inline(always)]
pub(super) fn update_best<W: Word>(
    c: &Consts<'_, W>,
    f: &FoldConsts,
    bits: u16,
    state: W,
    bytes: &[u8],
) -> Option<W> {
    for backend in dispatch::FOLDING_ORDER {
        if dispatch::has(bits, backend) {
            return Some(update(c, f, backend, state, bytes));
        }
    }
    None
}

/// Feeds `bytes` (at least 16) into `state` with the folding kernel `backend` (which the
/// caller has found available).
#[inline(always)]
pub(super) fn update<W: Word>(
    c: &Consts<'_, W>,
    f: &FoldConsts,
    backend: Backend,
    state: W,
    bytes: &[u8],
) -> W {
    debug_assert!(bytes.len() >= 16);
    let width = u32::from(c.model.width);
    let unused = W::BITS - width;
    let lsb = c.model.refin;
    // The kernels keep the register unreflected for msb models, in the low bits.
    let reg = if lsb { state } else { state >> unused }.low_u64();
    let reg = run(f, backend, lsb, width, reg, bytes);
    if lsb {
        W::from_u64(reg)
    } else {
        W::from_u64(reg) << unused
    }
}

/// Runs one kernel on `bytes` (at least 16). Unknown or unavailable backends cannot reach
/// here.
#[allow(unused_variables, unreachable_code)]
#[inline(always)]
fn run(f: &FoldConsts, backend: Backend, lsb: bool, width: u32, reg: u64, bytes: &[u8]) -> u64 {
    debug_assert!(backend.is_available());
    // Each kernel is compiled once per bit order; pick the instance.
    #[allow(unused_macros)] // no folding kernels on other architectures
    macro_rules! in_order {
        ($($kernel:ident)::+) => {
            if lsb {
                $($kernel)::+::<true>(f, width, reg, bytes)
            } else {
                $($kernel)::+::<false>(f, width, reg, bytes)
            }
        };
    }
    // SAFETY (every arm): `backend.is_available()` checked the CPU features each kernel
    // needs (engine::dispatch).
    match backend {
        #[cfg(target_arch = "x86_64")]
        Backend::Pclmul => unsafe { in_order!(x86::pclmul) },
        #[cfg(target_arch = "x86_64")]
        Backend::Vpclmul256 => unsafe { in_order!(x86::vpclmul256) },
        #[cfg(target_arch = "aarch64")]
        Backend::Pmull => unsafe { in_order!(aarch64::pmull) },
        #[cfg(target_arch = "aarch64")]
        Backend::PmullEor3 => unsafe { in_order!(aarch64::pmull_eor3) },
        _ => unreachable!("not a folding backend of this architecture: {backend:?}"),
    }
}
