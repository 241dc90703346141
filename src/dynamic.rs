//! CRCs whose model is known only at run time.
//!
//! [`DynCrc`] asks `crc-gen` for the same constants the `#[crc]` macro stamps (tables,
//! folding, combine) once, when it is created, and then runs on the same kernels and
//! dispatch as a stamped type; the route's step for each input shorter than 4 KiB is decided
//! then too, on the CPU at hand, and looked up on each call. Values are `u128` whatever the
//! width.
//!
//! ```
//! use crcstamp::dynamic::{DynCrc, ModelSpec};
//!
//! let crc = DynCrc::from_catalog("CRC-32/ISCSI").unwrap();
//! assert_eq!(crc.checksum(b"123456789"), 0xe306_9283);
//!
//! let custom = DynCrc::new(ModelSpec::new(24, 0x864cfb).init(0xb704ce)).unwrap();
//! let mut d = custom.digest();
//! d.update(b"1234");
//! d.update(b"56789");
//! assert_eq!(d.finalize(), 0x21cf02);
//! ```

extern crate alloc;

use alloc::boxed::Box;
use alloc::sync::Arc;
use alloc::vec::Vec;

use crate::backend::Backend;
use crate::consts::Consts;
use crate::engine::{self, Constants, Memo};
use crate::running::RunningCrc;
use crate::word::Word;
use crcstamp_layout::StampedModel;
use crcstamp_layout::{FoldConsts, HwCrc};

pub use crc_gen::{catalogue, Field, Model, ModelError, ModelSpec, Slice};

#[cfg(feature = "digest")]
mod digest_traits;

/// Constants built at run time for one word type, owning what [`Consts`] borrows.
///
/// ```
/// use crcstamp::dynamic::{OwnedConsts, ModelSpec, Slice};
/// let model = ModelSpec::new(16, 0x1021).init(0xffff).build().unwrap();
/// let owned = OwnedConsts::<u16>::new(&crc_gen::DerivedConsts::new(&model, Slice::Sixteen));
/// let c = owned.consts();
/// assert_eq!(c.finalize(c.update(c.init_state, b"123456789")), 0x29b1);
/// ```
#[derive(Clone, Debug)]
pub struct OwnedConsts<W> {
    model: StampedModel<W>,
    init_state: W,
    poly_state: W,
    tables: Vec<[W; 256]>,
    nibble: Option<Box<[W; 16]>>,
    fold: Option<FoldConsts>,
    fold_reflected: Option<FoldConsts>,
    combine: Box<[W; 64]>,
    hw: Option<HwCrc>,
}

impl<W: Word> OwnedConsts<W> {
    /// Converts `crc-gen`'s constants; `W` must be the model's word
    /// (`Model::word_bits`), or values are truncated.
    pub fn new(c: &crc_gen::DerivedConsts) -> Self {
        debug_assert_eq!(c.word_bits, W::BITS);
        Self::widened(c)
    }

    /// The same in a word at least as wide as the model's: an msb CRC's states (the
    /// register, the tables) move up to stay left-aligned, as the engine keeps them in any
    /// word wider than the width; everything else is a value and stays.
    fn widened(c: &crc_gen::DerivedConsts) -> Self {
        debug_assert!(c.word_bits <= W::BITS);
        let m = &c.model;
        let up = if m.refin() { 0 } else { W::BITS - c.word_bits };
        let w = W::from_u128;
        let state = |v: u128| W::from_u128(v << up);
        OwnedConsts {
            model: StampedModel {
                width: m.width() as u8,
                poly: w(m.poly()),
                init: w(m.init()),
                refin: m.refin(),
                refout: m.refout(),
                xorout: w(m.xorout()),
                check: w(c.check),
                residue: w(c.residue),
                name: None,
            },
            init_state: state(c.init_state),
            poly_state: state(c.poly_state),
            tables: c.tables.iter().map(|t| t.map(state)).collect(),
            nibble: c.nibble.map(|t| Box::new(t.map(state))),
            fold: c.fold.as_ref().map(crc_gen::fold::DerivedFolds::layout),
            fold_reflected: c
                .fold_reflected
                .as_ref()
                .map(crc_gen::fold::DerivedFolds::layout),
            combine: Box::new(core::array::from_fn(|j| w(c.combine[j]))),
            hw: c.hw,
        }
    }

