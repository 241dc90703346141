//! RISC-V's primitive for the generic kernels: the Zbc extension's `clmul` and `clmulh`,
//! multiplying the two-qword lanes of `pair/` (Zbc has no vector form). `asm!`,
//! since stable Rust has no intrinsic for them; the block tells the assembler `.option
//! arch, +zbc`, so the crate builds for every riscv64 target, and detection checks the CPU.

use crate::engine::isa::pair::{product, Multiply};

/// Zbc's carry-less multiply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Zbc;

impl Multiply for Zbc {
    // Without the `unaligned-scalar-mem` target feature a misaligned `ld` may trap to a
    // slow emulation in the kernel.
    const MISALIGNED_SLOW: bool = true;

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn clmul(a: u64, b: u64) -> [u64; 2] {
        // SAFETY: the caller guarantees Zbc; the two instructions read and write only the
        // registers named here. `lo` is written before `clmulh` reads the inputs, so it
        // must not share a register with them (`out`, not `lateout`).
        unsafe {
            product!(out;
                ".option push", ".option arch, +zbc",
                "clmul {lo}, {a}, {b}", "clmulh {hi}, {a}, {b}",
                ".option pop",
                a = in(reg) a, b = in(reg) b,
            )
        }
    }
}
