//! Frames as captured: every layout is turned into samples and searched, with
//! [`outliers`](super::outliers) deciding how many frames may be left out and
//! [`rank`](super::rank) ordering what fits.

use core::ops::RangeInclusive;

use super::fit::Fit;
use super::layout::{Align, Layout};
use super::outcome::{Query, SearchError};
use super::outliers::{self, Candidate, Found};
use super::rank;
use super::sample::{CrcAt, Endian, Sample};

/// What to try on whole frames ([`search_frames`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrameQuery {
    /// Widths (the whole-byte ones in it are tried), reflections and the other search
    /// options.
    pub query: Query,
    /// Only this CRC position, if set (else start and end).
    pub at: Option<CrcAt>,
    /// Only this byte order, if set (else both).
    pub endian: Option<Endian>,
    /// Skipped bytes `k` to try (`0..=8` for `--skip auto`).
    pub skip: RangeInclusive<usize>,
    /// Uncovered bytes `j` at the other end to try (`0..=4` for `--skip auto`).
    pub gap: RangeInclusive<usize>,
    /// Bytes `t` outside the CRC field at the frame's outer end to try (`0..=4` for
    /// `--skip auto`).
    pub trail: RangeInclusive<usize>,
    /// Also widths that are not a multiple of 8, in the low or high bits of their field
    /// (`--width`/`--widths` given); off, only whole-byte widths are tried.
    pub narrow: bool,
    /// Look for models that fit all frames but a few (up to a quarter) when none fits all.
    pub outliers: bool,
}

impl Default for FrameQuery {
    /// Widths 8..=64, both positions and byte orders, everything covered, outliers on.
    fn default() -> Self {
        FrameQuery {
            query: Query::widths(8..=64),
            at: None,
            endian: None,
            skip: 0..=0,
            gap: 0..=0,
            trail: 0..=0,
            narrow: false,
            outliers: true,
        }
    }
}

impl FrameQuery {
    /// Every layout to try: narrowest first, the CRC at the end before the start,
    /// big-endian before little, then by `skip` and `gap`.
    ///
    /// ```
    /// use crc_gen::search::FrameQuery;
    /// // widths 8..=64: one byte order for 1 byte, two for 2..=8 bytes, at both ends.
    /// assert_eq!(FrameQuery::default().layouts().len(), 2 + 7 * 4);
    /// let skip = FrameQuery { skip: 0..=8, gap: 0..=4, ..FrameQuery::default() };
    /// assert_eq!(skip.layouts().len(), 30 * 9 * 5);
    /// ```
    pub fn layouts(&self) -> Vec<Layout> {
        let (lo, hi) = (*self.query.widths.start(), *self.query.widths.end());
        let widths = (lo.max(1)..=hi.min(128))
            .filter(|w| w.is_multiple_of(8) || (self.narrow && *w >= 3))
            .collect::<Vec<u32>>();
        let mut out = Vec::new();
        for bits in widths {
            let bytes = bits.div_ceil(8) as usize;
            let aligns: &[Align] = if bits.is_multiple_of(8) {
                &[Align::Low]
            } else {
                &[Align::Low, Align::High]
            };
            for (&align, at) in aligns
                .iter()
                .flat_map(|a| [(a, CrcAt::End), (a, CrcAt::Start)])
            {
                for endian in [Endian::Big, Endian::Little] {
                    let one_byte_twice =
                        bytes == 1 && self.endian.is_none() && endian != Endian::Big;
                    if self.at.is_some_and(|a| a != at)
                        || self.endian.is_some_and(|e| e != endian)
                        || one_byte_twice
                    {
                        continue;
                    }
                    for trail in self.trail.clone() {
                        for skip in self.skip.clone() {
                            for gap in self.gap.clone() {
                                out.push(Layout {
                                    bits,
                                    align,
                                    trail,
                                    ..Layout::whole(bytes, at, endian, skip, gap)
                                });
                            }
                        }
                    }
                }
            }
        }
        out
    }
}

/// What [`search_capture`] found: the fits, and why layouts fell short.
#[derive(Clone, Debug, Default)]
pub struct Capture {
    /// The fits, as [`search_frames`] returns them.
    pub fits: Vec<Fit>,
    /// Layouts whose frames, all kept, left a width undecided, each with the reasons (as
    /// [`Outcome::undetermined`](super::Outcome::undetermined) words them, each ending in what to add). When nothing
    /// fits, these say that more frames may still decide, rather than that no model fits.
    pub undecided: Vec<(Layout, Vec<String>)>,
}

/// [`search_frames`], with the layouts the frames could not decide.
///
/// ```
/// use crc_gen::search::{search_capture, FrameQuery};
/// // Two frames of two lengths decide no 32-bit model.
/// let c = search_capture(&[vec![1, 2, 3, 4, 5, 6], vec![7; 9]], &FrameQuery::default()).unwrap();
/// assert!(c.fits.is_empty());
/// assert!(c.undecided.iter().any(|(l, why)| l.bytes == 4 && why[0].contains("add")));
/// ```
pub fn search_capture(frames: &[Vec<u8>], q: &FrameQuery) -> Result<Capture, SearchError> {
    if frames.is_empty() {
        return Err(SearchError::NoSamples);
    }
    let (lo, hi) = (*q.query.widths.start(), *q.query.widths.end());
    if lo == 0 || hi > 128 || lo > hi {
        return Err(SearchError::Widths { lo, hi });
    }
    let layouts = q.layouts();
    if layouts.is_empty() {
        return Err(SearchError::EmbeddedWidth(lo));
    }
    let cands: Vec<Candidate<Layout>> = layouts
        .iter()
        .filter(|l| l.bits.is_multiple_of(8) || l.padding_agrees(frames))
        .filter_map(|l| {
            let samples = frames.iter().map(|f| l.split(f)).collect::<Option<_>>()?;
            let widths = l.width()..=l.width();
            Some((
                *l,
                samples,
                Query {
                    widths,
                    ..q.query.clone()
                },
            ))
        })
        .collect();
    let max_bad = if q.outliers {
        outliers::max_bad(frames.len())
    } else {
        0
    };
    // Enumerating generators (no equal-length frames; up to ~1 s per width and layout) is
    // affordable with one layout per width only.
    let enumerate = q.at.is_some()
        && q.endian.is_some()
        && q.skip.clone().count() * q.gap.clone().count() * q.trail.clone().count() == 1;
    let both_orders = q.endian.is_none();
    let scan = outliers::scan(&cands, max_bad, enumerate);
    Ok(Capture {
        fits: group(scan.found, frames, both_orders),
        undecided: scan.undecided,
    })
}

