//! A model that fits a capture or a set of samples, less its bad ones.

use super::layout::Layout;
use super::outcome::Outcome;

/// A model (or models) that fits the samples, less the bad ones, in one layout.
#[derive(Clone, Debug)]
pub struct Fit {
    /// The layout, for frames; `None` for samples given as data and CRC.
    pub layout: Option<Layout>,
    /// What fits the good samples.
    pub outcome: Outcome,
    /// Indices of the samples that do not fit (empty when all do).
    pub bad: Vec<usize>,
    /// Further layouts that fit and that the frames cannot tell apart from `layout` (every
    /// frame has the same bytes where they differ), with what fits in each; `layout` is the
    /// smallest.
    pub alike: Vec<(Layout, Outcome)>,
    /// The index, in the same list, of the fit whose generator this one's divides: a
    /// factor shadow, placed right under it ("factor of the above").
    pub factor_of: Option<usize>,
}
