//! With the generator fixed, `init` and `xorout` by linear algebra over GF(2).
//!
//! With `X'` = xorout, reflected when refout, and `u_i` = crc_i, reflected when refout:
//! `u_i = feed0(data_i) ⊕ A_{n_i}·init ⊕ X'` where `A_n·v = v·x^(8n) mod G`. Subtracting the
//! first sample leaves `(A_{n_i} ⊕ A_{n_0})·init = s_i ⊕ s_0`, `s_i = u_i ⊕ feed0(data_i)`.

use super::candidates::candidates;
use super::outcome::Solved;
use super::sample::Sample;
use crate::catalogue;
use crate::gf2::{self, ModG, Poly};
use crate::model::{Model, ModelSpec};
use crate::reference;

/// Every model of width `w` and the given reflections that fits all samples.
/// Without `enumerate`, a width that would need every generator tried is an error instead.
pub(super) fn solve(
    samples: &[Sample],
    (w, refin, refout): (u32, bool, bool),
    even: bool,
    enumerate: bool,
) -> Result<Vec<Solved>, String> {
    let cands = candidates(samples, w, refin, refout, enumerate)?;
    Ok(cands
        .polys
        .into_iter()
        .filter(|&poly| even || poly & 1 == 1)
        .filter(|&poly| !cands.exhaustive || quick_check(samples, w, poly, refin, refout))
        .filter_map(|poly| System::new(samples, w, poly, refin, refout).solve(samples))
        .collect())
}

/// `s = u ⊕ feed0(data)`: the CRC (unreflected) less the zero-init register.
fn s_of(x: &Sample, w: u32, poly: u128, refin: bool, refout: bool) -> u128 {
    let u = if refout {
        gf2::reflect(x.crc, w)
    } else {
        x.crc
    };
    u ^ reference::feed((w, poly, refin), 0, &x.data)
}

/// A cheap necessary condition for a generator when samples have distinct lengths: with
/// `a_i = x^(8n_i) ⊕ x^(8n_0)` and `b_i = s_i ⊕ s_0`, `init·a_i ≡ b_i` for all i, hence
/// `b_j·a_k ≡ b_k·a_j (mod G)` for every two samples j, k. Stops at the first failure.
fn quick_check(samples: &[Sample], w: u32, poly: u128, refin: bool, refout: bool) -> bool {
    if samples.len() < 3 {
        return true;
    }
    let g = ModG::new(w, poly);
    let s = |x: &Sample| s_of(x, w, poly, refin, refout);
    let pow = |x: &Sample| g.xpow(8 * x.data.len() as u128);
    let (s0, p0) = (s(&samples[0]), pow(&samples[0]));
    let (b1, a1) = (s(&samples[1]) ^ s0, pow(&samples[1]) ^ p0);
    samples[2..].iter().all(|x| {
        let (b, a) = (s(x) ^ s0, pow(x) ^ p0);
        g.mul(b1, a) == g.mul(b, a1)
    })
}

/// One candidate generator and the samples' `s_i`.
struct System {
    g: ModG,
    w: u32,
    poly: u128,
    refin: bool,
    refout: bool,
    /// `s_i = u_i ⊕ feed0(data_i)`.
    s: Vec<u128>,
}

impl System {
    fn new(samples: &[Sample], w: u32, poly: u128, refin: bool, refout: bool) -> System {
        let s = samples
            .iter()
            .map(|x| s_of(x, w, poly, refin, refout))
            .collect();
        System {
            g: ModG::new(w, poly),
            w,
            poly,
            refin,
            refout,
            s,
        }
    }

    /// The columns of `A_n`: `x^j · x^(8n) mod G`.
    fn columns(&self, n: usize) -> Vec<u128> {
        let mut t = self.g.xpow(8 * n as u128);
        let mut cols = Vec::with_capacity(self.w as usize);
        for _ in 0..self.w {
            cols.push(t);
            t = self.g.mulx(t);
        }
        cols
    }

    /// The rows `(A_{n_i} ⊕ A_{n_0}, s_i ⊕ s_0)` of the system, bit by bit, or `None` when
    /// two samples of the first sample's length disagree.
    fn rows(&self, samples: &[Sample], base: &[u128]) -> Option<Vec<(u128, bool)>> {
        let mut rows = Vec::new();
        let mut cache: Vec<(usize, Vec<u128>)> = Vec::new();
        let n0 = samples[0].data.len();
        for (x, &s) in samples.iter().zip(&self.s).skip(1) {
            let (n, rhs) = (x.data.len(), s ^ self.s[0]);
            if n == n0 {
                if rhs != 0 {
                    return None;
                }
                continue;
            }
            let at = match cache.iter().position(|(m, _)| *m == n) {
                Some(at) => at,
                None => {
                    cache.push((n, self.columns(n)));
                    cache.len() - 1
                }
            };
            let diff: Vec<u128> = cache[at].1.iter().zip(base).map(|(c, b)| c ^ b).collect();
            rows.extend((0..self.w).map(|b| (transpose_row(&diff, b), (rhs >> b) & 1 == 1)));
        }
        Some(rows)
    }

