//! The `Crc` trait: what every stamped type can do, for generic code.

use crate::backend::Backend;
use crate::consts::Consts;
use crate::engine;
use crate::word::Word;
use crcstamp_layout::StampedModel;

/// A streaming CRC digest stamped out by `#[crc]` (feature `macros`) or ready-made in
/// [`catalog`](crate::catalog).
///
/// Every stamped type also has each of these as an inherent item, so calling them needs no
/// trait import; the trait is for code generic over the algorithm.
///
/// ```
/// use crcstamp::{catalog::{Crc32Iscsi, Crc64Nvme}, Crc};
///
/// fn check_value<T: Crc>() -> T::Word {
///     T::checksum(b"123456789")
/// }
/// assert_eq!(check_value::<Crc32Iscsi>(), 0xe3069283);
/// assert_eq!(check_value::<Crc64Nvme>(), Crc64Nvme::MODEL.check);
/// ```
///
/// # `io::Write`
///
/// With the `std` feature every stamped type is also a [`std::io::Write`] (`write` is
/// [`update`](Self::update)), but `io::Write` is not a supertrait of `Crc`: its `write`
/// would clash with [`Hasher::write`](core::hash::Hasher::write) on a `C: Crc` bound. Generic
/// code that writes to a digest names both:
///
/// ```
/// use std::io::Write;
/// use crcstamp::{catalog::{Crc32Iscsi, Crc64Nvme}, Crc};
///
/// fn crc_of_lines<C: Crc + Write>(lines: &[&str]) -> C::Word {
///     let mut c = C::new();
///     for line in lines {
///         writeln!(c, "{line}").unwrap();
///     }
///     c.finalize()
/// }
/// assert_eq!(crc_of_lines::<Crc32Iscsi>(&["1234", "5678"]), Crc32Iscsi::checksum(b"1234\n5678\n"));
/// assert_eq!(crc_of_lines::<Crc64Nvme>(&[]), Crc64Nvme::checksum(b""));
/// ```
///
/// # `Hasher`
///
/// Every stamped type is a [`core::hash::Hasher`]: `write` is [`update`](Self::update) and
/// `finish` returns [`finalize`](Self::finalize) widened to `u64`. For widths above 64 the CRC
/// does not fit, and `finish` returns its **low 64 bits** (`finalize() as u64`); use
/// `finalize` for the whole value.
///
/// ```
/// use core::hash::Hasher;
/// use crcstamp::{crc, Crc};
///
/// #[crc(catalog = "CRC-82/DARC")]
/// struct Crc82;
///
/// let mut h = Crc82::new();
/// h.write(b"123456789");
/// assert_eq!(h.finalize(), 0x09ea83f625023801fd612);
/// assert_eq!(h.finish(), 0x09ea83f625023801fd612_u128 as u64); // the low 64 of 82 bits
/// ```
pub trait Crc: Copy + Default + core::fmt::Debug + core::hash::Hasher {
    /// The smallest of u8/u16/u32/u64/u128 that holds the width.
    type Word: Word;
    /// The model, with its check and residue.
    const MODEL: StampedModel<Self::Word>;

    /// The generated data this type runs on: tables, folding and combine constants.
    fn consts() -> &'static Consts<'static, Self::Word>;

    #[doc(hidden)]
    fn __from_state(state: Self::Word) -> Self;
    #[doc(hidden)]
    fn __state(&self) -> Self::Word;

    /// A digest in its initial state.
    #[inline]
    fn new() -> Self {
        Self::__from_state(Self::consts().init_state)
    }

    /// Feeds bytes; any split of a message gives the same result as the whole.
    // In optimized builds always inlined, as `checksum`, but only the short inputs' path
    // runs in the caller (`engine::update_short`); the route to the kernels is one call
    // into a function per type, so a caller with many call sites builds in time linear in
    // them (`spec/decisions.md`, "A small head inlined, the rest one call"). Builds
    // with debug assertions keep the hint: forcing it there tripled the test suites' build
    // time.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn update(&mut self, bytes: &[u8]) {
        *self = Self::__from_state(update::<Self>(self.__state(), bytes));
    }

    /// The CRC of everything fed so far (the digest stays usable).
    #[inline]
    fn finalize(&self) -> Self::Word {
        Self::consts().finalize(self.__state())
    }

    /// Back to the initial state.
    #[inline]
    fn reset(&mut self) {
        *self = Self::new();
    }

    /// The CRC of `bytes` in one call.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn checksum(bytes: &[u8]) -> Self::Word {
        let c = Self::consts();
        c.finalize(update::<Self>(c.init_state, bytes))
    }

    /// The CRC of the concatenation A‖B from `crc_a = checksum(A)`, `crc_b = checksum(B)`
    /// and `len_b = B.len()`, in O(log len_b). Bits above the width in the inputs are
    /// ignored.
    ///
    /// ```
    /// use crcstamp::{crc, Crc};
    ///
    /// #[crc(width = 24, poly = 0x864cfb, init = 0xb704ce)]
    /// struct Crc24;
    ///
    /// let (a, b) = (Crc24::checksum(b"12345"), Crc24::checksum(b"6789"));
    /// assert_eq!(Crc24::combine(a, b, 4), Crc24::CHECK);
    /// assert_eq!(Crc24::combine(a | 0xff00_0000, b | 0xff00_0000, 4), Crc24::CHECK);
    /// ```
    fn combine(crc_a: Self::Word, crc_b: Self::Word, len_b: u64) -> Self::Word {
        Self::consts().combine(crc_a, crc_b, len_b)
    }

    /// The CRC of `bytes` on exactly `backend`; `None` where that backend is not available
    /// on this CPU/target or its tables were not stamped (`slice = ...`).
    fn checksum_with(backend: Backend, bytes: &[u8]) -> Option<Self::Word> {
        let c = Self::consts();
        Some(c.finalize(c.update_with(backend, c.init_state, bytes)?))
    }

    /// The backend [`checksum`](Self::checksum) and [`update`](Self::update) use here.
    fn backend() -> Backend {
        Self::consts().backend()
    }
}

/// [`Crc::update`] and [`Crc::checksum`]: the engine's short head in the caller, the rest
/// one call into a function of the type's own, in which its constants are compile-time
/// values (the tables' address; the route folds to direct calls of its kernels).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn update<C: Crc>(state: C::Word, bytes: &[u8]) -> C::Word {
    match engine::update_short(C::consts(), state, bytes) {
        Ok(state) => state,
        Err(engine::Rest::Tables) => update_tables::<C>(state, bytes),
        Err(engine::Rest::Route) => update_rest::<C>(state, bytes),
    }
}

/// The table kernel for `C`, out of line.
#[inline(never)]
fn update_tables<C: Crc>(state: C::Word, bytes: &[u8]) -> C::Word {
    engine::update_tables(C::consts(), state, bytes)
}

/// The route past the tables for `C`, out of line.
#[inline(never)]
fn update_rest<C: Crc>(state: C::Word, bytes: &[u8]) -> C::Word {
    engine::update_rest(C::consts(), state, bytes)
}
