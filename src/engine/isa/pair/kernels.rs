//! The fold body on the two-qword lanes of `arch/pair.rs`, shared by the instruction sets
//! that multiply on them (riscv64 Zbc, s390x VGFM, powerpc64 `vpmsumd`): each one's file
//! holds its `#[target_feature]` entry points, one per bit order, which call [`body`].

use super::{Multiply, Pair};
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
pub(crate) unsafe fn body<M: Multiply, const LSB: bool>(
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
pub(crate) const fn aligns_from<M: Multiply>() -> Option<usize> {
    match M::MISALIGNED_SLOW {
        true => Some(ALIGN_FROM),
        false => None,
    }
}

/// One instruction set's entry points on `Pair<$mul>` lanes: the safe `fold` the route
/// calls for `Backend::$backend`, `aligns_from`, and the two `#[inline(never)]` bodies, one
/// per bit order, compiled with the `#[target_feature]`s given (`$needs`: what the CPU must
/// have, for their safety docs).
macro_rules! pair_kernels {
    ($backend:ident, $mul:ty, $needs:literal, $lsb:ident, $msb:ident $(, $feature:literal)?) => {
        /// Runs the folding kernel `backend` on `bytes` (at least 16) from the register `reg`
        /// in the kernels' layout. `backend` must be available here.
        #[inline(always)]
        pub(crate) fn fold<const LSB: bool>(
            backend: $crate::backend::Backend,
            f: &crcstamp_layout::FoldConsts,
            width: u32,
            reg: u64,
            bytes: &[u8],
        ) -> u64 {
            match backend {
                // SAFETY: `backend` is available, so detection found what the kernel needs.
                $crate::backend::Backend::$backend => unsafe {
                    match LSB {
                        true => $lsb(f, width, reg, bytes),
                        false => $msb(f, width, reg, bytes),
                    }
                },
                _ => unreachable!("not a folding backend of this architecture: {backend:?}"),
            }
        }

        /// Where the kernel `backend` aligns its loads (only where misaligned loads are slow).
        pub(crate) const fn aligns_from(backend: $crate::backend::Backend, _: bool) -> Option<usize> {
            match backend {
                $crate::backend::Backend::$backend => super::pair::kernels::aligns_from::<$mul>(),
                _ => None,
            }
        }

        #[doc = concat!("# Safety\nThe CPU must have ", $needs, ".")]
        #[inline(never)]
        $(#[target_feature(enable = $feature)])?
        unsafe fn $lsb(f: &crcstamp_layout::FoldConsts, width: u32, reg: u64, bytes: &[u8]) -> u64 {
            // SAFETY: as above.
            unsafe { super::pair::kernels::body::<$mul, true>(f, width, reg, bytes) }
        }

        #[doc = concat!("# Safety\nThe CPU must have ", $needs, ".")]
        #[inline(never)]
        $(#[target_feature(enable = $feature)])?
        unsafe fn $msb(f: &crcstamp_layout::FoldConsts, width: u32, reg: u64, bytes: &[u8]) -> u64 {
            // SAFETY: as above.
            unsafe { super::pair::kernels::body::<$mul, false>(f, width, reg, bytes) }
        }
    };
}
pub(crate) use pair_kernels;
