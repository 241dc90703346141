//! What a powerpc64 CPU offers: POWER8's vector crypto (`vpmsumd`), detected at run time with
//! `std` from the ELF auxiliary vector's AT_HWCAP2 (`PPC_FEATURE2_ARCH_2_07` and
//! `PPC_FEATURE2_VEC_CRYPTO`, read from `/proc/self/auxv`: std's detection macro is
//! unstable here), and from the compile-time target features without. Every powerpc64 CPU
//! routes by the generic family.

use crate::backend::Backend;
use crate::engine::plan::Family;

/// POWER8 (ISA 2.07) with vector crypto, for the `vpmsumd` kernel.
pub(crate) fn has(b: Backend) -> bool {
    b == Backend::Vpmsum && power8_crypto()
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

/// No GFNI on powerpc64.
pub(crate) fn has_gfni() -> bool {
    false
}

/// No family of its own: no POWER CPU was measured.
pub(crate) fn family() -> Family {
    Family::Generic
}

/// The extensions of [`features`], each with whether this CPU has it.
pub(crate) type Features = [(&'static str, bool); 1];

/// Every extension [`has`] asks for, and whether this CPU has it (the engine's own test,
/// not `CRCSTAMP_DISABLE`'s), for [`super::identity`].
pub(crate) fn features() -> Features {
    [("vec-crypto", has(Backend::Vpmsum))]
}
