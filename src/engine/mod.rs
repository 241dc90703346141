//! The shared engine: one set of kernels for every CRC, fed by a [`Consts`].
//!
//! Each kernel is generic over the register word and the bit order and is monomorphised once
//! per (word, order), never per CRC: a stamped type contributes only its data. The SIMD
//! kernels are written once over the primitives of `simd` (implemented per architecture in
//! `arch/`, and emulated in plain Rust) and instantiated in `kernels`; [`route`] decides,
//! for `update` and `backend_for` alike, which one runs.

mod arch;
mod bitwise;
mod cached;
pub(crate) mod detect;
mod fold;
mod fusion;
#[cfg(all(
    test,
    feature = "std",
    any(target_arch = "x86_64", target_arch = "aarch64")
))]
mod golden;
mod hwcrc;
mod kernels;
mod methods;
mod nibble;
pub(crate) mod overrides;
mod plan;
#[cfg(target_arch = "x86_64")]
mod race;
mod run;
mod self_test;
mod simd;
mod table;

pub use kernels::emulated::Emulated;

use crate::backend::{Backend, RouteStep};
use crate::consts::Consts;
use crate::word::Word;
use crcstamp_layout::HwCrc;
use plan::{Cpu, ZmmFusion};

/// Below this many bytes the table kernels run inline, without looking at the CPU: up to one
/// slice-16 block they beat every other kernel, and past it folding (or the CRC instruction)
/// wins (`spec/decisions.md`; per instruction set, `plan::FOLD_FROM`).
pub(crate) const FOLD_MIN: usize = plan::FOLD_FROM;

/// Where [`update`] sends an input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Route {
    /// The widest table kernel the CRC carries.
    Tables,
    /// The CPU is not detected yet: detect, then route again.
    Detect,
    /// The CPU's CRC instruction.
    Hw,
    /// Fusion over whole blocks, then the rest routed again.
    Fusion,
    /// This folding kernel.
    Fold(Backend),
}

/// Whether `c` has a CRC instruction this target offers.
#[inline(always)]
fn has_hw<W: Word>(c: &Consts<'_, W>) -> bool {
    c.hw.is_some_and(hwcrc::supports)
}

/// Whether `len` bytes of `c` take the tables on every CPU: an empty input (no kernel is
/// called on nothing, so none runs where the CPU lacks it), and for a CRC without an
/// instruction of its own under [`FOLD_MIN`] bytes, without folding constants or on an
/// architecture without folding kernels. A CRC with an instruction of its own takes it from
/// one byte (`spec/decisions.md`, "A small head inlined, the rest one call").
/// The first test of [`route`], and of [`update`] before it loads the CPU's features.
#[inline(always)]
fn tables_anywhere<W: Word>(c: &Consts<'_, W>, len: usize) -> bool {
    len == 0
        || (!has_hw(c) && (len < FOLD_MIN || c.fold.is_none() || plan::FOLDING_ORDER.is_empty()))
}

/// Which kernel runs `len` bytes of `c`: the one routing function behind both [`update`]
/// and [`backend_for`]. `cpu` is the cached features, `None` before detection.
///
/// The thresholds between the instruction, the folding widths and fusion are the CPU
/// family's (`plan::PROFILES`, `spec/decisions.md`).
#[inline(always)]
pub(crate) fn route<W: Word>(c: &Consts<'_, W>, len: usize, cpu: Option<Cpu>) -> Route {
    route_then(c, len, cpu, |route| route)
}

/// [`route`], handing the route to `then` where it is decided. Inlined into the hot path
/// with an always-inlined `then`, each decision calls its kernel directly: a returned
/// `Route` (or `Option<Backend>`) was kept in a register and matched again after the last
/// test, 14 of CRC-32C's instructions at 768 bytes (`spec/decisions.md`, "One route,
/// decided once").
#[inline(always)]
fn route_then<W: Word, R>(
    c: &Consts<'_, W>,
    len: usize,
    cpu: Option<Cpu>,
    then: impl Fn(Route) -> R,
) -> R {
    if tables_anywhere(c, len) {
        return then(Route::Tables);
    }
    let Some(cpu) = cpu else {
        return then(Route::Detect);
    };
    let hw = has_hw(c);
    if hw {
        // Each test the fewest instructions the hot path can pay for it: the instruction's
        // last length is 0 where it is not offered, below the shortest fusion anywhere a
        // compare with a constant leaves the CPU's fusion shape untested, and `hw_always`
        // is set only with the instruction.
        if cpu.hw_runs(len) {
            return then(Route::Hw);
        }
        if len >= plan::FUSION_FROM_ANY
            && c.fold.is_some()
            && cpu.has(Backend::Fusion)
            && len >= plan::fusion_from(cpu)
        {
            return then(Route::Fusion);
        }
        if cpu.hw_always() {
            return then(Route::Hw);
        }
        if len < FOLD_MIN || c.fold.is_none() {
            return match cpu.has(Backend::HwCrc) {
                true => then(Route::Hw),
                false => then(Route::Tables),
            };
        }
    }
    // A CRC with an instruction of its own takes 512-bit vectors from a length of its own.
    let zmm_min = match hw {
        true => plan::ZMM_MIN_BY_INSTRUCTION,
        false => plan::ZMM_MIN,
    };
    // The best folding kernel: the first of `FOLDING_ORDER` the CPU has, past the 512-bit
    // one where it does not pay (its route bit implies the kernel's own bit: `withdraw`
    // clears both).
    if cpu.zmm_pays(len, zmm_min) {
        return then(Route::Fold(Backend::Vpclmul512));
    }
    for b in plan::FOLDING_ORDER {
        if b != Backend::Vpclmul512 && cpu.has(b) {
            return then(Route::Fold(b));
        }
    }
    match hw && cpu.has(Backend::HwCrc) {
        true => then(Route::Hw),
        false => then(Route::Tables),
    }
}

