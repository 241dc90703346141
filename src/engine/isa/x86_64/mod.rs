//! The x86_64 instruction set: the bodies instantiated on 128-bit PCLMULQDQ, 256- and
//! 512-bit VPCLMULQDQ and SSE4.2's `crc32` (CRC-32C only), each entry point with the
//! `#[target_feature]`s its primitives need, and its [`Isa`], whose safe functions take every
//! choice the route made as an argument. Its primitives are in `primitives.rs`, what the CPU
//! offers in `detect.rs` (its routing family: `engine::detect`'s).

mod detect;
mod fused;
pub(crate) mod primitives;
mod reflected;

use core::arch::x86_64::{__m128i, __m256i, __m512i};

use super::Isa;
use crate::backend::{Backend, RouteStep};
use crate::engine::fold::{
    from_register, from_register_aligned, from_register_by_instruction, Barrett, ByInstruction,
};
use crate::engine::kernels::shapes::{zmm_aligns_from, THREE_PASS_MIN};
use crate::engine::hwcrc;
use crcstamp_layout::{FoldConsts, HwCrc};
use primitives::Sse42;

/// x86_64: PCLMULQDQ, VPCLMULQDQ on 256 and 512 bits, GFNI and SSE4.2's `crc32`.
pub(crate) struct X86_64;

impl Isa for X86_64 {
    type Features = detect::Features;
    const FOLDING_ORDER: &'static [Backend] =
        &[Backend::Vpclmul512, Backend::Vpclmul256, Backend::Pclmul];

    fn features() -> Self::Features {
        detect::features()
    }
    fn has(backend: Backend) -> bool {
        detect::has(backend)
    }
    fn has_gfni() -> bool {
        detect::has_gfni()
    }

    fold_by_backend! {
        Pclmul => pclmul_lsb, pclmul_msb;
        Vpclmul256 => vpclmul256_lsb, vpclmul256_msb;
        Vpclmul512 => vpclmul512_lsb, vpclmul512_msb,
            aligned vpclmul512_aligned_lsb, vpclmul512_aligned_msb;
    }

    /// CRC-32C only, reduced by two steps of the `crc32` instruction.
    #[inline(always)]
    fn fold_by_instruction(
        backend: Backend,
        aligned: bool,
        hw: HwCrc,
        f: &FoldConsts,
        reg: u64,
        bytes: &[u8],
    ) -> Option<u64> {
        // SAFETY (every arm): `backend` is available, and so is the instruction (the caller
        // checked).
        match (backend, hw) {
            (Backend::Pclmul, HwCrc::Crc32c) => Some(unsafe { pclmul_crc32c(f, reg, bytes) }),
            (Backend::Vpclmul256, HwCrc::Crc32c) => Some(unsafe { vpclmul256_crc32c(f, reg, bytes) }),
            (Backend::Vpclmul512, HwCrc::Crc32c) => Some(unsafe {
                match aligned {
                    true => vpclmul512_aligned_crc32c(f, reg, bytes),
                    false => vpclmul512_crc32c(f, reg, bytes),
                }
            }),
            _ => None,
        }
    }

    /// Every folding kernel, for CRC-32C.
    fn reduces_by_instruction(backend: Backend, hw: HwCrc) -> bool {
        matches!(
            (backend, hw),
            (
                Backend::Pclmul | Backend::Vpclmul256 | Backend::Vpclmul512,
                HwCrc::Crc32c
            )
        )
    }

    /// The 512-bit kernel only: on Intel a 512-bit load that spans two cache lines costs
    /// (`kernels::shapes::ALIGN_MIN`).
    fn aligns_from(backend: Backend, by_instruction: bool) -> Option<usize> {
        zmm_aligns_from(backend, by_instruction)
    }

    signed! {
        /// The kernel reflects the register in the vector unit. Only the 512-bit kernel runs
        /// so, where the CPU has GFNI (`plan::runs_reflected`).
        #[inline(always)]
        fn fold_reflected |backend, ahead, aligned, twin, width, reg, bytes| {
            assert!(
                backend == Backend::Vpclmul512,
                "{backend:?} does not run msb CRCs reflected"
            );
            // SAFETY: the caller checked GFNI (`plan::runs_reflected`), and `backend` is available.
            unsafe {
                match aligned {
                    true => reflected::vpclmul512_reflected_aligned(ahead, twin, width, reg, bytes),
                    false => reflected::vpclmul512_reflected(ahead, twin, width, reg, bytes),
                }
            }
        }
    }

    signed! {
        /// CRC-32C's instruction; reading ahead in the narrow 512-bit shape only. 512-bit
        /// vectors must be available for a 512-bit shape.
        #[inline]
        fn fusion |hw, step, f, state, bytes| {
            debug_assert!(hw == HwCrc::Crc32c);
            // SAFETY: fusion is available, so detection checked every extension of the entry point
            // (and AVX-512 for `fusion512`, whose shapes only a CPU with it is given).
            unsafe {
                match (step.fusion_bits, step.fusion_wide) {
                    (512, false) => fused::fusion512(false, step.reads_ahead, f, state, bytes),
                    (512, true) => fused::fusion512(true, false, f, state, bytes),
                    _ => fused::fusion256(f, state, bytes),
                }
            }
        }
    }

