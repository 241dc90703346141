//! The step run: what `route::decide` hands the step it decides to ([`Then`]), and the
//! kernels' calls that run it. Each function takes every choice from the step and hands it
//! to the kernels as arguments; nothing here decides anything again. Which of the hot
//! path's runs are inlined and which are one call is measured (`spec/decisions.md`, "A
//! small head inlined, the rest one call", "One dispatch").

use super::isa::{Host, Isa};
use super::step::{plain, tables_backend, Packed, FOLD_BLOCK};
use super::{bitwise, nibble, table};
use crate::backend::{Backend, RouteStep};
use crate::consts::Consts;
use crate::word::Word;
use crcstamp_layout::{FoldConsts, HwCrc};

/// What `route::decide` does with the step, where it decides it.
pub(crate) trait Then<W: Word>: Copy {
    /// What the caller gets.
    type Out;
    /// The step for `c`, as decided.
    fn then(self, c: &Consts<'_, W>, step: RouteStep) -> Self::Out;
    /// The tables' step on the other inputs they take on every CPU.
    #[inline(always)]
    fn tables(self, c: &Consts<'_, W>) -> Self::Out {
        self.then(c, plain(tables_backend(c)))
    }
}

/// The step itself, for the reports, the self-test and the forced backends.
#[derive(Clone, Copy)]
pub(crate) struct Report;

impl<W: Word> Then<W> for Report {
    type Out = RouteStep;
    #[inline(always)]
    fn then(self, _: &Consts<'_, W>, step: RouteStep) -> RouteStep {
        step
    }
}

/// What the head inlined at a call site leaves to its caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rest {
    /// The table kernel (`entry::update_tables`), on any CPU.
    Tables,
    /// The rest of the route (`entry::update_rest`).
    Route,
}

/// The head inlined at each call site of a stamped type (`entry::update_short`): the
/// tables' few bytes run there, the instruction's call, and for the rest the caller's
/// out-of-line calls (`crate::crc`). The block loop and the rest of the route copied into
/// every call site made LLVM's time grow faster than the number of call sites, and so did
/// the tables ahead of the instruction's call.
#[derive(Clone, Copy)]
pub(crate) struct Head<'a, W> {
    pub(crate) state: W,
    pub(crate) bytes: &'a [u8],
}

impl<W: Word> Then<W> for Head<'_, W> {
    type Out = Result<W, Rest>;
    /// The instruction's step, the only one the head hands over besides the tables'.
    #[inline(always)]
    fn then(self, c: &Consts<'_, W>, step: RouteStep) -> Result<W, Rest> {
        match c.hw {
            Some(hw) => Ok(self::hw::<Host, W>(hw, &step, self.state, self.bytes)),
            // A CRC without an instruction gets no step here: `route::head!` hands over
            // only the instruction's.
            None => Err(Rest::Route),
        }
    }
    #[inline(always)]
    fn tables(self, _: &Consts<'_, W>) -> Result<W, Rest> {
        Err(Rest::Tables)
    }
}

impl<W: Word> Head<'_, W> {
    /// The few bytes the tables take without a loop over blocks, run here: only the head
    /// takes them apart from the tables' other inputs (`route::head!` with `short`).
    #[inline(always)]
    pub(crate) fn short(self, c: &Consts<'_, W>) -> Result<W, Rest> {
        Ok(table::update_short(
            c.tables,
            c.model.refin,
            self.state,
            self.bytes,
        ))
    }
}

/// The rest of the hot path, inlined into one out-of-line function per stamped type
/// (`entry::update_rest`), where its constants are still compile-time values: the
/// instruction's or a folding kernel (any width) called directly; fusion and the tables one
/// call into [`run_out`] with the step in a register. The step itself, a dozen bytes, would
/// go through memory and give every caller a stack frame; routed again there instead,
/// CRC-32C ran 8–20% slower at 1–3 KiB. The tables there are a CPU without a folding
/// kernel past `FOLD_MIN`: a copy of them would cost every CRC's route saved registers.
#[derive(Clone, Copy)]
pub(crate) struct Run<'a, W> {
    pub(crate) state: W,
    pub(crate) bytes: &'a [u8],
}

impl<W: Word> Then<W> for Run<'_, W> {
    type Out = W;
    #[inline(always)]
    fn then(self, c: &Consts<'_, W>, step: RouteStep) -> W {
        let (state, bytes) = (self.state, self.bytes);
        match (step.backend, c.hw, c.fold) {
            (Backend::HwCrc, Some(hw), _) => self::hw::<Host, W>(hw, &step, state, bytes),
            (b, _, Some(f)) if b.is_folding() => fold::<Host, W>(c, f, &step, state, bytes),
            _ => run_out(c, Packed::of(step), state, bytes),
        }
    }
}

