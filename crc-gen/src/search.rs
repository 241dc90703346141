//! Recovering an unknown CRC's parameters from sample messages and their CRCs.
//!
//! [`search`] first tries every catalogue algorithm (and its byte-swapped output), then solves
//! for custom models with GF(2) algebra rather than brute force:
//!
//! - For two samples of equal length, init and xorout cancel: `crc1 ⊕ crc2` is the zero-init,
//!   zero-xorout CRC of `data1 ⊕ data2`. So `G = x^W + poly` divides `D·x^W + R` for every
//!   such pair (`D` the XOR of the messages as a polynomial, `R` the XOR of the CRCs,
//!   unreflected), hence divides their gcd; the degree-`W` divisors of the gcd are the
//!   candidate generators.
//! - With `G` known, `init` and `xorout` follow from a linear system over GF(2): the register
//!   after `n` bytes is `L(data) ⊕ x^(8n)·init mod G`, so samples of two different lengths
//!   separate `init` from `xorout`.
//! - Without any equal-length pair, widths up to 16 enumerate every generator instead.
//!
//! `spec/search.md` has the derivation and what is and is not supported.
//!
//! ```
//! use crc_gen::search::{search, Query, Sample};
//! let m = &crc_gen::catalogue::lookup("CRC-16/ARC").unwrap().model;
//! let samples: Vec<Sample> = [&b"hello"[..], b"world", b"123456789"]
//!     .iter()
//!     .map(|d| Sample::new(d.to_vec(), m.crc(d)))
//!     .collect();
//! let out = search(&samples, &Query::width(16)).unwrap();
//! assert_eq!(out.catalogue[0].entry.name(), "CRC-16/ARC");
//! assert!(!out.is_ambiguous());
//! ```

use core::fmt;
use core::ops::RangeInclusive;

use crate::catalogue::{self, Entry};
use crate::gf2;
use crate::model::{Model, ModelSpec};

/// One message and the CRC that was observed for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The message bytes.
    pub data: Vec<u8>,
    /// The CRC value, as a number (`0x1234` for the bytes `12 34` sent big-endian).
    pub crc: u128,
}

/// Where a CRC sits inside a captured message ([`Sample::embedded`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CrcAt {
    /// The CRC precedes the data.
    Start,
    /// The CRC follows the data (the usual codeword).
    End,
}

/// Byte order of a CRC embedded in a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Endian {
    /// Most significant byte first.
    Big,
    /// Least significant byte first.
    Little,
}

impl Sample {
    /// A sample from bytes and a CRC value.
    pub fn new(data: Vec<u8>, crc: u128) -> Self {
        Sample { data, crc }
    }

    /// Parses `HEXDATA:HEXCRC`, e.g. `313233:5a3f` (`0x` prefixes, spaces and `_` allowed;
    /// the data must be whole bytes, the CRC at most 128 bits).
    ///
    /// ```
    /// use crc_gen::search::Sample;
    /// let s = Sample::parse("0x3132 33:0xBEEF").unwrap();
    /// assert_eq!((s.data, s.crc), (b"123".to_vec(), 0xbeef));
    /// assert!(Sample::parse("313:00").is_err());
    /// assert!(Sample::parse("3132").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Sample, SearchError> {
        let (data, crc) = text.split_once(':').ok_or_else(|| SearchError::Syntax {
            sample: text.to_owned(),
            reason: "expected HEXDATA:HEXCRC".into(),
        })?;
        let data = parse_hex(data).map_err(|reason| SearchError::Syntax {
            sample: text.to_owned(),
            reason,
        })?;
        let crc = parse_number(crc).map_err(|reason| SearchError::Syntax {
            sample: text.to_owned(),
            reason,
        })?;
        Ok(Sample { data, crc })
    }

    /// Splits a captured message into data and the `width / 8` CRC bytes at its start or
    /// end, read in the given byte order. `width` must be a multiple of 8.
    ///
    /// ```
    /// use crc_gen::search::{CrcAt, Endian, Sample};
    /// let s = Sample::embedded(&[0x31, 0x32, 0xef, 0xbe], 16, CrcAt::End, Endian::Little).unwrap();
    /// assert_eq!((s.data, s.crc), (vec![0x31, 0x32], 0xbeef));
    /// ```
    pub fn embedded(
        message: &[u8],
        width: u32,
        at: CrcAt,
        endian: Endian,
    ) -> Result<Sample, SearchError> {
        if width == 0 || width > 128 || !width.is_multiple_of(8) {
            return Err(SearchError::EmbeddedWidth(width));
        }
        let n = (width / 8) as usize;
        if message.len() < n {
            return Err(SearchError::TooShort {
                len: message.len(),
                crc_bytes: n,
            });
        }
        let (data, crc) = match at {
            CrcAt::Start => (&message[n..], &message[..n]),
            CrcAt::End => (&message[..message.len() - n], &message[message.len() - n..]),
        };
        let fold = |acc: u128, &b: &u8| (acc << 8) | u128::from(b);
        let crc = match endian {
            Endian::Big => crc.iter().fold(0, fold),
            Endian::Little => crc.iter().rev().fold(0, fold),
        };
        Ok(Sample {
            data: data.to_vec(),
            crc,
        })
    }
}

