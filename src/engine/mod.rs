//! The shared engine: one set of kernels for every CRC, fed by a [`Consts`].
//!
//! Each kernel is generic over the register word and the bit order and is monomorphised once
//! per (word, order), never per CRC: a stamped type contributes only its data.

mod bitwise;
pub(crate) mod dispatch;
mod fold;
mod fusion;
mod hwcrc;
mod table;

use crate::backend::Backend;
use crate::consts::Consts;
use crate::word::Word;

/// Below this many bytes the table kernels run inline, without looking at the CPU: up to one
/// slice-16 block they beat every other kernel, and past it folding (or the CRC instruction)
/// wins (`spec/decisions.md`).
pub(crate) const FOLD_MIN: usize = 17;

/// Inputs shorter than this take the tables inline for every CRC, tested first; from here a
/// CRC with a CPU instruction of its own takes the instruction. A call to the instruction's
/// kernel and nothing else inline keeps the call site free of saved registers, which beats
/// inline tables from 4 bytes on (`spec/decisions.md`).
pub(crate) const HW_MIN: usize = 4;

/// Whether `c` has a CRC instruction this target offers.
#[inline(always)]
fn has_hw<W: Word>(c: &Consts<'_, W>) -> bool {
    c.hw.is_some_and(hwcrc::supports)
}

/// The kernel [`update`] runs for an input of `len` bytes; keep the two in step.
pub(crate) fn backend_for<W: Word>(c: &Consts<'_, W>, len: usize) -> Backend {
    if len < HW_MIN {
        return tables_backend(c);
    }
    if has_hw(c) {
        if len >= fusion::BLOCK && fusion_runs(c) {
            return Backend::Fusion;
        }
        if dispatch::available(Backend::HwCrc) {
            return Backend::HwCrc;
        }
    }
    if len < FOLD_MIN {
        return tables_backend(c);
    }
    if c.fold.is_some() {
        if let Some(b) = dispatch::best_folding() {
            return b;
        }
    }
    tables_backend(c)
}

/// The fastest table kernel `c` carries tables for ([`table::best_slice`]).
fn tables_backend<W: Word>(c: &Consts<'_, W>) -> Backend {
    match table::best_slice::<W>(c.tables.len()) {
        16 => Backend::Slice16,
        8 => Backend::Slice8,
        4 => Backend::Slice4,
        1 => Backend::Slice1,
        _ => Backend::Bitwise,
    }
}

/// The hot path, inlined into every caller. Stamped constants are `const`s, so for a stamped
/// type everything here but one cached load of the CPU's features folds away: a short input
/// runs the table kernel in place, a longer one calls its kernel directly
/// ([`hwcrc::update_with_bits`], [`update_folding`]) or takes one call into the rest.
#[inline(always)]
pub(crate) fn update<W: Word>(c: &Consts<'_, W>, state: W, bytes: &[u8]) -> W {
    // Tested first, the few-byte case returns before the code that needs the caller's
    // registers saved.
    if bytes.len() < HW_MIN {
        return update_tables(c, state, bytes);
    }
    if let Some(hw) = c.hw.filter(|&hw| hwcrc::supports(hw)) {
        if let Some(bits) = dispatch::cached() {
            if bytes.len() < fusion::BLOCK && dispatch::has(bits, Backend::HwCrc) {
                let s = hwcrc::update_with_bits(hw, bits, state.low_u64() as u32, bytes);
                return W::from_u64(u64::from(s));
            }
        }
        return update_long_hw(c, hw, state, bytes);
    }
    if bytes.len() < FOLD_MIN {
        return update_tables(c, state, bytes);
    }
    let Some(bits) = dispatch::cached() else {
        return update_first(c, state, bytes);
    };
    update_folding(c, bits, state, bytes)
}

/// [`update`] before the CPU's features are known: detects them, then runs it.
#[cold]
#[inline(never)]
fn update_first<W: Word>(c: &Consts<'_, W>, state: W, bytes: &[u8]) -> W {
    dispatch::features();
    update(c, state, bytes)
}