/// The kernel [`update`] runs for an input of `len` bytes.
pub(crate) fn backend_for<W: Word>(c: &Consts<'_, W>, len: usize) -> Backend {
    route_step(c, len, detect::features()).backend
}

/// The kernel [`route`] takes for `len` bytes of `c` on `cpu`, and the choices the plan
/// makes inside it, as the kernels' callers (`run`) make them.
pub(crate) fn route_step<W: Word>(c: &Consts<'_, W>, len: usize, cpu: Cpu) -> RouteStep {
    let mut step = RouteStep {
        backend: tables_backend(c),
        fusion_bits: 0,
        fusion_wide: false,
        raced: false,
        three_streams: false,
        reduced_by_instruction: false,
        reflected: false,
        aligned: false,
        reads_ahead: false,
    };
    match route(c, len, Some(cpu)) {
        Route::Hw => {
            step.backend = Backend::HwCrc;
            step.three_streams = plan::three_streams(cpu, len);
        }
        Route::Fusion => {
            let shape = cpu.fusion_shape();
            step.backend = Backend::Fusion;
            step.fusion_bits = match shape {
                ZmmFusion::No if cfg!(target_arch = "aarch64") => 128,
                ZmmFusion::No => 256,
                ZmmFusion::Narrow | ZmmFusion::Wide => 512,
            };
            step.fusion_wide = shape == ZmmFusion::Wide;
            step.raced = cfg!(target_arch = "x86_64") && cpu.races();
            step.reads_ahead = shape == ZmmFusion::Narrow && plan::reads_ahead(cpu, len);
        }
        Route::Fold(b) => {
            step.backend = b;
            step.reflected = c.fold_reflected.is_some() && plan::runs_reflected(b, cpu, len);
            step.reads_ahead = step.reflected && plan::reads_ahead(cpu, len);
            // As `run::fold`: by the instruction where the CPU runs it and a kernel has it.
            step.reduced_by_instruction = c.hw.is_some_and(|hw| {
                cpu.has(Backend::HwCrc) && kernels::reduces_by_instruction(b, hw)
            });
            step.aligned = kernels::aligns_from(b, step.reduced_by_instruction)
                .is_some_and(|from| len >= from);
        }
        Route::Tables | Route::Detect => {}
    }
    step
}

/// The fastest table kernel `c` carries tables for ([`table::best_slice`]).
fn tables_backend<W: Word>(c: &Consts<'_, W>) -> Backend {
    match table::best_slice::<W>(c.tables.len()) {
        16 => Backend::Slice16,
        8 => Backend::Slice8,
        4 => Backend::Slice4,
        1 => Backend::Slice1,
        _ if c.nibble.is_some() => Backend::Nibble,
        _ => Backend::Bitwise,
    }
}

/// The whole route, inlined where it is called: [`update_short`], then the tables or
/// [`update_rest`]. With stamped constants everything but one cached load of the CPU's
/// features folds away. A stamped type's `update` and `checksum` inline only
/// `update_short` and call the other two out of line, in functions of their own per type
/// (`crate::crc`).
#[inline(always)]
pub(crate) fn update<W: Word>(c: &Consts<'_, W>, state: W, bytes: &[u8]) -> W {
    match update_short(c, state, bytes) {
        Ok(state) => state,
        Err(Rest::Tables) => update_tables(c, state, bytes),
        Err(Rest::Route) => update_rest(c, state, bytes),
    }
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
/// bytes ([`table::short_max`]) without a loop over blocks; for one with an instruction, a
/// call to the instruction's kernel where the cached features say it runs `len` bytes, and
/// nothing else, which keeps the call site free of saved registers. The slice kernel's
/// block loop and the route to the folding kernels are left to the caller: copied into
/// every call site they made LLVM's time grow faster than the number of call sites, and so
/// did the tables ahead of the instruction's call (`spec/decisions.md`, "A small head
/// inlined, the rest one call").
#[inline(always)]
pub(crate) fn update_short<W: Word>(c: &Consts<'_, W>, state: W, bytes: &[u8]) -> Result<W, Rest> {
    if !has_hw(c) && bytes.len() <= table::short_max(c.tables.len()) {
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
                return Ok(update_hw(hw, cpu, state, bytes));
            }
        }
    }
    Err(Rest::Route)
}