/// The kernels that are not worth inlining, as the route took them: fusion, and the tables
/// past the few bytes the head runs; and first use.
#[inline(never)]
pub(crate) fn run_out<W: Word>(c: &Consts<'_, W>, step: Packed, state: W, bytes: &[u8]) -> W {
    run(c, &step.step(), state, bytes)
}

/// Runs `step` on `bytes`, whatever it is: the body of [`run_out`] (one more call on the way
/// to the 512-bit kernel cost CRC-32/ISO-HDLC 4% and CRC-64/XZ 8% at 1 KiB), what a forced
/// backend runs, and what the self-test runs each kernel through.
#[inline(always)]
pub(crate) fn run<W: Word>(c: &Consts<'_, W>, step: &RouteStep, state: W, bytes: &[u8]) -> W {
    run_on::<Host, W>(c, step, state, bytes)
}

/// [`run`] on the kernels of the instruction set `I`: the target's, or the emulated ones
/// that the test suites run on any CPU (`entry::update_emulated`).
#[inline(always)]
pub(crate) fn run_on<I: Isa, W: Word>(
    c: &Consts<'_, W>,
    step: &RouteStep,
    state: W,
    bytes: &[u8],
) -> W {
    match (step.backend, c.fold, c.hw) {
        (Backend::Fusion, Some(f), Some(hw)) => fused::<I, W>(c, hw, f, step, state, bytes),
        (b, Some(f), _) if b.is_folding() => fold::<I, W>(c, f, step, state, bytes),
        (Backend::HwCrc, _, Some(hw)) => self::hw::<I, W>(hw, step, state, bytes),
        // Tables, and any step whose constants are missing (the route gives none): the
        // tables are always right. Past the tables' inputs at the call site, so never one
        // block alone.
        _ => tables::<W, false>(c, state, bytes),
    }
}

/// A folding kernel's step or the instruction's, alone: what the self-test checks, kernel
/// by kernel. Not [`run`]: with fusion and the race in every closure of the self-test, the
/// one-line CRC-32 program's text grew by 16 KB.
#[inline(always)]
pub(crate) fn kernel<W: Word>(c: &Consts<'_, W>, step: &RouteStep, state: W, bytes: &[u8]) -> W {
    match (step.backend, c.fold, c.hw) {
        (b, Some(f), _) if b.is_folding() => fold::<Host, W>(c, f, step, state, bytes),
        (Backend::HwCrc, _, Some(hw)) => self::hw::<Host, W>(hw, step, state, bytes),
        _ => unreachable!("the self-test checks the folding kernels and the instruction"),
    }
}

/// A step a `DynCrc` decided when its constants were built (`bands::Memo`), run as
/// [`Run`] runs it, but the tables inline; `None` for fusion, which the caller leaves to
/// the whole route out of line.
#[cfg(feature = "dynamic")]
#[inline(always)]
pub(crate) fn run_memo<W: Word>(
    c: &Consts<'_, W>,
    step: &RouteStep,
    state: W,
    bytes: &[u8],
) -> Option<W> {
    Some(match (step.backend, c.fold, c.hw) {
        (b, Some(f), _) if b.is_folding() => fold::<Host, W>(c, f, step, state, bytes),
        (Backend::HwCrc, _, Some(hw)) => self::hw::<Host, W>(hw, step, state, bytes),
        (Backend::Fusion, _, _) => return None,
        _ => tables::<W, true>(c, state, bytes),
    })
}

/// The fastest table kernel `c` carries tables for ([`table::best_slice`]; the nibble
/// kernel when it has only the 16-entry table, bitwise when it has none), with one slice
/// block on its own where `ONE_BLOCK` (`table::update_inline`). Always inlined: with
/// stamped constants the match folds to the one kernel.
#[inline(always)]
pub(crate) fn tables<W: Word, const ONE_BLOCK: bool>(
    c: &Consts<'_, W>,
    state: W,
    bytes: &[u8],
) -> W {
    let lsb = c.model.refin;
    match table::best_slice::<W>(c.tables.len()) {
        16 => table::update_inline::<W, 16, ONE_BLOCK>(c.tables, lsb, state, bytes),
        8 => table::update_inline::<W, 8, ONE_BLOCK>(c.tables, lsb, state, bytes),
        4 => table::update_inline::<W, 4, ONE_BLOCK>(c.tables, lsb, state, bytes),
        1 => table::update_inline::<W, 1, ONE_BLOCK>(c.tables, lsb, state, bytes),
        _ => match c.nibble {
            Some(t) => nibble::update(t, lsb, state, bytes),
            None => bitwise::update(c.poly_state, lsb, state, bytes),
        },
    }
}

