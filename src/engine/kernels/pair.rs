//! The fold body on the two-qword lanes of `arch/pair.rs`, shared by the instruction sets
//! that multiply on them (riscv64 Zbc, s390x VGFM, powerpc64 `vpmsumd`): each one's file
//! holds its `#[target_feature]` entry points, one per bit order, which call [`body`].

use crate::engine::arch::pair::{Multiply, Pair};
use crate::engine::fold::{from_register, from_register_aligned, Barrett};
use crcstamp_layout::FoldConsts;

/// The shortest input whose loads the kernel aligns to 16 bytes where misaligned loads are
/// slow ([`Multiply::MISALIGNED_SLOW`]): from two blocks past the longest head (31 bytes),
/// whose few extra folds then pay.
const ALIGN_FROM: usize = 64;

/// Folds `bytes` (at least 16) into `reg` on `Pair<M>` lanes, reduced by Barrett.
///
/// # Safety
/// The CPU must have `M`'s instruction.
#[inline(always)]
pub(super) unsafe fn body<M: Multiply, const LSB: bool>(
    f: &FoldConsts,
    width: u32,
    reg: u64,
    bytes: &[u8],
) -> u64 {
    // SAFETY: the caller's.
    unsafe {
        match M::MISALIGNED_SLOW {
            true => from_register_aligned::<Pair<M>, LSB, false, 0, ALIGN_FROM, Barrett>(
                f, width, reg, bytes,
            ),
            false => from_register::<Pair<M>, LSB, false, Barrett>(f, width, reg, bytes),
        }
    }
}

/// Where the kernel on `Pair<M>` aligns its loads.
pub(super) const fn aligns_from<M: Multiply>() -> Option<usize> {
    match M::MISALIGNED_SLOW {
        true => Some(ALIGN_FROM),
        false => None,
    }
}