/// Parses hex bytes (`0x` prefix, whitespace and `_` allowed); an odd number of digits or a
/// non-hex character is an error naming it.
///
/// ```
/// assert_eq!(crc_gen::search::parse_hex("0xdead BEEF").unwrap(), [0xde, 0xad, 0xbe, 0xef]);
/// assert!(crc_gen::search::parse_hex("abc").is_err());
/// ```
pub fn parse_hex(text: &str) -> Result<Vec<u8>, String> {
    let digits = strip(text);
    if let Some(c) = digits.chars().find(|c| !c.is_ascii_hexdigit()) {
        return Err(format!("`{c}` is not a hex digit"));
    }
    if !digits.len().is_multiple_of(2) {
        return Err(format!(
            "odd number of hex digits ({}): data must be whole bytes",
            digits.len()
        ));
    }
    let bytes = digits.as_bytes();
    let nibble = |c: u8| (c as char).to_digit(16).unwrap_or(0) as u8;
    Ok(bytes
        .chunks(2)
        .map(|p| (nibble(p[0]) << 4) | nibble(p[1]))
        .collect())
}

fn strip(text: &str) -> String {
    let t = text.trim();
    let t = t
        .strip_prefix("0x")
        .or_else(|| t.strip_prefix("0X"))
        .unwrap_or(t);
    t.chars()
        .filter(|c| !c.is_whitespace() && *c != '_')
        .collect()
}

fn parse_number(text: &str) -> Result<u128, String> {
    let digits = strip(text);
    if digits.is_empty() {
        return Err("missing CRC value".into());
    }
    if let Some(c) = digits.chars().find(|c| !c.is_ascii_hexdigit()) {
        return Err(format!("`{c}` is not a hex digit in the CRC"));
    }
    u128::from_str_radix(&digits, 16).map_err(|_| "CRC value wider than 128 bits".into())
}

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

/// Work budget, in single-bit register steps, for enumerating candidate generators.
const BUDGET: u64 = 1 << 28;

