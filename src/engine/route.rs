//! The route: the engine's entries (a stamped type's `update` and `checksum`, `DynCrc`'s,
//! the forced backends) and the one decision they make, which kernel runs an input of a
//! given length of a given CRC on this CPU and every choice inside it, as one
//! [`RouteStep`]. [`decide`] hands the step where it decides it to what the entry asked for
//! (`run::Then`): one of the runs of `run`, or the step itself for `Consts::route_for`,
//! `crc-gen route` and the golden files ([`step`], `bands`). The kernels take every choice
//! of the step as an argument; nothing between the decision and the kernel decides again,
//! and the input goes from here through `run` to the kernels (`spec/engine.md`, "One
//! dispatch"). Every length it compares with is the plan's (`plan`).

#[cfg(feature = "emulated")]
use super::isa::emulated::{self, Emulated, EmulatedIsa};
use super::plan::{self, Cpu, FOLD_MIN};
use super::run::{self, Head, Report, Rest, Run, Then};
use super::step::{step_with, tables_backend, Packed, FOLD_BLOCK};
use super::{bitwise, detect, hwcrc, nibble, table};
use crate::backend::{Backend, RouteStep};
use crate::consts::Consts;
use crate::word::Word;

#[cfg(feature = "std")]
mod bands;
#[cfg(feature = "std")]
pub(crate) use bands::bands;
#[cfg(feature = "dynamic")]
pub(crate) use bands::Memo;

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
fn tables_anywhere<W: Word>(c: &Consts<'_, W>, len: usize) -> bool {
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
/// at each call site of a stamped type stops ([`update_short`]): with `short`, there alone,
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
        if !has_hw(c) && len <= plan::short_max(c.tables.len()) {
            return then.short(c);
        }
        head!(c, len, $cpu, then);
    }};
    ($c:expr, $len:expr, $cpu:expr, $then:expr) => {{
        let (c, len, then) = ($c, $len, $then);
        let hw = has_hw(c);
        if tables_anywhere(c, len) {
            return then.tables(c);
        }
        if hw {
            if let Some(cpu) = $cpu {
                if cpu.hw_runs(len) {
                    return then.then(c, step_with(c, Backend::HwCrc, cpu, len));
                }
            }
        }
    }};
}

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

/// The whole hot path, inlined where it is called: [`update_short`], then the tables or
/// [`update_rest`]. With stamped constants everything but one cached load of the CPU's
/// features folds away. A stamped type's `update` and `checksum` inline only
/// `update_short` and call the other two out of line, in functions of their own per type
/// (`crate::crc`).
#[inline(always)]
pub(crate) fn update<W: Word>(c: &Consts<'_, W>, state: W, bytes: &[u8]) -> W {
    if const { !routes::<W>() } {
        return update_tables(c, state, bytes);
    }
    match update_short(c, state, bytes) {
        Ok(state) => state,
        Err(Rest::Tables) => update_tables(c, state, bytes),
        Err(Rest::Route) => update_rest(c, state, bytes),
    }
}

/// Whether a register of `W` can take any kernel but the tables: none wider than the
/// kernels' 64 bits can (no folding constants, no instruction). Where it cannot, [`update`]
/// and [`update_memo`] run the tables without the route, and [`update_with`] offers only the
/// table kernels, so that the route is never compiled for that word (`DynCrc`'s `u128`
/// paths: `spec/decisions.md`, "No route for registers wider than 64 bits").
const fn routes<W: Word>() -> bool {
    W::BITS <= 64
}

/// The part of [`update`] that runs in every caller of a stamped type, small enough to copy
/// into each call site: the route's head (`run::Head`), the rest left to the caller
/// (`spec/decisions.md`, "A small head inlined, the rest one call").
#[inline(always)]
pub(crate) fn update_short<W: Word>(c: &Consts<'_, W>, state: W, bytes: &[u8]) -> Result<W, Rest> {
    head!(
        short,
        c,
        bytes.len(),
        detect::cached(),
        Head { state, bytes }
    );
    Err(Rest::Route)
}

/// [`update`] past [`update_short`] and the tables: the CPU's features loaded, the step
/// decided and run (`run::Run`), or at first use detection out of line ([`first_use`]).
#[inline(always)]
pub(crate) fn update_rest<W: Word>(c: &Consts<'_, W>, state: W, bytes: &[u8]) -> W {
    let cpu = if has_hw(c) {
        match detect::cached() {
            Some(cpu) => cpu,
            None => return first_use(c, state, bytes),
        }
    } else {
        // Below the 512-bit kernel's inputs a compare with a constant and the detection
        // bit let first use out of line; from them on, the 512-bit route bit (set only
        // after detection). The 512-bit kernel is called from here, not from the
        // out-of-line run, where the constants read from memory cost CRC-32 a third of its
        // time at 1 KiB (`spec/decisions.md`, "Every folding kernel called from the hot
        // path"). Not `detect::cached()` as above: that tests the detection bit on every
        // input, which from the 512-bit kernel's inputs on the length compare and the
        // route bit already imply (two instructions more at 1 KiB and at 64 B, traced).
        match detect::cached_any() {
            cpu if cpu.folds_inline(bytes.len()) || cpu.zmm() => cpu,
            _ => return first_use(c, state, bytes),
        }
    };
    let ask = Ask::Route(Constants::Stamped);
    decide(c, bytes.len(), cpu, ask, Run { state, bytes })
}

