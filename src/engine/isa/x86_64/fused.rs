//! Fusion's entry points (CRC-32C's instruction beside the fold, `engine::fusion`), in a
//! module and so a codegen unit of their own: the heaviest of the kernels to compile, LLVM
//! optimizes them beside the others on another thread (`spec/decisions.md`, "The kernels in
//! three codegen units").

use core::arch::x86_64::{__m256i, __m512i};

use super::primitives::Sse42;
use crate::engine::fusion;
use crate::engine::kernels::shapes::{
    AHEAD, YMM_MAX_STEPS, YMM_MIN_STEPS, YMM_WORDS, ZMM_MAX_STEPS, ZMM_MIN_STEPS,
    ZMM_WIDE_MAX_STEPS, ZMM_WIDE_MIN_STEPS, ZMM_WIDE_WORDS, ZMM_WORDS,
};
use crcstamp_layout::FoldConsts;

/// # Safety
/// As [`vpclmul256_lsb`](super::vpclmul256_lsb), and SSE4.2.
#[target_feature(enable = "vpclmulqdq,avx2,pclmulqdq,sse4.2,sse4.1,ssse3")]
pub(super) unsafe fn fusion256<'a>(f: &FoldConsts, state: u32, bytes: &'a [u8]) -> (u32, &'a [u8]) {
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
/// As [`vpclmul512_lsb`](super::vpclmul512_lsb), and SSE4.2.
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
            (false, true) => {
                fusion::update::<__m512i, Sse42, ZMM_WORDS, ZMM_MIN_STEPS, ZMM_MAX_STEPS, true, AHEAD>(
                    f, state, bytes,
                )
            }
            (false, false) => {
                fusion::update::<__m512i, Sse42, ZMM_WORDS, ZMM_MIN_STEPS, ZMM_MAX_STEPS, true, 0>(
                    f, state, bytes,
                )
            }
        }
    }
}