/// Finds every model consistent with all `samples`: catalogue algorithms (plain and
/// byte-swapped) and solved custom models. See the [module docs](self).
pub fn search(samples: &[Sample], q: &Query) -> Result<Outcome, SearchError> {
    if samples.is_empty() {
        return Err(SearchError::NoSamples);
    }
    let (lo, hi) = (*q.widths.start(), *q.widths.end());
    if lo == 0 || hi > 128 || lo > hi {
        return Err(SearchError::Widths { lo, hi });
    }
    let widest = samples.iter().map(|s| s.crc).max().unwrap_or(0);
    let need = 128 - widest.leading_zeros();
    if need > hi {
        return Err(SearchError::CrcTooWide {
            crc: widest,
            width: hi,
        });
    }
    let lo = lo.max(need).max(1);
    let allowed = |refin: bool, refout: bool| {
        q.refin.is_none_or(|r| r == refin) && q.refout.is_none_or(|r| r == refout)
    };

    let mut out = Outcome::default();
    for entry in catalogue::entries() {
        let m = &entry.model;
        if !q.catalogue || !(lo..=hi).contains(&m.width()) || !allowed(m.refin(), m.refout()) {
            continue;
        }
        let crcs: Vec<u128> = samples.iter().map(|s| m.crc(&s.data)).collect();
        if crcs.iter().zip(samples).all(|(c, s)| *c == s.crc) {
            out.catalogue.push(CatalogueMatch {
                entry,
                byte_swapped: false,
            });
        } else if m.width() % 8 == 0
            && m.width() > 8
            && crcs
                .iter()
                .zip(samples)
                .all(|(c, s)| swap_bytes(*c, m.width()) == s.crc)
        {
            out.catalogue.push(CatalogueMatch {
                entry,
                byte_swapped: true,
            });
        }
    }
    out.catalogue
        .sort_by(|a, b| a.entry.name().cmp(b.entry.name()));

    let mut solved = Vec::new();
    let mut min_width = u32::MAX;
    // Undecided widths, grouped by reason.
    let mut undecided: Vec<(String, Vec<u32>)> = Vec::new();
    for w in lo..=hi {
        for refin in [false, true] {
            for refout in [false, true] {
                if !allowed(refin, refout) {
                    continue;
                }
                match solve(samples, w, refin, refout, q.even_polys) {
                    Ok(found) => {
                        if !found.is_empty() {
                            min_width = min_width.min(w);
                        }
                        solved.extend(found);
                    }
                    Err(why) => {
                        min_width = min_width.min(w);
                        match undecided.iter_mut().find(|(r, _)| *r == why) {
                            Some((_, ws)) if ws.last() == Some(&w) => {}
                            Some((_, ws)) => ws.push(w),
                            None => undecided.push((why, vec![w])),
                        }
                    }
                }
            }
        }
    }

    for (why, ws) in undecided {
        let ranges: Vec<String> = ws
            .chunk_by(|a, b| a + 1 == *b)
            .map(|r| match r {
                [one] => one.to_string(),
                [first, .., last] => format!("{first}..={last}"),
                [] => String::new(),
            })
            .collect();
        let s = if ws.len() == 1 { "" } else { "s" };
        out.undetermined
            .push(format!("width{s} {}: {why}", ranges.join(", ")));
    }

    // Catalogue hits are listed by name, not again as solved models: a solved family with the
    // hit's generator and reflections contains it (both fit the same linear system).
    let same_family = |m: &Model, s: &Solved| {
        (m.width(), m.poly(), m.refin(), m.refout())
            == (
                s.model.width(),
                s.model.poly(),
                s.model.refin(),
                s.model.refout(),
            )
    };
    let family_size = |s: &Solved| 1u128.checked_shl(s.free_init_bits).unwrap_or(u128::MAX);
    let mut count: u128 = 0;
    for hit in &out.catalogue {
        let m = &hit.entry.model;
        min_width = min_width.min(m.width());
        let fam = solved
            .iter()
            .find(|s| !hit.byte_swapped && same_family(m, s));
        count = count.saturating_add(fam.map_or(1, family_size));
    }
    solved.retain(|s| {
        !out.catalogue
            .iter()
            .any(|hit| !hit.byte_swapped && same_family(&hit.entry.model, s))
    });
    for s in &solved {
        count = count.saturating_add(family_size(s));
    }
    out.solutions = count;
    let listed = q.max_models.max(1);
    out.unlisted = solved.len().saturating_sub(listed);
    solved.truncate(listed);
    out.solved = solved;
    if out.is_ambiguous() && min_width != u32::MAX {
        // Each further sample of a new length (or each further equal-length pair) checks
        // `width` more bits, so it cuts the candidates by about 2^width.
        let bits = 128 - out.solutions.saturating_sub(1).leading_zeros();
        out.more_samples = bits.div_ceil(min_width).clamp(1, 8);
        if !out.undetermined.is_empty() {
            // Two samples with the lengths of existing ones give two equal-length pairs.
            out.more_samples = out.more_samples.max(2);
        }
    }
    Ok(out)
}

/// Swaps the `width / 8` bytes of a CRC value.
fn swap_bytes(v: u128, width: u32) -> u128 {
    v.swap_bytes() >> (128 - width)
}

