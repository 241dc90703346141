//! s390x's primitive for the generic kernels: the vector facility's VGFMG (Galois-field
//! multiply-and-sum of two doubleword pairs) and VGFMAG (the same with a third operand
//! XORed in), multiplying the two-qword lanes of `pair/`. Stable Rust has no s390x
//! vector intrinsics and takes vector registers in `asm!` only as clobbers, so each block
//! moves its operands from general registers into v0–v2, multiplies, and moves the 128-bit
//! result back. The one VGFMAG is the fold's whole step: both products and both XORs.
//! Each block tells the assembler `.machine z13` (the vector facility), as riscv64's says
//! `+zbc`: where it is not inlined into an entry point compiled with `vector` (a debug
//! build, since the primitives are forced inline only in optimized ones), it still
//! assembles.

use crate::engine::isa::pair::{product, Multiply};

/// The vector facility's Galois-field multiply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Vgfm;

impl Multiply for Vgfm {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn clmul(a: u64, b: u64) -> [u64; 2] {
        // SAFETY: the caller guarantees the vector facility; the block writes only the
        // vector registers it clobbers and the outputs, after reading every input.
        // Doubleword 0 of each operand is zero, so the sum is the one product; the
        // 128-bit result is big-endian, its low half in doubleword 1.
        unsafe {
            product!(lateout;
                ".machine push",
                ".machine z13",
                "vlvgp %v0, {zero}, {a}", "vlvgp %v1, {zero}, {b}",
                "vgfmg %v0, %v0, %v1",
                "vlgvg {lo}, %v0, 1", "vlgvg {hi}, %v0, 0",
                ".machine pop",
                a = in(reg) a, b = in(reg) b, zero = in(reg) 0u64,
                out("v0") _, out("v1") _,
            )
        }
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn clmul_sum_xor(a: [u64; 2], b: [u64; 2], c: [u64; 2]) -> [u64; 2] {
        // SAFETY: as above. `a` and `b` go in doubleword order (the sum pairs qword 0 with
        // qword 0, 1 with 1), `c` as the 128-bit value it is added to (high qword first).
        unsafe {
            product!(lateout;
                ".machine push",
                ".machine z13",
                "vlvgp %v0, {a0}, {a1}", "vlvgp %v1, {b0}, {b1}", "vlvgp %v2, {c1}, {c0}",
                "vgfmag %v0, %v0, %v1, %v2",
                "vlgvg {lo}, %v0, 1", "vlgvg {hi}, %v0, 0",
                ".machine pop",
                a0 = in(reg) a[0], a1 = in(reg) a[1],
                b0 = in(reg) b[0], b1 = in(reg) b[1],
                c0 = in(reg) c[0], c1 = in(reg) c[1],
                out("v0") _, out("v1") _, out("v2") _,
            )
        }
    }
}