/// Fusion in the shape of `step`, then its fold (`RouteStep::fusion_fold`) on the bytes
/// after the last block, or the instruction under one block: one pass over the input, not
/// a second trip through the route. Where `step` is raced, the race's verdict decides
/// between this and the fold alone (`race`).
fn fused<I: Isa, W: Word>(
    c: &Consts<'_, W>,
    hw: HwCrc,
    f: &FoldConsts,
    step: &RouteStep,
    state: W,
    bytes: &[u8],
) -> W {
    let partner = step.fusion_fold.map(|backend| RouteStep {
        backend,
        fusion_bits: 0,
        fusion_wide: false,
        fusion_fold: None,
        reads_ahead: false,
        ..*step
    });
    let whole = || {
        let (s, rest) = I::fusion(hw, step, f, state.low_u64() as u32, bytes);
        match partner {
            Some(p) if rest.len() >= FOLD_BLOCK => {
                fold::<I, W>(c, f, &p, W::from_u64(u64::from(s)), rest)
            }
            _ => W::from_u64(u64::from(I::hw(hw, false, s, rest))),
        }
    };
    #[cfg(target_arch = "x86_64")]
    if let (true, Some(p)) = (step.raced, partner) {
        return super::race::run(bytes.len(), whole, || fold::<I, W>(c, f, &p, state, bytes));
    }
    whole()
}

/// Feeds `bytes` (at least [`FOLD_BLOCK`]) into `state` with the folding kernel of `step`,
/// which the CPU has. Always inlined: for a stamped type the bit order, the register
/// conversions and the kernel choice fold to a direct call into the kernel (the out-of-line
/// dispatch this replaced was ~37 of the ~131 instructions of a 64-byte CRC-32).
#[inline(always)]
fn fold<I: Isa, W: Word>(
    c: &Consts<'_, W>,
    f: &FoldConsts,
    step: &RouteStep,
    state: W,
    bytes: &[u8],
) -> W {
    debug_assert!(bytes.len() >= FOLD_BLOCK);
    let (backend, width) = (step.backend, u32::from(c.model.width));
    if c.model.refin {
        let reg = state.low_u64();
        let by_instruction = match (c.hw, step.reduced_by_instruction) {
            (Some(hw), true) => I::fold_by_instruction(backend, step.aligned, hw, f, reg, bytes),
            _ => None,
        };
        return W::from_u64(match by_instruction {
            Some(reg) => reg,
            None => I::fold::<true>(backend, step.aligned, f, width, reg, bytes),
        });
    }
    // The kernels keep the register unreflected for msb models, in the low bits.
    let unused = W::BITS - width;
    let reg = (state >> unused).low_u64();
    let reg = match (c.fold_reflected, step.reflected) {
        (Some(twin), true) => I::fold_reflected(
            backend,
            step.reads_ahead,
            step.aligned,
            twin,
            width,
            reg,
            bytes,
        ),
        _ => I::fold::<false>(backend, step.aligned, f, width, reg, bytes),
    };
    W::from_u64(reg) << unused
}

/// Fusion over the blocks at the start of `bytes` (`hw`'s instruction with the fold) in
/// the shape of `step`, returning the register and the rest: [`fused`]'s first part, and
/// what the self-test checks alone. Fusion must be available here.
#[inline]
pub(crate) fn fusion<'a>(
    hw: HwCrc,
    f: &FoldConsts,
    step: &RouteStep,
    state: u32,
    bytes: &'a [u8],
) -> (u32, &'a [u8]) {
    debug_assert!(step.backend == Backend::Fusion);
    Host::fusion(hw, step, f, state, bytes)
}

/// The CRC instruction for `hw` on `bytes`, as `step` says (three streams or one); `hw` is
/// only ever set on 32-bit CRCs, so `W` is `u32`. The instruction must be available.
#[inline(always)]
fn hw<I: Isa, W: Word>(hw: HwCrc, step: &RouteStep, state: W, bytes: &[u8]) -> W {
    debug_assert!(step.backend == Backend::HwCrc);
    let s = I::hw(hw, step.three_streams, state.low_u64() as u32, bytes);
    W::from_u64(u64::from(s))
}