/// All-ones in the low `w` bits.
fn mask(w: u32) -> u128 {
    u128::MAX >> (128 - w)
}

/// `r · x mod (x^w + poly)` for a `w`-bit register.
fn mulx(r: u128, w: u32, poly: u128) -> u128 {
    let top = (r >> (w - 1)) & 1 == 1;
    let r = (r << 1) & mask(w);
    if top {
        r ^ poly
    } else {
        r
    }
}

/// The zero-init register after `data` (the reference's Williams register).
fn feed_zero(data: &[u8], w: u32, poly: u128, refin: bool) -> u128 {
    let mut r = 0u128;
    for &b in data {
        let b = if refin { b.reverse_bits() } else { b };
        for i in (0..8).rev() {
            let fb = ((r >> (w - 1)) & 1 == 1) ^ ((b >> i) & 1 == 1);
            r = (r << 1) & mask(w);
            if fb {
                r ^= poly;
            }
        }
    }
    r
}

/// A polynomial over GF(2): bit `i` of word `i / 64` is the coefficient of `x^i`.
type Poly = Vec<u64>;

fn trim(p: &mut Poly) {
    while p.last() == Some(&0) {
        p.pop();
    }
}

fn degree(p: &Poly) -> Option<u64> {
    let top = p.last()?;
    Some(p.len() as u64 * 64 - 1 - u64::from(top.leading_zeros()))
}

fn bit(p: &Poly, i: u64) -> bool {
    p.get((i / 64) as usize)
        .is_some_and(|w| (w >> (i % 64)) & 1 == 1)
}

/// `a ^= b · x^s`; `a` must be long enough.
fn xor_shifted(a: &mut Poly, b: &Poly, s: u64) {
    let (ws, bs) = ((s / 64) as usize, (s % 64) as u32);
    for (i, &w) in b.iter().enumerate() {
        a[i + ws] ^= w << bs;
        if bs > 0 && i + ws + 1 < a.len() {
            a[i + ws + 1] ^= w >> (64 - bs);
        }
    }
}

/// `a mod b` in place, returning the quotient when asked.
fn reduce(a: &mut Poly, b: &Poly, quotient: bool) -> Poly {
    let mut q = Poly::new();
    let Some(db) = degree(b) else { return q };
    while let Some(da) = degree(a) {
        if da < db {
            break;
        }
        let s = da - db;
        if quotient {
            let word = (s / 64) as usize;
            if q.len() <= word {
                q.resize(word + 1, 0);
            }
            q[word] |= 1 << (s % 64);
        }
        xor_shifted(a, b, s);
        trim(a);
    }
    q
}

/// gcd in GF(2)\[x\] by Euclid.
fn gcd(mut a: Poly, mut b: Poly) -> Poly {
    trim(&mut a);
    trim(&mut b);
    while degree(&b).is_some() {
        reduce(&mut a, &b, false);
        core::mem::swap(&mut a, &mut b);
    }
    a
}

/// `p mod (x^w + poly)` by shifting `p`'s bits through a `w`-bit register.
fn rem_small(p: &Poly, w: u32, poly: u128) -> u128 {
    let Some(d) = degree(p) else { return 0 };
    let mut r = 0u128;
    for i in (0..=d).rev() {
        r = mulx(r, w, poly) ^ u128::from(bit(p, i));
    }
    r
}

fn from_u128(v: u128) -> Poly {
    let mut p = vec![v as u64, (v >> 64) as u64];
    trim(&mut p);
    p
}

/// `D·x^w + R` for an equal-length pair: `D` the XOR of the messages with the first bit (in
/// feeding order) highest, `R` the XOR of the CRCs, unreflected.
fn pair_poly(a: &Sample, b: &Sample, w: u32, refin: bool, refout: bool) -> Poly {
    let n = a.data.len() as u64;
    let bits = 8 * n + u64::from(w);
    let mut p = vec![0u64; bits.div_ceil(64) as usize + 1];
    for (i, (x, y)) in a.data.iter().zip(&b.data).enumerate() {
        let byte = x ^ y;
        let byte = if refin { byte.reverse_bits() } else { byte };
        let at = u64::from(w) + 8 * (n - 1 - i as u64);
        let (word, sh) = ((at / 64) as usize, at % 64);
        p[word] |= u64::from(byte) << sh;
        if sh > 56 {
            p[word + 1] |= u64::from(byte) >> (64 - sh);
        }
    }
    let r = a.crc ^ b.crc;
    let r = if refout { gf2::reflect(r, w) } else { r };
    p[0] ^= r as u64;
    if p.len() > 1 {
        p[1] ^= (r >> 64) as u64;
    }
    trim(&mut p);
    p
}

