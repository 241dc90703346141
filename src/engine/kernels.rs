//! Every kernel entry point: the generic bodies (`fold::body`, `fusion::update`,
//! `hwcrc::one_stream` and `three_streams`) instantiated per instruction set and width, each
//! with the `#[target_feature]`s its primitives need, and the map from a backend to its
//! entry point. The emulated instantiations (plain Rust, any CPU) are here too.
//!
//! The entry points are not generic: each bit order is a function of its own (`by_order!`),
//! and the shape and reading ahead of the kernels that run only long inputs are arguments,
//! matched at entry. A generic item (const parameters too) is compiled again in every crate
//! whose code reaches it, and these bodies were most of a user's release build
//! (`spec/decisions.md`, "A small head inlined, the rest one call").

use super::arch::emulated::{Emulated128, Emulated256, Emulated512};
use super::dispatch::Cpu;
use super::fold::{
    from_register, from_register_aligned, from_register_by_instruction, Barrett, ByInstruction,
    Reduce,
};
use super::fusion;
use super::hwcrc;
use crate::backend::Backend;
use crate::consts::{FoldConsts, HwCrc};

/// Fusion's block shape on 128-bit lanes: words per stream per step of four vectors, and the
/// fewest and most steps in a block. Fixed at 64 steps: 4 KiB of vectors and three 1 KiB
/// streams, 7 KiB a block (`spec/decisions.md`, "Fusion"; the longer blocks that paid on x86
/// are unmeasured on aarch64, the only user of this shape).
const LANE_WORDS: usize = 2;
const LANE_STEPS: usize = 64;
/// The same on 256-bit vectors: from 32 steps (4 KiB of vectors and three 1 KiB streams, 7
/// KiB a block) to 128 (28 KiB). Each block's join waits for the block before it, so longer
/// blocks pay it less often (`spec/decisions.md`, "Longer fusion blocks").
const YMM_WORDS: usize = 4;
const YMM_MIN_STEPS: usize = 32;
const YMM_MAX_STEPS: usize = 128;
/// The same on 512-bit vectors, where the fold is four times the instruction's speed: from
/// 32 steps (8 KiB of vectors, 9.5 KiB a block, where fusion starts to beat the fold alone
/// with the core to itself) to 256 (64 KiB of vectors, 76 KiB a block; `spec/decisions.md`).
const ZMM_WORDS: usize = 2;
const ZMM_MIN_STEPS: usize = 32;
const ZMM_MAX_STEPS: usize = 256;
/// The wide 512-bit shape, for a CPU whose instruction retires two a cycle (AMD Zen 5: the
/// three streams' latency caps them at one a cycle, so fusion gives them twice the words):
/// four words per stream per step, from 8 steps (2.75 KiB a block: where the multiplier is
/// the bound, what the instruction takes pays even in short blocks) to 112 (38.5 KiB), as
/// long as the join table allows (`spec/decisions.md`, "Fusion on AMD Zen 5").
const ZMM_WIDE_WORDS: usize = 4;
const ZMM_WIDE_MIN_STEPS: usize = 8;
const ZMM_WIDE_MAX_STEPS: usize = 112;
/// Where the route takes 512-bit fusion: from 32 KiB, not from its shortest block. Below
/// that the fold alone ran as fast in the peers bench with the core to itself and up to a
/// sixth faster with the host busy (`spec/decisions.md`, "Fusion on 512-bit vectors").
#[cfg(target_arch = "x86_64")]
const ZMM_FUSION_FROM: usize = 32 * 1024;
/// Where the route takes the wide shape: from 4 KiB, where it beat the fold alone by 13–15%
/// (at 3173 bytes 1.01).
#[cfg(target_arch = "x86_64")]
const ZMM_WIDE_FUSION_FROM: usize = 4 * 1024;

/// The shortest input fusion takes on 128-bit lanes or 256-bit vectors (7 KiB either way).
const FUSION_BLOCK_MIN: usize = YMM_MIN_STEPS * fusion::step_bytes::<Emulated256, YMM_WORDS>();
const _: () =
    assert!(FUSION_BLOCK_MIN == LANE_STEPS * fusion::step_bytes::<Emulated128, LANE_WORDS>());

