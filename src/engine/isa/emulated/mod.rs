//! The kernels' bodies on the emulated lanes and instructions of `primitives.rs`: plain
//! Rust on any CPU, for the test suites (`entry::update_emulated`), as an instruction set
//! ([`EmulatedIsa`]) that the engine's run takes like the target's: each [`Emulated`]
//! kernel is a step ([`step`]) run by `run::run_on`.

pub(crate) mod primitives;

/// A kernel on emulated vectors and instructions (plain Rust, any CPU): the same generic
/// bodies as the real kernels, for the test suites (`tests/emulated.rs`, through `crcstamp::__emulated`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emulated {
    /// The fold body on vectors of `bits` (128, 256 or 512) bits; `reflected`: an msb CRC
    /// run reflected over bit-reversed bytes.
    Fold {
        /// Vector width.
        bits: u32,
        /// Reflected run (msb CRCs only).
        reflected: bool,
    },
    /// Fusion on vectors of `bits` bits, in the block shape of that width, then three
    /// instruction streams on the rest.
    Fusion {
        /// Vector width.
        bits: u32,
        /// The wide 512-bit shape (twice the instruction's words a step; AMD).
        wide: bool,
    },
    /// The fold body with three accumulators (corsix's `v3x2` shape) on vectors of `bits`
    /// bits, reduced by the instruction, as the 512-bit kernel of CRC-32C can run: for the
    /// CRCs with an instruction (width 32, lsb).
    ThreeAccumulators {
        /// Vector width.
        bits: u32,
    },
    /// The CRC instruction: one stream, or three where the input is long enough.
    Instruction {
        /// Three streams.
        three: bool,
    },
}

use crate::backend::{Backend, RouteStep};
use crate::consts::Consts;
use crate::engine::fold::{
    from_register, from_register_aligned, from_register_by_instruction, Barrett, ByInstruction,
    Reduce,
};
use crate::engine::isa::Isa;
use crate::engine::kernels::shapes::{
    ALIGN_BY_INSTRUCTION_MIN, ALIGN_MIN, LANE_STEPS, LANE_WORDS, THREE_PASS_MIN, YMM_MAX_STEPS,
    YMM_MIN_STEPS, YMM_WORDS, ZMM_MAX_STEPS, ZMM_MIN_STEPS, ZMM_WIDE_MAX_STEPS, ZMM_WIDE_MIN_STEPS,
    ZMM_WIDE_WORDS, ZMM_WORDS,
};
use crate::engine::simd::{CrcInstruction, Vector};
use crate::engine::step::plain;
use crate::engine::{fusion, hwcrc};
use crate::word::Word;
use crcstamp_layout::{FoldConsts, HwCrc};
use primitives::{Emulated128, Emulated256, Emulated512, EmulatedCrc};

/// The emulated kernels as an instruction set: x86_64's folding kernels name the widths
/// (`Pclmul` 128 bits, `Vpclmul256`, `Vpclmul512`, whose loads align as the real one's),
/// every one reduced by the emulated instruction where the CRC has one, and fusion takes the
/// step's width. Nothing is detected: the test suites ask for each kernel.
pub(crate) struct EmulatedIsa;

/// The vector width that `backend` names here.
fn bits(backend: Backend) -> u32 {
    match backend {
        Backend::Pclmul => 128,
        Backend::Vpclmul256 => 256,
        _ => 512,
    }
}

/// The folding kernel that names vectors of `bits` bits here.
fn named(bits: u32) -> Backend {
    match bits {
        128 => Backend::Pclmul,
        256 => Backend::Vpclmul256,
        _ => Backend::Vpclmul512,
    }
}

