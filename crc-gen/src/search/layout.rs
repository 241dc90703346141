//! Frames as captured: where the CRC sits, its width and byte order, the bytes it covers,
//! and which frames are bad. Every layout is turned into samples and searched, with
//! [`outliers`](super::outliers) deciding how many frames may be left out.

use core::fmt;
use core::ops::RangeInclusive;

use super::outcome::{Outcome, Query, SearchError};
use super::outliers::{self, Candidate, Found};
use super::rank;
use super::sample::{CrcAt, Endian, Sample};

/// Which bits of a CRC field wider than the CRC hold it (the field read as a number).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Align {
    /// The CRC is the field's low bits (the usual: CRC-12 as the number 0x0abc).
    Low,
    /// The CRC is the field's high bits (padded at the low end: 0xabc0).
    High,
}

/// Where a CRC sits in a captured frame and which bytes it covers. The frame less `trail`
/// bytes at its outer end and less the CRC field is its body; the CRC covers the body less
/// `skip` bytes at its start and `gap` bytes at its end.
///
/// ```
/// use crc_gen::search::{Align, CrcAt, Endian, Layout};
/// let l = Layout::whole(2, CrcAt::End, Endian::Little, 1, 0);
/// let s = l.split(&[0x7e, 0x31, 0x32, 0xef, 0xbe]).unwrap();
/// assert_eq!((s.data, s.crc), (vec![0x31, 0x32], 0xbeef));
/// assert_eq!(l.to_string(), "little-endian, last 2 bytes, skipping the first 1 byte");
/// // A CRC-12 in the high bits of a big-endian 2-byte field, one flag byte after it.
/// let l = Layout { bits: 12, align: Align::High, trail: 1, ..Layout::whole(2, CrcAt::End, Endian::Big, 0, 0) };
/// let s = l.split(&[0x31, 0xab, 0xc0, 0x7e]).unwrap();
/// assert_eq!((s.data, s.crc), (vec![0x31], 0xabc));
/// assert_eq!(l.to_string(), "big-endian, 2 bytes before the last 1, its high 12 bits");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    /// CRC field in bytes, 1..=16.
    pub bytes: usize,
    /// CRC width in bits: `8·bytes`, or narrower (but more than `8·(bytes − 1)`).
    pub bits: u32,
    /// Which bits of the field hold a narrower CRC (`Low` when it fills the field).
    pub align: Align,
    /// The CRC field is at the frame's start or end (inside `trail`).
    pub at: CrcAt,
    /// Byte order of the CRC field (irrelevant for one byte).
    pub endian: Endian,
    /// Body bytes before the covered range: a preamble, sync or address byte at the frame's
    /// start (CRC at the end), or a header after the CRC (CRC at the start).
    pub skip: usize,
    /// Body bytes after the covered range: between the data and the CRC (CRC at the end), or
    /// a trailer (CRC at the start).
    pub gap: usize,
    /// Bytes outside the CRC field at the frame's outer end: after the CRC (an end flag,
    /// padding) when it is last, before it when it is first.
    pub trail: usize,
}

impl Layout {
    /// A CRC that fills its `bytes`-byte field, nothing outside the field.
    pub fn whole(bytes: usize, at: CrcAt, endian: Endian, skip: usize, gap: usize) -> Layout {
        Layout {
            bytes,
            bits: 8 * bytes as u32,
            align: Align::Low,
            at,
            endian,
            skip,
            gap,
            trail: 0,
        }
    }

    /// The CRC width in bits.
    pub fn width(&self) -> u32 {
        self.bits
    }