    /// The borrowed view the engine runs on.
    #[inline]
    pub fn consts(&self) -> Consts<'_, W> {
        Consts {
            model: self.model,
            init_state: self.init_state,
            poly_state: self.poly_state,
            tables: &self.tables,
            nibble: self.nibble.as_deref(),
            fold: self.fold.as_ref(),
            fold_reflected: self.fold_reflected.as_ref(),
            combine: &self.combine,
            hw: self.hw,
        }
    }
}

/// The constants in one of three words: widths up to 32 in a `u32` (CRC-8 and CRC-16 too, an
/// msb register left-aligned in it), up to 64 in a `u64`, the rest in a `u128`. Each word is
/// every engine path instantiated once more in this crate; the two narrower ones were two
/// fifths of its code with `dynamic`, for tables a quarter and half their size.
#[derive(Clone, Debug)]
enum Words {
    U32(OwnedConsts<u32>),
    U64(OwnedConsts<u64>),
    U128(OwnedConsts<u128>),
}

/// The constants and, decided once from them, the route on this CPU.
#[derive(Clone, Debug)]
struct Built {
    words: Words,
    route: Memo,
}

/// Runs `$body` with `$c` bound to the `Consts` of whichever word `$words` holds, and `$w`
/// to a function turning a `u128` into that word.
macro_rules! with_consts {
    ($words:expr, |$c:ident, $w:ident| $body:expr) => {
        match $words {
            Words::U32(o) => {
                let $c = o.consts();
                let $w = <u32 as Word>::from_u128;
                $body
            }
            Words::U64(o) => {
                let $c = o.consts();
                let $w = <u64 as Word>::from_u128;
                $body
            }
            Words::U128(o) => {
                let $c = o.consts();
                let $w = <u128 as Word>::from_u128;
                $body
            }
        }
    };
}

mod update;

/// A CRC built at run time: the same engine, kernels and dispatch as a stamped type, with
/// `u128` values.
///
/// It also holds a register of its own, so it can stand where an owned streaming digest is
/// wanted ([`CrcReader`](crate::CrcReader), `digest::DynDigest`): [`update`](Self::update),
/// [`finalize`](Self::finalize), [`reset`](Self::reset). [`checksum`](Self::checksum) and
/// [`digest`](Self::digest) ignore it. The constants are shared, so a clone is cheap.
///
/// ```
/// use crcstamp::{catalog::Crc64Nvme, DynCrc};
/// let dynamic = DynCrc::from_catalog("crc-64/nvme").unwrap();
/// let data = vec![7u8; 5000];
/// assert_eq!(dynamic.checksum(&data), u128::from(Crc64Nvme::checksum(&data)));
/// assert_eq!(dynamic.backend(), Crc64Nvme::backend());
/// ```
#[derive(Clone, Debug)]
pub struct DynCrc {
    model: Model,
    built: Arc<Built>,
    /// The register `update` feeds, in the engine's layout.
    state: u128,
}

impl DynCrc {
    /// Validates `spec` by the attribute's rules (see [`ModelSpec::build`]) and builds its
    /// constants. As in `#[crc(...)]`, one reflection set `true` without the other is an
    /// error, not a crossed model: write both for one.
    ///
    /// ```
    /// use crcstamp::dynamic::{DynCrc, Field, ModelError, ModelSpec};
    /// let lone = DynCrc::new(ModelSpec::new(16, 0x1021).refin(true)).unwrap_err();
    /// assert_eq!(lone, ModelError::LoneReflection { given: Field::Refin, missing: Field::Refout });
    /// let crossed = DynCrc::new(ModelSpec::new(16, 0x1021).refin(true).refout(false)).unwrap();
    /// assert_eq!(crossed.checksum(b"123456789"), 0x9184);
    /// ```
    pub fn new(spec: ModelSpec) -> Result<DynCrc, ModelError> {
        Ok(DynCrc::from_model(&spec.build()?))
    }

    /// A catalogue algorithm by name or alias, any case.
    pub fn from_catalog(name: &str) -> Result<DynCrc, ModelError> {
        Ok(DynCrc::from_model(&catalogue::lookup(name)?.model))
    }

