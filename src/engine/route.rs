//! The route: the one decision, which kernel runs an input of a given length of a given CRC
//! on a given CPU and every choice inside it, as one [`RouteStep`]. [`decide`] hands the
//! step where it decides it to what the entry asked for (`run::Then`): one of the runs of
//! `run`, or the step itself for the reports ([`step`]: `Consts::route_for`, `bands`, the
//! self-test, the forced backends). The kernels take every choice of the step as an
//! argument; nothing between the decision and the kernel decides again, and the input goes
//! from the entries (`entry`) through here and `run` to the kernels (`spec/engine.md`, "One
//! dispatch"). The CPU is the caller's: nothing here detects it, so that the self-test,
//! which detection runs, can ask for its kernels' steps. Every length it compares with is
//! the plan's (`plan`).

use super::hwcrc;
use super::plan::{self, Cpu, FOLD_MIN};
use super::run::{Report, Then};
use super::step::{step_with, tables_backend};
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
    /// (`bands::Memo`): the tables lead further there (`plan::run_time_fold_min`).
    RunTime,
}

/// What [`decide`] is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ask {
    /// The route's own choice, for constants of this kind.
    Route(Constants),
    /// The step of this kernel (one the CPU has, or a table kernel `c` carries tables for),
    /// never raced: a forced backend (`Consts::update_with`) and the self-test.
    Kernel(Backend),
}

/// The route's first tests, where [`decide`] starts and where the hot path's head inlined
/// at each call site of a stamped type stops (`entry::update_short`): with `short`, there alone,
/// the few bytes the tables take without a loop over blocks (`plan::short_max`,
/// `run::Head::short`); the inputs they take on every CPU ([`tables_anywhere`],
/// `Then::tables`); and for a CRC with an
/// instruction of its own the instruction's step where the CPU (`$cpu`, evaluated only
/// there) runs it `len` bytes; each outcome returned from the function it is expanded in,
/// which goes on with the rest of the route. Written once and expanded in both, because
/// each alternative cost a crate with 100 call sites of CRC-32 its build time
/// (`benches/build_time.sh`, Zen 4: 1.4 s as expanded, 4.4–7.8 s with a test repeated at
/// the outcome or the outcome returned and matched) or its instructions (the rest of the
/// route as a closure stayed a call of its own: 168 → 255 for CRC-32 at 1 KiB).
macro_rules! head {
    (short, $c:expr, $len:expr, $cpu:expr, $then:expr) => {{
        let (c, len, then) = ($c, $len, $then);
        if !$crate::engine::route::has_hw(c)
            && len <= $crate::engine::plan::short_max(c.tables.len())
        {
            return then.short(c);
        }
        $crate::engine::route::head!(c, len, $cpu, then);
    }};
    ($c:expr, $len:expr, $cpu:expr, $then:expr) => {{
        let (c, len, then) = ($c, $len, $then);
        let hw = $crate::engine::route::has_hw(c);
        if $crate::engine::route::tables_anywhere(c, len) {
            return $crate::engine::run::Then::tables(then, c);
        }
        if hw {
            if let Some(cpu) = $cpu {
                if cpu.hw_runs(len) {
                    let b = $crate::backend::Backend::HwCrc;
                    let step = $crate::engine::step::step_with(c, b, cpu, len);
                    return $crate::engine::run::Then::then(then, c, step);
                }
            }
        }
    }};
}
pub(crate) use head;

/// `then` given the step of the kernel `b`.
#[inline(always)]
fn hand<W: Word, T: Then<W>>(
    then: T,
    c: &Consts<'_, W>,
    b: Backend,
    cpu: Cpu,
    len: usize,
) -> T::Out {
    then.then(c, step_with(c, b, cpu, len))
}

/// Decides the step for `len` bytes of `c` on `cpu` (detected; `ask`: the route's, or one
/// kernel's) and hands it to `then` where it is decided: the one decision, `head!` and the
/// rest.
///
/// Always inlined, with the step handed over where it is decided, each decision calls its
/// kernel directly with its choices known: a step returned instead was merged over the
/// decisions and matched again, 13 more instructions for CRC-32C at 1 KiB, as an older route
/// paid 14 at 768 bytes (`spec/decisions.md`, "One dispatch"). The thresholds between the
/// instruction, the folding widths and fusion are the CPU family's (`plan::PROFILES`).
#[inline(always)]
pub(crate) fn decide<W: Word, T: Then<W>>(
    c: &Consts<'_, W>,
    len: usize,
    cpu: Cpu,
    ask: Ask,
    then: T,
) -> T::Out {
    let constants = match ask {
        Ask::Kernel(b) => {
            let step = step_with(c, b, cpu, len);
            return then.then(
                c,
                RouteStep {
                    raced: false,
                    ..step
                },
            );
        }
        Ask::Route(constants) => constants,
    };
    head!(c, len, Some(cpu), then);
    let hw = has_hw(c);
    if constants == Constants::RunTime && !hw && len < plan::run_time_fold_min(cpu) {
        return hand(then, c, tables_backend(c), cpu, len);
    }
    if hw {
        // Each test the fewest instructions the hot path can pay for it: the instruction's
        // last length is 0 where it is not offered (tested in `head!`), below the shortest
        // fusion anywhere a compare with a constant leaves the CPU's fusion shape untested,
        // and `hw_always` is set only with the instruction.
        if len >= plan::FUSION_FROM_ANY
            && c.fold.is_some()
            && cpu.has(Backend::Fusion)
            && len >= plan::fusion_from(cpu)
        {
            return hand(then, c, Backend::Fusion, cpu, len);
        }
        if cpu.hw_always() {
            return hand(then, c, Backend::HwCrc, cpu, len);
        }
        if len < FOLD_MIN || c.fold.is_none() {
            return match cpu.has(Backend::HwCrc) {
                true => hand(then, c, Backend::HwCrc, cpu, len),
                false => hand(then, c, tables_backend(c), cpu, len),
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
        // a return of its own: no reflected run there (`plan::REFLECTED_MIN`), and the
        // step from the constant on knows the length, which spares it the reflected run's
        // test.
        (false, true) => {
            if cpu.zmm_pays(len, plan::ZMM_MIN) {
                return hand(then, c, Backend::Vpclmul512, cpu, len);
            }
            false
        }
        (false, false) => cpu.zmm_pays(len, plan::ZMM_MIN),
    };
    if zmm {
        return hand(then, c, Backend::Vpclmul512, cpu, len);
    }
    for b in plan::FOLDING_ORDER {
        if b != Backend::Vpclmul512 && cpu.has(b) {
            return hand(then, c, b, cpu, len);
        }
    }
    match hw && cpu.has(Backend::HwCrc) {
        true => hand(then, c, Backend::HwCrc, cpu, len),
        false => hand(then, c, tables_backend(c), cpu, len),
    }
}

/// The step [`decide`] gives `len` bytes of `c` on `cpu` (detected) for `ask`: the reports',
/// the self-test's and the forced backends'.
#[inline(always)]
pub(crate) fn step<W: Word>(c: &Consts<'_, W>, len: usize, cpu: Cpu, ask: Ask) -> RouteStep {
    decide(c, len, cpu, ask, Report)
}