/// First use out of line: detect, decide, and run the step as the out-of-line run does
/// (`run::run_out`). The step is returned here, not handed over: a whole run at each of the
/// route's decisions, in every stamped type's first use, made a crate with 100 call sites
/// of CRC-32 build in 5.4 s instead of 1.4 (`benches/build_time.sh`, Zen 4).
#[inline(never)]
fn first_use<W: Word>(c: &Consts<'_, W>, state: W, bytes: &[u8]) -> W {
    let step = step(
        c,
        bytes.len(),
        detect::features(),
        Ask::Route(Constants::Stamped),
    );
    run::run_out(c, Packed::of(step), state, bytes)
}

/// [`update`] for constants known only at run time (`DynCrc`): [`update_short`], then the
/// step `memo` holds for `bytes.len()`, run (`run::run_memo`); `None` where it holds none
/// and for fusion, which the caller leaves to [`update`] out of line. Nothing here takes
/// `c` by reference out of line, so a view of owned constants built for the call stays in
/// registers (`spec/decisions.md`, "The run-time route decided once per CRC"). `memo`
/// must be of `c`, on this CPU.
#[cfg(feature = "dynamic")]
#[inline(always)]
pub(crate) fn update_memo<W: Word>(
    c: &Consts<'_, W>,
    memo: &Memo,
    state: W,
    bytes: &[u8],
) -> Option<W> {
    if const { !routes::<W>() } {
        return Some(update_tables(c, state, bytes));
    }
    match update_short(c, state, bytes) {
        Ok(state) => return Some(state),
        Err(Rest::Tables) => return Some(update_tables(c, state, bytes)),
        Err(Rest::Route) => {}
    }
    run::run_memo(c, &memo.step(bytes.len())?, state, bytes)
}

/// The fastest table kernel `c` carries tables for, a slice block on its own
/// (`run::tables`).
#[inline(always)]
pub(crate) fn update_tables<W: Word>(c: &Consts<'_, W>, state: W, bytes: &[u8]) -> W {
    run::tables::<W, true>(c, state, bytes)
}

/// `bytes` on exactly `backend`, never raced (`Consts::update_with`); `None` where it is not
/// available here or `c` lacks its data ([`supports`]).
pub(crate) fn update_with<W: Word>(
    c: &Consts<'_, W>,
    backend: Backend,
    state: W,
    bytes: &[u8],
) -> Option<W> {
    if !supports(c, backend) {
        return None;
    }
    let lsb = c.model.refin;
    match backend {
        Backend::Bitwise => Some(bitwise::update(c.poly_state, lsb, state, bytes)),
        Backend::Nibble => c.nibble.map(|t| nibble::update(t, lsb, state, bytes)),
        Backend::Slice1 => Some(table::update::<W, 1>(c.tables, lsb, state, bytes)),
        Backend::Slice4 => Some(table::update::<W, 4>(c.tables, lsb, state, bytes)),
        Backend::Slice8 => Some(table::update::<W, 8>(c.tables, lsb, state, bytes)),
        Backend::Slice16 => Some(table::update::<W, 16>(c.tables, lsb, state, bytes)),
        // The kernels need one whole block; shorter inputs take the tables.
        b if b.is_folding() && bytes.len() < FOLD_BLOCK => {
            c.fold.map(|_| update_tables(c, state, bytes))
        }
        // The folding kernels and the instruction, which `supports` offers no wider register.
        _ if const { !routes::<W>() } => None,
        b => {
            let step = step(c, bytes.len(), detect::features(), Ask::Kernel(b));
            Some(run::run(c, &step, state, bytes))
        }
    }
}

/// Whether `backend` is available here and `c` carries the data it needs.
pub(crate) fn supports<W: Word>(c: &Consts<'_, W>, backend: Backend) -> bool {
    backend.is_available()
        && match backend {
            Backend::HwCrc => has_hw(c),
            Backend::Fusion => has_hw(c) && c.fold.is_some(),
            Backend::Nibble => c.nibble.is_some(),
            b if b.is_folding() => c.fold.is_some(),
            b => b.tables_needed().is_none_or(|n| c.tables.len() >= n),
        }
}

/// Feeds `bytes` into `state` with an emulated kernel (plain Rust on any CPU,
/// `isa/emulated/`, for the test suites), through the same run as the target's kernels
/// (`run::run_on`); `None` where `c` lacks its data (folding constants, a CRC instruction,
/// reflected constants).
#[cfg(feature = "emulated")]
pub fn update_emulated<W: Word>(
    c: &Consts<'_, W>,
    kernel: Emulated,
    state: W,
    bytes: &[u8],
) -> Option<W> {
    let step = match kernel {
        // A shape no step names: three accumulators, reduced by the instruction.
        Emulated::ThreeAccumulators { bits } => {
            let (hw, f) = (c.hw?, c.fold?);
            if bytes.len() < FOLD_BLOCK {
                return Some(update_tables(c, state, bytes));
            }
            let reg = emulated::fold_three(bits, hw, f, state.low_u64(), bytes);
            return Some(W::from_u64(reg));
        }
        kernel => emulated::step(c, kernel)?,
    };
    // The folding kernels need one whole block; shorter inputs take the tables.
    if step.backend.is_folding() && bytes.len() < FOLD_BLOCK {
        return Some(update_tables(c, state, bytes));
    }
    Some(run::run_on::<EmulatedIsa, W>(c, &step, state, bytes))
}
