//! aarch64's primitives for the generic kernels (`super::super::simd`): NEON lanes with
//! PMULL, and the CRC32 extension's instructions for both of its polynomials. Intrinsics
//! only. The entry point compiled with SHA3 as well (`kernels.rs`) gets EOR3 for the fold's
//! three-way XORs from LLVM.

use core::arch::aarch64::*;

use crate::engine::simd::{CrcInstruction, Lane, Vector};
use crcstamp_layout::HwCrc;

impl Vector for uint64x2_t {
    type Block = [u8; 16];
    type Lane = uint64x2_t;
    type Half = uint64x2_t;
    const BYTES: usize = 16;

    #[inline(always)]
    fn blocks(bytes: &[u8]) -> (&[[u8; 16]], &[u8]) {
        bytes.as_chunks()
    }
    #[inline(always)]
    unsafe fn load(block: &[u8; 16]) -> Self {
        // SAFETY: `block` is 16 readable bytes; NEON is part of the aarch64 baseline.
        unsafe { vreinterpretq_u64_u8(vld1q_u8(block.as_ptr())) }
    }
    #[inline(always)]
    unsafe fn bswap_lanes(self) -> Self {
        // SAFETY: NEON is part of the aarch64 baseline.
        unsafe {
            let r = vrev64q_u8(vreinterpretq_u8_u64(self));
            vreinterpretq_u64_u8(vextq_u8::<8>(r, r))
        }
    }
    #[inline(always)]
    unsafe fn bitrev_bytes(self) -> Self {
        // SAFETY: as above.
        unsafe { vreinterpretq_u64_u8(vrbitq_u8(vreinterpretq_u8_u64(self))) }
    }
    #[inline(always)]
    unsafe fn splat(q0: u64, q1: u64) -> Self {
        // SAFETY: as above.
        unsafe { vcombine_u64(vcreate_u64(q0), vcreate_u64(q1)) }
    }
    const SELECTS_QWORDS: bool = false;

    #[inline]
    #[target_feature(enable = "neon,aes")]
    unsafe fn clmul<const A: i32, const B: i32>(a: Self, b: Self) -> Self {
        if A == 1 && B == 1 {
            // PMULL2, without moving the qwords first.
            vreinterpretq_u64_p128(vmull_high_p64(
                vreinterpretq_p64_u64(a),
                vreinterpretq_p64_u64(b),
            ))
        } else {
            vreinterpretq_u64_p128(vmull_p64(vgetq_lane_u64::<A>(a), vgetq_lane_u64::<B>(b)))
        }
    }
    #[inline(always)]
    unsafe fn xor(a: Self, b: Self) -> Self {
        // SAFETY: NEON is part of the aarch64 baseline.
        unsafe { veorq_u64(a, b) }
    }
    #[inline(always)]
    unsafe fn xor3(a: Self, b: Self, c: Self) -> Self {
        // SAFETY: NEON is part of the aarch64 baseline.
        unsafe { veorq_u64(veorq_u64(a, b), c) }
    }
    #[inline(always)]
    unsafe fn widen(lane: Self) -> Self {
        lane
    }
    #[inline(always)]
    unsafe fn low_lane(self) -> Self {
        self
    }
    #[inline(always)]
    unsafe fn halves(self) -> (Self, Self) {
        unreachable!("a 128-bit vector is one lane")
    }
}

impl Lane for uint64x2_t {
    #[inline(always)]
    unsafe fn down(a: Self) -> Self {
        // SAFETY: NEON is part of the aarch64 baseline.
        unsafe { vextq_u64::<1>(a, vdupq_n_u64(0)) }
    }
    #[inline(always)]
    unsafe fn up(a: Self) -> Self {
        // SAFETY: as above.
        unsafe { vextq_u64::<1>(vdupq_n_u64(0), a) }
    }
    #[inline(always)]
    unsafe fn pair(q0: u64, q1: u64) -> Self {
        // SAFETY: as above.
        unsafe { vcombine_u64(vcreate_u64(q0), vcreate_u64(q1)) }
    }
    #[inline(always)]
    unsafe fn qword<const I: i32>(a: Self) -> u64 {
        // SAFETY: as above.
        unsafe { vgetq_lane_u64::<I>(a) }
    }
    #[inline(always)]
    unsafe fn shuffle(a: Self, mask: &[u8; 16]) -> Self {
        // SAFETY: `mask` is 16 readable bytes; NEON is baseline. TBL zeroes out-of-range
        // lanes like PSHUFB.
        unsafe {
            vreinterpretq_u64_u8(vqtbl1q_u8(vreinterpretq_u8_u64(a), vld1q_u8(mask.as_ptr())))
        }
    }
    #[inline(always)]
    unsafe fn blend(a: Self, b: Self, mask: &[u8; 16]) -> Self {
        // SAFETY: as above.
        unsafe {
            let take_b = vcltzq_s8(vreinterpretq_s8_u8(vld1q_u8(mask.as_ptr())));
            vreinterpretq_u64_u8(vbslq_u8(
                take_b,
                vreinterpretq_u8_u64(b),
                vreinterpretq_u8_u64(a),
            ))
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
