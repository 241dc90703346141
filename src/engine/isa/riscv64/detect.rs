//! What a riscv64 CPU offers: the Zbc and Zbb extensions, detected at run time with `std` (the
//! kernel's `riscv_hwprobe`, which std asks, with the ELF auxiliary vector behind it), and
//! from the compile-time target features without (or where they enable it). Every riscv64
//! CPU routes by the generic family.

use crate::backend::Backend;
use crate::engine::plan::Family;

/// Zbc and Zbb, for the Zbc kernel's `clmul` and `clmulh` and the byte reversal (`rev8`) of
/// msb CRCs' blocks. Zbb is mandatory from the RVA22 profile on; a CPU with Zbc and without
/// it runs the tables.
pub(crate) fn has(b: Backend) -> bool {
    b == Backend::Zbc && features().iter().all(|&(_, present)| present)
}

/// No GFNI on riscv64.
pub(crate) fn has_gfni() -> bool {
    false
}

/// No family of its own: no riscv64 CPU was measured.
pub(crate) fn family() -> Family {
    Family::Generic
}

/// The extensions of [`features`], each with whether this CPU has it.
pub(crate) type Features = [(&'static str, bool); 2];

/// Every extension [`has`] asks for, and whether this CPU has it (the engine's own test,
/// not `CRCSTAMP_DISABLE`'s), for [`has`] and [`super::identity`].
pub(crate) fn features() -> Features {
    #[cfg(feature = "std")]
    let [zbc, zbb] = [
        std::arch::is_riscv_feature_detected!("zbc"),
        std::arch::is_riscv_feature_detected!("zbb"),
    ];
    #[cfg(not(feature = "std"))]
    let [zbc, zbb] = [cfg!(target_feature = "zbc"), cfg!(target_feature = "zbb")];
    [("zbc", zbc), ("zbb", zbb)]
}