/// [`update`] past [`update_short`] and the tables: loads the CPU's features, routes, and
/// calls the
/// instruction's or the folding kernel (any width) directly; fusion and the tables past a
/// few bytes for a CRC with an instruction of its own take one call into
/// [`update_routed`] with the route, and first use one into [`update_long`]. For a stamped
/// type inlined into one out-of-line function per type, where its constants are still
/// compile-time values.
#[inline(always)]
pub(crate) fn update_rest<W: Word>(c: &Consts<'_, W>, state: W, bytes: &[u8]) -> W {
    let cpu = if has_hw(c) {
        match detect::cached() {
            Some(cpu) => cpu,
            None => return update_long(c, state, bytes),
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
            _ => return update_long(c, state, bytes),
        }
    };
    route_then(
        c,
        bytes.len(),
        Some(cpu),
        #[inline(always)]
        |route| run_inline(c, cpu, route, state, bytes),
    )
}

/// [`update`]'s kernel for `route`, inlined where [`route_then`] decides it.
#[inline(always)]
fn run_inline<W: Word>(c: &Consts<'_, W>, cpu: Cpu, route: Route, state: W, bytes: &[u8]) -> W {
    match route {
        Route::Hw => match c.hw {
            Some(hw) => update_hw(hw, cpu, state, bytes),
            None => unreachable!("routed to the instruction"),
        },
        Route::Fold(b) => match c.fold {
            Some(f) => run::fold(c, f, b, cpu, state, bytes),
            None => unreachable!("routed to folding"),
        },
        // Fusion and the tables go out of line, with the route, not worked out again
        // (CRC-32C 8–20% faster at 1–3 KiB). The tables here are a CPU without a folding
        // kernel past `FOLD_MIN`: a copy of them would cost every CRC's out-of-line route
        // saved registers (`spec/decisions.md`, "A short head inlined, the route out of
        // line").
        route => update_routed(c, cpu, route, state, bytes),
    }
}

/// First use out of line: detect, route, and run the route as [`update_routed`] does.
#[inline(never)]
fn update_long<W: Word>(c: &Consts<'_, W>, state: W, bytes: &[u8]) -> W {
    let cpu = detect::features();
    routed(c, cpu, route(c, bytes.len(), Some(cpu)), state, bytes)
}

/// [`update`]'s routes that are not worth inlining: fusion's blocks (then the rest routed
/// again) and the tables past the few bytes [`update_short`] runs. `route` is `route(c,
/// bytes.len(), Some(cpu))`.
#[inline(never)]
fn update_routed<W: Word>(c: &Consts<'_, W>, cpu: Cpu, route: Route, state: W, bytes: &[u8]) -> W {
    routed(c, cpu, route, state, bytes)
}

/// The body of [`update_routed`] and [`update_long`], inlined into each: one more call on
/// the way to the 512-bit kernel cost CRC-32/ISO-HDLC 4% and CRC-64/XZ 8% at 1 KiB.
#[inline(always)]
fn routed<W: Word>(c: &Consts<'_, W>, cpu: Cpu, route: Route, state: W, bytes: &[u8]) -> W {
    match (route, c.fold, c.hw) {
        (Route::Fusion, Some(_), Some(_)) => {
            // Where the host decides whether fusion or the fold alone leads, the race's
            // verdict does.
            #[cfg(target_arch = "x86_64")]
            if let (true, Some(f)) = (cpu.races(), c.fold) {
                return race::run(
                    bytes.len(),
                    || update_fused(c, cpu, state, bytes),
                    || run::fold(c, f, Backend::Vpclmul512, cpu, state, bytes),
                );
            }
            update_fused(c, cpu, state, bytes)
        }
        (Route::Fold(b), Some(f), _) => run::fold(c, f, b, cpu, state, bytes),
        (Route::Hw, _, Some(hw)) => update_hw(hw, cpu, state, bytes),
        // Tables, and any route whose constants are missing (`route` gives none): the
        // tables are always right.
        _ => update_tables(c, state, bytes),
    }
}