    /// Builds the constants of a validated model, with slice-by-16 tables.
    pub fn from_model(model: &Model) -> DynCrc {
        let c = crc_gen::DerivedConsts::new(model, Slice::Sixteen);
        let words = match c.word_bits {
            ..=32 => Words::U32(OwnedConsts::widened(&c)),
            64 => Words::U64(OwnedConsts::new(&c)),
            _ => Words::U128(OwnedConsts::new(&c)),
        };
        let route = with_consts!(&words, |c, _w| engine::memo(&c));
        let mut crc = DynCrc {
            model: model.clone(),
            built: Arc::new(Built { words, route }),
            state: 0,
        };
        crc.state = crc.init_state();
        crc
    }

    /// The model.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The CRC of `bytes` in one call.
    pub fn checksum(&self, bytes: &[u8]) -> u128 {
        let route = &self.built.route;
        if route.holds(bytes.len()) {
            let memo = with_consts!(&self.built.words, |c, _w| engine::update_memo(
                &c,
                route,
                c.init_state,
                bytes
            )
            .map(|state| c.finalize(state).to_u128()));
            if let Some(crc) = memo {
                return crc;
            }
        }
        self.checksum_routed(bytes)
    }

    /// The CRC of `bytes` on exactly `backend`; `None` where it is unavailable or this CRC
    /// lacks its data (see [`Consts::supports`]).
    #[inline]
    pub fn checksum_with(&self, backend: Backend, bytes: &[u8]) -> Option<u128> {
        with_consts!(&self.built.words, |c, _w| c
            .update_with(backend, c.init_state, bytes)
            .map(|s| c.finalize(s).to_u128()))
    }

    /// `crc(A‖B)` from `crc(A)`, `crc(B)` and `len(B)`, in O(log len_b). Bits above the width
    /// in the inputs are ignored.
    #[inline]
    pub fn combine(&self, crc_a: u128, crc_b: u128, len_b: u64) -> u128 {
        let mask = self.model.mask();
        with_consts!(&self.built.words, |c, w| c
            .combine(w(crc_a & mask), w(crc_b & mask), len_b)
            .to_u128())
    }

    /// The backend `checksum` uses here for long inputs (see [`Consts::backend`]).
    #[inline]
    pub fn backend(&self) -> Backend {
        self.backend_for(usize::MAX)
    }

    /// The backend `checksum` uses here for an input of `len` bytes (see
    /// [`Consts::backend_for`]).
    #[inline]
    pub fn backend_for(&self, len: usize) -> Backend {
        self.route_for(len).backend
    }

    /// How `checksum` runs an input of `len` bytes here: as [`Consts::route_for`] says for a
    /// stamped type of the model, but where the CPU family's profile keeps the tables a few
    /// bytes longer for constants known only at run time (on Intel with AVX-512: to 20 or 24
    /// bytes).
    ///
    /// ```
    /// use crcstamp::{catalog::Crc32IsoHdlc, Crc, DynCrc};
    /// let dynamic = DynCrc::from_catalog("CRC-32/ISO-HDLC").unwrap();
    /// // Past the run-time tables of every profile, the same step.
    /// for len in [32, 64, 4096, 1 << 20] {
    ///     assert_eq!(dynamic.route_for(len), Crc32IsoHdlc::consts().route_for(len));
    /// }
    /// ```
    #[inline]
    pub fn route_for(&self, len: usize) -> crate::RouteStep {
        with_consts!(&self.built.words, |c, _w| engine::route_for(
            &c,
            len,
            Constants::RunTime
        ))
    }

    /// The bands of lengths each route step runs here (see [`Consts::route_bands`]).
    #[inline]
    pub fn route_bands(&self) -> Vec<crate::RouteBand> {
        with_consts!(&self.built.words, |c, _w| engine::route_bands(
            &c,
            Constants::RunTime
        ))
    }

    /// Whether [`checksum_with`](Self::checksum_with) can run `backend`.
    #[inline]
    pub fn supports(&self, backend: Backend) -> bool {
        with_consts!(&self.built.words, |c, _w| c.supports(backend))
    }