/// The shortest input the route gives fusion on any CPU ([`fusion_from`]'s least value):
/// below it the route tests a constant, not the CPU's shape.
pub(super) const FUSION_FROM_ANY: usize = {
    #[cfg(target_arch = "x86_64")]
    {
        let zmm = if ZMM_WIDE_FUSION_FROM < ZMM_FUSION_FROM {
            ZMM_WIDE_FUSION_FROM
        } else {
            ZMM_FUSION_FROM
        };
        if zmm < FUSION_BLOCK_MIN {
            zmm
        } else {
            FUSION_BLOCK_MIN
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    FUSION_BLOCK_MIN
};

/// The longest of the shortest inputs fusion takes, in any shape (the self-test's buffer must
/// hold it, plus an alignment head).
pub(super) const FUSION_BLOCK_LONGEST: usize = {
    let zmm = ZMM_MIN_STEPS * fusion::step_bytes::<Emulated512, ZMM_WORDS>();
    let wide = ZMM_WIDE_MIN_STEPS * fusion::step_bytes::<Emulated512, ZMM_WIDE_WORDS>();
    let zmm = if wide > zmm { wide } else { zmm };
    if zmm > FUSION_BLOCK_MIN {
        zmm
    } else {
        FUSION_BLOCK_MIN
    }
};

/// Two entry points of one fold body, one per bit order (`lsb` and `msb`), each the code a
/// generic instantiation would be, with no test of the order at entry.
/// `by_order!(LSB, lsb, msb, args..)` calls one of them by a const parameter.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
macro_rules! by_order {
    (
        $(#[doc = $doc:literal])*
        #[target_feature(enable = $features:literal)]
        fn $lsb:ident / $msb:ident = $body:ident::<$v:ty, _ $(, $arg:tt)*>;
    ) => {
        $(#[doc = $doc])*
        #[target_feature(enable = $features)]
        pub(super) unsafe fn $lsb(f: &FoldConsts, width: u32, reg: u64, bytes: &[u8]) -> u64 {
            // SAFETY: our features are the body's requirement.
            unsafe { $body::<$v, true $(, $arg)*>(f, width, reg, bytes) }
        }
        $(#[doc = $doc])*
        #[target_feature(enable = $features)]
        pub(super) unsafe fn $msb(f: &FoldConsts, width: u32, reg: u64, bytes: &[u8]) -> u64 {
            // SAFETY: as above.
            unsafe { $body::<$v, false $(, $arg)*>(f, width, reg, bytes) }
        }
    };
    ($lsb_order:expr, $lsb:path, $msb:path, $($arg:expr),*) => {
        match $lsb_order {
            true => $lsb($($arg),*),
            false => $msb($($arg),*),
        }
    };
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use core::arch::x86_64::{__m128i, __m256i, __m512i};

    use super::*;
    use crate::engine::arch::x86_64::Sse42;

    by_order! {
        /// # Safety
        /// The CPU must support PCLMULQDQ, SSE4.1 and SSSE3.
        #[target_feature(enable = "pclmulqdq,sse4.1,ssse3")]
        fn pclmul_lsb / pclmul_msb = from_register::<__m128i, _, false, Barrett>;
    }

    by_order! {
        /// # Safety
        /// The CPU must support VPCLMULQDQ, AVX2, PCLMULQDQ, SSE4.1 and SSSE3.
        #[target_feature(enable = "vpclmulqdq,avx2,pclmulqdq,sse4.1,ssse3")]
        fn vpclmul256_lsb / vpclmul256_msb = from_register::<__m256i, _, false, Barrett>;
    }

    by_order! {
        /// # Safety
        /// The CPU must support AVX-512 F/VL/BW/VBMI, VPCLMULQDQ, AVX2, PCLMULQDQ, SSE4.1 and SSSE3.
        #[target_feature(
            enable = "avx512f,avx512vl,avx512bw,avx512vbmi,vpclmulqdq,avx2,pclmulqdq,sse4.1,ssse3"
        )]
        fn vpclmul512_lsb / vpclmul512_msb = from_register_aligned::<__m512i, _, false, 0, Barrett>;
    }

    /// An msb CRC run reflected over bit-reversed bytes (`fold.rs`), `f` the constants of
    /// its reflected twin, `reg` the msb register; `ahead`: reading [`AHEAD`] bytes ahead.
    ///
    /// # Safety
    /// As [`vpclmul512_lsb`], and GFNI.
    #[target_feature(
        enable = "avx512f,avx512vl,avx512bw,avx512vbmi,gfni,vpclmulqdq,avx2,pclmulqdq,sse4.1,ssse3"
    )]
    pub(super) unsafe fn vpclmul512_reflected(
        ahead: bool,
        f: &FoldConsts,
        width: u32,
        reg: u64,
        bytes: &[u8],
    ) -> u64 {
        // SAFETY: as above.
        unsafe {
            match ahead {
                true => from_register_aligned::<__m512i, true, true, AHEAD, Barrett>(
                    f, width, reg, bytes,
                ),
                false => {
                    from_register_aligned::<__m512i, true, true, 0, Barrett>(f, width, reg, bytes)
                }
            }
        }
    }

    /// CRC-32C on 128-bit lanes, reduced by the `crc32` instruction.
    ///
    /// # Safety
    /// The CPU must support PCLMULQDQ, SSE4.2, SSE4.1 and SSSE3.
    #[target_feature(enable = "pclmulqdq,sse4.2,sse4.1,ssse3")]
    pub(super) unsafe fn pclmul_crc32c(f: &FoldConsts, reg: u64, bytes: &[u8]) -> u64 {
        // SAFETY: as above.
        unsafe { from_register::<__m128i, true, false, ByInstruction<Sse42>>(f, 32, reg, bytes) }
    }

    /// CRC-32C on 256-bit vectors, reduced by the `crc32` instruction.
    ///
    /// # Safety
    /// As [`vpclmul256_lsb`], and SSE4.2.
    #[target_feature(enable = "vpclmulqdq,avx2,pclmulqdq,sse4.2,sse4.1,ssse3")]
    pub(super) unsafe fn vpclmul256_crc32c(f: &FoldConsts, reg: u64, bytes: &[u8]) -> u64 {
        // SAFETY: as above.
        unsafe { from_register::<__m256i, true, false, ByInstruction<Sse42>>(f, 32, reg, bytes) }
    }

    /// CRC-32C on 512-bit vectors, reduced by the `crc32` instruction.
    ///
    /// # Safety
    /// As [`vpclmul512_lsb`], and SSE4.2.
    #[target_feature(
        enable = "avx512f,avx512vl,avx512bw,avx512vbmi,vpclmulqdq,avx2,pclmulqdq,sse4.2,sse4.1,ssse3"
    )]
    pub(super) unsafe fn vpclmul512_crc32c(f: &FoldConsts, reg: u64, bytes: &[u8]) -> u64 {
        // SAFETY: as above.
        unsafe { from_register_by_instruction::<__m512i, Sse42>(f, reg, bytes) }
    }

    /// # Safety
    /// As [`vpclmul256_lsb`], and SSE4.2.
    #[target_feature(enable = "vpclmulqdq,avx2,pclmulqdq,sse4.2,sse4.1,ssse3")]
    pub(super) unsafe fn fusion256<'a>(
        f: &FoldConsts,
        state: u32,
        bytes: &'a [u8],
    ) -> (u32, &'a [u8]) {
        // SAFETY: as above.
        unsafe {
            fusion::update::<__m256i, Sse42, YMM_WORDS, YMM_MIN_STEPS, YMM_MAX_STEPS, false, 0>(
                f, state, bytes,
            )
        }
    }

    /// `wide`: the wide shape (which does not read ahead); otherwise the narrow one,
    /// reading [`AHEAD`] bytes ahead where `ahead`.
    ///
    /// # Safety
    /// As [`vpclmul512_lsb`], and SSE4.2.
    #[target_feature(
        enable = "avx512f,avx512vl,avx512bw,avx512vbmi,vpclmulqdq,avx2,pclmulqdq,sse4.2,sse4.1,ssse3"
    )]
    pub(super) unsafe fn fusion512<'a>(
        wide: bool,
        ahead: bool,
        f: &FoldConsts,
        state: u32,
        bytes: &'a [u8],
    ) -> (u32, &'a [u8]) {
        // SAFETY: as above.
        unsafe {
            match (wide, ahead) {
                (true, _) => fusion::update::<
                    __m512i,
                    Sse42,
                    ZMM_WIDE_WORDS,
                    ZMM_WIDE_MIN_STEPS,
                    ZMM_WIDE_MAX_STEPS,
                    true,
                    0,
                >(f, state, bytes),
                (false, true) => fusion::update::<
                    __m512i,
                    Sse42,
                    ZMM_WORDS,
                    ZMM_MIN_STEPS,
                    ZMM_MAX_STEPS,
                    true,
                    AHEAD,
                >(f, state, bytes),
                (false, false) => {
                    fusion::update::<__m512i, Sse42, ZMM_WORDS, ZMM_MIN_STEPS, ZMM_MAX_STEPS, true, 0>(
                        f, state, bytes,
                    )
                }
            }
        }
    }

    /// # Safety
    /// The CPU must support SSE4.2.
    #[target_feature(enable = "sse4.2")]
    pub(super) unsafe fn crc32c_one(state: u32, bytes: &[u8]) -> u32 {
        // SAFETY: as above.
        unsafe { hwcrc::one_stream::<Sse42>(state, bytes, 0) }
    }

    /// # Safety
    /// The CPU must support SSE4.2 and PCLMULQDQ.
    #[target_feature(enable = "sse4.2,pclmulqdq")]
    pub(super) unsafe fn crc32c_three(state: u32, bytes: &[u8]) -> u32 {
        // SAFETY: as above.
        unsafe { hwcrc::three_streams::<Sse42>(state, bytes) }
    }

    /// The bytes of a 512-bit fused block's step, in either shape.
    pub(super) const ZMM_STEP: usize = fusion::step_bytes::<__m512i, ZMM_WORDS>();
    pub(super) const ZMM_WIDE_STEP: usize = fusion::step_bytes::<__m512i, ZMM_WIDE_WORDS>();
}

