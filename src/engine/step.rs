//! What a step holds: a kernel's choices on an input of a given length on this CPU
//! ([`step_with`], which only `route::decide` calls, for the kernel it picks), fusion's
//! fold, and the step packed into one register for the out-of-line run.

use super::isa::{Host, Isa};
use super::plan::{self, Cpu, ZmmFusion};
use super::table;
use crate::backend::{Backend, RouteStep};
use crate::consts::Consts;
use crate::word::Word;

/// The shortest input of a folding kernel: one 128-bit block. Shorter inputs of a forced
/// folding kernel and fusion's last bytes under it take the tables or the instruction.
pub(crate) const FOLD_BLOCK: usize = 16;

/// The step of a kernel with no choice inside it: the tables'.
#[inline(always)]
pub(crate) const fn plain(backend: Backend) -> RouteStep {
    RouteStep {
        backend,
        fusion_bits: 0,
        fusion_wide: false,
        fusion_fold: None,
        raced: false,
        three_streams: false,
        reduced_by_instruction: false,
        reflected: false,
        aligned: false,
        reads_ahead: false,
    }
}

/// The kernel `backend` (which `cpu` has, or a table kernel `c` carries tables for) on
/// `len` bytes of `c`, with the choices the plan makes inside it: [`decide`]'s step where
/// it takes `backend`.
#[inline(always)]
pub(crate) fn step_with<W: Word>(
    c: &Consts<'_, W>,
    backend: Backend,
    cpu: Cpu,
    len: usize,
) -> RouteStep {
    let mut step = plain(backend);
    // Reduced by the instruction where the CPU runs it and the folding kernel has it.
    let by_instruction = |b| {
        c.hw.is_some_and(|hw| cpu.has(Backend::HwCrc) && Host::reduces_by_instruction(b, hw))
    };
    match backend {
        Backend::HwCrc => step.three_streams = plan::three_streams(cpu, len),
        Backend::Fusion => {
            let shape = cpu.fusion_shape();
            step.fusion_bits = match shape {
                ZmmFusion::No if cfg!(target_arch = "aarch64") => 128,
                ZmmFusion::No => 256,
                ZmmFusion::Narrow | ZmmFusion::Wide => 512,
            };
            step.fusion_wide = shape == ZmmFusion::Wide;
            step.reads_ahead = shape == ZmmFusion::Narrow && plan::reads_ahead(cpu, len);
            // The fold fusion leaves its last bytes to, and races where the CPU races (on
            // 512-bit vectors only: `RACES` is set with them).
            step.fusion_fold = fusion_fold(cpu);
            step.reduced_by_instruction = step.fusion_fold.is_some_and(by_instruction);
            // The fold's loads as the fold's own step on `len` bytes: the race runs it on
            // all of them, and fusion's 512-bit shapes leave it none or all (their blocks
            // are whole aligned vectors), the 256-bit one a fold that never aligns.
            step.aligned = step
                .fusion_fold
                .is_some_and(|b| Host::aligns(b, step.reduced_by_instruction, len));
            step.raced = cfg!(target_arch = "x86_64") && cpu.races();
        }
        b if b.is_folding() => {
            step.reflected = c.fold_reflected.is_some() && plan::runs_reflected(b, cpu, len);
            step.reads_ahead = step.reflected && plan::reads_ahead(cpu, len);
            step.reduced_by_instruction = by_instruction(b);
            step.aligned = Host::aligns(b, step.reduced_by_instruction, len);
        }
        _ => {}
    }
    step
}

/// The fold that fusion on `cpu` leaves the bytes after its last block to, and that it
/// races: the route's for long inputs without fusion (512-bit vectors where the family
/// takes them, else the best the CPU has). `Backend::raced_against` reports it.
#[inline(always)]
pub(crate) fn fusion_fold(cpu: Cpu) -> Option<Backend> {
    if cpu.zmm() {
        return Some(Backend::Vpclmul512);
    }
    // Indexed, not iterated: LLVM left the iterator a call of its own, and that call a
    // stack frame on every input of the hot path's route.
    let mut i = 0;
    while i < plan::FOLDING_ORDER.len() {
        let b = plan::FOLDING_ORDER[i];
        if b != Backend::Vpclmul512 && cpu.has(b) {
            return Some(b);
        }
        i += 1;
    }
    None
}

/// A step in one register, for the out-of-line call that runs it (`run::run_out`):
/// passed as it is, a dozen bytes go through memory and give every caller a stack frame.
/// Packed where the step is a compile-time value, it is one constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Packed(u32);

impl Packed {
    /// `step`, packed: the kernel's and the fold's places in [`Backend::all`] (the fold's
    /// plus one, 0 for none), the fusion width in 128-bit units, and one bit a choice.
    #[inline(always)]
    pub(crate) fn of(step: RouteStep) -> Packed {
        let flag = |on: bool, i: u32| u32::from(on) << (16 + i);
        let bits = step.backend as u32
            | step.fusion_fold.map_or(0, |b| b as u32 + 1) << 5
            | u32::from(step.fusion_bits / 128) << 10
            | flag(step.fusion_wide, 0)
            | flag(step.raced, 1)
            | flag(step.three_streams, 2)
            | flag(step.reduced_by_instruction, 3)
            | flag(step.reflected, 4)
            | flag(step.aligned, 5)
            | flag(step.reads_ahead, 6);
        Packed(bits)
    }

    /// The step [`of`](Self::of) packed.
    #[inline(always)]
    pub(crate) fn step(self) -> RouteStep {
        let bits = self.0;
        let on = |i: u32| bits >> (16 + i) & 1 != 0;
        RouteStep {
            backend: Backend::all()[(bits & 31) as usize],
            fusion_bits: (bits >> 10 & 7) as u16 * 128,
            fusion_wide: on(0),
            fusion_fold: match bits >> 5 & 31 {
                0 => None,
                b => Some(Backend::all()[b as usize - 1]),
            },
            raced: on(1),
            three_streams: on(2),
            reduced_by_instruction: on(3),
            reflected: on(4),
            aligned: on(5),
            reads_ahead: on(6),
        }
    }
}

/// The fastest table kernel `c` carries tables for ([`table::best_slice`]).
#[inline(always)]
pub(crate) fn tables_backend<W: Word>(c: &Consts<'_, W>) -> Backend {
    match table::best_slice::<W>(c.tables.len()) {
        16 => Backend::Slice16,
        8 => Backend::Slice8,
        4 => Backend::Slice4,
        1 => Backend::Slice1,
        _ if c.nibble.is_some() => Backend::Nibble,
        _ => Backend::Bitwise,
    }
}
