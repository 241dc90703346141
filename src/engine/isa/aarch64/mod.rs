//! The aarch64 instruction set: the bodies instantiated on 128-bit PMULL (with and without
//! SHA3's EOR3) and the CRC extension's instructions (CRC-32 and CRC-32C), each entry point
//! with the `#[target_feature]`s its primitives need, and its [`Isa`]: what the CPU offers
//! (detected at run time with `std`, from the compile-time target features without) and the
//! safe functions, which take every choice the route made as an argument. Its primitives are
//! in `primitives.rs`.

pub(crate) mod primitives;

use super::Isa;
use crate::backend::{Backend, RouteStep};
use crate::engine::fold::{from_register, Barrett};
use crate::engine::kernels::shapes::{
    LANE_EOR3_STEPS, LANE_EOR3_WORDS, LANE_STEPS, LANE_WORDS, THREE_PASS_MIN,
};
use crate::engine::{fusion, hwcrc};
use crcstamp_layout::{FoldConsts, HwCrc};
use primitives::{Crc32, Crc32c, Eor3, Plain};

/// aarch64: PMULL, with or without SHA3's EOR3, NEON's `rbit` and the CRC extension's
/// instructions (CRC-32 and CRC-32C). Every aarch64 CPU routes by the generic family, whose
/// thresholds were measured on AMD Zen 3.
pub(crate) struct Aarch64;

/// Whether the CPU has the extension `$f`.
macro_rules! has {
    ($f:tt) => {
        detected!(is_aarch64_feature_detected, $f)
    };
}

/// PMULL: `pmull` to std's detection, `aes` to the compiler.
fn has_pmull() -> bool {
    #[cfg(feature = "std")]
    return has!("pmull");
    #[cfg(not(feature = "std"))]
    return has!("aes");
}

impl Isa for Aarch64 {
    type Features = [(&'static str, bool); 3];
    const FOLDING_ORDER: &'static [Backend] = &[Backend::PmullEor3, Backend::Pmull];

    fn features() -> Self::Features {
        [
            ("pmull", has_pmull()),
            ("sha3", has!("sha3")),
            ("crc", has!("crc")),
        ]
    }
    fn has(backend: Backend) -> bool {
        match backend {
            Backend::Pmull => has_pmull(),
            Backend::PmullEor3 => has_pmull() && has!("sha3"),
            Backend::HwCrc => has!("crc"),
            Backend::Fusion => has_pmull() && has!("crc"),
            _ => false,
        }
    }
    /// No GFNI, but the bit reversal the reflected run of msb CRCs needs is NEON's `rbit`,
    /// which every core has (`plan::runs_reflected`): the bit is set for it.
    fn has_gfni() -> bool {
        true
    }

    fold_by_backend! {
        Pmull => pmull_lsb, pmull_msb;
        PmullEor3 => pmull_eor3_lsb, pmull_eor3_msb;
    }

    signed! {
        /// One `rbit` a block where the msb loop has `rev64` and `ext`, which leaves the four
        /// vector pipes of Neoverse V1/V2 to the multiplies and EOR3 (`plan::runs_reflected`).
        /// There is no read-ahead shape here.
        #[inline(always)]
        fn fold_reflected |backend, _, _, twin, width, reg, bytes| {
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
    }

    signed! {
        /// On 128-bit lanes, the only shape here, with EOR3 where the CPU has SHA3.
        #[inline]
        fn fusion |hw, _, f, state, bytes| {
            // SAFETY: fusion is available, so detection checked PMULL and the CRC extension, and
            // `has_sha3` SHA3 for the EOR3 entry.
            unsafe {
                match has_sha3() {
                    true => fusion_eor3(hw, f, state, bytes),
                    false => fusion_lanes(hw, f, state, bytes),
                }
            }
        }
    }

    /// Three streams need PMULL to join them.
    #[inline(always)]
    fn hw(hw: HwCrc, three: bool, state: u32, bytes: &[u8]) -> u32 {
        // SAFETY: the caller checked the CRC extension (and PMULL for three streams).
        unsafe {
            match three {
                true => three_streams(hw, state, bytes),
                false => one(hw, state, bytes),
            }
        }
    }
}

/// Whether this CPU has SHA3 (EOR3), for fusion's entry. The CPU's own answer, not the
/// cached kernels' (`detect`): the self-test runs fusion while it fills that cache, and must
/// run the entry that will run after it. Fusion takes 7 KiB and more, so the test is noise.
#[inline(always)]
fn has_sha3() -> bool {
    has!("sha3")
}

by_order! {
    /// # Safety
    /// The CPU must support PMULL (`aes`).
    #[target_feature(enable = "neon,aes")]
    fn pmull_lsb / pmull_msb = from_register::<Plain, _, false, Barrett>;

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
            match hw {
                // SAFETY (both arms): as above.
                HwCrc::Crc32 => unsafe {
                    fusion::update::<$v, Crc32, $words, $steps, $steps, false, 0>(f, state, bytes)
                },
                HwCrc::Crc32c => unsafe {
                    fusion::update::<$v, Crc32c, $words, $steps, $steps, false, 0>(f, state, bytes)
                },
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
