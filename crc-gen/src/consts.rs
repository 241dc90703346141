//! Everything stamped out for one model, gathered in one value.

use crate::combine::combine_table;
use crate::fold::DerivedFolds;
use crate::model::Model;
use crate::tables::{nibble_table, slice_tables, to_state, Slice};
pub use crcstamp_layout::HwCrc;

/// The complete set of generated data for one model: what `crc-gen show` prints and what
/// `emit` turns into Rust statics for the `crcstamp` engine.
///
/// ```
/// use crc_gen::{catalogue, DerivedConsts, Slice};
/// let c = DerivedConsts::new(&catalogue::lookup("CRC-32/ISCSI").unwrap().model, Slice::Sixteen);
/// assert_eq!(c.check, 0xe3069283);
/// assert_eq!(c.tables.len(), 16);
/// assert!(c.nibble.is_none());
/// let small = DerivedConsts::new(&c.model, Slice::Nibble);
/// assert_eq!((small.tables.len(), small.nibble.map(|t| t[1])), (0, Some(0x105ec76f)));
/// assert_eq!(c.fold.as_ref().unwrap().folds[0].hi, 0xf20c0dfe);
/// ```
#[derive(Clone, Debug)]
pub struct DerivedConsts {
    /// The model.
    pub model: Model,
    /// CRC of `123456789`.
    pub check: u128,
    /// Residue (see [`Model::residue`]).
    pub residue: u128,
    /// Bits of the register word: 8, 16, 32, 64 or 128.
    pub word_bits: u32,
    /// `init` in the engine's register layout (see [`crate::tables`]).
    pub init_state: u128,
    /// `poly` in the engine's register layout, for the bitwise backend: reflected for lsb
    /// models, left-aligned for msb models.
    pub poly_state: u128,
    /// Slice tables, `Slice::count()` of them.
    pub tables: Vec<[u128; 256]>,
    /// The 16-entry table of the nibble kernel ([`nibble_table`]), for [`Slice::Nibble`]
    /// only: a nibble stamp carries it and no 256-entry table.
    pub nibble: Option<[u128; 16]>,
    /// Folding and Barrett constants for the engine's bit order (refin); `None` above 64 bits.
    pub fold: Option<DerivedFolds>,
    /// For msb models of width ≤ 64: the folding constants of the lsb model with the same
    /// polynomial, for kernels that run the CRC reflected over bit-reversed bytes (the
    /// register bit-reversed too: an msb CRC over bytes is the lsb CRC of the same
    /// polynomial over the bytes' bit reversals). `None` otherwise.
    pub fold_reflected: Option<DerivedFolds>,
    /// `x^(8·2^j) mod G` for j = 0..64 (see [`crate::combine`]).
    pub combine: Vec<u128>,
    /// The CPU CRC instruction whose register update is this model's, if any.
    pub hw: Option<HwCrc>,
}

/// The CPU instruction family that computes a model's register update, if any (width 32,
/// reflected input, the instruction's polynomial), as crcstamp's kernels name it.
///
/// ```
/// use crc_gen::{catalogue, consts::hw_crc, HwCrc};
/// let model = |n| &catalogue::lookup(n).unwrap().model;
/// assert_eq!(hw_crc(model("CRC-32/ISCSI")), Some(HwCrc::Crc32c));
/// assert_eq!(hw_crc(model("CRC-32/JAMCRC")), Some(HwCrc::Crc32));
/// assert_eq!(hw_crc(model("CRC-32/BZIP2")), None); // msb-first
/// ```
pub fn hw_crc(model: &Model) -> Option<HwCrc> {
    HwCrc::of(model.width(), model.poly(), model.refin())
}

impl DerivedConsts {
    /// The CRC of no bytes, `finish(init)`: what `combine` removes from `crc(A)`.
    pub fn empty(&self) -> u128 {
        self.model.finish(self.model.init())
    }

    /// Bits of the register word the register does not use (msb models shift them out).
    pub fn unused_bits(&self) -> u32 {
        self.word_bits - self.model.width()
    }

    /// `v` as a hex literal padded to the register word.
    pub fn hex(&self, v: u128) -> String {
        format!("{v:#0w$x}", w = self.word_bits as usize / 4 + 2)
    }

    /// Derives every constant of `model`, with `slice` tables.
    pub fn new(model: &Model, slice: Slice) -> DerivedConsts {
        let poly_state = if model.refin() {
            model.reflect(model.poly())
        } else {
            model.poly() << (model.word_bits() - model.width())
        };
        DerivedConsts {
            model: model.clone(),
            check: model.check(),
            residue: model.residue(),
            word_bits: model.word_bits(),
            init_state: to_state(model, model.init()),
            poly_state,
            tables: slice_tables(model, slice.count()),
            nibble: (slice == Slice::Nibble).then(|| nibble_table(model)),
            fold: DerivedFolds::new(model.width(), model.poly(), model.refin()),
            fold_reflected: if model.refin() {
                None
            } else {
                DerivedFolds::new(model.width(), model.poly(), true)
            },
            combine: combine_table(model),
            hw: hw_crc(model),
        }
    }
}