/// The fastest table kernel `c` carries tables for ([`table::best_slice`]; the nibble
/// kernel when it has only the 16-entry table, bitwise when it has none). Always inlined:
/// with stamped constants the match folds to the one kernel.
#[inline(always)]
pub(crate) fn update_tables<W: Word>(c: &Consts<'_, W>, state: W, bytes: &[u8]) -> W {
    let lsb = c.model.refin;
    match table::best_slice::<W>(c.tables.len()) {
        16 => table::update_inline::<W, 16>(c.tables, lsb, state, bytes),
        8 => table::update_inline::<W, 8>(c.tables, lsb, state, bytes),
        4 => table::update_inline::<W, 4>(c.tables, lsb, state, bytes),
        1 => table::update_inline::<W, 1>(c.tables, lsb, state, bytes),
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
        Backend::HwCrc => {
            c.hw.map(|hw| update_hw(hw, detect::features(), state, bytes))
        }
        Backend::Fusion => Some(update_fused(c, detect::features(), state, bytes)),
        // The kernels need one whole block; shorter inputs take the tables.
        _ if bytes.len() < 16 => c.fold.map(|_| update_tables(c, state, bytes)),
        folding => c
            .fold
            .map(|f| run::fold(c, f, folding, detect::features(), state, bytes)),
    }
}

/// Fusion over the whole blocks, then the rest (shorter than a block) routed again. The
/// caller checked that fusion is available and `c` has what it needs.
fn update_fused<W: Word>(c: &Consts<'_, W>, cpu: Cpu, state: W, bytes: &[u8]) -> W {
    let (Some(hw), Some(f)) = (c.hw, c.fold) else {
        unreachable!("fusion needs both")
    };
    let (state, rest) = run::fusion(hw, f, cpu, state.low_u64() as u32, bytes);
    update(c, W::from_u64(u64::from(state)), rest)
}

/// The CPU's CRC instruction; `hw` is only ever set on 32-bit CRCs, so `W` is `u32`.
#[inline(always)]
fn update_hw<W: Word>(hw: HwCrc, cpu: Cpu, state: W, bytes: &[u8]) -> W {
    W::from_u64(u64::from(run::hw(hw, cpu, state.low_u64() as u32, bytes)))
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
/// `arch/emulated.rs`, for the test suites); `None` where `c` lacks its data (folding
/// constants, a CRC instruction, reflected constants).
pub fn update_emulated<W: Word>(
    c: &Consts<'_, W>,
    kernel: Emulated,
    state: W,
    bytes: &[u8],
) -> Option<W> {
    let width = u32::from(c.model.width);
    let unused = W::BITS - width;
    match kernel {
        Emulated::Fold { bits, reflected } => {
            // The reflected run takes the twin's constants, which only msb CRCs have.
            let f = if reflected {
                c.fold_reflected?
            } else {
                c.fold?
            };
            if bytes.len() < 16 {
                return Some(update_tables(c, state, bytes));
            }
            if c.model.refin {
                // Reduced by the instruction where the CRC has one, as on x86_64.
                let hw = c.hw.filter(|_| width == 32);
                let reg = kernels::emulated::fold(
                    bits,
                    true,
                    false,
                    hw,
                    f,
                    width,
                    state.low_u64(),
                    bytes,
                );
                return Some(W::from_u64(reg));
            }
            // An msb CRC: folded msb, or run reflected (lsb arithmetic on bit-reversed
            // bytes); either way the kernel takes and returns the msb register.
            let reg = (state >> unused).low_u64();
            let lsb = reflected;
            let reg = kernels::emulated::fold(bits, lsb, reflected, None, f, width, reg, bytes);
            Some(W::from_u64(reg) << unused)
        }
        Emulated::Fusion { bits, wide } => {
            let (hw, f) = (c.hw?, c.fold?);
            let s = state.low_u64() as u32;
            let (s, rest) = kernels::emulated::fusion(bits, wide, hw, f, s, bytes);
            let s = kernels::emulated::hw(hw, true, s, rest);
            Some(W::from_u64(u64::from(s)))
        }
        Emulated::Instruction { three } => {
            let hw = c.hw?;
            let s = kernels::emulated::hw(hw, three, state.low_u64() as u32, bytes);
            Some(W::from_u64(u64::from(s)))
        }
    }
}

/// Reflects as the model says, then XORs `xorout`.
///
/// The state is already in refin's order. A crossed model (refin ≠ refout) needs one
/// reflection over `width` bits, which in either layout is a full-word bit reversal (plus a
/// shift for lsb states, whose register sits in the low bits).
#[inline]
pub(crate) fn finalize<W: Word>(c: &Consts<'_, W>, state: W) -> W {
    let m = &c.model;
    let unused = W::BITS - u32::from(m.width);
    let out = match (m.refin, m.refout) {
        (true, true) => state,
        (true, false) => state.reverse() >> unused,
        (false, false) => state >> unused,
        (false, true) => state.reverse(),
    };
    out ^ m.xorout
}
