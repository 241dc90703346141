//! The kernels with the plan's choices made for one CPU: what the route and the self-test
//! both call. `kernels` takes every choice as an argument; here each comes from the cached
//! word ([`Cpu`]) and the input's length, by the plan's rules (`plan`).

use super::hwcrc;
use super::kernels;
use super::plan::{self, Cpu};
use crate::backend::Backend;
use crate::consts::Consts;
use crate::word::Word;
use crcstamp_layout::{FoldConsts, HwCrc};

/// Feeds `bytes` (at least 16) into `state` with the folding kernel `backend`, which `cpu`
/// has. Always inlined: for a stamped type the bit order, the register conversions and the
/// kernel choice fold to a direct call into the kernel (the out-of-line dispatch this
/// replaced was ~37 of the ~131 instructions of a 64-byte CRC-32, `spec/decisions.md`).
#[inline(always)]
pub(crate) fn fold<W: Word>(
    c: &Consts<'_, W>,
    f: &FoldConsts,
    backend: Backend,
    cpu: Cpu,
    state: W,
    bytes: &[u8],
) -> W {
    debug_assert!(bytes.len() >= 16 && cpu.has(backend));
    let width = u32::from(c.model.width);
    if c.model.refin {
        let reg = state.low_u64();
        // A CRC with an instruction of its own reduces with it where it runs.
        let by_instruction = match c.hw {
            Some(hw) if cpu.has(Backend::HwCrc) => {
                kernels::fold_by_instruction(backend, hw, f, reg, bytes)
            }
            _ => None,
        };
        return W::from_u64(match by_instruction {
            Some(reg) => reg,
            None => kernels::fold::<true>(backend, f, width, reg, bytes),
        });
    }
    // The kernels keep the register unreflected for msb models, in the low bits.
    let unused = W::BITS - width;
    let reg = (state >> unused).low_u64();
    let reg = match c.fold_reflected {
        Some(twin) if plan::runs_reflected(backend, cpu, bytes.len()) => {
            let ahead = plan::reads_ahead(cpu, bytes.len());
            kernels::fold_reflected(backend, ahead, twin, width, reg, bytes)
        }
        _ => kernels::fold::<false>(backend, f, width, reg, bytes),
    };
    W::from_u64(reg) << unused
}

/// Fusion over the blocks at the start of `bytes` (`hw`'s instruction with the fold) in
/// the shape `cpu`'s family takes, returning the register and the rest. Fusion must be
/// available here.
#[inline]
pub(crate) fn fusion<'a>(
    hw: HwCrc,
    f: &FoldConsts,
    cpu: Cpu,
    state: u32,
    bytes: &'a [u8],
) -> (u32, &'a [u8]) {
    debug_assert!(cpu.has(Backend::Fusion) && hwcrc::supports(hw));
    let ahead = plan::reads_ahead(cpu, bytes.len());
    kernels::fusion(hw, cpu.fusion_shape(), ahead, f, state, bytes)
}

/// The CRC instruction for `hw` on `bytes`: three streams where the plan says so. The
/// instruction must be available.
#[inline(always)]
pub(crate) fn hw(hw: HwCrc, cpu: Cpu, state: u32, bytes: &[u8]) -> u32 {
    debug_assert!(hwcrc::supports(hw) && cpu.has(Backend::HwCrc));
    kernels::hw(hw, plan::three_streams(cpu, bytes.len()), state, bytes)
}
