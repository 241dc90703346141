//! What a search is asked ([`Query`]) and what it answers ([`Outcome`]).

use core::fmt;
use core::ops::RangeInclusive;

use crate::catalogue::Entry;
use crate::model::Model;

/// What to search: widths and optional reflection constraints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Query {
    /// Widths to try, within 1..=128.
    pub widths: RangeInclusive<u32>,
    /// Only models with this `refin`, if set.
    pub refin: Option<bool>,
    /// Only models with this `refout`, if set.
    pub refout: Option<bool>,
    /// Most solved models to list (all are counted). At least 1.
    pub max_models: usize,
    /// Try the catalogue first (on by default); off, only solved models are reported.
    pub catalogue: bool,
    /// Also report generators without an `x^0` term (off by default). `G = x^k·G'` is just
    /// `G'` shifted: a reflected width-`w` CRC is also a width-`w + k` CRC with generator
    /// `x^k·G` (and `2^k` inits), so allowing them lists every wider shadow of the answer.
    /// No catalogue algorithm has an even poly.
    pub even_polys: bool,
}

impl Default for Query {
    /// Every width 1..=128, both reflections, the catalogue, odd polys, up to 32 solved
    /// models listed.
    fn default() -> Self {
        Query {
            widths: 1..=128,
            refin: None,
            refout: None,
            max_models: 32,
            catalogue: true,
            even_polys: false,
        }
    }
}

impl Query {
    /// One width.
    pub fn width(w: u32) -> Self {
        Query::widths(w..=w)
    }

    /// A range of widths.
    pub fn widths(widths: RangeInclusive<u32>) -> Self {
        Query {
            widths,
            ..Query::default()
        }
    }

    /// Whether the query allows these reflections.
    pub(super) fn allows(&self, refin: bool, refout: bool) -> bool {
        self.refin.is_none_or(|r| r == refin) && self.refout.is_none_or(|r| r == refout)
    }
}

/// Why a search could not run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// No samples were given.
    #[error("no samples: give at least one HEXDATA:HEXCRC sample")]
    NoSamples,
    /// A sample that does not parse.
    #[error("sample `{sample}`: {reason}")]
    Syntax {
        /// The sample as written.
        sample: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A width outside 1..=128, or an empty range.
    #[error("widths {lo}..={hi}: widths must lie in 1..=128, low to high")]
    Widths {
        /// Low end.
        lo: u32,
        /// High end.
        hi: u32,
    },
    /// A CRC value with bits at or above the widest width searched.
    #[error("CRC {crc:#x} does not fit in width = {width} bits")]
    CrcTooWide {
        /// The CRC value.
        crc: u128,
        /// The widest width searched.
        width: u32,
    },
    /// An embedded CRC needs a width that is a whole number of bytes.
    #[error("width = {0}: an embedded CRC needs a width that is a multiple of 8 in 8..=128")]
    EmbeddedWidth(u32),
    /// A captured message shorter than its CRC.
    #[error("message of {len} bytes is shorter than its {crc_bytes}-byte CRC")]
    TooShort {
        /// Message length in bytes.
        len: usize,
        /// CRC length in bytes.
        crc_bytes: usize,
    },
}

/// A catalogue algorithm that reproduces every sample.
#[derive(Clone, Debug)]
pub struct CatalogueMatch {
    /// The algorithm.
    pub entry: &'static Entry,
    /// The samples' CRCs are the algorithm's with their bytes in the other order.
    pub byte_swapped: bool,
}

impl CatalogueMatch {
    /// `#[crc(catalog = "NAME")]`.
    pub fn attribute(&self) -> String {
        format!("#[crc(catalog = \"{}\")]", self.entry.name())
    }
}

/// A model solved from the samples.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The model; when init is not pinned down, one member of the family (the init bits
    /// the linear system leaves free are 0).
    pub model: Model,
    /// Bits of `init` the samples leave undetermined: `2^free_init_bits` different CRC
    /// functions (each init with its own xorout) fit the samples equally well. 0 when the
    /// samples pin the model down.
    pub free_init_bits: u32,
    /// Bits of `init` that no whole-byte message can reveal: when `(x + 1)^e` divides G,
    /// `2^e` (init, xorout) pairs give identical CRCs for every message, so they are one CRC
    /// function, listed once, with the smallest init of the class.
    pub equivalent_init_bits: u32,
}

impl Solved {
    /// The `#[crc(...)]` attribute for the model.
    pub fn attribute(&self) -> String {
        attribute(&self.model)
    }
}

/// `#[crc(width = .., poly = .., init = .., refin = .., refout = .., xorout = ..)]`.
///
/// ```
/// use crc_gen::{search::attribute, ModelSpec};
/// let m = ModelSpec::new(16, 0x1021).init(0xffff).build().unwrap();
/// assert_eq!(
///     attribute(&m),
///     "#[crc(width = 16, poly = 0x1021, init = 0xffff, refin = false, refout = false, xorout = 0x0)]"
/// );
/// ```
pub fn attribute(m: &Model) -> String {
    format!(
        "#[crc(width = {}, poly = {:#x}, init = {:#x}, refin = {}, refout = {}, xorout = {:#x})]",
        m.width(),
        m.poly(),
        m.init(),
        m.refin(),
        m.refout(),
        m.xorout()
    )
}

/// What a search found.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// Catalogue algorithms that fit, by name.
    pub catalogue: Vec<CatalogueMatch>,
    /// Solved models that are not catalogue algorithms, by width, then reflection, then poly.
    pub solved: Vec<Solved>,
    /// Number of distinct models that fit (saturating): catalogue hits not already counted,
    /// plus `2^free_init_bits` for each solved model, listed or not.
    pub solutions: u128,
    /// Solved models found but not listed (over [`Query::max_models`]).
    pub unlisted: usize,
    /// Widths the samples could not decide (for some reflection), with the reason: with
    /// these the true number of fitting models may be larger than [`Outcome::solutions`].
    pub undetermined: Vec<String>,
    /// Estimated further samples (of a new length, or equal-length pairs) needed to pin the
    /// model down; 0 when it is pinned down.
    pub more_samples: u32,
}

impl Outcome {
    /// No model fits.
    pub fn is_empty(&self) -> bool {
        self.catalogue.is_empty() && self.solved.is_empty() && self.undetermined.is_empty()
    }

    /// More than one model fits (or some could not be decided).
    pub fn is_ambiguous(&self) -> bool {
        self.solutions > 1 || !self.undetermined.is_empty()
    }
}

impl fmt::Display for CatalogueMatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.attribute())?;
        if self.byte_swapped {
            f.write_str("  // CRC bytes swapped: the samples carry it in the other byte order")?;
        }
        Ok(())
    }
}
