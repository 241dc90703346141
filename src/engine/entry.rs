//! The engine's entries: a stamped type's `update` and `checksum`, `DynCrc`'s, the forced
//! backends, and the reports of the route on this CPU. Each loads the detected CPU
//! (`detect`), has the route decide the step (`route`), and runs it (`run`): the one module
//! above both, so that the route, which the self-test asks at detection, never detects.

#[cfg(feature = "dynamic")]
use super::bands::Memo;
#[cfg(feature = "emulated")]
use super::isa::emulated::{self, Emulated, EmulatedIsa};
use super::route::{self, decide, has_hw, head, Ask, Constants};
use super::run::{self, Head, Rest, Run};
use super::step::{Packed, FOLD_BLOCK};
use super::{bitwise, detect, nibble, table};
use crate::backend::{Backend, RouteStep};
use crate::consts::Consts;
use crate::word::Word;

/// The route of `c` on this CPU decided once for the lengths where it costs most
/// ([`Memo`]), for [`update_memo`].
#[cfg(feature = "dynamic")]
pub(crate) fn memo<W: Word>(c: &Consts<'_, W>) -> Memo {
    Memo::new(c, detect::features())
}

/// The kernel [`update`] runs for an input of `len` bytes.
pub(crate) fn backend_for<W: Word>(c: &Consts<'_, W>, len: usize) -> Backend {
    route_for(c, len, Constants::Stamped).backend
}

/// The step the route gives `len` bytes of `c` on this CPU, for its kind of constants.
pub(crate) fn route_for<W: Word>(c: &Consts<'_, W>, len: usize, constants: Constants) -> RouteStep {
    route::step(c, len, detect::features(), Ask::Route(constants))
}

/// [`route_for`] at every length, merged into bands (`bands::bands`).
#[cfg(feature = "std")]
pub(crate) fn route_bands<W: Word>(
    c: &Consts<'_, W>,
    constants: Constants,
) -> std::vec::Vec<crate::RouteBand> {
    super::bands::bands(c, detect::features(), constants)
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
    let step = route::step(
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
            let step = route::step(c, bytes.len(), detect::features(), Ask::Kernel(b));
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
    let step = emulated::step(c, kernel, bytes.len())?;
    // The folding kernels need one whole block; shorter inputs take the tables.
    if step.backend.is_folding() && bytes.len() < FOLD_BLOCK {
        return Some(update_tables(c, state, bytes));
    }
    Some(run::run_on::<EmulatedIsa, W>(c, &step, state, bytes))
}
