//! The fold body on the two-qword lanes of `pair/mod.rs`, shared by the instruction sets
//! that multiply on them (riscv64 Zbc, s390x VGFM, powerpc64 `vpmsumd`), and their one
//! [`Isa`], [`OnPairs`]: each one's folder implements [`PairIsa`], with its
//! `#[target_feature]` entry points, one per bit order, which call [`body`].

use core::marker::PhantomData;

use super::super::Isa;
use super::{Multiply, Pair};
use crate::backend::Backend;
use crate::engine::fold::{from_register, from_register_aligned, Barrett};
use crcstamp_layout::FoldConsts;

/// The shortest input whose loads the kernel aligns to 16 bytes where misaligned loads are
/// slow ([`Multiply::MISALIGNED_SLOW`]): from two blocks past the longest head (31 bytes),
/// whose few extra folds then pay.
const ALIGN_FROM: usize = 64;

/// Folds `bytes` (at least 16) into `reg` on `Pair<M>` lanes, reduced by Barrett, the
/// loads aligned where `aligned` (the step's, set only where they are slow misaligned:
/// [`aligns_from`]).
///
/// # Safety
/// The CPU must have `M`'s instruction.
#[inline(always)]
pub(crate) unsafe fn body<M: Multiply, const LSB: bool>(
    aligned: bool,
    f: &FoldConsts,
    width: u32,
    reg: u64,
    bytes: &[u8],
) -> u64 {
    // SAFETY: the caller's.
    unsafe {
        match M::MISALIGNED_SLOW && aligned {
            true => from_register_aligned::<Pair<M>, LSB, false, 0, true, Barrett>(
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

/// An instruction set that folds on `Pair<Self>` lanes and has no other accelerated kernel:
/// its kernel, its shortest fold, what the CPU offers, and the kernel's two entry points, one
/// per bit order ([`pair_entries!`]). [`OnPairs`] makes it an [`Isa`].
pub(crate) trait PairIsa: Multiply {
    /// The folding kernel.
    const BACKEND: Backend;
    /// [`Isa::FOLD_MIN`].
    const FOLD_MIN: usize;
    /// [`Isa::Features`].
    type Features: Copy + core::fmt::Debug + Eq + AsRef<[(&'static str, bool)]>;
    /// Whether this CPU has everything [`BACKEND`](Self::BACKEND) needs.
    fn has() -> bool;
    /// [`Isa::features`].
    fn features() -> Self::Features;
    /// The fold body for lsb CRCs.
    ///
    /// # Safety
    /// The CPU must have what [`has`](Self::has) checks.
    unsafe fn fold_lsb(aligned: bool, f: &FoldConsts, width: u32, reg: u64, bytes: &[u8]) -> u64;
    /// The same for msb CRCs.
    ///
    /// # Safety
    /// As [`fold_lsb`](Self::fold_lsb).
    unsafe fn fold_msb(aligned: bool, f: &FoldConsts, width: u32, reg: u64, bytes: &[u8]) -> u64;
}

/// [`PairIsa::fold_lsb`] and [`PairIsa::fold_msb`] in an `impl PairIsa`: `#[inline(never)]`
/// bodies compiled with the `#[target_feature]`s given (`$needs`: what the CPU must have, for
/// their safety docs).
macro_rules! pair_entries {
    ($needs:literal $(, $feature:literal)?) => {
        $crate::engine::isa::pair::kernels::pair_entries!(@one fold_lsb, true, $needs $(, $feature)?);
        $crate::engine::isa::pair::kernels::pair_entries!(@one fold_msb, false, $needs $(, $feature)?);
    };
    (@one $name:ident, $lsb:literal, $needs:literal $(, $feature:literal)?) => {
        #[doc = concat!("# Safety\nThe CPU must have ", $needs, ".")]
        #[inline(never)]
        $(#[target_feature(enable = $feature)])?
        unsafe fn $name(
            aligned: bool,
            f: &crcstamp_layout::FoldConsts,
            width: u32,
            reg: u64,
            bytes: &[u8],
        ) -> u64 {
            // SAFETY: as above.
            unsafe { super::pair::kernels::body::<Self, $lsb>(aligned, f, width, reg, bytes) }
        }
    };
}
pub(crate) use pair_entries;

/// The [`Isa`] of the instruction set `M`.
pub(crate) struct OnPairs<M>(PhantomData<M>);

impl<M: PairIsa> Isa for OnPairs<M> {
    type Features = M::Features;
    const FOLDING_ORDER: &'static [Backend] = &[M::BACKEND];
    const FOLD_MIN: usize = M::FOLD_MIN;

    fn features() -> M::Features {
        M::features()
    }
    fn has(backend: Backend) -> bool {
        backend == M::BACKEND && M::has()
    }

    #[inline(always)]
    fn fold<const LSB: bool>(
        backend: Backend,
        aligned: bool,
        f: &FoldConsts,
        width: u32,
        reg: u64,
        bytes: &[u8],
    ) -> u64 {
        match backend == M::BACKEND {
            // SAFETY: `backend` is available, so detection found what the kernel needs.
            true => unsafe {
                match LSB {
                    true => M::fold_lsb(aligned, f, width, reg, bytes),
                    false => M::fold_msb(aligned, f, width, reg, bytes),
                }
            },
            false => unreachable!("not a folding backend of this architecture: {backend:?}"),
        }
    }

    /// Only where misaligned loads are slow.
    fn aligns_from(backend: Backend, _: bool) -> Option<usize> {
        match backend == M::BACKEND {
            true => aligns_from::<M>(),
            false => None,
        }
    }
}
