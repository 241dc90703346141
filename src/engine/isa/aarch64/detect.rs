//! What an aarch64 CPU offers: its extensions (detected at run time with `std`, from the
//! compile-time target features without). Every aarch64 CPU routes by the generic family.

use crate::backend::Backend;
use crate::engine::plan::Family;

#[cfg(feature = "std")]
macro_rules! has {
    ($f:tt) => {
        std::arch::is_aarch64_feature_detected!($f)
    };
}
#[cfg(not(feature = "std"))]
macro_rules! has {
    ($f:tt) => {
        cfg!(target_feature = $f)
    };
}

/// Every instruction set extension the kernel `b` uses (PMULL is `aes` to the compiler).
pub(crate) fn has(b: Backend) -> bool {
    #[cfg(feature = "std")]
    let pmull = has!("pmull");
    #[cfg(not(feature = "std"))]
    let pmull = has!("aes");
    match b {
        Backend::Pmull => pmull,
        Backend::PmullEor3 => pmull && has!("sha3"),
        Backend::HwCrc => has!("crc"),
        Backend::Fusion => pmull && has!("crc"),
        _ => false,
    }
}

/// The extensions of [`features`], each with whether this CPU has it.
pub(crate) type Features = [(&'static str, bool); 3];

/// Every extension [`has`] asks for, and whether this CPU has it (the engine's own test,
/// not `CRCSTAMP_DISABLE`'s), for [`super::identity`].
pub(crate) fn features() -> Features {
    #[cfg(feature = "std")]
    let pmull = has!("pmull");
    #[cfg(not(feature = "std"))]
    let pmull = has!("aes");
    [
        ("pmull", pmull),
        ("sha3", has!("sha3")),
        ("crc", has!("crc")),
    ]
}

/// No GFNI on aarch64, but the bit reversal the reflected run of msb CRCs needs is NEON's
/// `rbit`, which every core has (`plan::runs_reflected`): the bit is set for it.
pub(crate) fn has_gfni() -> bool {
    true
}

/// The generic family's thresholds, measured on AMD Zen 3, route aarch64 too.
pub(crate) fn family() -> Family {
    Family::Generic
}