    #[inline(always)]
    fn hw(hw: HwCrc, three: bool, state: u32, bytes: &[u8]) -> u32 {
        debug_assert!(hw == HwCrc::Crc32c);
        // SAFETY: the caller checked SSE4.2 (and PCLMULQDQ for three streams).
        unsafe {
            match three {
                true => {
                    long_input();
                    crc32c_three(state, bytes)
                }
                false => crc32c_one(state, bytes),
            }
        }
    }
}

/// Marks the path of the long inputs as the one less taken, so that the short inputs' call
/// stays on the fall-through path (a `#[cold]` call LLVM then drops: it does nothing).
#[cold]
fn long_input() {}

by_order! {
    /// # Safety
    /// The CPU must support PCLMULQDQ, SSE4.1 and SSSE3.
    #[target_feature(enable = "pclmulqdq,sse4.1,ssse3")]
    fn pclmul_lsb / pclmul_msb = from_register::<__m128i, _, false, Barrett>;

    /// # Safety
    /// The CPU must support VPCLMULQDQ, AVX2, PCLMULQDQ, SSE4.1 and SSSE3.
    #[target_feature(enable = "vpclmulqdq,avx2,pclmulqdq,sse4.1,ssse3")]
    fn vpclmul256_lsb / vpclmul256_msb = from_register::<__m256i, _, false, Barrett>;

    /// # Safety
    /// The CPU must support AVX-512 F/VL/BW/VBMI, VPCLMULQDQ, AVX2, PCLMULQDQ, SSE4.1 and SSSE3.
    #[target_feature(
        enable = "avx512f,avx512vl,avx512bw,avx512vbmi,vpclmulqdq,avx2,pclmulqdq,sse4.1,ssse3"
    )]
    fn vpclmul512_lsb / vpclmul512_msb = from_register::<__m512i, _, false, Barrett>;

    /// # Safety
    /// As [`vpclmul512_lsb`].
    #[target_feature(
        enable = "avx512f,avx512vl,avx512bw,avx512vbmi,vpclmulqdq,avx2,pclmulqdq,sse4.1,ssse3"
    )]
    fn vpclmul512_aligned_lsb / vpclmul512_aligned_msb = from_register_aligned::<__m512i, _, false, 0, true, Barrett>;
}

/// CRC-32C on 128-bit lanes, reduced by the `crc32` instruction.
///
/// # Safety
/// The CPU must support PCLMULQDQ, SSE4.2, SSE4.1 and SSSE3.
#[target_feature(enable = "pclmulqdq,sse4.2,sse4.1,ssse3")]
unsafe fn pclmul_crc32c(f: &FoldConsts, reg: u64, bytes: &[u8]) -> u64 {
    // SAFETY: as above.
    unsafe { from_register::<__m128i, true, false, ByInstruction<Sse42>>(f, 32, reg, bytes) }
}

/// CRC-32C on 256-bit vectors, reduced by the `crc32` instruction.
///
/// # Safety
/// As [`vpclmul256_lsb`], and SSE4.2.
#[target_feature(enable = "vpclmulqdq,avx2,pclmulqdq,sse4.2,sse4.1,ssse3")]
unsafe fn vpclmul256_crc32c(f: &FoldConsts, reg: u64, bytes: &[u8]) -> u64 {
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
unsafe fn vpclmul512_crc32c(f: &FoldConsts, reg: u64, bytes: &[u8]) -> u64 {
    // SAFETY: as above.
    unsafe { from_register_by_instruction::<__m512i, Sse42, false>(f, reg, bytes) }
}

/// [`vpclmul512_crc32c`] with its loads aligned, the bytes before them through the
/// instruction.
///
/// # Safety
/// As [`vpclmul512_crc32c`].
#[target_feature(
    enable = "avx512f,avx512vl,avx512bw,avx512vbmi,vpclmulqdq,avx2,pclmulqdq,sse4.2,sse4.1,ssse3"
)]
unsafe fn vpclmul512_aligned_crc32c(f: &FoldConsts, reg: u64, bytes: &[u8]) -> u64 {
    // SAFETY: as above.
    unsafe { from_register_by_instruction::<__m512i, Sse42, true>(f, reg, bytes) }
}

/// # Safety
/// The CPU must support SSE4.2.
#[target_feature(enable = "sse4.2")]
unsafe fn crc32c_one(state: u32, bytes: &[u8]) -> u32 {
    // SAFETY: as above.
    unsafe { hwcrc::one_stream::<Sse42>(state, bytes, 0) }
}

/// # Safety
/// The CPU must support SSE4.2 and PCLMULQDQ.
#[target_feature(enable = "sse4.2,pclmulqdq")]
unsafe fn crc32c_three(state: u32, bytes: &[u8]) -> u32 {
    // SAFETY: as above.
    unsafe { hwcrc::three_streams::<Sse42, THREE_PASS_MIN>(state, bytes) }
}