/// Candidate generators (as `poly`, without `x^w`) for one width and reflection, or why
/// they could not be enumerated.
/// The flag is true when the list is every generator of the width (no equal-length pair).
fn candidates(
    samples: &[Sample],
    w: u32,
    refin: bool,
    refout: bool,
) -> Result<(Vec<u128>, bool), String> {
    let mut g: Option<Poly> = None;
    let mut by_len: Vec<&Sample> = samples.iter().collect();
    by_len.sort_by_key(|s| s.data.len());
    for group in by_len.chunk_by(|a, b| a.data.len() == b.data.len()) {
        for other in &group[1..] {
            let p = pair_poly(group[0], other, w, refin, refout);
            if degree(&p).is_none() {
                continue;
            }
            g = Some(match g {
                None => p,
                Some(g) => gcd(g, p),
            });
        }
    }
    let Some(g) = g else {
        // No equal-length information: every generator of this width is a candidate.
        let steps = samples
            .iter()
            .map(|s| 8 * s.data.len() as u64 + 64)
            .sum::<u64>();
        if w <= 16 && (1u64 << w).saturating_mul(steps) <= BUDGET {
            return Ok(((0..1u128 << w).collect(), true));
        }
        return Err(
            "no two samples of equal length (needed above width 16): add a sample with the \
             length of another"
                .into(),
        );
    };
    let Some(dg) = degree(&g) else {
        return Ok((Vec::new(), false));
    };
    let w64 = u64::from(w);
    if dg < w64 {
        return Ok((Vec::new(), false));
    }
    let d = dg - w64;
    let extra = d.min(w64);
    if extra == 0 {
        // g has degree w: it is G, and its low w bits are the poly.
        let poly = (0..w64)
            .filter(|&i| bit(&g, i))
            .fold(0u128, |acc, i| acc | 1 << i);
        return Ok((vec![poly], false));
    }
    if extra > 40 || (1u64 << extra).saturating_mul(dg + 1) > BUDGET {
        return Err(
            "the equal-length pairs leave too many candidate generators: add equal-length pairs"
                .into(),
        );
    }
    let mut found = Vec::new();
    if d <= w64 {
        // Enumerate the cofactor h of degree d; G = g / h.
        let d = d as u32;
        for hp in 0..1u128 << d {
            if rem_small(&g, d, hp) == 0 {
                let mut a = g.clone();
                let mut h = from_u128(hp);
                if h.len() <= (d / 64) as usize {
                    h.resize((d / 64) as usize + 1, 0);
                }
                h[(d / 64) as usize] |= 1 << (d % 64);
                let q = reduce(&mut a, &h, true);
                let poly = (0..w64)
                    .filter(|&i| bit(&q, i))
                    .fold(0u128, |acc, i| acc | 1 << i);
                found.push(poly);
            }
        }
        found.sort_unstable();
    } else {
        for poly in 0..1u128 << w {
            if rem_small(&g, w, poly) == 0 {
                found.push(poly);
            }
        }
    }
    Ok((found, false))
}

/// Every model of width `w` and the given reflections that fits all samples.
fn solve(
    samples: &[Sample],
    w: u32,
    refin: bool,
    refout: bool,
    even: bool,
) -> Result<Vec<Solved>, String> {
    let mut out = Vec::new();
    let (polys, exhaustive) = candidates(samples, w, refin, refout)?;
    for poly in polys {
        if (!even && poly & 1 == 0) || (exhaustive && !quick_check(samples, w, poly, refin, refout))
        {
            continue;
        }
        if let Some(s) = solve_init(samples, w, poly, refin, refout) {
            out.push(s);
        }
    }
    Ok(out)
}