#[cfg(target_arch = "aarch64")]
mod arm {
    use core::arch::aarch64::uint64x2_t;

    use super::*;
    use crate::engine::arch::aarch64::{Crc32, Crc32c};

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
    pub(super) unsafe fn fusion<'a>(
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
    pub(super) unsafe fn one(hw: HwCrc, state: u32, bytes: &[u8]) -> u32 {
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
    pub(super) unsafe fn three(hw: HwCrc, state: u32, bytes: &[u8]) -> u32 {
        // SAFETY: as above.
        unsafe {
            match hw {
                HwCrc::Crc32 => hwcrc::three_streams::<Crc32>(state, bytes),
                HwCrc::Crc32c => hwcrc::three_streams::<Crc32c>(state, bytes),
            }
        }
    }
}

/// Runs the folding kernel `backend` on `bytes` (at least 16) from the register `reg` in the
/// kernels' layout. `backend` must be available here.
#[allow(unused_variables)]
#[inline(always)]
pub(super) fn fold<const LSB: bool>(
    backend: Backend,
    f: &FoldConsts,
    width: u32,
    reg: u64,
    bytes: &[u8],
) -> u64 {
    // SAFETY (every arm): `backend` is available, so `engine::dispatch` checked every
    // extension its entry point enables.
    match backend {
        #[cfg(target_arch = "x86_64")]
        Backend::Pclmul => unsafe {
            by_order!(LSB, x86::pclmul_lsb, x86::pclmul_msb, f, width, reg, bytes)
        },
        #[cfg(target_arch = "x86_64")]
        Backend::Vpclmul256 => unsafe {
            by_order!(
                LSB,
                x86::vpclmul256_lsb,
                x86::vpclmul256_msb,
                f,
                width,
                reg,
                bytes
            )
        },
        #[cfg(target_arch = "x86_64")]
        Backend::Vpclmul512 => unsafe {
            by_order!(
                LSB,
                x86::vpclmul512_lsb,
                x86::vpclmul512_msb,
                f,
                width,
                reg,
                bytes
            )
        },
        #[cfg(target_arch = "aarch64")]
        Backend::Pmull => unsafe {
            by_order!(LSB, arm::pmull_lsb, arm::pmull_msb, f, width, reg, bytes)
        },
        #[cfg(target_arch = "aarch64")]
        Backend::PmullEor3 => unsafe {
            by_order!(
                LSB,
                arm::pmull_eor3_lsb,
                arm::pmull_eor3_msb,
                f,
                width,
                reg,
                bytes
            )
        },
        _ => unreachable!("not a folding backend of this architecture: {backend:?}"),
    }
}

/// [`fold`] for a CRC whose register update `hw`'s instruction computes, reduced by two
/// steps of the instruction instead of Barrett (`fold::ByInstruction`); `None` where this
/// target has no such entry for `backend` (then [`fold`] serves). The instruction must be
/// available.
#[allow(unused_variables)]
#[inline(always)]
pub(super) fn fold_by_instruction(
    backend: Backend,
    hw: HwCrc,
    f: &FoldConsts,
    reg: u64,
    bytes: &[u8],
) -> Option<u64> {
    // SAFETY (every arm): `backend` is available, and so is the instruction (the caller
    // checked); on x86_64 only CRC-32C has one.
    #[cfg(target_arch = "x86_64")]
    return match (backend, hw) {
        (Backend::Pclmul, HwCrc::Crc32c) => Some(unsafe { x86::pclmul_crc32c(f, reg, bytes) }),
        (Backend::Vpclmul256, HwCrc::Crc32c) => {
            Some(unsafe { x86::vpclmul256_crc32c(f, reg, bytes) })
        }
        (Backend::Vpclmul512, HwCrc::Crc32c) => {
            Some(unsafe { x86::vpclmul512_crc32c(f, reg, bytes) })
        }
        _ => None,
    };
    #[allow(unreachable_code)]
    None
}

/// The shortest input an msb CRC runs reflected on ([`runs_reflected`]): every input the
/// route gives the 512-bit kernel (`dispatch::ZMM_MIN`). At 1–1.5 KiB the reflected run
/// measured 1.02–1.31× the byte shuffle's kernel on a 4 GHz Intel host, and 0.83–0.95× at
/// 1 KiB on a 2.5 GHz one, where the shuffle's shorter latency into the first fold and out
/// of the reduction counted for more (`spec/decisions.md`, "Forward CRCs reflected from 1
/// KiB").
pub(super) const REFLECTED_MIN: usize = super::dispatch::ZMM_MIN;

/// Whether `backend` runs msb CRCs of `len` bytes reflected over bit-reversed bytes here
/// ([`fold_reflected`]): the 512-bit kernel where the CPU has GFNI, from
/// [`REFLECTED_MIN`] bytes.
#[allow(unused_variables)]
#[inline(always)]
pub(super) fn runs_reflected(backend: Backend, cpu: Cpu, len: usize) -> bool {
    cfg!(target_arch = "x86_64")
        && backend == Backend::Vpclmul512
        && cpu.gfni()
        && len >= REFLECTED_MIN
}

/// [`fold`] for an msb CRC run reflected: `twin` are the constants of the lsb CRC of the
/// same polynomial; `reg`, in and out, the msb register (the kernel reflects it in the
/// vector unit). Only where [`runs_reflected`].
#[allow(unused_variables)]
#[inline(always)]
pub(super) fn fold_reflected(
    backend: Backend,
    cpu: Cpu,
    twin: &FoldConsts,
    width: u32,
    reg: u64,
    bytes: &[u8],
) -> u64 {
    // SAFETY: `runs_reflected` checked GFNI, and `backend` is available.
    #[cfg(target_arch = "x86_64")]
    if backend == Backend::Vpclmul512 {
        let ahead = reads_ahead(cpu, bytes.len());
        return unsafe { x86::vpclmul512_reflected(ahead, twin, width, reg, bytes) };
    }
    unreachable!("{backend:?} does not run msb CRCs reflected")
}

/// How far ahead of each step's vectors the 512-bit loops with no issue slot to spare ask the
/// cache for the lines they will load ([`reads_ahead`]): the bit-reversed run of msb CRCs
/// (two multiplies, a three-way XOR and a bit reversal a vector, on two ports) and fusion.
/// Where a line comes late from L2 such a loop cannot catch up; the plain reflected fold has
/// a slot a vector to spare and ran as fast without (`spec/decisions.md`, "Reading ahead").
#[cfg(target_arch = "x86_64")]
const AHEAD: usize = 1024;

/// From this length the route reads ahead ([`AHEAD`]) where the family does: past the L1
/// data cache (48 KiB on the Intel cores measured) the data comes from L2. Below it the
/// prefetches only take load slots (0.93–0.97× at 16 KiB).
#[cfg(target_arch = "x86_64")]
pub(super) const AHEAD_MIN: usize = 64 * 1024;

/// Whether the loops of [`AHEAD`] read ahead on `len` bytes here.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) fn reads_ahead(cpu: Cpu, len: usize) -> bool {
    cpu.reads_ahead() && len >= AHEAD_MIN
}