impl Isa for EmulatedIsa {
    type Features = [(&'static str, bool); 0];
    fn features() -> Self::Features {
        []
    }
    fn fold<const LSB: bool>(
        b: Backend,
        f: &FoldConsts,
        width: u32,
        reg: u64,
        bytes: &[u8],
    ) -> u64 {
        fold(bits(b), LSB, false, None, f, width, reg, bytes)
    }
    fn fold_by_instruction(
        b: Backend,
        hw: HwCrc,
        f: &FoldConsts,
        reg: u64,
        bytes: &[u8],
    ) -> Option<u64> {
        Some(fold(bits(b), true, false, Some(hw), f, 32, reg, bytes))
    }
    signed! {
        fn fold_reflected |b, _, twin, width, reg, bytes| {
            fold(bits(b), true, true, None, twin, width, reg, bytes)
        }
    }
    signed! {
        fn fusion |hw, step, f, state, bytes| {
            let bits = u32::from(step.fusion_bits);
            fusion(bits, step.fusion_wide, hw, f, state, bytes)
        }
    }
    fn hw(hw: HwCrc, three: bool, state: u32, bytes: &[u8]) -> u32 {
        self::hw(hw, three, state, bytes)
    }
}

/// The step that runs `kernel` on `c` (`run::run_on` with [`EmulatedIsa`]); `None` where
/// `c` lacks its data (folding constants, a CRC instruction, reflected constants) and for
/// [`Emulated::ThreeAccumulators`], a shape no step names ([`fold_three`]).
pub(crate) fn step<W: Word>(c: &Consts<'_, W>, kernel: Emulated) -> Option<RouteStep> {
    // Reduced by the instruction where the CRC has one, as on x86_64.
    let by_instruction = c.model.refin && c.model.width == 32 && c.hw.is_some();
    match kernel {
        Emulated::Fold { bits, reflected } => {
            // The reflected run takes the twin's constants, which only msb CRCs have.
            let _ = if reflected {
                c.fold_reflected?
            } else {
                c.fold?
            };
            Some(RouteStep {
                reflected,
                reduced_by_instruction: by_instruction && !reflected,
                ..plain(named(bits))
            })
        }
        Emulated::Fusion { bits, wide } => {
            let _ = (c.hw?, c.fold?);
            Some(RouteStep {
                fusion_bits: bits as u16,
                fusion_wide: wide,
                fusion_fold: Some(named(bits)),
                reduced_by_instruction: true,
                ..plain(Backend::Fusion)
            })
        }
        Emulated::Instruction { three } => {
            let _ = c.hw?;
            Some(RouteStep {
                three_streams: three,
                ..plain(Backend::HwCrc)
            })
        }
        Emulated::ThreeAccumulators { .. } => None,
    }
}

/// The fold body on `bits`-bit emulated vectors (128, 256 or 512); `reflected`: an msb
/// CRC run reflected (`f` its twin's constants, `lsb` true, `reg` the msb register); `hw`:
/// reduced by the emulated instruction for that polynomial (width 32, lsb), as the real
/// kernels do where the CPU has it.
#[allow(clippy::too_many_arguments)]
pub(crate) fn fold(
    bits: u32,
    lsb: bool,
    reflected: bool,
    hw: Option<HwCrc>,
    f: &FoldConsts,
    width: u32,
    reg: u64,
    bytes: &[u8],
) -> u64 {
    macro_rules! at {
        ($v:ty, $fold:ident, $by_instruction:ident) => {
            // SAFETY: the emulated primitives are plain Rust.
            unsafe {
                match (lsb, reflected, hw) {
                    (true, false, Some(HwCrc::Crc32)) => {
                        $by_instruction::<$v, EmulatedCrc<false>>(f, reg, bytes)
                    }
                    (true, false, Some(HwCrc::Crc32c)) => {
                        $by_instruction::<$v, EmulatedCrc<true>>(f, reg, bytes)
                    }
                    (true, true, _) => $fold::<$v, true, true, Barrett>(f, width, reg, bytes),
                    (true, false, _) => $fold::<$v, true, false, Barrett>(f, width, reg, bytes),
                    (false, ..) => $fold::<$v, false, false, Barrett>(f, width, reg, bytes),
                }
            }
        };
    }
    /// Aligned loads, as the 512-bit kernels (the prefetches are the real kernels' only).
    unsafe fn aligned<V: Vector, const LSB: bool, const BITREV: bool, R: Reduce>(
        f: &FoldConsts,
        width: u32,
        reg: u64,
        bytes: &[u8],
    ) -> u64 {
        // SAFETY: the caller's.
        unsafe { from_register_aligned::<V, LSB, BITREV, 0, ALIGN_MIN, R>(f, width, reg, bytes) }
    }
    /// Aligned by the instruction, as the 512-bit kernel for CRC-32C.
    unsafe fn aligned_by<V: Vector, I: CrcInstruction>(
        f: &FoldConsts,
        reg: u64,
        bytes: &[u8],
    ) -> u64 {
        // SAFETY: the caller's.
        unsafe { from_register_by_instruction::<V, I, ALIGN_BY_INSTRUCTION_MIN, 4>(f, reg, bytes) }
    }
    /// Reduced by the instruction, as `pclmul_crc32c` and `vpclmul256_crc32c`.
    unsafe fn reduced_by<V: Vector, I: CrcInstruction>(
        f: &FoldConsts,
        reg: u64,
        bytes: &[u8],
    ) -> u64 {
        // SAFETY: the caller's.
        unsafe { from_register::<V, true, false, ByInstruction<I>>(f, 32, reg, bytes) }
    }
    match bits {
        128 => at!(Emulated128, from_register, reduced_by),
        256 => at!(Emulated256, from_register, reduced_by),
        // As the 512-bit kernels: aligned loads (by the instruction where it reduces).
        _ => at!(Emulated512, aligned, aligned_by),
    }
}

/// The fold body with three accumulators on `bits`-bit emulated vectors, reduced by the
/// emulated instruction for `hw`, its loads aligned as the 512-bit kernel's.
pub(crate) fn fold_three(bits: u32, hw: HwCrc, f: &FoldConsts, reg: u64, bytes: &[u8]) -> u64 {
    macro_rules! at {
        ($v:ty) => {
            // SAFETY: the emulated primitives are plain Rust.
            unsafe {
                match hw {
                    HwCrc::Crc32 => from_register_by_instruction::<
                        $v,
                        EmulatedCrc<false>,
                        ALIGN_BY_INSTRUCTION_MIN,
                        3,
                    >(f, reg, bytes),
                    HwCrc::Crc32c => from_register_by_instruction::<
                        $v,
                        EmulatedCrc<true>,
                        ALIGN_BY_INSTRUCTION_MIN,
                        3,
                    >(f, reg, bytes),
                }
            }
        };
    }
    match bits {
        128 => at!(Emulated128),
        256 => at!(Emulated256),
        _ => at!(Emulated512),
    }
}

/// Fusion on `bits`-bit emulated vectors with the emulated instruction for `hw`, in the
/// block shape the real kernels of that width use (`wide`: the wide 512-bit one).
pub(crate) fn fusion<'a>(
    bits: u32,
    wide: bool,
    hw: HwCrc,
    f: &FoldConsts,
    state: u32,
    bytes: &'a [u8],
) -> (u32, &'a [u8]) {
    macro_rules! with {
        ($i:ty) => {
            // SAFETY: the emulated primitives are plain Rust.
            unsafe {
                match bits {
                    128 => fusion::update::<
                        Emulated128,
                        $i,
                        LANE_WORDS,
                        LANE_STEPS,
                        LANE_STEPS,
                        false,
                        0,
                    >(f, state, bytes),
                    256 => fusion::update::<
                        Emulated256,
                        $i,
                        YMM_WORDS,
                        YMM_MIN_STEPS,
                        YMM_MAX_STEPS,
                        false,
                        0,
                    >(f, state, bytes),
                    _ if wide => fusion::update::<
                        Emulated512,
                        $i,
                        ZMM_WIDE_WORDS,
                        ZMM_WIDE_MIN_STEPS,
                        ZMM_WIDE_MAX_STEPS,
                        true,
                        0,
                    >(f, state, bytes),
                    _ => fusion::update::<
                        Emulated512,
                        $i,
                        ZMM_WORDS,
                        ZMM_MIN_STEPS,
                        ZMM_MAX_STEPS,
                        true,
                        0,
                    >(f, state, bytes),
                }
            }
        };
    }
    match hw {
        HwCrc::Crc32 => with!(EmulatedCrc<false>),
        HwCrc::Crc32c => with!(EmulatedCrc<true>),
    }
}

/// The instruction's streams with the emulated instruction for `hw`.
pub(crate) fn hw(hw: HwCrc, three: bool, state: u32, bytes: &[u8]) -> u32 {
    macro_rules! with {
        ($i:ty) => {
            // SAFETY: the emulated primitives are plain Rust.
            unsafe {
                if three {
                    hwcrc::three_streams::<$i, THREE_PASS_MIN>(state, bytes)
                } else {
                    hwcrc::one_stream::<$i>(state, bytes, 0)
                }
            }
        };
    }
    match hw {
        HwCrc::Crc32 => with!(EmulatedCrc<false>),
        HwCrc::Crc32c => with!(EmulatedCrc<true>),
    }
}