/// A cheap necessary condition for a generator when samples have distinct lengths: with
/// `a_i = x^(8n_i) ⊕ x^(8n_0)` and `b_i = s_i ⊕ s_0` (see [`solve_init`]), `init·a_i ≡ b_i`
/// for all i, hence `b_j·a_k ≡ b_k·a_j (mod G)` for every two samples j, k.
fn quick_check(samples: &[Sample], w: u32, poly: u128, refin: bool, refout: bool) -> bool {
    if samples.len() < 3 {
        return true;
    }
    let unrefl = |v: u128| if refout { gf2::reflect(v, w) } else { v };
    let s = |x: &Sample| unrefl(x.crc) ^ feed_zero(&x.data, w, poly, refin);
    let pow = |n: usize| xpow(8 * n as u128, w, poly, 1);
    let (s0, p0) = (s(&samples[0]), pow(samples[0].data.len()));
    let (b1, a1) = (s(&samples[1]) ^ s0, pow(samples[1].data.len()) ^ p0);
    samples[2..].iter().all(|x| {
        let (b, a) = (s(x) ^ s0, pow(x.data.len()) ^ p0);
        mulmod(b1, a, w, poly) == mulmod(b, a1, w, poly)
    })
}

/// With the generator fixed, solves `init` and `xorout` (a linear system over GF(2)).
///
/// With `X'` = xorout, reflected when refout, and `u_i` = crc_i, reflected when refout:
/// `u_i = feed0(data_i) ⊕ A_{n_i}·init ⊕ X'` where `A_n·v = v·x^(8n) mod G`. Subtracting
/// the first sample leaves `(A_{n_i} ⊕ A_{n_0})·init = s_i ⊕ s_0`, `s_i = u_i ⊕ feed0(data_i)`.
fn solve_init(samples: &[Sample], w: u32, poly: u128, refin: bool, refout: bool) -> Option<Solved> {
    let unrefl = |v: u128| if refout { gf2::reflect(v, w) } else { v };
    let s: Vec<u128> = samples
        .iter()
        .map(|x| unrefl(x.crc) ^ feed_zero(&x.data, w, poly, refin))
        .collect();
    // Columns of A_n: x^j · x^(8n) mod G.
    let columns = |n: usize| -> Vec<u128> {
        // x^(8n) mod G, by square-and-multiply on the register.
        let mut t = xpow(8 * n as u128, w, poly, 1);
        let mut cols = Vec::with_capacity(w as usize);
        for _ in 0..w {
            cols.push(t);
            t = mulx(t, w, poly);
        }
        cols
    };
    let base = columns(samples[0].data.len());
    // Rows of the system: (coefficients over init bits, right-hand side).
    let mut rows: Vec<(u128, bool)> = Vec::new();
    let mut cache: Vec<(usize, Vec<u128>)> = Vec::new();
    for (i, x) in samples.iter().enumerate().skip(1) {
        let n = x.data.len();
        let rhs = s[i] ^ s[0];
        if n == samples[0].data.len() {
            if rhs != 0 {
                return None;
            }
            continue;
        }
        if !cache.iter().any(|(m, _)| *m == n) {
            cache.push((n, columns(n)));
        }
        let cols = &cache.iter().find(|(m, _)| *m == n)?.1;
        for b in 0..w {
            let mut row = 0u128;
            for j in 0..w {
                if ((cols[j as usize] ^ base[j as usize]) >> b) & 1 == 1 {
                    row |= 1 << j;
                }
            }
            rows.push((row, (rhs >> b) & 1 == 1));
        }
    }
    let pivots = eliminate(rows)?;
    let mut init = 0u128;
    for &(p, _, rhs) in &pivots {
        if rhs {
            init |= 1 << p;
        }
    }
    let free = w - pivots.len() as u32;
    // Init differences δ with δ·x^8 ≡ δ (mod G) change every CRC by the same constant, which
    // xorout absorbs: those models are one CRC function. They span the kernel of A_1 ⊕ I.
    let equivalent = if free == 0 {
        0
    } else {
        let a1 = columns(1);
        let rows = (0..w).map(|b| {
            let row = (0..w)
                .filter(|&j| ((a1[j as usize] ^ (1 << j)) >> b) & 1 == 1)
                .fold(0u128, |acc, j| acc | 1 << j);
            (row, false)
        });
        w - eliminate(rows.collect()).map_or(0, |p| p.len() as u32)
    };
    let init = if equivalent > 0 {
        smallest_equivalent_init(init, w, poly)
    } else {
        init
    };
    let a0 = base
        .iter()
        .enumerate()
        .filter(|(j, _)| (init >> j) & 1 == 1)
        .fold(0u128, |acc, (_, c)| acc ^ c);
    let xo = s[0] ^ a0;
    let xorout = if refout { gf2::reflect(xo, w) } else { xo };
    let model = ModelSpec {
        width: w,
        poly,
        init,
        refin,
        refout,
        xorout,
        ..ModelSpec::default()
    }
    .build()
    .ok()?;
    samples
        .iter()
        .all(|x| model.crc(&x.data) == x.crc)
        .then_some(Solved {
            model,
            free_init_bits: free - equivalent,
            equivalent_init_bits: equivalent,
        })
}

