//! The aarch64 entry points: the bodies instantiated on 128-bit PMULL (with and without
//! SHA3's EOR3) and the CRC extension's instructions (CRC-32 and CRC-32C), each with the
//! `#[target_feature]`s its primitives need, and the safe functions `kernels` offers, which
//! take every choice the route made as an argument.

pub(crate) mod detect;
pub(crate) mod primitives;

use crate::backend::Backend;
use crate::engine::fold::{from_register, Barrett};
use crate::engine::kernels::shapes::{
    ZmmFusion, LANE_EOR3_STEPS, LANE_EOR3_WORDS, LANE_STEPS, LANE_WORDS, THREE_PASS_MIN,
};
use crate::engine::{fusion, hwcrc};
use crcstamp_layout::{FoldConsts, HwCrc};
use primitives::{Crc32, Crc32c, Eor3, Plain};

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

/// No entry reduces by the instruction here.
pub(crate) const fn reduces_by_instruction(_: Backend, _: HwCrc) -> bool {
    false
}

/// No entry aligns its loads here.
pub(crate) const fn aligns_from(_: Backend, _: bool) -> Option<usize> {
    None
}

/// [`fold`] for an msb CRC run reflected over bit-reversed bytes: `twin` are the
/// constants of the lsb CRC of the same polynomial; `reg`, in and out, the msb register.
/// One `rbit` a block where the msb loop has `rev64` and `ext`, which leaves the four
/// vector pipes of Neoverse V1/V2 to the multiplies and EOR3 (`plan::runs_reflected`).
/// There is no read-ahead shape here.
#[inline(always)]
pub(crate) fn fold_reflected(
    backend: Backend,
    _: bool,
    twin: &FoldConsts,
    width: u32,
    reg: u64,
    bytes: &[u8],
) -> u64 {
    // SAFETY (every arm): `backend` is available, so detection checked every extension its
    // entry point enables; `rbit` is NEON, the aarch64 baseline.
    unsafe {
        match backend {
            Backend::Pmull => pmull_reflected(twin, width, reg, bytes),
            Backend::PmullEor3 => pmull_eor3_reflected(twin, width, reg, bytes),
            _ => unreachable!("{backend:?} does not run msb CRCs reflected"),
        }
    }
}

/// Fusion over the blocks at the start of `bytes` (`hw`'s instruction with the fold, on
/// 128-bit lanes, the only shape here), returning the register and the rest, with EOR3
/// where the CPU has SHA3. Fusion must be available here.
#[inline]
pub(crate) fn fusion<'a>(
    hw: HwCrc,
    _: ZmmFusion,
    _: bool,
    f: &FoldConsts,
    state: u32,
    bytes: &'a [u8],
) -> (u32, &'a [u8]) {
    // SAFETY: fusion is available, so detection checked PMULL and the CRC extension, and
    // `has_sha3` SHA3 for the EOR3 entry.
    unsafe {
        match has_sha3() {
            true => fusion_eor3(hw, f, state, bytes),
            false => fusion_lanes(hw, f, state, bytes),
        }
    }
}

/// Whether this CPU has SHA3 (EOR3), for fusion's entry. The CPU's own answer, not the
/// cached kernels' (`detect`): the self-test runs fusion while it fills that cache, and must
/// run the entry that will run after it. Fusion takes 7 KiB and more, so the test is noise.
#[inline(always)]
fn has_sha3() -> bool {
    #[cfg(feature = "std")]
    return std::arch::is_aarch64_feature_detected!("sha3");
    #[cfg(not(feature = "std"))]
    return cfg!(target_feature = "sha3");
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
    fn pmull_lsb / pmull_msb = from_register::<Plain, _, false, Barrett>;
}

by_order! {
    /// The same body with each three-way XOR one EOR3.
    ///
    /// # Safety
    /// The CPU must support PMULL (`aes`) and SHA3.
    #[target_feature(enable = "neon,aes,sha3")]
    fn pmull_eor3_lsb / pmull_eor3_msb = from_register::<Eor3, _, false, Barrett>;
}

/// An msb CRC run reflected over bit-reversed bytes (`fold.rs`), `f` the constants of
/// its reflected twin, `reg` the msb register.
///
/// # Safety
/// The CPU must support PMULL (`aes`).
#[target_feature(enable = "neon,aes")]
unsafe fn pmull_reflected(f: &FoldConsts, width: u32, reg: u64, bytes: &[u8]) -> u64 {
    // SAFETY: as above.
    unsafe { from_register::<Plain, true, true, Barrett>(f, width, reg, bytes) }
}

/// [`pmull_reflected`] with each three-way XOR one EOR3.
///
/// # Safety
/// The CPU must support PMULL (`aes`) and SHA3.
#[target_feature(enable = "neon,aes,sha3")]
unsafe fn pmull_eor3_reflected(f: &FoldConsts, width: u32, reg: u64, bytes: &[u8]) -> u64 {
    // SAFETY: as above.
    unsafe { from_register::<Eor3, true, true, Barrett>(f, width, reg, bytes) }
}

/// Fusion's entry points: one per set of extensions, each on its vectors `$v` in its shape
/// (`$words` per stream per step, `$steps` a block).
macro_rules! fusion_entry {
    ($(#[doc = $doc:literal])* $features:literal, $name:ident, $v:ty, $words:ident, $steps:ident) => {
        $(#[doc = $doc])*
        #[target_feature(enable = $features)]
        unsafe fn $name<'a>(
            hw: HwCrc,
            f: &FoldConsts,
            state: u32,
            bytes: &'a [u8],
        ) -> (u32, &'a [u8]) {
            // SAFETY: as above.
            unsafe {
                match hw {
                    HwCrc::Crc32 => fusion::update::<$v, Crc32, $words, $steps, $steps, false, 0>(
                        f, state, bytes,
                    ),
                    HwCrc::Crc32c => fusion::update::<$v, Crc32c, $words, $steps, $steps, false, 0>(
                        f, state, bytes,
                    ),
                }
            }
        }
    };
}

fusion_entry!(
    /// # Safety
    /// The CPU must support PMULL (`aes`) and the CRC extension.
    "neon,aes,crc",
    fusion_lanes,
    Plain,
    LANE_WORDS,
    LANE_STEPS
);
fusion_entry!(
    /// The same with each three-way XOR one EOR3, in the shape of the cores with SHA3.
    ///
    /// # Safety
    /// The CPU must support PMULL (`aes`), the CRC extension and SHA3.
    "neon,aes,crc,sha3",
    fusion_eor3,
    Eor3,
    LANE_EOR3_WORDS,
    LANE_EOR3_STEPS
);

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
