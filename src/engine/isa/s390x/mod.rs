//! The s390x instruction set: the fold body on VGFM's two-qword lanes (`pair/`), one entry
//! point per bit order, compiled with the vector facility, and what the CPU offers; no CRC
//! instruction or fusion runs here.

pub(crate) mod primitives;

use super::pair::kernels::{pair_entries, PairIsa};
use crate::backend::Backend;
pub(crate) use primitives::Vgfm;

/// s390x: the vector facility's Galois-field multiply (z13 and later), its one kernel. No
/// family of its own: no s390x CPU was measured.
impl PairIsa for Vgfm {
    const BACKEND: Backend = Backend::Vgfm;
    /// Derived from instruction counts, not measured. One call of CRC-32 under qemu: the
    /// kernel wins at every whole number of blocks from 32 bytes (728 against 733), but its
    /// last partial block costs about 470 more, which slice-by-16's 3.4 instructions a byte
    /// against its 0.65 pay off from about 200 bytes (at 100: 1278 against 964).
    const FOLD_MIN: usize = 200;
    type Features = [(&'static str, bool); 1];

    /// The vector facility, for VGFMG and VGFMAG: detected at run time with `std` (the
    /// HWCAP vector bit of the ELF auxiliary vector, which std reads), from the compile-time
    /// target features without.
    fn has() -> bool {
        detected!(is_s390x_feature_detected, "vector")
    }
    fn features() -> Self::Features {
        [("vector", Self::has())]
    }

    pair_entries!("the vector facility", "vector");
}