/// The smallest init giving the same CRC function as `init`. Two inits are equivalent when
/// their difference δ satisfies δ·x^8 ≡ δ (mod G), i.e. δ is a multiple of
/// H = G / gcd(G, x^8 + 1); the class `init + H·q` has exactly one member of degree below
/// deg H, `init mod H`, and it is the smallest as a number.
fn smallest_equivalent_init(init: u128, w: u32, poly: u128) -> u128 {
    let g = gf2::generator(w, poly);
    let (mut a, mut b) = (g.clone(), num_bigint::BigUint::from(0x101u32));
    while b.bits() > 0 {
        let r = gf2::rem(&a, &b);
        a = b;
        b = r;
    }
    let (h, _) = gf2::divmod(&g, &a);
    gf2::to_u128(&gf2::rem(&init.into(), &h))
}

/// Gaussian elimination of `(row, rhs)` equations over GF(2): the reduced pivot rows
/// `(pivot bit, row, rhs)`, or `None` when inconsistent. Free variables read as 0.
fn eliminate(rows: Vec<(u128, bool)>) -> Option<Vec<(u32, u128, bool)>> {
    let mut pivots: Vec<(u32, u128, bool)> = Vec::new();
    for (mut row, mut rhs) in rows {
        for &(p, prow, prhs) in &pivots {
            if (row >> p) & 1 == 1 {
                row ^= prow;
                rhs ^= prhs;
            }
        }
        if row == 0 {
            if rhs {
                return None;
            }
            continue;
        }
        let p = 127 - row.leading_zeros();
        for piv in pivots.iter_mut() {
            if (piv.1 >> p) & 1 == 1 {
                piv.1 ^= row;
                piv.2 ^= rhs;
            }
        }
        pivots.push((p, row, rhs));
    }
    Some(pivots)
}

/// `v · x^e mod (x^w + poly)`.
fn xpow(mut e: u128, w: u32, poly: u128, v: u128) -> u128 {
    let mut result = v;
    let mut base = mulx(1, w, poly); // x mod G (for w = 1: poly, as x ≡ poly)
    while e > 0 {
        if e & 1 == 1 {
            result = mulmod(result, base, w, poly);
        }
        base = mulmod(base, base, w, poly);
        e >>= 1;
    }
    result
}

