//! The targets without folding kernels or CRC instructions: the route never calls these
//! (`plan::FOLDING_ORDER` is empty and `hwcrc::supports` false), so each is unreachable.
//! riscv64, s390x and powerpc64 fold with kernels of their own and take the rest from here.

pub(crate) mod detect;

use crate::backend::Backend;
use crate::engine::kernels::shapes::ZmmFusion;
use crcstamp_layout::{FoldConsts, HwCrc};

#[cfg(not(any(
    target_arch = "riscv64",
    target_arch = "s390x",
    target_arch = "powerpc64"
)))]
pub(crate) fn fold<const LSB: bool>(b: Backend, _: &FoldConsts, _: u32, _: u64, _: &[u8]) -> u64 {
    unreachable!("no folding kernel on this target: {b:?}")
}

pub(crate) fn fold_by_instruction(
    _: Backend,
    _: HwCrc,
    _: &FoldConsts,
    _: u64,
    _: &[u8],
) -> Option<u64> {
    None
}

/// No entry reduces by the instruction here.
pub(crate) const fn reduces_by_instruction(_: Backend, _: HwCrc) -> bool {
    false
}

/// No entry aligns its loads here.
#[cfg(not(any(
    target_arch = "riscv64",
    target_arch = "s390x",
    target_arch = "powerpc64"
)))]
pub(crate) const fn aligns_from(_: Backend, _: bool) -> Option<usize> {
    None
}

pub(crate) fn fold_reflected(b: Backend, _: bool, _: &FoldConsts, _: u32, _: u64, _: &[u8]) -> u64 {
    unreachable!("no folding kernel on this target: {b:?}")
}

pub(crate) fn fusion<'a>(
    _: HwCrc,
    _: ZmmFusion,
    _: bool,
    _: &FoldConsts,
    _: u32,
    _: &'a [u8],
) -> (u32, &'a [u8]) {
    unreachable!("no fusion kernel on this target")
}

pub(crate) fn hw(_: HwCrc, _: bool, _: u32, _: &[u8]) -> u32 {
    unreachable!("no CRC instructions on this target")
}
