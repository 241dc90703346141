//! The riscv64 instruction set: the fold body on Zbc's two-qword lanes (`pair/`), one entry
//! point per bit order, and what the CPU offers; RISC-V has no CRC instruction and no
//! fusion. A misaligned `ld` is slow here, so the kernel aligns its loads. Compiled with Zbb,
//! whose `rev8` is an msb CRC's byte reversal in one instruction (about 17 without).

pub(crate) mod primitives;

use super::pair::kernels::{pair_entries, PairIsa};
use crate::backend::Backend;
pub(crate) use primitives::Zbc;

/// riscv64: Zbc's carry-less multiply, its one kernel. No family of its own: no riscv64 CPU
/// was measured.
impl PairIsa for Zbc {
    const BACKEND: Backend = Backend::Zbc;
    /// Derived from instruction counts, not measured. One call of CRC-32 under qemu: the
    /// kernel executes fewer instructions than slice-by-16 at every whole number of blocks
    /// from 32 bytes, but its last partial block (byte shuffles in general registers) costs
    /// about 450 more, so with one it wins from about 100 bytes (at 100: 1809 against 1831).
    const FOLD_MIN: usize = 100;
    type Features = [(&'static str, bool); 2];

    /// Zbc and Zbb, for `clmul` and `clmulh` and the byte reversal (`rev8`) of msb CRCs'
    /// blocks. Zbb is mandatory from the RVA22 profile on; a CPU with Zbc and without it
    /// runs the tables.
    fn has() -> bool {
        Self::features().iter().all(|&(_, present)| present)
    }
    /// Detected at run time with `std` (the kernel's `riscv_hwprobe`, which std asks, with
    /// the ELF auxiliary vector behind it), from the compile-time target features without
    /// (or where they enable it).
    fn features() -> Self::Features {
        [
            ("zbc", detected!(is_riscv_feature_detected, "zbc")),
            ("zbb", detected!(is_riscv_feature_detected, "zbb")),
        ]
    }

    pair_entries!("Zbc and Zbb", "zbb");
}
