//! The powerpc64 instruction set: the fold body on `vpmsumd`'s two-qword lanes (`pair/`),
//! one entry point per bit order, and what the CPU offers: POWER8's vector crypto, detected
//! at run time with `std` from the ELF auxiliary vector's AT_HWCAP2
//! (`PPC_FEATURE2_ARCH_2_07` and `PPC_FEATURE2_VEC_CRYPTO`, read from `/proc/self/auxv`:
//! std's detection macro is unstable here), and from the compile-time target features
//! without. No CRC instruction or fusion runs here.

pub(crate) mod primitives;

use super::pair::kernels::{pair_entries, PairIsa};
use crate::backend::Backend;
pub(crate) use primitives::Vpmsum;

/// powerpc64: POWER8's `vpmsumd`, its one kernel. No family of its own: no POWER CPU was
/// measured.
impl PairIsa for Vpmsum {
    const BACKEND: Backend = Backend::Vpmsum;
    /// Derived from instruction counts, not measured. One call of CRC-32 under qemu (`-cpu
    /// power9`): the kernel wins at 64 bytes (whole blocks, 1352 against 1449), loses at 100
    /// (1774 against 1624) and wins at 150 (1822 against 1884): its last partial block is
    /// paid off between, by slice-by-16's 4.9 instructions a byte against its 1.0.
    const FOLD_MIN: usize = 150;
    type Features = [(&'static str, bool); 1];

    /// POWER8 (ISA 2.07) with vector crypto.
    fn has() -> bool {
        power8_crypto()
    }
    fn features() -> Self::Features {
        [("vec-crypto", power8_crypto())]
    }

    pair_entries!("POWER8 (ISA 2.07) vector crypto");
}

#[cfg(feature = "std")]
fn power8_crypto() -> bool {
    const AT_HWCAP2: u64 = 26;
    const ARCH_2_07: u64 = 0x8000_0000;
    const VEC_CRYPTO: u64 = 0x0200_0000;
    let Ok(auxv) = std::fs::read("/proc/self/auxv") else {
        return cfg!(target_feature = "power8-crypto");
    };
    // (type, value) pairs of native-endian words, to AT_NULL.
    let (words, _) = auxv.as_chunks::<8>();
    let mut words = words.iter().map(|w| u64::from_ne_bytes(*w));
    let mut hwcap2 = 0;
    while let (Some(kind), Some(value)) = (words.next(), words.next()) {
        match kind {
            0 => break,
            AT_HWCAP2 => hwcap2 = value,
            _ => {}
        }
    }
    hwcap2 & (ARCH_2_07 | VEC_CRYPTO) == ARCH_2_07 | VEC_CRYPTO
}

#[cfg(not(feature = "std"))]
fn power8_crypto() -> bool {
    cfg!(target_feature = "power8-crypto")
}
