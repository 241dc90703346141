//! The shared engine: one set of kernels for every CRC, fed by a [`Consts`].
//!
//! Each kernel is generic over the register word and the bit order and is monomorphised once
//! per (word, order), never per CRC: a stamped type contributes only its data.

mod bitwise;
pub(crate) mod dispatch;
mod fold;
mod hwcrc;
mod table;

use crate::backend::Backend;
use crate::consts::Consts;
use crate::word::Word;

/// Below this many bytes the table kernels run inline, without looking at the CPU: for short
/// inputs a folding kernel's setup and reduction cost more than they save (`spec/decisions.md`).
pub(crate) const FOLD_MIN: usize = 64;

/// Below this many bytes a CRC with a CPU instruction of its own ([`Consts::hw`]) uses it
/// rather than folding (`spec/decisions.md`).
pub(crate) const HW_MAX: usize = 256;

/// The kernel [`update`] runs for an input of `len` bytes; keep the two in step.
pub(crate) fn backend_for<W: Word>(c: &Consts<'_, W>, len: usize) -> Backend {
    if let Some(hw) = c.hw {
        if len < HW_MAX && hwcrc::supports(hw) && dispatch::available(Backend::HwCrc) {
            return Backend::HwCrc;
        }
    }
    if len >= FOLD_MIN && c.fold.is_some() {
        if let Some(b) = dispatch::best_folding() {
            return b;
        }
    }
    match c.tables.len() {
        16.. => Backend::Slice16,
        8.. => Backend::Slice8,
        4.. => Backend::Slice4,
        1.. => Backend::Slice1,
        0 => Backend::Bitwise,
    }
}

#[inline]
pub(crate) fn update<W: Word>(c: &Consts<'_, W>, state: W, bytes: &[u8]) -> W {
    if let Some(hw) = c.hw {
        if bytes.len() < HW_MAX && hwcrc::supports(hw) && dispatch::available(Backend::HwCrc) {
            return update_hw(hw, state, bytes);
        }
    }
    if bytes.len() >= FOLD_MIN {
        if let Some(f) = &c.fold {
            if let Some(b) = dispatch::best_folding() {
                return fold::update(c, f, b, state, bytes);
            }
        }
    }
    update_tables(c, state, bytes)
}

/// The widest table kernel `c` carries (bitwise when it has no tables).
#[inline]
pub(crate) fn update_tables<W: Word>(c: &Consts<'_, W>, state: W, bytes: &[u8]) -> W {
    let lsb = c.model.refin;
    match c.tables.len() {
        16.. => table::update::<W, 16>(c.tables, lsb, state, bytes),
        8.. => table::update::<W, 8>(c.tables, lsb, state, bytes),
        4.. => table::update::<W, 4>(c.tables, lsb, state, bytes),
        1.. => table::update::<W, 1>(c.tables, lsb, state, bytes),
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
    match backend {
        Backend::Bitwise => Some(bitwise::update(c.poly_state, lsb, state, bytes)),
        Backend::Slice1 => Some(table::update::<W, 1>(c.tables, lsb, state, bytes)),
        Backend::Slice4 => Some(table::update::<W, 4>(c.tables, lsb, state, bytes)),
        Backend::Slice8 => Some(table::update::<W, 8>(c.tables, lsb, state, bytes)),
        Backend::Slice16 => Some(table::update::<W, 16>(c.tables, lsb, state, bytes)),
        Backend::HwCrc => c.hw.map(|hw| update_hw(hw, state, bytes)),
        folding => c
            .fold
            .as_ref()
            .map(|f| fold::update(c, f, folding, state, bytes)),
    }
}

/// The CPU's CRC instruction; `hw` is only ever set on 32-bit CRCs, so `W` is `u32`.
#[inline]
fn update_hw<W: Word>(hw: crate::HwCrc, state: W, bytes: &[u8]) -> W {
    W::from_u64(u64::from(hwcrc::update(hw, state.low_u64() as u32, bytes)))
}

/// Whether `backend` is available here and `c` carries the data it needs.
pub(crate) fn supports<W: Word>(c: &Consts<'_, W>, backend: Backend) -> bool {
    backend.is_available()
        && match backend {
            Backend::HwCrc => c.hw.is_some_and(hwcrc::supports),
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
