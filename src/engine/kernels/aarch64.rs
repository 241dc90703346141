//! The aarch64 entry points: the bodies instantiated on 128-bit PMULL (with and without
//! SHA3's EOR3) and the CRC extension's instructions (CRC-32 and CRC-32C), each with the
//! `#[target_feature]`s its primitives need, and the safe functions `kernels` offers, which
//! take every choice the route made as an argument.

use core::arch::aarch64::uint64x2_t;

use super::shapes::{ZmmFusion, LANE_STEPS, LANE_WORDS, THREE_PASS_MIN};
use crate::backend::Backend;
use crate::engine::arch::aarch64::{Crc32, Crc32c};
use crate::engine::fold::{from_register, Barrett};
use crate::engine::{fusion, hwcrc};
use crcstamp_layout::{FoldConsts, HwCrc};

/// Runs the folding kernel `backend` on `bytes` (at least 16) from the register `reg` in
/// the kernels' layout. `backend` must be available here.
#[inline(always)]
pub(crate) fn fold<const LSB: bool>(
    backend: Backend,
    f: &FoldConsts,
    width: u32,
    reg: u64,
    bytes: &[u8],
) -> u64 {
    // SAFETY (every arm): `backend` is available, so detection checked every extension its
    // entry point enables.
    unsafe {
        match backend {
            Backend::Pmull => by_order!(LSB, pmull_lsb, pmull_msb, f, width, reg, bytes),
            Backend::PmullEor3 => {
                by_order!(LSB, pmull_eor3_lsb, pmull_eor3_msb, f, width, reg, bytes)
            }
            _ => unreachable!("not a folding backend of this architecture: {backend:?}"),
        }
    }
}

/// No CRC reduces by its instruction here (the route then takes [`fold`]).
#[inline(always)]
pub(crate) fn fold_by_instruction(
    _: Backend,
    _: HwCrc,
    _: &FoldConsts,
    _: u64,
    _: &[u8],
) -> Option<u64> {
    None
}

/// No kernel runs msb CRCs reflected here (`plan::runs_reflected` is false).
/// No entry reduces by the instruction here.
pub(crate) const fn reduces_by_instruction(_: Backend, _: HwCrc) -> bool {
    false
}

/// No entry aligns its loads here.
pub(crate) const fn aligns_from(_: Backend, _: bool) -> Option<usize> {
    None
}

pub(crate) fn fold_reflected(b: Backend, _: bool, _: &FoldConsts, _: u32, _: u64, _: &[u8]) -> u64 {
    unreachable!("{b:?} does not run msb CRCs reflected")
}

/// Fusion over the blocks at the start of `bytes` (`hw`'s instruction with the fold, on
/// 128-bit lanes, the only shape here), returning the register and the rest. Fusion must be
/// available here.
#[inline]
pub(crate) fn fusion<'a>(
    hw: HwCrc,
    _: ZmmFusion,
    _: bool,
    f: &FoldConsts,
    state: u32,
    bytes: &'a [u8],
) -> (u32, &'a [u8]) {
    // SAFETY: fusion is available, so detection checked PMULL and the CRC extension.
    unsafe { fusion_lanes(hw, f, state, bytes) }
}

/// `hw`'s instruction on `bytes`, as three streams where `three` (the CPU has PMULL to
/// join them). The instruction must be available.
#[inline(always)]
pub(crate) fn hw(hw: HwCrc, three: bool, state: u32, bytes: &[u8]) -> u32 {
    // SAFETY: the caller checked the CRC extension (and PMULL for three streams).
    unsafe {
        match three {
            true => three_streams(hw, state, bytes),
            false => one(hw, state, bytes),
        }
    }
}

by_order! {
    /// # Safety
    /// The CPU must support PMULL (`aes`).
    #[target_feature(enable = "neon,aes")]
    fn pmull_lsb / pmull_msb = from_register::<uint64x2_t, _, false, Barrett>;
}

by_order! {
    /// The same code with the three-way XORs compiled to EOR3.
    ///
    /// # Safety
    /// The CPU must support PMULL (`aes`) and SHA3.
    #[target_feature(enable = "neon,aes,sha3")]
    fn pmull_eor3_lsb / pmull_eor3_msb = from_register::<uint64x2_t, _, false, Barrett>;
}

/// # Safety
/// The CPU must support PMULL (`aes`) and the CRC extension.
#[target_feature(enable = "neon,aes,crc")]
unsafe fn fusion_lanes<'a>(
    hw: HwCrc,
    f: &FoldConsts,
    state: u32,
    bytes: &'a [u8],
) -> (u32, &'a [u8]) {
    // SAFETY: as above.
    unsafe {
        match hw {
            HwCrc::Crc32 => {
                fusion::update::<uint64x2_t, Crc32, LANE_WORDS, LANE_STEPS, LANE_STEPS, false, 0>(
                    f, state, bytes,
                )
            }
            HwCrc::Crc32c => {
                fusion::update::<uint64x2_t, Crc32c, LANE_WORDS, LANE_STEPS, LANE_STEPS, false, 0>(
                    f, state, bytes,
                )
            }
        }
    }
}

/// # Safety
/// The CPU must support the CRC extension.
#[target_feature(enable = "crc")]
unsafe fn one(hw: HwCrc, state: u32, bytes: &[u8]) -> u32 {
    // SAFETY: as above.
    unsafe {
        match hw {
            HwCrc::Crc32 => hwcrc::one_stream::<Crc32>(state, bytes, 0),
            HwCrc::Crc32c => hwcrc::one_stream::<Crc32c>(state, bytes, 0),
        }
    }
}

/// # Safety
/// The CPU must support the CRC extension and PMULL (`aes`).
#[target_feature(enable = "crc,neon,aes")]
unsafe fn three_streams(hw: HwCrc, state: u32, bytes: &[u8]) -> u32 {
    // SAFETY: as above.
    unsafe {
        match hw {
            HwCrc::Crc32 => hwcrc::three_streams::<Crc32, THREE_PASS_MIN>(state, bytes),
            HwCrc::Crc32c => hwcrc::three_streams::<Crc32c, THREE_PASS_MIN>(state, bytes),
        }
    }
}
