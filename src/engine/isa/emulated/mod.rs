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
    /// The CRC instruction: one stream, or three where the input is long enough.
    Instruction {
        /// Three streams.
        three: bool,
    },
}

use crate::backend::{Backend, RouteStep};
use crate::consts::Consts;
use crate::engine::fold::{
    from_register, from_register_aligned, from_register_by_instruction, Barrett,
};
use crate::engine::isa::Isa;
use crate::engine::kernels::shapes::{
    zmm_aligns_from, LANE_STEPS, LANE_WORDS, THREE_PASS_MIN, YMM_MAX_STEPS, YMM_MIN_STEPS,
    YMM_WORDS, ZMM_MAX_STEPS, ZMM_MIN_STEPS, ZMM_WIDE_MAX_STEPS, ZMM_WIDE_MIN_STEPS,
    ZMM_WIDE_WORDS, ZMM_WORDS,
};
use crate::engine::simd::Vector;
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
        aligned: bool,
        f: &FoldConsts,
        width: u32,
        reg: u64,
        bytes: &[u8],
    ) -> u64 {
        let how = How {
            lsb: LSB,
            reflected: false,
            hw: None,
            aligned,
        };
        fold(bits(b), how, f, width, reg, bytes)
    }
    fn fold_by_instruction(
        b: Backend,
        aligned: bool,
        hw: HwCrc,
        f: &FoldConsts,
        reg: u64,
        bytes: &[u8],
    ) -> Option<u64> {
        let how = How {
            lsb: true,
            reflected: false,
            hw: Some(hw),
            aligned,
        };
        Some(fold(bits(b), how, f, 32, reg, bytes))
    }
    /// As x86_64's: the 512-bit kernel, by the instruction from its own length.
    fn aligns_from(backend: Backend, by_instruction: bool) -> Option<usize> {
        zmm_aligns_from(backend, by_instruction)
    }
    signed! {
        fn fold_reflected |b, _, aligned, twin, width, reg, bytes| {
            let how = How { lsb: true, reflected: true, hw: None, aligned };
            fold(bits(b), how, twin, width, reg, bytes)
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

/// The step that runs `kernel` on `len` bytes of `c` (`run::run_on` with [`EmulatedIsa`]);
/// `None` where `c` lacks its data (folding constants, a CRC instruction, reflected
/// constants). The loads are aligned from the lengths the real kernels' are.
pub(crate) fn step<W: Word>(c: &Consts<'_, W>, kernel: Emulated, len: usize) -> Option<RouteStep> {
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
            let reduced_by_instruction = by_instruction && !reflected;
            Some(RouteStep {
                reflected,
                reduced_by_instruction,
                aligned: EmulatedIsa::aligns(named(bits), reduced_by_instruction, len),
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
                aligned: EmulatedIsa::aligns(named(bits), true, len),
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
    }
}

/// How [`fold`] runs: the bit order, an msb CRC run reflected (`f` its twin's constants,
/// `lsb` true, `reg` the msb register), reduced by the emulated instruction for that
/// polynomial (width 32, lsb) as the real kernels are where the CPU has it, and the loads
/// aligned (the step's; 512 bits only, as the real kernels).
#[derive(Clone, Copy)]
pub(crate) struct How {
    lsb: bool,
    reflected: bool,
    hw: Option<HwCrc>,
    aligned: bool,
}

/// The fold body on `bits`-bit emulated vectors (128, 256 or 512), run as `how` says.
pub(crate) fn fold(bits: u32, how: How, f: &FoldConsts, width: u32, reg: u64, bytes: &[u8]) -> u64 {
    /// Barrett-reduced, its loads aligned where `ALIGN`.
    unsafe fn barrett<V: Vector, const LSB: bool, const BITREV: bool, const ALIGN: bool>(
        f: &FoldConsts,
        width: u32,
        reg: u64,
        bytes: &[u8],
    ) -> u64 {
        // SAFETY: the caller's.
        unsafe {
            match ALIGN {
                true => {
                    from_register_aligned::<V, LSB, BITREV, 0, true, Barrett>(f, width, reg, bytes)
                }
                false => from_register::<V, LSB, BITREV, Barrett>(f, width, reg, bytes),
            }
        }
    }
    macro_rules! at {
        ($v:ty, $align:literal) => {
            // SAFETY: the emulated primitives are plain Rust.
            unsafe {
                match (how.lsb, how.reflected, how.hw) {
                    (true, false, Some(HwCrc::Crc32)) => {
                        from_register_by_instruction::<$v, EmulatedCrc<false>, $align>(
                            f, reg, bytes,
                        )
                    }
                    (true, false, Some(HwCrc::Crc32c)) => {
                        from_register_by_instruction::<$v, EmulatedCrc<true>, $align>(f, reg, bytes)
                    }
                    (true, true, _) => barrett::<$v, true, true, $align>(f, width, reg, bytes),
                    (true, false, _) => barrett::<$v, true, false, $align>(f, width, reg, bytes),
                    (false, ..) => barrett::<$v, false, false, $align>(f, width, reg, bytes),
                }
            }
        };
    }
    match (bits, how.aligned) {
        (128, _) => at!(Emulated128, false),
        (256, _) => at!(Emulated256, false),
        (_, false) => at!(Emulated512, false),
        (_, true) => at!(Emulated512, true),
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
