//! The route's steps run: what the hot path, forced backends and the self-test call. Each
//! function takes a [`RouteStep`] that `route` decided (or `route::step_with` made for a
//! forced kernel) and hands its choices to the kernels, which take every choice as an
//! argument; nothing here decides anything again.

use super::isa::{Host, Isa};
use super::route;
use crate::backend::{Backend, RouteStep};
use crate::consts::Consts;
use crate::word::Word;
use crcstamp_layout::{FoldConsts, HwCrc};

/// Feeds `bytes` (at least 16) into `state` with the folding kernel of `step`, which the CPU
/// has. Always inlined: for a stamped type the bit order, the register conversions and the
/// kernel choice fold to a direct call into the kernel (the out-of-line dispatch this
/// replaced was ~37 of the ~131 instructions of a 64-byte CRC-32, `spec/decisions.md`).
#[inline(always)]
pub(crate) fn fold<W: Word>(
    c: &Consts<'_, W>,
    f: &FoldConsts,
    step: &RouteStep,
    state: W,
    bytes: &[u8],
) -> W {
    debug_assert!(bytes.len() >= 16);
    let (backend, width) = (step.backend, u32::from(c.model.width));
    if c.model.refin {
        let reg = state.low_u64();
        let by_instruction = match (c.hw, step.reduced_by_instruction) {
            (Some(hw), true) => Host::fold_by_instruction(backend, hw, f, reg, bytes),
            _ => None,
        };
        return W::from_u64(match by_instruction {
            Some(reg) => reg,
            None => Host::fold::<true>(backend, f, width, reg, bytes),
        });
    }
    // The kernels keep the register unreflected for msb models, in the low bits.
    let unused = W::BITS - width;
    let reg = (state >> unused).low_u64();
    let reg = match (c.fold_reflected, step.reflected) {
        (Some(twin), true) => {
            Host::fold_reflected(backend, step.reads_ahead, twin, width, reg, bytes)
        }
        _ => Host::fold::<false>(backend, f, width, reg, bytes),
    };
    W::from_u64(reg) << unused
}

/// Fusion over the blocks at the start of `bytes` (`hw`'s instruction with the fold) in
/// the shape of `step`, returning the register and the rest. Fusion must be available here.
#[inline]
pub(crate) fn fusion<'a>(
    hw: HwCrc,
    f: &FoldConsts,
    step: &RouteStep,
    state: u32,
    bytes: &'a [u8],
) -> (u32, &'a [u8]) {
    debug_assert!(step.backend == Backend::Fusion);
    let shape = route::fusion_shape(step);
    Host::fusion(hw, shape, step.reads_ahead, f, state, bytes)
}

/// The CRC instruction for `hw` on `bytes`, as `step` says (three streams or one); `hw` is
/// only ever set on 32-bit CRCs, so `W` is `u32`. The instruction must be available.
#[inline(always)]
pub(crate) fn hw_step<W: Word>(hw: HwCrc, step: &RouteStep, state: W, bytes: &[u8]) -> W {
    W::from_u64(u64::from(self::hw(hw, step, state.low_u64() as u32, bytes)))
}

/// [`hw_step`] on the register.
#[inline(always)]
pub(crate) fn hw(hw: HwCrc, step: &RouteStep, state: u32, bytes: &[u8]) -> u32 {
    debug_assert!(super::hwcrc::supports(hw) && step.backend == Backend::HwCrc);
    Host::hw(hw, step.three_streams, state, bytes)
}