    /// Solves for init and xorout and checks the model on every sample.
    fn solve(&self, samples: &[Sample]) -> Option<Solved> {
        let w = self.w;
        let base = self.columns(samples[0].data.len());
        let pivots = eliminate(self.rows(samples, &base)?)?;
        let init = pivots
            .iter()
            .filter(|p| p.2)
            .fold(0u128, |acc, p| acc | 1 << p.0);
        let free = w - pivots.len() as u32;
        let equivalent = if free == 0 { 0 } else { self.equivalent_bits() };
        let init = if equivalent > 0 {
            preferred_equivalent_init(init, (w, self.poly, self.refin, self.refout))
        } else {
            init
        };
        let a0 = base
            .iter()
            .enumerate()
            .filter(|(j, _)| (init >> j) & 1 == 1)
            .fold(0u128, |acc, (_, c)| acc ^ c);
        let xo = self.s[0] ^ a0;
        let model = ModelSpec {
            width: w,
            poly: self.poly,
            init,
            refin: Some(self.refin),
            refout: Some(self.refout),
            xorout: if self.refout { gf2::reflect(xo, w) } else { xo },
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

    /// Init differences δ with δ·x^8 ≡ δ (mod G) change every CRC by the same constant,
    /// which xorout absorbs: those models are one CRC function. They span the kernel of
    /// `A_1 ⊕ I`; this is its dimension.
    fn equivalent_bits(&self) -> u32 {
        let a1: Vec<u128> = self
            .columns(1)
            .iter()
            .enumerate()
            .map(|(j, c)| c ^ (1 << j))
            .collect();
        let rows = (0..self.w).map(|b| (transpose_row(&a1, b), false));
        self.w - eliminate(rows.collect()).map_or(0, |p| p.len() as u32)
    }
}

/// Row `b` of the matrix with these columns: bit `j` is bit `b` of column `j`.
fn transpose_row(cols: &[u128], b: u32) -> u128 {
    cols.iter()
        .enumerate()
        .filter(|(_, c)| (*c >> b) & 1 == 1)
        .fold(0u128, |acc, (j, _)| acc | 1 << j)
}

/// The inits giving the same CRC function as `init`, each with its own xorout: init ⊕ δ
/// where δ·x^8 ≡ δ (mod G), i.e. δ a multiple of H = G / gcd(G, x^8 + 1) of degree below
/// the width. The class `init mod H` + H·q, deg q < deg G − deg H: the smallest first, as
/// numbers, then the others in the order of q.
fn equivalent_inits(init: u128, w: u32, poly: u128) -> Vec<u128> {
    let g = Poly::monic(u64::from(w), poly);
    let h = g.divmod(&Poly::gcd(g.clone(), Poly::from_u128(0x101))).0;
    let smallest = Poly::from_u128(init).rem(&h).low(128);
    let extra = w as u64 - h.degree().unwrap_or(0);
    (0..1u128 << extra)
        .map(|q| smallest ^ h.mul(&Poly::from_u128(q)).low(128))
        .collect()
}

/// The init a solved class is printed with: the one a catalogue algorithm of the same
/// generator and reflections uses, else all zeros, else all ones, else the smallest. A user
/// compares it with a datasheet, where these are the usual values.
fn preferred_equivalent_init(
    init: u128,
    (w, poly, refin, refout): (u32, u128, bool, bool),
) -> u128 {
    let class = equivalent_inits(init, w, poly);
    let catalogue = catalogue::entries()
        .iter()
        .map(|e| &e.model)
        .filter(|m| (m.width(), m.poly(), m.refin(), m.refout()) == (w, poly, refin, refout));
    let simple = catalogue
        .map(|m| m.init())
        .chain([0, u128::MAX >> (128 - w)]);
    simple
        .into_iter()
        .find(|i| class.contains(i))
        .unwrap_or(class[0])
}

impl Solved {
    /// Every model that gives this one's CRC on every message: `2^equivalent_init_bits`
    /// (init, xorout) pairs, this model first, then the others by init. No sample can tell
    /// them apart; a datasheet may state any of them.
    ///
    /// ```
    /// use crc_gen::search::{search, Query, Sample};
    /// use crc_gen::ModelSpec;
    /// // 0x8005 = (x + 1)(x^15 + x + 1): one init bit no whole byte reveals.
    /// let m = ModelSpec::new(16, 0x8005).init(0xffff).xorout(0x1234).build().unwrap();
    /// let data: [&[u8]; 5] = [b"abcd", b"wxyz", b"123456", b"654321", b"hello world"];
    /// let samples: Vec<Sample> = data.iter().map(|d| Sample::new(d.to_vec(), m.crc(d))).collect();
    /// let mut query = Query::width(16);
    /// (query.refin, query.refout) = (Some(false), Some(false));
    /// let out = search(&samples, &query).unwrap();
    /// let solved = out.solved.iter().find(|s| s.model.poly() == 0x8005).unwrap();
    /// let all = solved.equivalents();
    /// assert_eq!(all.len(), 2);
    /// assert_eq!((all[0].init(), all[0].xorout()), (0xffff, 0x1234)); // all ones comes first
    /// assert_eq!(all[1].crc(b"123456789"), m.crc(b"123456789"));
    /// ```
    pub fn equivalents(&self) -> Vec<Model> {
        let m = &self.model;
        if self.equivalent_init_bits == 0 {
            return vec![m.clone()];
        }
        let (w, init) = (m.width(), m.init());
        let mut inits = equivalent_inits(init, w, m.poly());
        inits.sort_unstable_by_key(|&i| (i != init, i));
        // δ in the register after every message: xorout takes it back (reflected with refout).
        inits
            .into_iter()
            .filter_map(|i| {
                let delta = i ^ init;
                let delta = if m.refout() {
                    gf2::reflect(delta, w)
                } else {
                    delta
                };
                ModelSpec::new(w, m.poly())
                    .init(i)
                    .refin(m.refin())
                    .refout(m.refout())
                    .xorout(m.xorout() ^ delta)
                    .build()
                    .ok()
            })
            .collect()
    }
}

/// Gaussian elimination of `(row, rhs)` equations over GF(2): the reduced pivot rows
/// `(pivot bit, row, rhs)`, or `None` when inconsistent. Free variables read as 0.
pub(super) fn eliminate(rows: Vec<(u128, bool)>) -> Option<Vec<(u32, u128, bool)>> {
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