/// The shortest input the route gives [`fusion`] on this CPU (at least a block).
#[allow(unused_variables)]
#[inline(always)]
pub(super) fn fusion_from(cpu: Cpu) -> usize {
    #[cfg(target_arch = "x86_64")]
    if cpu.zmm_fusion() {
        const { assert!(ZMM_FUSION_FROM >= ZMM_MIN_STEPS * x86::ZMM_STEP) };
        const { assert!(ZMM_WIDE_FUSION_FROM >= ZMM_WIDE_MIN_STEPS * x86::ZMM_WIDE_STEP) };
        return match cpu.zmm_fusion_wide() {
            true => ZMM_WIDE_FUSION_FROM,
            false => ZMM_FUSION_FROM,
        };
    }
    FUSION_BLOCK_MIN
}

/// Fusion over the blocks at the start of `bytes` (`hw`'s instruction with the fold),
/// returning the register and the rest. Fusion must be available here.
#[allow(unused_variables)]
#[inline]
pub(super) fn fusion<'a>(
    hw: HwCrc,
    f: &FoldConsts,
    cpu: Cpu,
    state: u32,
    bytes: &'a [u8],
) -> (u32, &'a [u8]) {
    debug_assert!(cpu.has(Backend::Fusion) && hwcrc::supports(hw));
    // SAFETY: fusion is available, so dispatch checked every extension of the entry point
    // (and AVX-512 for `fusion512`); on x86_64 only CRC-32C has an instruction.
    #[cfg(target_arch = "x86_64")]
    return unsafe {
        if cpu.zmm_fusion() {
            // Only the amd profile takes the wide shape, and it does not read ahead.
            let wide = cpu.zmm_fusion_wide();
            x86::fusion512(wide, reads_ahead(cpu, bytes.len()), f, state, bytes)
        } else {
            x86::fusion256(f, state, bytes)
        }
    };
    #[cfg(target_arch = "aarch64")]
    // SAFETY: as above.
    return unsafe { arm::fusion(hw, f, state, bytes) };
    #[allow(unreachable_code)]
    {
        unreachable!("no fusion kernel on this target")
    }
}