/// `a · b mod (x^w + poly)` for reduced `a`, `b`.
fn mulmod(a: u128, b: u128, w: u32, poly: u128) -> u128 {
    let mut r = 0u128;
    for i in (0..w).rev() {
        r = mulx(r, w, poly);
        if (b >> i) & 1 == 1 {
            r ^= a;
        }
    }
    r
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

#[cfg(test)]
mod tests {
    use super::*;

    fn samples(m: &Model, data: &[&[u8]]) -> Vec<Sample> {
        data.iter()
            .map(|d| Sample::new(d.to_vec(), m.crc(d)))
            .collect()
    }

    #[test]
    fn xpow_and_mulmod_match_gf2() {
        let g = gf2::generator(32, 0x04c1_1db7);
        for e in [0u128, 1, 7, 64, 100, 576] {
            assert_eq!(
                xpow(e, 32, 0x04c1_1db7, 1),
                gf2::to_u128(&gf2::xpow_mod(e, &g)),
                "x^{e}"
            );
        }
        // width 1: G = x + 1 (poly 1): x ≡ 1.
        assert_eq!(xpow(5, 1, 1, 1), 1);
        // width 1: G = x (poly 0): x ≡ 0.
        assert_eq!(xpow(5, 1, 0, 1), 0);
        // width 128
        let g = gf2::generator(128, 0x87);
        assert_eq!(
            xpow(200, 128, 0x87, 1),
            gf2::to_u128(&gf2::xpow_mod(200, &g))
        );
    }

    #[test]
    fn gcd_and_divisors() {
        // (x^2 + x + 1)(x + 1) and (x^2 + x + 1)x
        let a = from_u128(0b1001);
        let b = from_u128(0b1110);
        assert_eq!(gcd(a, b), from_u128(0b111));
    }

    #[test]
    fn embedded_at_start_big_endian() {
        let s = Sample::embedded(&[0xbe, 0xef, 1, 2, 3], 16, CrcAt::Start, Endian::Big).unwrap();
        assert_eq!((s.data, s.crc), (vec![1, 2, 3], 0xbeef));
        assert!(Sample::embedded(&[1], 16, CrcAt::End, Endian::Big).is_err());
        assert!(Sample::embedded(&[1, 2, 3], 12, CrcAt::End, Endian::Big).is_err());
    }

    #[test]
    fn one_length_only_leaves_init_free() {
        let m = ModelSpec::new(16, 0x8005)
            .init(0x1234)
            .xorout(0x5555)
            .build()
            .unwrap();
        let s = samples(&m, &[b"abcd", b"wxyz", b"1234"]);
        let mut q = Query::width(16);
        q.refin = Some(false);
        q.refout = Some(false);
        let out = search(&s, &q).unwrap();
        let fam = out
            .solved
            .iter()
            .find(|x| x.model.poly() == 0x8005)
            .unwrap();
        // 0x8005 = (x + 1)(x^15 + x + 1): one init bit is invisible to whole bytes.
        assert_eq!((fam.free_init_bits, fam.equivalent_init_bits), (15, 1));
        assert_eq!(fam.model.init(), 0);
        assert!(out.is_ambiguous());
        assert!(out.more_samples >= 1);
    }

    #[test]
    fn equivalent_inits_are_reported_as_the_smallest() {
        // (x + 1)^2 divides this G: four (init, xorout) pairs are one CRC function. The
        // model's init 1 is the smallest of its class; the search used to print another.
        let m = ModelSpec::new(64, 0x259c_84cb_a642_6349)
            .init(1)
            .build()
            .unwrap();
        let data: [&[u8]; 4] = [
            b"0123456789abcdef",
            b"fedcba9876543210",
            b"the quick brown fox jumps",
            b"over the lazy dog, twice!",
        ];
        let out = search(&samples(&m, &data), &Query::width(64)).unwrap();
        let found = out
            .solved
            .iter()
            .find(|x| x.model.poly() == m.poly())
            .unwrap();
        assert_eq!(found.equivalent_init_bits, 2);
        assert_eq!((found.model.init(), found.model.xorout()), (1, 0));
        assert_eq!(found.model.crc(b"123456789"), m.crc(b"123456789"));
    }

    #[test]
    fn errors_not_panics() {
        assert!(matches!(
            search(&[], &Query::default()),
            Err(SearchError::NoSamples)
        ));
        let s = [Sample::new(vec![1], 0x1_0000)];
        assert!(matches!(
            search(&s, &Query::width(16)),
            Err(SearchError::CrcTooWide { .. })
        ));
        assert!(matches!(
            search(&s, &Query::widths(RangeInclusive::new(20, 10))),
            Err(SearchError::Widths { .. })
        ));
        assert!(matches!(
            search(&s, &Query::width(0)),
            Err(SearchError::Widths { .. })
        ));
        for bad in ["", ":", "12", "1:2:3", "zz:00", "123:00", "12:", "12:zz"] {
            assert!(Sample::parse(bad).is_err(), "{bad}");
        }
        assert!(Sample::parse(":00").is_ok());
    }
}