/// [`update`] for a CRC with an instruction of its own where the inline path does not take
/// the instruction (first use, a CPU without it, fusion's blocks): fusion's whole blocks
/// where it runs, then the instruction, which beats every folding kernel on the rest (under
/// a block; `spec/decisions.md`), else the tables below `FOLD_MIN` and folding above.
#[inline(never)]
fn update_long_hw<W: Word>(c: &Consts<'_, W>, hw: crate::HwCrc, state: W, bytes: &[u8]) -> W {
    let (state, bytes) = if bytes.len() >= fusion::BLOCK && fusion_runs(c) {
        fused_blocks(c, state, bytes)
    } else {
        (state, bytes)
    };
    let bits = dispatch::features();
    if dispatch::has(bits, Backend::HwCrc) {
        return update_hw(hw, state, bytes);
    }
    // What fusion's blocks left may be shorter than a folding kernel takes.
    if bytes.len() < FOLD_MIN {
        return update_tables_outlined(c, state, bytes);
    }
    update_folding(c, bits, state, bytes)
}

/// The best folding kernel, else the widest tables; `bytes` is at least 16 long. Inlined,
/// so that a stamped type calls the kernel directly ([`fold::update_best`]).
#[inline(always)]
fn update_folding<W: Word>(c: &Consts<'_, W>, bits: u16, state: W, bytes: &[u8]) -> W {
    if let Some(f) = c.fold {
        if let Some(state) = fold::update_best(c, f, bits, state, bytes) {
            return state;
        }
    }
    update_tables_outlined(c, state, bytes)
}

/// [`update_tables`] as a call, where it is not the hot path: inlined into the shared
/// long path, its four table kernels cost every call there register spills.
#[inline(never)]
fn update_tables_outlined<W: Word>(c: &Consts<'_, W>, state: W, bytes: &[u8]) -> W {
    update_tables(c, state, bytes)
}

/// The fastest table kernel `c` carries tables for ([`table::best_slice`]; bitwise when it
/// has none). Always inlined: with stamped constants the match folds to the one kernel.
#[inline(always)]
pub(crate) fn update_tables<W: Word>(c: &Consts<'_, W>, state: W, bytes: &[u8]) -> W {
    let lsb = c.model.refin;
    match table::best_slice::<W>(c.tables.len()) {
        16 => table::update_inline::<W, 16>(c.tables, lsb, state, bytes),
        8 => table::update_inline::<W, 8>(c.tables, lsb, state, bytes),
        4 => table::update_inline::<W, 4>(c.tables, lsb, state, bytes),
        1 => table::update_inline::<W, 1>(c.tables, lsb, state, bytes),
        _ => bitwise::update(c.poly_state, lsb, state, bytes),
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
        Backend::Slice1 => Some(table::update::<W, 1>(c.tables, lsb, state, bytes)),
        Backend::Slice4 => Some(table::update::<W, 4>(c.tables, lsb, state, bytes)),
        Backend::Slice8 => Some(table::update::<W, 8>(c.tables, lsb, state, bytes)),
        Backend::Slice16 => Some(table::update::<W, 16>(c.tables, lsb, state, bytes)),
        Backend::HwCrc => c.hw.map(|hw| update_hw(hw, state, bytes)),
        Backend::Fusion => {
            let (state, rest) = fused_blocks(c, state, bytes);
            Some(update(c, state, rest))
        }
        // The kernels need one whole block; shorter inputs take the tables.
        _ if bytes.len() < 16 => c.fold.map(|_| update_tables(c, state, bytes)),
        folding => c.fold.map(|f| fold::update(c, f, folding, state, bytes)),
    }
}

/// Whether `c` has a CRC instruction and folding constants and this CPU can fuse them.
#[inline]
fn fusion_runs<W: Word>(c: &Consts<'_, W>) -> bool {
    c.fold.is_some() && has_hw(c) && dispatch::available(Backend::Fusion)
}

/// Fusion over the whole blocks; returns the register and the rest (under a block). The
/// caller checked [`fusion_runs`].
fn fused_blocks<'a, W: Word>(c: &Consts<'_, W>, state: W, bytes: &'a [u8]) -> (W, &'a [u8]) {
    let (Some(hw), Some(f)) = (c.hw, c.fold) else {
        unreachable!("fusion_runs checked both")
    };
    let (state, rest) = fusion::update(hw, f, state.low_u64() as u32, bytes);
    (W::from_u64(u64::from(state)), rest)
}

/// The CPU's CRC instruction; `hw` is only ever set on 32-bit CRCs, so `W` is `u32`.
#[inline(always)]
fn update_hw<W: Word>(hw: crate::HwCrc, state: W, bytes: &[u8]) -> W {
    W::from_u64(u64::from(hwcrc::update(hw, state.low_u64() as u32, bytes)))
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
