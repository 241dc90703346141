//! The entry point of msb CRCs run reflected over bit-reversed bytes on 512-bit vectors, in a
//! codegen unit of its own as `fused`'s.

use core::arch::x86_64::__m512i;

use crate::engine::fold::{from_register_aligned, Barrett};
use crate::engine::kernels::shapes::AHEAD;
use crcstamp_layout::FoldConsts;

/// An msb CRC run reflected over bit-reversed bytes (`fold.rs`), `f` the constants of
/// its reflected twin, `reg` the msb register; `ahead`: reading [`AHEAD`] bytes ahead.
///
/// # Safety
/// As [`vpclmul512_lsb`](super::vpclmul512_lsb), and GFNI.
#[target_feature(
    enable = "avx512f,avx512vl,avx512bw,avx512vbmi,gfni,vpclmulqdq,avx2,pclmulqdq,sse4.1,ssse3"
)]
pub(super) unsafe fn vpclmul512_reflected(ahead: bool, f: &FoldConsts, width: u32, reg: u64, bytes: &[u8]) -> u64 {
    // SAFETY: as above.
    unsafe { reflected::<false>(ahead, f, width, reg, bytes) }
}

/// [`vpclmul512_reflected`] with its loads aligned.
///
/// # Safety
/// As [`vpclmul512_reflected`].
#[target_feature(
    enable = "avx512f,avx512vl,avx512bw,avx512vbmi,gfni,vpclmulqdq,avx2,pclmulqdq,sse4.1,ssse3"
)]
pub(super) unsafe fn vpclmul512_reflected_aligned(ahead: bool, f: &FoldConsts, width: u32, reg: u64, bytes: &[u8]) -> u64 {
    // SAFETY: as above.
    unsafe { reflected::<true>(ahead, f, width, reg, bytes) }
}

/// The two entries' body, inlined into each: the entries are not generic, so that they are
/// compiled here once and not in every crate whose generic code calls them (a generic entry
/// made 100 call sites of CRC-32C build in 0.75 s instead of 0.51, `benches/build_time.sh`).
///
/// # Safety
/// As [`vpclmul512_reflected`].
#[inline(always)]
unsafe fn reflected<const ALIGN: bool>(
    ahead: bool,
    f: &FoldConsts,
    width: u32,
    reg: u64,
    bytes: &[u8],
) -> u64 {
    // SAFETY: the caller's.
    unsafe {
        match ahead {
            true => from_register_aligned::<__m512i, true, true, AHEAD, ALIGN, Barrett>(
                f, width, reg, bytes,
            ),
            false => from_register_aligned::<__m512i, true, true, 0, ALIGN, Barrett>(
                f, width, reg, bytes,
            ),
        }
    }
}
