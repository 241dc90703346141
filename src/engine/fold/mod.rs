//! Carry-less-multiply folding: the fast path for every CRC of width 1..=64.
//!
//! The kernels (one module per architecture) fold any input of at least 16 bytes and reduce
//! to the register; this module converts between the engine's state layout and the kernels'
//! register and holds what the kernels share: the Barrett reduction and the byte-shift masks
//! for a final partial block. Inputs under 16 bytes go to the table kernels.

#[cfg(target_arch = "aarch64")]
pub(crate) mod aarch64;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86;

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

/// A 64×64 → 128-bit carry-less multiply instruction.
#[allow(dead_code)]
pub(super) trait Clmul {
    /// # Safety
    /// The CPU must support the instruction.
    unsafe fn clmul(a: u64, b: u64) -> u128;
}

/// The folded 128 bits (`x0`, qword 0 in the low half) → the n-bit register: three
/// carry-less multiplies (DESIGN.md §4, `spec/constants.md`). Bit order as in the kernels:
/// lsb keeps the x^64..x^127 half in qword 0, msb in qword 1.
///
/// # Safety
/// The CPU must support `C::clmul`.
#[allow(dead_code)]
#[inline(always)]
pub(super) unsafe fn reduce<C: Clmul, const LSB: bool>(
    f: &FoldConsts,
    width: u32,
    x0: u128,
) -> u64 {
    let q0 = |x: u128| x as u64;
    let q1 = |x: u128| (x >> 64) as u64;
    let [b1, b2] = f.barrett;
    let lo128 = f.folds[D128][1];
    // SAFETY (all four blocks): the caller guarantees `C::clmul` is supported.
    if LSB {
        // 1. High half times x^(64+n) mod G (scaled), plus the low half moved up 64 bits.
        let x0 = (x0 >> 64) ^ unsafe { C::clmul(lo128, q0(x0)) };
        // 2. The quotient floor(t / G).
        let x1 = unsafe { C::clmul(b1, q0(x0)) };
        // 3. Subtract quotient · G; for n = 64, B2 leaves out G's x^0 term.
        let mut x0 = x0 ^ unsafe { C::clmul(b2, q0(x1)) };
        if width == 64 && f.g0 {
            x0 ^= u128::from(q0(x1)) << 64;
        }
        q1(x0) & (u64::MAX >> (64 - width))
    } else {
        let x0 = (x0 << 64) ^ unsafe { C::clmul(lo128, q1(x0)) };
        // B1 leaves out its x^64 term: add the operand back.
        let x1 = unsafe { C::clmul(b1, q1(x0)) } ^ x0;
        let x0 = x0 ^ unsafe { C::clmul(b2, q1(x1)) };
        q0(x0) >> (64 - width)
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

/// Feeds `bytes` into `state` with the folding kernel `backend` (which the caller has found
/// available); inputs under 16 bytes take the tables.
#[inline]
pub(super) fn update<W: Word>(
    c: &Consts<'_, W>,
    f: &FoldConsts,
    backend: Backend,
    state: W,
    bytes: &[u8],
) -> W {
    if bytes.len() < 16 {
        return super::update_tables(c, state, bytes);
    }
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
