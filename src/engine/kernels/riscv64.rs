//! The riscv64 entry points: the fold body on Zbc's two-qword lanes (`pair.rs`), one
//! function per bit order, and the safe [`fold`] the route calls. The other kernels'
//! functions are `portable`'s: RISC-V has no CRC instruction and no fusion.

use super::pair::{self, body};
use crate::backend::Backend;
use crate::engine::arch::riscv64::Zbc;
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
        // SAFETY: `backend` is available, so detection found Zbc.
        Backend::Zbc => unsafe {
            match LSB {
                true => zbc_lsb(f, width, reg, bytes),
                false => zbc_msb(f, width, reg, bytes),
            }
        },
        _ => unreachable!("not a folding backend of this architecture: {backend:?}"),
    }
}

/// Where the kernel `backend` aligns its loads (a misaligned `ld` is slow here).
pub(crate) const fn aligns_from(backend: Backend, _: bool) -> Option<usize> {
    match backend {
        Backend::Zbc => pair::aligns_from::<Zbc>(),
        _ => None,
    }
}

/// # Safety
/// The CPU must support Zbc.
#[inline(never)]
unsafe fn zbc_lsb(f: &FoldConsts, width: u32, reg: u64, bytes: &[u8]) -> u64 {
    // SAFETY: as above.
    unsafe { body::<Zbc, true>(f, width, reg, bytes) }
}

/// # Safety
/// The CPU must support Zbc.
#[inline(never)]
unsafe fn zbc_msb(f: &FoldConsts, width: u32, reg: u64, bytes: &[u8]) -> u64 {
    // SAFETY: as above.
    unsafe { body::<Zbc, false>(f, width, reg, bytes) }
}
