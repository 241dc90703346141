//! What an s390x CPU offers: the vector facility (z13 and later), detected at run time with
//! `std` (the HWCAP vector bit of the ELF auxiliary vector, which std reads), and from the
//! compile-time target features without. Every s390x CPU routes by the generic family.

use crate::backend::Backend;
use crate::engine::plan::Family;

/// The vector facility, for the VGFM kernel's VGFMG and VGFMAG.
pub(crate) fn has(b: Backend) -> bool {
    #[cfg(feature = "std")]
    let vector = std::arch::is_s390x_feature_detected!("vector");
    #[cfg(not(feature = "std"))]
    let vector = cfg!(target_feature = "vector");
    b == Backend::Vgfm && vector
}

/// No GFNI on s390x.
pub(crate) fn has_gfni() -> bool {
    false
}

/// No family of its own: no s390x CPU was measured.
pub(crate) fn family() -> Family {
    Family::Generic
}

/// The extensions of [`features`], each with whether this CPU has it.
pub(crate) type Features = [(&'static str, bool); 1];

/// Every extension [`has`] asks for, and whether this CPU has it (the engine's own test,
/// not `CRCSTAMP_DISABLE`'s), for [`super::identity`].
pub(crate) fn features() -> Features {
    [("vector", has(Backend::Vgfm))]
}
