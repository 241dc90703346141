//! The hot path: what a stamped type's `update` and `checksum` run, from the head inlined at
//! each call site ([`update_short`]) to the kernel, and the forced backends
//! ([`update_with`]). The route (`route::route_then`) decides the step once; the kernels
//! run it (`run`); here the calls between them are laid out for the fewest instructions on
//! the way.

use super::route::{self, has_hw, route_then, tables_anywhere, Constants};
use super::{bitwise, detect, nibble, plan, run, table};
use crate::backend::{Backend, RouteStep};
use crate::consts::Consts;
use crate::word::Word;
use crcstamp_layout::{FoldConsts, HwCrc};
use plan::Cpu;

/// The whole route, inlined where it is called: [`update_short`], then the tables or
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

/// What [`update_short`] leaves to its caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rest {
    /// The table kernel ([`update_tables`]), on any CPU.
    Tables,
    /// [`update_rest`].
    Route,
}

/// The part of [`update`] that runs in every caller of a stamped type, small enough to copy
/// into each call site: for a CRC without an instruction of its own, the tables up to a few
/// bytes ([`plan::short_max`]) without a loop over blocks; for one with an instruction, a
/// call to the instruction's kernel where the cached features say it runs `len` bytes, and
/// nothing else, which keeps the call site free of saved registers. The slice kernel's
/// block loop and the route to the folding kernels are left to the caller: copied into
/// every call site they made LLVM's time grow faster than the number of call sites, and so
/// did the tables ahead of the instruction's call (`spec/decisions.md`, "A small head
/// inlined, the rest one call").
#[inline(always)]
pub(crate) fn update_short<W: Word>(c: &Consts<'_, W>, state: W, bytes: &[u8]) -> Result<W, Rest> {
    if !has_hw(c) && bytes.len() <= plan::short_max(c.tables.len()) {
        return Ok(table::update_short(c.tables, c.model.refin, state, bytes));
    }
    if bytes.is_empty() {
        return Ok(state);
    }
    // The rest of what takes the tables everywhere, before the CPU's features load.
    if tables_anywhere(c, bytes.len()) {
        return Err(Rest::Tables);
    }
    if let (Some(hw), true) = (c.hw, has_hw(c)) {
        if let Some(cpu) = detect::cached() {
            if cpu.hw_runs(bytes.len()) {
                let step = route::step_with(c, Backend::HwCrc, cpu, bytes.len());
                return Ok(run::hw_step(hw, &step, state, bytes));
            }
        }
    }
    Err(Rest::Route)
}

/// [`update`] past [`update_short`] and the tables: loads the CPU's features and runs the
/// route inline ([`run_inline`]), or at first use detects out of line ([`first_use`]).
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
        // after detection). The 512-bit kernel is called from here, not through the
        // outlined route, whose routing again with the constants read from memory cost
        // CRC-32 a third of its time at 1 KiB (`spec/decisions.md`, "Every folding kernel
        // called from the hot path"). Not `detect::cached()` as above: that tests the
        // detection bit on every input, which from the 512-bit kernel's inputs on the
        // length compare and the route bit already imply (two instructions more at 1 KiB
        // and at 64 B, traced).
        match detect::cached_any() {
            cpu if cpu.folds_inline(bytes.len()) || cpu.zmm() => cpu,
            _ => return first_use(c, state, bytes),
        }
    };
    run_inline(c, cpu, state, bytes)
}

/// [`update`] for constants known only at run time (`DynCrc`): [`update_short`], then the
/// step `memo` holds for `bytes.len()`, run as [`routed`] runs it; `None` where it holds
/// none and for fusion, which the caller leaves to [`update`] out of line. Nothing here
/// takes `c` by reference out of line, so a view of owned constants built for the call
/// stays in registers (`spec/decisions.md`, "The run-time route decided once per CRC").
/// `memo` must be of `c`, on this CPU.
#[cfg(feature = "dynamic")]
#[inline(always)]
pub(crate) fn update_memo<W: Word>(
    c: &Consts<'_, W>,
    memo: &route::Memo,
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
    let step = memo.step(bytes.len())?;
    Some(match (step.backend, c.fold, c.hw) {
        (b, Some(f), _) if b.is_folding() => run::fold(c, f, &step, state, bytes),
        (Backend::HwCrc, _, Some(hw)) => run::hw_step(hw, &step, state, bytes),
        (Backend::Fusion, _, _) => return None,
        _ => update_tables(c, state, bytes),
    })
}

/// The fastest table kernel `c` carries tables for ([`table::best_slice`]; the nibble
/// kernel when it has only the 16-entry table, bitwise when it has none). Always inlined:
/// with stamped constants the match folds to the one kernel.
#[inline(always)]
pub(crate) fn update_tables<W: Word>(c: &Consts<'_, W>, state: W, bytes: &[u8]) -> W {
    tables::<W, true>(c, state, bytes)
}

