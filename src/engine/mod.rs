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
pub use isa::emulated::Emulated;
#[cfg(feature = "emulated")]
pub use route::update_emulated;

use crate::backend::{Backend, RouteStep};
use crate::consts::Consts;
use crate::word::Word;
#[cfg(feature = "dynamic")]
pub(crate) use route::update_memo;
pub(crate) use route::Constants;
#[cfg(feature = "dynamic")]
pub(crate) use route::Memo;
pub(crate) use route::{supports, update, update_rest, update_short, update_tables, update_with};
pub(crate) use run::Rest;

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
    route::step(c, len, detect::features(), route::Ask::Route(constants))
}

/// [`route_for`] at every length, merged into bands (`route::bands`).
#[cfg(feature = "std")]
pub(crate) fn route_bands<W: Word>(
    c: &Consts<'_, W>,
    constants: Constants,
) -> std::vec::Vec<crate::RouteBand> {
    route::bands(c, detect::features(), constants)
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
