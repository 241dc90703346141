//! The powerpc64 entry points: the fold body on `vpmsumd`'s two-qword lanes (`pair.rs`), one
//! function per bit order, and the safe [`fold`] the route calls. The other kernels'
//! functions are `portable`'s: no CRC instruction or fusion runs here.

use super::pair::{self, body};
use crate::backend::Backend;
use crate::engine::arch::powerpc64::Vpmsum;
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
        // SAFETY: `backend` is available, so detection found POWER8 (ISA 2.07) with vector crypto.
        Backend::Vpmsum => unsafe {
            match LSB {
                true => vpmsum_lsb(f, width, reg, bytes),
                false => vpmsum_msb(f, width, reg, bytes),
            }
        },
        _ => unreachable!("not a folding backend of this architecture: {backend:?}"),
    }
}

/// Where the kernel `backend` aligns its loads (none: misaligned loads are full speed).
pub(crate) const fn aligns_from(backend: Backend, _: bool) -> Option<usize> {
    match backend {
        Backend::Vpmsum => pair::aligns_from::<Vpmsum>(),
        _ => None,
    }
}

/// # Safety
/// The CPU must have POWER8 (ISA 2.07) vector crypto.
#[inline(never)]
unsafe fn vpmsum_lsb(f: &FoldConsts, width: u32, reg: u64, bytes: &[u8]) -> u64 {
    // SAFETY: as above.
    unsafe { body::<Vpmsum, true>(f, width, reg, bytes) }
}

/// # Safety
/// The CPU must have POWER8 (ISA 2.07) vector crypto.
#[inline(never)]
unsafe fn vpmsum_msb(f: &FoldConsts, width: u32, reg: u64, bytes: &[u8]) -> u64 {
    // SAFETY: as above.
    unsafe { body::<Vpmsum, false>(f, width, reg, bytes) }
}
