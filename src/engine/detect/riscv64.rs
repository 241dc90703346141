//! What a riscv64 CPU offers: the Zbc extension, detected at run time with `std` (the
//! kernel's `riscv_hwprobe`, which std asks, with the ELF auxiliary vector behind it), and
//! from the compile-time target features without (or where they enable it). Every riscv64
//! CPU routes by the generic family.

use crate::backend::Backend;
use crate::engine::plan::Family;

/// Zbc, for the Zbc kernel's `clmul` and `clmulh`.
pub(super) fn has(b: Backend) -> bool {
    #[cfg(feature = "std")]
    let zbc = std::arch::is_riscv_feature_detected!("zbc");
    #[cfg(not(feature = "std"))]
    let zbc = cfg!(target_feature = "zbc");
    b == Backend::Zbc && zbc
}

/// No GFNI on riscv64.
pub(super) fn has_gfni() -> bool {
    false
}

/// No family of its own: no riscv64 CPU was measured.
pub(super) fn family() -> Family {
    Family::Generic
}

/// The extensions of [`features`], each with whether this CPU has it.
pub(super) type Features = [(&'static str, bool); 1];

/// Every extension [`has`] asks for, and whether this CPU has it (the engine's own test,
/// not `CRCSTAMP_DISABLE`'s), for [`super::identity`].
pub(super) fn features() -> Features {
    [("zbc", has(Backend::Zbc))]
}
