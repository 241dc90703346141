//! POWER's primitive for the generic kernels: `vpmsumd` (POWER8's vector polynomial
//! multiply-sum of two doubleword pairs), multiplying the two-qword lanes of
//! `pair/`. Stable Rust has no POWER vector intrinsics and takes vector registers in
//! `asm!` only as clobbers, so each block moves its operands from general registers into
//! v0–v3 (VSX registers 32–35) with POWER8's moves, multiplies, and moves the 128-bit
//! result back.

use crate::engine::isa::pair::{product, Multiply};

/// POWER8's `vpmsumd`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Vpmsum;

impl Multiply for Vpmsum {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn clmul(a: u64, b: u64) -> [u64; 2] {
        // SAFETY: the caller guarantees POWER8's vector crypto; with zero second qwords
        // the sum is the one product.
        unsafe { Self::clmul_sum_xor([a, 0], [b, 0], [0, 0]) }
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn clmul_sum_xor(a: [u64; 2], b: [u64; 2], c: [u64; 2]) -> [u64; 2] {
        // SAFETY: the caller guarantees POWER8's vector crypto; the block writes only the
        // vector registers it clobbers and the outputs, after reading every input. Each
        // operand's qwords go into doublewords 0 and 1 (`mtvsrd` fills doubleword 0,
        // `xxmrghd` joins two); the 128-bit result is big-endian in the register, its high
        // half in doubleword 0, and `xxswapd` brings the low half there for `mfvsrd`.
        let [lo, hi] = unsafe {
            product!(lateout;
                "mtvsrd 32, {a0}", "mtvsrd 33, {a1}", "xxmrghd 32, 32, 33",
                "mtvsrd 34, {b0}", "mtvsrd 35, {b1}", "xxmrghd 34, 34, 35",
                "vpmsumd 0, 0, 2",
                "mfvsrd {hi}, 32", "xxswapd 33, 32", "mfvsrd {lo}, 33",
                a0 = in(reg) a[0], a1 = in(reg) a[1],
                b0 = in(reg) b[0], b1 = in(reg) b[1],
                out("v0") _, out("v1") _, out("v2") _, out("v3") _,
            )
        };
        [lo ^ c[0], hi ^ c[1]]
    }
}
