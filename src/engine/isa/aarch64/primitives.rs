//! aarch64's primitives for the generic kernels (`engine::simd`): NEON lanes with
//! PMULL, with or without SHA3's EOR3 for the fold's three-way XORs, and the CRC32
//! extension's instructions for both of its polynomials. Intrinsics only.

use core::arch::aarch64::*;

use crate::engine::simd::{CrcInstruction, Lane, Vector};
use crcstamp_layout::HwCrc;

/// A NEON register of two qwords; with `EOR3`, each three-way XOR is SHA3's `eor3`
/// (`veor3q_u64`), which only entry points compiled with `sha3` may instantiate.
///
/// EOR3 is written here, not left to LLVM: at `cfd5c02` LLVM fused none of the lsb fold
/// loop's XORs (two dependent `eor` after each multiply, 12 cycles per 128 B on
/// Neoverse V2 by llvm-mca, where the bound is 8; `spec/decisions.md`, "EOR3 by the
/// intrinsic").
#[derive(Clone, Copy)]
#[repr(transparent)]
pub(crate) struct Neon<const EOR3: bool>(uint64x2_t);

/// NEON and PMULL: the kernels for CPUs without SHA3 (Neoverse N1, Cortex-A72…).
pub(crate) type Plain = Neon<false>;
/// NEON, PMULL and SHA3's EOR3 (Neoverse V1/V2, N2, Apple M1 on).
pub(crate) type Eor3 = Neon<true>;

/// `a ⊕ b ⊕ c` in one instruction.
///
/// # Safety
/// The CPU must support SHA3.
#[inline]
#[target_feature(enable = "neon,sha3")]
unsafe fn eor3(a: uint64x2_t, b: uint64x2_t, c: uint64x2_t) -> uint64x2_t {
    veor3q_u64(a, b, c)
}

impl<const EOR3: bool> Vector for Neon<EOR3> {
    one_lane!();

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn load(block: &[u8; 16]) -> Self {
        // SAFETY: `block` is 16 readable bytes; NEON is part of the aarch64 baseline.
        unsafe { Neon(vreinterpretq_u64_u8(vld1q_u8(block.as_ptr()))) }
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn bswap_lanes(self) -> Self {
        // SAFETY: NEON is part of the aarch64 baseline.
        unsafe {
            let r = vrev64q_u8(vreinterpretq_u8_u64(self.0));
            Neon(vreinterpretq_u64_u8(vextq_u8::<8>(r, r)))
        }
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn bitrev_bytes(self) -> Self {
        // SAFETY: as above.
        unsafe {
            Neon(vreinterpretq_u64_u8(vrbitq_u8(vreinterpretq_u8_u64(
                self.0,
            ))))
        }
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn splat(q0: u64, q1: u64) -> Self {
        // SAFETY: as above.
        unsafe { Neon(vcombine_u64(vcreate_u64(q0), vcreate_u64(q1))) }
    }
    const SELECTS_QWORDS: bool = false;

    #[inline]
    #[target_feature(enable = "neon,aes")]
    unsafe fn clmul<const A: i32, const B: i32>(a: Self, b: Self) -> Self {
        let (a, b) = (a.0, b.0);
        Neon(if A == 1 && B == 1 {
            // PMULL2, without moving the qwords first.
            vreinterpretq_u64_p128(vmull_high_p64(
                vreinterpretq_p64_u64(a),
                vreinterpretq_p64_u64(b),
            ))
        } else {
            vreinterpretq_u64_p128(vmull_p64(vgetq_lane_u64::<A>(a), vgetq_lane_u64::<B>(b)))
        })
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn xor(a: Self, b: Self) -> Self {
        // SAFETY: NEON is part of the aarch64 baseline.
        unsafe { Neon(veorq_u64(a.0, b.0)) }
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn xor3(a: Self, b: Self, c: Self) -> Self {
        // SAFETY: with `EOR3` the caller guarantees SHA3 (only its entry points instantiate
        // `Eor3`); NEON is part of the aarch64 baseline.
        unsafe {
            Neon(match EOR3 {
                true => eor3(a.0, b.0, c.0),
                false => veorq_u64(veorq_u64(a.0, b.0), c.0),
            })
        }
    }
}

impl<const EOR3: bool> Lane for Neon<EOR3> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn down(a: Self) -> Self {
        // SAFETY: NEON is part of the aarch64 baseline.
        unsafe { Neon(vextq_u64::<1>(a.0, vdupq_n_u64(0))) }
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn up(a: Self) -> Self {
        // SAFETY: as above.
        unsafe { Neon(vextq_u64::<1>(vdupq_n_u64(0), a.0)) }
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn pair(q0: u64, q1: u64) -> Self {
        // SAFETY: as above.
        unsafe { Self::splat(q0, q1) }
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn qword<const I: i32>(a: Self) -> u64 {
        // SAFETY: as above.
        unsafe { vgetq_lane_u64::<I>(a.0) }
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn shuffle(a: Self, mask: &[u8; 16]) -> Self {
        // SAFETY: `mask` is 16 readable bytes; NEON is baseline. TBL zeroes out-of-range
        // lanes like PSHUFB.
        unsafe {
            let a = vreinterpretq_u8_u64(a.0);
            Neon(vreinterpretq_u64_u8(vqtbl1q_u8(a, vld1q_u8(mask.as_ptr()))))
        }
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn blend(a: Self, b: Self, mask: &[u8; 16]) -> Self {
        // SAFETY: as above.
        unsafe {
            let take_b = vcltzq_s8(vreinterpretq_s8_u8(vld1q_u8(mask.as_ptr())));
            Neon(vreinterpretq_u64_u8(vbslq_u8(
                take_b,
                vreinterpretq_u8_u64(b.0),
                vreinterpretq_u8_u64(a.0),
            )))
        }
    }
}

/// The CRC32 extension's `crc32x` family (CRC-32's polynomial), joined with PMULL.
pub(crate) struct Crc32;
/// The CRC32 extension's `crc32cx` family (CRC-32C's polynomial), joined with PMULL.
pub(crate) struct Crc32c;

macro_rules! crc_instruction {
    ($t:ty, $hw:expr, $d:ident, $w:ident, $b:ident) => {
        impl CrcInstruction for $t {
            const HW: HwCrc = $hw;
            #[inline]
            #[target_feature(enable = "crc")]
            unsafe fn step8(c: u64, word: u64) -> u64 {
                u64::from($d(c as u32, word))
            }
            #[inline]
            #[target_feature(enable = "crc")]
            unsafe fn step4(c: u32, word: u32) -> u32 {
                $w(c, word)
            }
            #[inline]
            #[target_feature(enable = "crc")]
            unsafe fn step1(c: u32, byte: u8) -> u32 {
                $b(c, byte)
            }
            #[inline]
            #[target_feature(enable = "crc,neon,aes")]
            unsafe fn shift(r: u32, k: u32) -> u32 {
                $d(0, vmull_p64(u64::from(r), u64::from(k)) as u64)
            }
        }
    };
}
crc_instruction!(Crc32, HwCrc::Crc32, __crc32d, __crc32w, __crc32b);
crc_instruction!(Crc32c, HwCrc::Crc32c, __crc32cd, __crc32cw, __crc32cb);
