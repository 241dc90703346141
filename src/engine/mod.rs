//! The shared engine: one set of kernels for every CRC, fed by a [`Consts`].
//!
//! Each kernel is generic over the register word and the bit order and is monomorphised once
//! per (word, order), never per CRC: a stamped type contributes only its data. The SIMD
//! kernels are written once over the primitives of `simd` (implemented per architecture in
//! `isa/`, and emulated in plain Rust) and instantiated there, behind `isa::Isa`; [`route`] decides,
//! for `update` and `backend_for` alike, which one runs.
//!
//! Only x86_64's kernels and the emulated ones (feature `emulated`, which the crate's tests
//! turn on) take every shape the generic bodies offer; the other architectures take some, and
//! the targets without folding kernels (32-bit x86, Arm M-profile, wasm) read only a few of
//! their constants. There, unused items are expected; x86_64's builds keep the lint.
#![cfg_attr(
    not(any(target_arch = "x86_64", feature = "emulated")),
    allow(dead_code, unused_imports, unused_macros)
)]

#[cfg(feature = "std")]
mod bands;
mod bitwise;
mod cached;
pub(crate) mod detect;
mod entry;
mod fold;
mod fusion;
#[cfg(all(
    test,
    feature = "std",
    any(target_arch = "x86_64", target_arch = "aarch64")
))]
mod golden;
mod hwcrc;
mod isa;
mod kernels;
mod methods;
mod nibble;
pub(crate) mod overrides;
mod plan;
#[cfg(target_arch = "x86_64")]
mod race;
mod reduce;
mod route;
mod run;
mod self_test;
mod simd;
mod step;
mod table;

#[cfg(feature = "emulated")]
pub use entry::update_emulated;
#[cfg(feature = "emulated")]
pub use isa::emulated::Emulated;

use crate::consts::Consts;
use crate::word::Word;
#[cfg(feature = "dynamic")]
pub(crate) use bands::Memo;
#[cfg(feature = "std")]
pub(crate) use entry::route_bands;
pub(crate) use entry::{backend_for, route_for};
#[cfg(feature = "dynamic")]
pub(crate) use entry::{memo, update_memo};
pub(crate) use entry::{supports, update, update_rest, update_short, update_tables, update_with};
pub(crate) use route::Constants;
pub(crate) use run::Rest;

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