/// The CRC instruction for `hw` on `bytes`: three streams where the input is long enough
/// and the CPU has a carry-less multiply to join them. The instruction must be available.
#[allow(unused_variables)]
#[inline(always)]
pub(super) fn hw(hw: HwCrc, cpu: Cpu, state: u32, bytes: &[u8]) -> u32 {
    debug_assert!(hwcrc::supports(hw) && cpu.has(Backend::HwCrc));
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `cpu` has SSE4.2 (HwCrc), and x86_64 only offers CRC-32C; the three-stream
    // kernel also needs PCLMULQDQ, checked here.
    return unsafe {
        if bytes.len() >= hwcrc::THREE_MIN && cpu.has(Backend::Pclmul) {
            x86::crc32c_three(state, bytes)
        } else {
            x86::crc32c_one(state, bytes)
        }
    };
    #[cfg(target_arch = "aarch64")]
    // SAFETY: `cpu` has the CRC extension; the three-stream kernel also needs PMULL.
    return unsafe {
        if bytes.len() >= hwcrc::THREE_MIN && cpu.has(Backend::Pmull) {
            arm::three(hw, state, bytes)
        } else {
            arm::one(hw, state, bytes)
        }
    };
    #[allow(unreachable_code)]
    {
        unreachable!("no CRC instructions on this target")
    }
}

/// The same bodies on the emulated lanes and instructions of `arch/emulated.rs`.
pub(crate) mod emulated;