/// Finds every layout and model that fits the frames (see [`Layout`]); when none fits
/// them all and [`FrameQuery::outliers`] is on, those that fit all but the fewest (at most
/// a quarter, at least three left). An empty list means nothing fits.
///
/// ```
/// use crc_gen::search::{search_frames, FrameQuery};
/// let m = &crc_gen::catalogue::lookup("CRC-16/DNP").unwrap().model;
/// let frames: Vec<Vec<u8>> = [&b"hello!"[..], b"world!", b"frames", b"123456789", b"abcdefghi"]
///     .iter()
///     .map(|d| [d.to_vec(), (m.crc(d) as u16).to_le_bytes().to_vec()].concat())
///     .collect();
/// let fits = search_frames(&frames, &FrameQuery::default()).unwrap();
/// assert_eq!(fits[0].outcome.catalogue[0].entry.name(), "CRC-16/DNP");
/// assert_eq!(fits[0].layout.unwrap().to_string(), "little-endian, last 2 bytes");
/// ```
pub fn search_frames(frames: &[Vec<u8>], q: &FrameQuery) -> Result<Vec<Fit>, SearchError> {
    Ok(search_capture(frames, q)?.fits)
}

/// Turns the scan's finds into fits: byte-swapped catalogue hits dropped when both byte
/// orders were tried (the other order lists them straight), and layouts the frames cannot
/// tell apart folded into the smallest.
fn group(found: Vec<Found<Layout>>, frames: &[Vec<u8>], both_orders: bool) -> Vec<Fit> {
    let mut fits: Vec<Fit> = Vec::new();
    for mut f in found {
        if both_orders {
            let before = f.outcome.catalogue.len();
            f.outcome.catalogue.retain(|h| !h.byte_swapped);
            let dropped = (before - f.outcome.catalogue.len()) as u128;
            f.outcome.solutions = f.outcome.solutions.saturating_sub(dropped);
            if f.outcome.catalogue.is_empty() && f.outcome.solved.is_empty() {
                continue;
            }
        }
        let good: Vec<&[u8]> = (0..frames.len())
            .filter(|i| !f.bad.contains(i))
            .map(|i| frames[i].as_slice())
            .collect();
        let same_field = |a: &Layout| a.same_field(&f.layout);
        let into = fits.iter_mut().find(|fit| {
            fit.bad == f.bad
                && fit
                    .layout
                    .is_some_and(|l| same_field(&l) && l.alike(&f.layout, &good))
        });
        match into {
            Some(fit) => fit.alike.push((f.layout, f.outcome)),
            None => fits.push(Fit {
                layout: Some(f.layout),
                outcome: f.outcome,
                bad: f.bad,
                alike: Vec::new(),
                factor_of: None,
            }),
        }
    }
    rank::rank(fits)
}

/// [`search`](super::driver::search), and when nothing fits every sample, the models that fit all
/// but the fewest (at most a quarter, at least three left; solved models only where the rest
/// pin them down). An empty list means nothing fits.
///
/// ```
/// use crc_gen::search::{search_outliers, Query, Sample};
/// let m = &crc_gen::catalogue::lookup("CRC-16/DNP").unwrap().model;
/// let mut s: Vec<Sample> = ["one", "two", "three", "four", "five", "six", "seven"]
///     .iter()
///     .map(|d| Sample::new(d.as_bytes().to_vec(), m.crc(d.as_bytes())))
///     .collect();
/// s[3].crc ^= 1;
/// let fits = search_outliers(&s, &Query::width(16)).unwrap();
/// assert_eq!(fits[0].outcome.catalogue[0].entry.name(), "CRC-16/DNP");
/// assert_eq!(fits[0].bad, [3]);
/// ```
pub fn search_outliers(samples: &[Sample], q: &Query) -> Result<Vec<Fit>, SearchError> {
    let out = super::driver::search(samples, q)?;
    if !out.catalogue.is_empty() || !out.solved.is_empty() {
        return Ok(vec![Fit {
            layout: None,
            outcome: out,
            bad: Vec::new(),
            alike: Vec::new(),
            factor_of: None,
        }]);
    }
    let cands = [((), samples.to_vec(), q.clone())];
    let found = outliers::scan(&cands, outliers::max_bad(samples.len()), false).found;
    Ok(rank::rank(
        found
            .into_iter()
            .filter(|f| !f.bad.is_empty())
            .map(|f| Fit {
                layout: None,
                outcome: f.outcome,
                bad: f.bad,
                alike: Vec::new(),
                factor_of: None,
            })
            .collect(),
    ))
}