    /// The frame less its trailer, split into (CRC field, body); `None` when too short.
    fn parts<'a>(&self, frame: &'a [u8]) -> Option<(&'a [u8], &'a [u8])> {
        if frame.len() < self.trail + self.bytes + self.skip + self.gap {
            return None;
        }
        Some(match self.at {
            CrcAt::End => {
                let f = &frame[..frame.len() - self.trail];
                let (body, field) = f.split_at(f.len() - self.bytes);
                (field, body)
            }
            CrcAt::Start => frame[self.trail..].split_at(self.bytes),
        })
    }

    /// The field as a number, and the bits of it that hold no CRC.
    fn field(&self, frame: &[u8]) -> Option<(u128, u128)> {
        let (field, _) = self.parts(frame)?;
        let fold = |acc: u128, &b: &u8| (acc << 8) | u128::from(b);
        let v = match self.endian {
            Endian::Big => field.iter().fold(0, fold),
            Endian::Little => field.iter().rev().fold(0, fold),
        };
        let spare = 8 * self.bytes as u32 - self.bits;
        let mask = u128::MAX >> (128 - self.bits);
        Some(match self.align {
            Align::Low => (v & mask, v.checked_shr(self.bits).unwrap_or(0)),
            Align::High => (v >> spare, v & ((1u128 << spare) - 1)),
        })
    }

    /// The covered bytes and the CRC of `frame`, or `None` when the frame is too short.
    pub fn split(&self, frame: &[u8]) -> Option<Sample> {
        let (_, body) = self.parts(frame)?;
        let (crc, _) = self.field(frame)?;
        Some(Sample::new(
            body[self.skip..body.len() - self.gap].to_vec(),
            crc,
        ))
    }

    /// Whether every frame has the same bits in the field around a narrower CRC (a CRC in
    /// part of a field is only read so when the rest is constant padding).
    fn padding_agrees(&self, frames: &[Vec<u8>]) -> bool {
        let pads: Vec<Option<u128>> = frames.iter().map(|f| self.field(f).map(|p| p.1)).collect();
        pads.windows(2).all(|p| p[0] == p[1])
    }

    /// The same CRC field in the same place (other `skip` or `gap`).
    fn same_field(&self, o: &Layout) -> bool {
        (
            self.bytes,
            self.bits,
            self.align,
            self.at,
            self.endian,
            self.trail,
        ) == (o.bytes, o.bits, o.align, o.at, o.endian, o.trail)
    }

    /// Whether every frame has the same bytes where `self` and `other` (same field, other
    /// `skip` or `gap`) cover different bytes: then the frames cannot tell them apart.
    fn alike(&self, other: &Layout, frames: &[&[u8]]) -> bool {
        let (k0, k1) = (self.skip.min(other.skip), self.skip.max(other.skip));
        let (j0, j1) = (self.gap.min(other.gap), self.gap.max(other.gap));
        let differ = |f: &[u8]| {
            let b = self.parts(f).map_or(&[][..], |p| p.1);
            let head = b[k0..k1].to_vec();
            let tail = b[b.len() - j1..b.len() - j0].to_vec();
            (head, tail)
        };
        frames.windows(2).all(|p| differ(p[0]) == differ(p[1]))
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let end = match self.at {
            CrcAt::Start => "first",
            CrcAt::End => "last",
        };
        let (n, t) = (self.bytes, self.trail);
        let place = match (n, t, self.at) {
            (1, 0, _) => format!("{end} byte"),
            (n, 0, _) => format!("{end} {n} bytes"),
            (1, t, CrcAt::End) => format!("the byte before the last {t}"),
            (1, t, CrcAt::Start) => format!("the byte after the first {t}"),
            (n, t, CrcAt::End) => format!("{n} bytes before the last {t}"),
            (n, t, CrcAt::Start) => format!("{n} bytes after the first {t}"),
        };
        match (n, self.endian) {
            (1, _) => f.write_str(&place)?,
            (_, Endian::Big) => write!(f, "big-endian, {place}")?,
            (_, Endian::Little) => write!(f, "little-endian, {place}")?,
        }
        if self.bits < 8 * n as u32 {
            let half = match self.align {
                Align::Low => "low",
                Align::High => "high",
            };
            write!(f, ", its {half} {} bits", self.bits)?;
        }
        let s = |n: usize| if n == 1 { "" } else { "s" };
        let (k, j) = (self.skip, self.gap);
        match self.at {
            CrcAt::End if k > 0 => write!(f, ", skipping the first {k} byte{}", s(k))?,
            CrcAt::Start if k > 0 => write!(f, ", skipping {k} byte{} after it", s(k))?,
            _ => {}
        }
        match self.at {
            CrcAt::End if j > 0 => write!(f, ", stopping {j} byte{} before it", s(j)),
            CrcAt::Start if j > 0 => write!(f, ", leaving out the last {j} byte{}", s(j)),
            _ => Ok(()),
        }
    }
}

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

/// What [`search_capture`] found: the fits, and why layouts fell short.
#[derive(Clone, Debug, Default)]
pub struct Capture {
    /// The fits, as [`search_frames`] returns them.
    pub fits: Vec<Fit>,
    /// Layouts whose frames, all kept, left a width undecided, each with the reasons (as
    /// [`Outcome::undetermined`] words them, each ending in what to add). When nothing
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