    /// A streaming digest in its initial state.
    pub fn digest(&self) -> DynDigest<'_> {
        DynDigest {
            crc: self,
            state: self.init_state(),
        }
    }

    /// Feeds bytes into this value's own register; any split of a message gives the same
    /// result as the whole.
    ///
    /// ```
    /// let mut crc = crcstamp::DynCrc::from_catalog("CRC-16/ARC").unwrap();
    /// crc.update(b"1234");
    /// crc.update(b"56789");
    /// assert_eq!(crc.finalize(), 0xbb3d);
    /// crc.reset();
    /// assert_eq!(crc.finalize(), crc.checksum(b""));
    /// ```
    pub fn update(&mut self, bytes: &[u8]) {
        self.state = self.update_state(self.state, bytes);
    }

    /// The CRC of everything [`update`](Self::update) fed so far (the register stays usable).
    pub fn finalize(&self) -> u128 {
        self.finalize_state(self.state)
    }

    /// Puts the register back to its initial state.
    pub fn reset(&mut self) {
        self.state = self.init_state();
    }

    /// The CRC's size in whole bytes, as the `digest` traits write it: 4 for a 32-bit CRC,
    /// 2 for a 12-bit one.
    ///
    /// ```
    /// let crc = crcstamp::DynCrc::from_catalog("CRC-82/DARC").unwrap();
    /// assert_eq!(crc.output_bytes(), 11);
    /// ```
    pub fn output_bytes(&self) -> usize {
        self.model.width().div_ceil(8) as usize
    }

    fn init_state(&self) -> u128 {
        with_consts!(&self.built.words, |c, _w| c.init_state.to_u128())
    }

    fn finalize_state(&self, state: u128) -> u128 {
        with_consts!(&self.built.words, |c, w| c.finalize(w(state)).to_u128())
    }
}

/// A streaming CRC over a [`DynCrc`].
///
/// ```
/// use std::io::Write;
/// let crc = crcstamp::DynCrc::from_catalog("CRC-16/ARC").unwrap();
/// let mut d = crc.digest();
/// d.write_all(b"123456789").unwrap();
/// assert_eq!(d.finalize(), 0xbb3d);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct DynDigest<'a> {
    crc: &'a DynCrc,
    state: u128,
}

impl DynDigest<'_> {
    /// Feeds bytes; any split of a message gives the same result as the whole.
    pub fn update(&mut self, bytes: &[u8]) {
        self.state = self.crc.update_state(self.state, bytes);
    }

    /// The CRC of everything fed so far (the digest stays usable).
    pub fn finalize(&self) -> u128 {
        self.crc.finalize_state(self.state)
    }

    /// Back to the initial state.
    pub fn reset(&mut self) {
        self.state = self.crc.init_state();
    }
}

/// `finish` returns the current CRC (its low 64 bits for widths above 64).
impl core::hash::Hasher for DynDigest<'_> {
    fn write(&mut self, bytes: &[u8]) {
        self.update(bytes);
    }
    fn finish(&self) -> u64 {
        self.finalize() as u64
    }
}

impl std::io::Write for DynDigest<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.update(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl RunningCrc for DynCrc {
    type Value = u128;
    fn update(&mut self, bytes: &[u8]) {
        DynCrc::update(self, bytes)
    }
    fn finalize(&self) -> u128 {
        DynCrc::finalize(self)
    }
}

impl RunningCrc for DynDigest<'_> {
    type Value = u128;
    fn update(&mut self, bytes: &[u8]) {
        DynDigest::update(self, bytes)
    }
    fn finalize(&self) -> u128 {
        DynDigest::finalize(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One reflection without the other is the attribute's and the CLI's error: it would
    /// otherwise build a crossed model in silence. Written out, a crossed model builds.
    #[test]
    fn a_lone_reflection_is_an_error_as_in_the_attribute() {
        for (spec, given, missing) in [
            (
                ModelSpec::new(16, 0x1021).refin(true),
                Field::Refin,
                Field::Refout,
            ),
            (
                ModelSpec::new(12, 0x80f).refout(true),
                Field::Refout,
                Field::Refin,
            ),
        ] {
            let err = DynCrc::new(spec).unwrap_err();
            assert_eq!(err, ModelError::LoneReflection { given, missing });
        }
        let crossed = DynCrc::new(ModelSpec::new(16, 0x1021).refin(true).refout(false)).unwrap();
        assert!(crossed.model().is_crossed());
        assert_eq!(crossed.checksum(b"123456789"), 0x9184);
        let plain = DynCrc::new(ModelSpec::new(16, 0x1021).refin(false)).unwrap();
        assert_eq!(plain.checksum(b"123456789"), 0x31c3);
    }
}