/// [`update_tables`], with one slice block on its own where `ONE_BLOCK` (`table::update_inline`).
#[inline(always)]
fn tables<W: Word, const ONE_BLOCK: bool>(c: &Consts<'_, W>, state: W, bytes: &[u8]) -> W {
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
        b if b.is_folding() && bytes.len() < 16 => c.fold.map(|_| update_tables(c, state, bytes)),
        // The folding kernels and the instruction, which `supports` offers no wider register.
        _ if const { !routes::<W>() } => None,
        b => {
            let cpu = detect::features();
            // Forced: the kernel alone, never raced.
            let step = route::step_with(c, b, cpu, bytes.len());
            let step = crate::backend::RouteStep {
                raced: false,
                ..step
            };
            Some(routed(c, cpu, step, state, bytes))
        }
    }
}

/// The route decided and run for `bytes` on `cpu` (detected), inlined where it is called:
/// the instruction's or a folding kernel (any width) called directly; fusion and the tables
/// take one call into [`routed_out`] with the step. For a stamped type inlined into one
/// out-of-line function per type, where its constants are still compile-time values.
#[inline(always)]
fn run_inline<W: Word>(c: &Consts<'_, W>, cpu: Cpu, state: W, bytes: &[u8]) -> W {
    route_then(
        c,
        bytes.len(),
        cpu,
        Constants::Stamped,
        #[inline(always)]
        |step| match (step.backend, c.hw, c.fold) {
            (Backend::HwCrc, Some(hw), _) => run::hw_step(hw, &step, state, bytes),
            (b, _, Some(f)) if b.is_folding() => run::fold(c, f, &step, state, bytes),
            // Fusion and the tables go out of line, with the kernel the route took, not
            // routed again (CRC-32C 8–20% faster at 1–3 KiB); the step itself, a dozen
            // bytes, would go through memory and give every caller a stack frame. The
            // tables here are a CPU without a folding kernel past `FOLD_MIN`: a copy of
            // them would cost every CRC's out-of-line route saved registers
            // (`spec/decisions.md`, "A short head inlined, the route out of line").
            _ => routed_out(c, cpu, step.backend, state, bytes),
        },
    )
}

/// First use out of line: detect, route, and run the step as [`routed_out`] does.
#[inline(never)]
fn first_use<W: Word>(c: &Consts<'_, W>, state: W, bytes: &[u8]) -> W {
    let cpu = detect::features();
    routed(
        c,
        cpu,
        route::step(c, bytes.len(), cpu, Constants::Stamped),
        state,
        bytes,
    )
}

/// The kernels that are not worth inlining, as the route took them: fusion's blocks (then
/// the rest routed again) and the tables past the few bytes `update_short` runs. The step
/// is the one the route handed over (`route::step_with` for its kernel).
#[inline(never)]
fn routed_out<W: Word>(c: &Consts<'_, W>, cpu: Cpu, kernel: Backend, state: W, bytes: &[u8]) -> W {
    let step = route::step_with(c, kernel, cpu, bytes.len());
    routed(c, cpu, step, state, bytes)
}

/// Runs `step` on `bytes`: the body of [`routed_out`] and [`first_use`], inlined into each
/// (one more call on the way to the 512-bit kernel cost CRC-32/ISO-HDLC 4% and CRC-64/XZ 8%
/// at 1 KiB), and what a forced backend runs.
#[inline(always)]
fn routed<W: Word>(c: &Consts<'_, W>, cpu: Cpu, step: RouteStep, state: W, bytes: &[u8]) -> W {
    match (step.backend, c.fold, c.hw) {
        (Backend::Fusion, Some(f), Some(hw)) => {
            // Where the host decides whether fusion or the fold alone leads, the race's
            // verdict does.
            #[cfg(target_arch = "x86_64")]
            if step.raced {
                let rival = route::step_with(c, Backend::Vpclmul512, cpu, bytes.len());
                return super::race::run(
                    bytes.len(),
                    || fused(c, hw, f, &step, state, bytes),
                    || run::fold(c, f, &rival, state, bytes),
                );
            }
            let _ = cpu;
            fused(c, hw, f, &step, state, bytes)
        }
        (b, Some(f), _) if b.is_folding() => run::fold(c, f, &step, state, bytes),
        (Backend::HwCrc, _, Some(hw)) => run::hw_step(hw, &step, state, bytes),
        // Tables, and any step whose constants are missing (the route gives none): the
        // tables are always right. Past the tables' inputs at the call site, so never one
        // block alone.
        _ => tables::<W, false>(c, state, bytes),
    }
}

/// Fusion over the whole blocks in the shape of `step`, then the rest (shorter than a
/// block) routed again. Fusion must be available here.
fn fused<W: Word>(
    c: &Consts<'_, W>,
    hw: HwCrc,
    f: &FoldConsts,
    step: &RouteStep,
    state: W,
    bytes: &[u8],
) -> W {
    let (state, rest) = run::fusion(hw, f, step, state.low_u64() as u32, bytes);
    update(c, W::from_u64(u64::from(state)), rest)
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
