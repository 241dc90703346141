//! The shared engine: one set of kernels for every CRC, fed by a [`Consts`].
//!
//! Each kernel is generic over the register word and the bit order and is monomorphised once
//! per (word, order), never per CRC: a stamped type contributes only its data. The SIMD
//! kernels are written once over the primitives of `simd` (implemented per architecture in
//! `arch/`, and emulated in plain Rust) and instantiated in `kernels`; [`route`] decides,
//! for `update` and `backend_for` alike, which one runs.

mod arch;
mod bitwise;
pub(crate) mod dispatch;
mod fold;
mod fusion;
mod hwcrc;
mod kernels;
mod self_test;
mod simd;
mod table;

use crate::backend::Backend;
use crate::consts::Consts;
use crate::word::Word;
use dispatch::Cpu;

/// Below this many bytes the table kernels run inline, without looking at the CPU: up to one
/// slice-16 block they beat every other kernel, and past it folding (or the CRC instruction)
/// wins (`spec/decisions.md`).
pub(crate) const FOLD_MIN: usize = 17;

/// Inputs shorter than this take the tables inline for every CRC, tested first; from here a
/// CRC with a CPU instruction of its own takes the instruction. A call to the instruction's
/// kernel and nothing else inline keeps the call site free of saved registers, which beats
/// inline tables from 4 bytes on (`spec/decisions.md`).
pub(crate) const HW_MIN: usize = 4;

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

/// Which kernel runs `len` bytes of `c`: the one routing function behind both [`update`]
/// and [`backend_for`]. `cpu` (the cached features, `None` before detection) is asked only
/// past the lengths that take the tables on every CPU, so that a short input's path does not
/// wait for the load.
///
/// The thresholds between the instruction, the folding widths and fusion are the CPU
/// family's (`dispatch::Profile`, `spec/decisions.md`).
#[inline(always)]
pub(crate) fn route<W: Word>(
    c: &Consts<'_, W>,
    len: usize,
    cpu: impl FnOnce() -> Option<Cpu>,
) -> Route {
    if len < HW_MIN {
        return Route::Tables;
    }
    let hw = has_hw(c);
    if !hw && (len < FOLD_MIN || c.fold.is_none()) {
        return Route::Tables;
    }
    let Some(cpu) = cpu() else {
        return Route::Detect;
    };
    if hw {
        if cpu.has(Backend::HwCrc) && cpu.hw_runs(len) {
            return Route::Hw;
        }
        if c.fold.is_some() && cpu.has(Backend::Fusion) && len >= kernels::fusion_min(cpu) {
            return Route::Fusion;
        }
        if len < FOLD_MIN || c.fold.is_none() {
            return if cpu.has(Backend::HwCrc) {
                Route::Hw
            } else {
                Route::Tables
            };
        }
    }
    match cpu.best_fold(len) {
        Some(b) => Route::Fold(b),
        None if hw && cpu.has(Backend::HwCrc) => Route::Hw,
        None => Route::Tables,
    }
}

/// The kernel [`update`] runs for an input of `len` bytes.
pub(crate) fn backend_for<W: Word>(c: &Consts<'_, W>, len: usize) -> Backend {
    match route(c, len, || Some(dispatch::features())) {
        Route::Hw => Backend::HwCrc,
        Route::Fusion => Backend::Fusion,
        Route::Fold(b) => b,
        Route::Tables | Route::Detect => tables_backend(c),
    }
}

/// The widest table kernel `c` carries.
fn tables_backend<W: Word>(c: &Consts<'_, W>) -> Backend {
    match c.tables.len() {
        16.. => Backend::Slice16,
        8.. => Backend::Slice8,
        4.. => Backend::Slice4,
        1.. => Backend::Slice1,
        0 => Backend::Bitwise,
    }
}

/// The hot path, inlined into every caller. Stamped constants are `const`s, so for a stamped
/// type everything here but one cached load of the CPU's features folds away: a short input
/// runs the table kernel in place, a longer one calls its kernel directly or takes one call
/// into the rest.
#[inline(always)]
pub(crate) fn update<W: Word>(c: &Consts<'_, W>, state: W, bytes: &[u8]) -> W {
    // Tested first, on its own: the few-byte case gets its own copy of the table kernel and
    // returns before the code that needs the caller's registers saved.
    if bytes.len() < HW_MIN {
        return update_tables(c, state, bytes);
    }
    let mut cpu = None;
    match route(c, bytes.len(), || {
        cpu = dispatch::cached();
        cpu
    }) {
        Route::Tables => update_tables(c, state, bytes),
        Route::Detect => update_first(c, state, bytes),
        Route::Hw => match (c.hw, cpu) {
            (Some(hw), Some(cpu)) => update_hw(hw, cpu, state, bytes),
            _ => unreachable!("routed to the instruction"),
        },
        Route::Fold(b) => match (c.fold, cpu) {
            (Some(f), Some(cpu)) => fold::update(c, f, b, cpu, state, bytes),
            _ => unreachable!("routed to folding"),
        },
        Route::Fusion => update_fusion(c, state, bytes),
    }
}

