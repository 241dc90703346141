//! The s390x entry points: the fold body on VGFM's two-qword lanes (`pair.rs`), one
//! function per bit order, and the safe [`fold`] the route calls. The other kernels'
//! functions are `portable`'s: no CRC instruction or fusion runs here.

use super::pair::{self, body};
use crate::backend::Backend;
use crate::engine::arch::s390x::Vgfm;
use crcstamp_layout::FoldConsts;

/// Runs the folding kernel `backend` on `bytes` (at least 16) from the register `reg` in
/// the kernels' layout. `backend` must be available here.
#[inline(always)]
pub(crate) fn fold<const LSB: bool>(
    backend: Backend,
    f: &FoldConsts,
    width: u32,
    reg: u64,
    bytes: &[u8],
) -> u64 {
    match backend {
        // SAFETY: `backend` is available, so detection found the vector facility.
        Backend::Vgfm => unsafe {
            match LSB {
                true => vgfm_lsb(f, width, reg, bytes),
                false => vgfm_msb(f, width, reg, bytes),
            }
        },
        _ => unreachable!("not a folding backend of this architecture: {backend:?}"),
    }
}

/// Where the kernel `backend` aligns its loads (none: misaligned loads are full speed).
pub(crate) const fn aligns_from(backend: Backend, _: bool) -> Option<usize> {
    match backend {
        Backend::Vgfm => pair::aligns_from::<Vgfm>(),
        _ => None,
    }
}

/// # Safety
/// The CPU must have the vector facility.
#[inline(never)]
#[target_feature(enable = "vector")]
unsafe fn vgfm_lsb(f: &FoldConsts, width: u32, reg: u64, bytes: &[u8]) -> u64 {
    // SAFETY: as above.
    unsafe { body::<Vgfm, true>(f, width, reg, bytes) }
}

/// # Safety
/// The CPU must have the vector facility.
#[inline(never)]
#[target_feature(enable = "vector")]
unsafe fn vgfm_msb(f: &FoldConsts, width: u32, reg: u64, bytes: &[u8]) -> u64 {
    // SAFETY: as above.
    unsafe { body::<Vgfm, false>(f, width, reg, bytes) }
}
