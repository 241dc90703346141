//! The route: which kernel runs an input of a given length of a given CRC on this CPU, and
//! every choice inside it, as one [`RouteStep`]. [`route_then`] is the one function that
//! decides it: the hot path runs the step it hands over (`run`), and `Consts::route_for`,
//! `crc-gen route` and the golden files ([`step`], [`bands`]) report the same function's
//! output. Every length it compares with is the plan's (`plan`).

use super::hwcrc;
use super::isa::{Host, Isa};
use super::plan::{self, Cpu, ZmmFusion, FOLD_MIN};
use super::table;
#[cfg(feature = "std")]
use crate::backend::RouteBand;
use crate::backend::{Backend, RouteStep};
use crate::consts::Consts;
use crate::word::Word;

/// Whether `c` has a CRC instruction this target offers.
#[inline(always)]
pub(crate) fn has_hw<W: Word>(c: &Consts<'_, W>) -> bool {
    c.hw.is_some_and(hwcrc::supports)
}

/// Whether `len` bytes of `c` take the tables on every CPU: an empty input (no kernel is
/// called on nothing, so none runs where the CPU lacks it), and for a CRC without an
/// instruction of its own under [`FOLD_MIN`] bytes, without folding constants or on an
/// architecture without folding kernels. A CRC with an instruction of its own takes it from
/// one byte (`spec/decisions.md`, "A small head inlined, the rest one call").
/// The first test of [`route_then`], and of `update_short` before it loads the CPU's features.
#[inline(always)]
pub(crate) fn tables_anywhere<W: Word>(c: &Consts<'_, W>, len: usize) -> bool {
    len == 0
        || (!has_hw(c) && (len < FOLD_MIN || c.fold.is_none() || plan::FOLDING_ORDER.is_empty()))
}

/// Whose constants the route decides for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Constants {
    /// A stamped type's, compile-time values on its hot path.
    Stamped,
    /// Known only at run time (`DynCrc`), its route decided once when they are built
    /// ([`Memo`]): the tables lead further there (`plan::run_time_fold_min`).
    RunTime,
}

/// Decides the route for `len` bytes of `c` on `cpu` (detected) and hands the step to
/// `then` where it is decided. Inlined into the hot path with an always-inlined `then`,
/// each decision calls its kernel directly with its choices known: a returned step was kept
/// in a register and matched again after the last test, 14 of CRC-32C's instructions at 768
/// bytes (`spec/decisions.md`, "One route, decided once").
///
/// The thresholds between the instruction, the folding widths and fusion are the CPU
/// family's (`plan::PROFILES`, `spec/decisions.md`).
#[inline(always)]
pub(crate) fn route_then<W: Word, R>(
    c: &Consts<'_, W>,
    len: usize,
    cpu: Cpu,
    constants: Constants,
    then: impl Fn(RouteStep) -> R,
) -> R {
    let run = |b| then(step_with(c, b, cpu, len));
    if tables_anywhere(c, len) {
        return run(tables_backend(c));
    }
    let hw = has_hw(c);
    if constants == Constants::RunTime && !hw && len < plan::run_time_fold_min(cpu) {
        return run(tables_backend(c));
    }
    if hw {
        // Each test the fewest instructions the hot path can pay for it: the instruction's
        // last length is 0 where it is not offered, below the shortest fusion anywhere a
        // compare with a constant leaves the CPU's fusion shape untested, and `hw_always`
        // is set only with the instruction.
        if cpu.hw_runs(len) {
            return run(Backend::HwCrc);
        }
        if len >= plan::FUSION_FROM_ANY
            && c.fold.is_some()
            && cpu.has(Backend::Fusion)
            && len >= plan::fusion_from(cpu)
        {
            return run(Backend::Fusion);
        }
        if cpu.hw_always() {
            return run(Backend::HwCrc);
        }
        if len < FOLD_MIN || c.fold.is_none() {
            return match cpu.has(Backend::HwCrc) {
                true => run(Backend::HwCrc),
                false => run(tables_backend(c)),
            };
        }
    }
    // The best folding kernel: the first of `FOLDING_ORDER` the CPU has, past the 512-bit
    // one where it does not pay (its route bit implies the kernel's own bit: `withdraw`
    // clears both). A CRC with an instruction of its own takes 512-bit vectors from a length
    // of its own.
    let zmm = match (hw, len < plan::ZMM_MIN) {
        (true, _) => cpu.zmm_pays_by_instruction(len),
        // Below the hot path's constant, where only a family that starts early takes them,
        // a call of its own: no reflected run there (`plan::REFLECTED_MIN`), and the call
        // from the constant on knows the length, which spares it the reflected run's test.
        (false, true) => {
            if cpu.zmm_pays(len, plan::ZMM_MIN) {
                return run(Backend::Vpclmul512);
            }
            false
        }
        (false, false) => cpu.zmm_pays(len, plan::ZMM_MIN),
    };
    if zmm {
        return run(Backend::Vpclmul512);
    }
    for b in plan::FOLDING_ORDER {
        if b != Backend::Vpclmul512 && cpu.has(b) {
            return run(b);
        }
    }
    match hw && cpu.has(Backend::HwCrc) {
        true => run(Backend::HwCrc),
        false => run(tables_backend(c)),
    }
}

/// The step [`route_then`] hands over for `len` bytes of `c` on `cpu`.
pub(crate) fn step<W: Word>(
    c: &Consts<'_, W>,
    len: usize,
    cpu: Cpu,
    constants: Constants,
) -> RouteStep {
    route_then(c, len, cpu, constants, |step| step)
}