/// [`update`] before the CPU's features are known: detects them, then runs it.
#[cold]
#[inline(never)]
fn update_first<W: Word>(c: &Consts<'_, W>, state: W, bytes: &[u8]) -> W {
    dispatch::features();
    update(c, state, bytes)
}

/// Fusion's whole blocks, then the rest as [`update`] routes it.
#[inline(never)]
fn update_fusion<W: Word>(c: &Consts<'_, W>, state: W, bytes: &[u8]) -> W {
    let (state, rest) = fused_blocks(c, dispatch::features(), state, bytes);
    update(c, state, rest)
}

/// The widest table kernel `c` carries (bitwise when it has no tables). Always inlined: with
/// stamped constants the match folds to the one kernel.
#[inline(always)]
pub(crate) fn update_tables<W: Word>(c: &Consts<'_, W>, state: W, bytes: &[u8]) -> W {
    let lsb = c.model.refin;
    match c.tables.len() {
        16.. => table::update_inline::<W, 16>(c.tables, lsb, state, bytes),
        8.. => table::update_inline::<W, 8>(c.tables, lsb, state, bytes),
        4.. => table::update_inline::<W, 4>(c.tables, lsb, state, bytes),
        1.. => table::update_inline::<W, 1>(c.tables, lsb, state, bytes),
        0 => bitwise::update(c.poly_state, lsb, state, bytes),
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
    let cpu = dispatch::features();
    match backend {
        Backend::Bitwise => Some(bitwise::update(c.poly_state, lsb, state, bytes)),
        Backend::Slice1 => Some(table::update::<W, 1>(c.tables, lsb, state, bytes)),
        Backend::Slice4 => Some(table::update::<W, 4>(c.tables, lsb, state, bytes)),
        Backend::Slice8 => Some(table::update::<W, 8>(c.tables, lsb, state, bytes)),
        Backend::Slice16 => Some(table::update::<W, 16>(c.tables, lsb, state, bytes)),
        Backend::HwCrc => c.hw.map(|hw| update_hw(hw, cpu, state, bytes)),
        Backend::Fusion => {
            let (state, rest) = fused_blocks(c, cpu, state, bytes);
            Some(update(c, state, rest))
        }
        // The kernels need one whole block; shorter inputs take the tables.
        _ if bytes.len() < 16 => c.fold.map(|_| update_tables(c, state, bytes)),
        folding => c
            .fold
            .map(|f| fold::update(c, f, folding, cpu, state, bytes)),
    }
}

/// Fusion over the whole blocks; returns the register and the rest. The caller checked that
/// fusion is available and `c` has what it needs.
fn fused_blocks<'a, W: Word>(
    c: &Consts<'_, W>,
    cpu: Cpu,
    state: W,
    bytes: &'a [u8],
) -> (W, &'a [u8]) {
    let (Some(hw), Some(f)) = (c.hw, c.fold) else {
        unreachable!("fusion needs both")
    };
    let (state, rest) = kernels::fusion(hw, f, cpu, state.low_u64() as u32, bytes);
    (W::from_u64(u64::from(state)), rest)
}

/// The CPU's CRC instruction; `hw` is only ever set on 32-bit CRCs, so `W` is `u32`.
#[inline(always)]
fn update_hw<W: Word>(hw: crate::HwCrc, cpu: Cpu, state: W, bytes: &[u8]) -> W {
    W::from_u64(u64::from(kernels::hw(
        hw,
        cpu,
        state.low_u64() as u32,
        bytes,
    )))
}

/// Whether `backend` is available here and `c` carries the data it needs.
pub(crate) fn supports<W: Word>(c: &Consts<'_, W>, backend: Backend) -> bool {
    backend.is_available()
        && match backend {
            Backend::HwCrc => has_hw(c),
            Backend::Fusion => has_hw(c) && c.fold.is_some(),
            b if b.is_folding() => c.fold.is_some(),
            b => b.tables_needed().is_none_or(|n| c.tables.len() >= n),
        }
}

/// The kernels on emulated vectors and instructions (`arch/emulated.rs`), for the test
/// suites on any CPU; `None` where `c` lacks the kernel's data, as [`update_with`].
pub(crate) fn update_emulated<W: Word>(
    c: &Consts<'_, W>,
    kernel: crate::__private::Emulated,
    state: W,
    bytes: &[u8],
) -> Option<W> {
    use crate::__private::Emulated;
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
                let reg =
                    kernels::emulated::fold(bits, true, false, f, width, state.low_u64(), bytes);
                return Some(W::from_u64(reg));
            }
            let reg = (state >> unused).low_u64();
            let reg = if reflected {
                let r = kernels::emulated::fold(
                    bits,
                    true,
                    true,
                    f,
                    width,
                    fold::reflect(reg, width),
                    bytes,
                );
                fold::reflect(r, width)
            } else {
                kernels::emulated::fold(bits, false, false, f, width, reg, bytes)
            };
            Some(W::from_u64(reg) << unused)
        }
        Emulated::Fusion { bits } => {
            let (hw, f) = (c.hw?, c.fold?);
            let (s, rest) = kernels::emulated::fusion(bits, hw, f, state.low_u64() as u32, bytes);
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