/// The kernel `backend` (which `cpu` has, or a table kernel `c` carries tables for) on
/// `len` bytes of `c`, with the choices the plan makes inside it: what the route runs where
/// it takes `backend`, and what a forced backend runs (`Consts::update_with`).
#[inline(always)]
pub(crate) fn step_with<W: Word>(
    c: &Consts<'_, W>,
    backend: Backend,
    cpu: Cpu,
    len: usize,
) -> RouteStep {
    let mut step = RouteStep {
        backend,
        fusion_bits: 0,
        fusion_wide: false,
        raced: false,
        three_streams: false,
        reduced_by_instruction: false,
        reflected: false,
        aligned: false,
        reads_ahead: false,
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
            step.raced = cfg!(target_arch = "x86_64") && cpu.races();
            step.reads_ahead = shape == ZmmFusion::Narrow && plan::reads_ahead(cpu, len);
        }
        b if b.is_folding() => {
            step.reflected = c.fold_reflected.is_some() && plan::runs_reflected(b, cpu, len);
            step.reads_ahead = step.reflected && plan::reads_ahead(cpu, len);
            // By the instruction where the CPU runs it and a kernel has it.
            step.reduced_by_instruction = c
                .hw
                .is_some_and(|hw| cpu.has(Backend::HwCrc) && Host::reduces_by_instruction(b, hw));
            step.aligned =
                Host::aligns_from(b, step.reduced_by_instruction).is_some_and(|from| len >= from);
        }
        _ => {}
    }
    step
}

/// Lengths scanned one by one: every threshold of the plan lies below (the longest, 64 KiB).
#[cfg(feature = "std")]
const SCANNED: usize = 1 << 20;

/// The steps of `c` on `cpu` at every length, merged into bands: each length up to
/// [`SCANNED`], then powers of two up to 1 GiB and `usize::MAX`. The one band scan, for
/// `Consts::route_bands` (`crc-gen route`) and the golden files.
#[cfg(feature = "std")]
pub(crate) fn bands<W: Word>(
    c: &Consts<'_, W>,
    cpu: Cpu,
    constants: Constants,
) -> std::vec::Vec<RouteBand> {
    scan(
        c,
        cpu,
        constants,
        (0..SCANNED)
            .chain((20..=30).map(|k| 1usize << k))
            .chain([usize::MAX]),
    )
}

/// The steps of `c` on `cpu` at `lengths` (ascending), merged into bands; the last band is
/// open. What [`bands`] and [`Memo`] take.
#[cfg(feature = "std")]
fn scan<W: Word>(
    c: &Consts<'_, W>,
    cpu: Cpu,
    constants: Constants,
    lengths: impl IntoIterator<Item = usize>,
) -> std::vec::Vec<RouteBand> {
    let mut bands: std::vec::Vec<RouteBand> = std::vec::Vec::new();
    for len in lengths {
        let step = step(c, len, cpu, constants);
        match bands.last_mut() {
            Some(band) if band.step == step => continue,
            Some(band) => band.to = Some(len - 1),
            None => {}
        }
        bands.push(RouteBand {
            from: len,
            to: None,
            step,
        });
    }
    bands
}

/// The steps [`route_then`] gives one CRC whose constants are known only at run time
/// ([`Constants::RunTime`], `DynCrc`) on one CPU at every length under [`plan::MEMO_LEN`],
/// decided when it is made (the band scan, [`scan`]): there each of the route's tests would
/// read them from memory on every call (`spec/decisions.md`, "The run-time route decided
/// once per CRC"). The cached word never changes once detected, so on the CPU it was made
/// for the steps stay the route's.
#[cfg(feature = "dynamic")]
#[derive(Clone, Debug)]
pub(crate) struct Memo {
    /// Each band's last length and its step, in ascending order; the last ends at
    /// `MEMO_LEN - 1`.
    bands: std::boxed::Box<[(usize, RouteStep)]>,
}

#[cfg(feature = "dynamic")]
impl Memo {
    /// The route of `c` on `cpu` (detected) at every length under [`plan::MEMO_LEN`].
    pub(crate) fn new<W: Word>(c: &Consts<'_, W>, cpu: Cpu) -> Memo {
        let bands = scan(c, cpu, Constants::RunTime, 0..plan::MEMO_LEN)
            .into_iter()
            .map(|band| (band.to.unwrap_or(plan::MEMO_LEN - 1), band.step))
            .collect();
        Memo { bands }
    }

    /// Whether it holds the step for `len` bytes: under [`plan::MEMO_LEN`].
    #[inline(always)]
    pub(crate) fn holds(&self, len: usize) -> bool {
        len < plan::MEMO_LEN
    }

    /// The step for `len` bytes, `None` where it does not [`hold`](Self::holds) it.
    #[inline(always)]
    pub(crate) fn step(&self, len: usize) -> Option<RouteStep> {
        self.bands
            .iter()
            .find(|&&(last, _)| len <= last)
            .map(|&(_, step)| step)
    }
}

/// The shape of fusion that `step` names.
#[inline(always)]
pub(crate) fn fusion_shape(step: &RouteStep) -> ZmmFusion {
    match (step.fusion_bits, step.fusion_wide) {
        (512, false) => ZmmFusion::Narrow,
        (512, true) => ZmmFusion::Wide,
        _ => ZmmFusion::No,
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
