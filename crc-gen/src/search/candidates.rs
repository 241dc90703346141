//! Candidate generators: the degree-`W` divisors of the gcd of the equal-length pairs'
//! polynomials and of the triple products of samples of distinct lengths, or every
//! generator of a small width when there are neither.

use super::sample::Sample;
use crate::gf2::{self, ModG, Poly};

/// Work budget, in single-bit register steps, for enumerating candidate generators.
pub(super) const BUDGET: u64 = 1 << 28;

/// The same budget for the cofactor enumeration of one search among the many of a layout or
/// outlier scan: enough for the cofactors of degree up to about 8 that two or more pairs
/// leave.
pub(super) const SCAN_BUDGET: u64 = 1 << 18;

/// Candidate generators as `poly` (without `x^w`), for one width and reflection.
pub(super) struct Candidates {
    /// The polys, ascending.
    pub polys: Vec<u128>,
    /// Every generator of the width (there was neither an equal-length pair nor three
    /// lengths to narrow them).
    pub exhaustive: bool,
}

/// The most triples whose products are folded into the gcd: four already leave `G` times
/// `(x + 1)^8` and a cofactor of degree 0 to 3 almost always.
const MAX_TRIPLES: usize = 6;

/// A gcd of the equal-length pairs that leaves a cofactor of more than this degree is
/// narrowed with triple products as well.
const PAIR_SLACK: u64 = 8;

/// `S = M·x^w + u`: the message bits in feeding order (the first bit highest, each byte
/// reversed when refin), times `x^w`, plus the CRC, unreflected. `S ≡ init·x^(8n) + X'`
/// (mod G) for every sample of an n-byte message.
pub(super) fn sample_poly(s: &Sample, w: u32, refin: bool, refout: bool) -> Poly {
    let n = s.data.len() as u64;
    let bits = 8 * n + u64::from(w);
    let mut p = vec![0u64; bits.div_ceil(64) as usize + 1];
    for (i, &byte) in s.data.iter().enumerate() {
        let byte = if refin { byte.reverse_bits() } else { byte };
        let at = u64::from(w) + 8 * (n - 1 - i as u64);
        let (word, sh) = ((at / 64) as usize, at % 64);
        p[word] |= u64::from(byte) << sh;
        if sh > 56 {
            p[word + 1] |= u64::from(byte) >> (64 - sh);
        }
    }
    let u = if refout {
        gf2::reflect(s.crc, w)
    } else {
        s.crc
    };
    p[0] ^= u as u64;
    p[1] ^= (u >> 64) as u64;
    Poly::from_words(p)
}

/// The gcd of every equal-length pair's `S_a + S_b` (init and xorout cancel, so G divides
/// it), each length group's first sample with the others, or `None` when no pair carries
/// information. Stops once the gcd has degree below `w` (no generator of that width: the
/// usual case for a wrong layout, decided by the first two pairs).
fn pairs_gcd(samples: &[Sample], polys: &[Poly], w: u32) -> Option<Poly> {
    let mut g: Option<Poly> = None;
    let mut by_len: Vec<usize> = (0..samples.len()).collect();
    by_len.sort_by_key(|&i| samples[i].data.len());
    for group in by_len.chunk_by(|&a, &b| samples[a].data.len() == samples[b].data.len()) {
        for &other in &group[1..] {
            let p = polys[group[0]].add(&polys[other]);
            if p.degree().is_none() {
                continue;
            }
            let next = match g {
                None => p,
                Some(g) => Poly::gcd(g, p),
            };
            if next.degree().is_none_or(|d| d < u64::from(w)) {
                return Some(next);
            }
            g = Some(next);
        }
    }
    g
}

/// For three samples of distinct lengths, with `A_ab = x^(8n_a) + x^(8n_b)`:
/// `S_a + S_b ≡ init·A_ab`, so `(S_a + S_b)·A_ac + (S_a + S_c)·A_ab ≡ 0 (mod G)` whatever
/// init and xorout are. Expanded, that is `S_a·(x^β + x^γ) + S_b·(x^α + x^γ) + S_c·(x^α +
/// x^β)` with `α, β, γ` the lengths less the shortest, in bits; the powers of x are
/// divided out (G is odd).
fn triple_poly(polys: [&Poly; 3], lens: [u64; 3]) -> Poly {
    let m = lens.iter().min().copied().unwrap_or(0);
    let [a, b, c] = lens.map(|n| 8 * (n - m));
    let mut p = Poly::default();
    for (s, (e1, e2)) in polys.iter().zip([(b, c), (a, c), (a, b)]) {
        p.add_shifted(s, e1);
        p.add_shifted(s, e2);
    }
    p.without_x().0
}

/// The gcd of the triple products of consecutive distinct-length samples (at most
/// [`MAX_TRIPLES`]), and `x^δ + 1` with δ the gcd of their length differences: every
/// `A_ab` is a power of x times a power of `x^δ + 1`, so the gcd keeps `(x^δ + 1)^8`
/// beside G. `None` with fewer than `min` products (fewer than `min + 2` lengths): one
/// product alone is a multiple of G as long as the messages, and its divisors of a small
/// width are so many that a chance fit turns up.
fn triples_gcd(samples: &[Sample], polys: &[Poly], min: usize) -> Option<(Poly, u64)> {
    let mut reps: Vec<usize> = (0..samples.len()).collect();
    reps.sort_by_key(|&i| samples[i].data.len());
    reps.dedup_by_key(|i| samples[*i].data.len());
    if reps.len() < min + 2 {
        return None;
    }
    let len = |i: usize| samples[i].data.len() as u64;
    let delta = reps
        .windows(2)
        .fold(0, |d, p| gcd_u64(d, len(p[1]) - len(p[0])));
    let mut g: Option<Poly> = None;
    for t in reps.windows(3).take(MAX_TRIPLES) {
        let p = triple_poly(
            [&polys[t[0]], &polys[t[1]], &polys[t[2]]],
            [len(t[0]), len(t[1]), len(t[2])],
        );
        if p.degree().is_none() {
            continue;
        }
        g = Some(match g {
            None => p,
            Some(g) => Poly::gcd(g, p),
        });
    }
    Some((g?, delta))
}

fn gcd_u64(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd_u64(b, a % b)
    }
}

/// Candidate generators for one width and reflection, or why they could not be enumerated.
pub(super) fn candidates(
    samples: &[Sample],
    w: u32,
    refin: bool,
    refout: bool,
    enumerate: bool,
) -> Result<Candidates, String> {
    let polys: Vec<Poly> = samples
        .iter()
        .map(|s| sample_poly(s, w, refin, refout))
        .collect();
    // Scans of many layouts or subsets want a pinned-down answer; a gcd that leaves many
    // candidates (one equal-length pair) cannot give one there, so it is not enumerated.
    let budget = if enumerate { BUDGET } else { SCAN_BUDGET };
    let pairs = pairs_gcd(samples, &polys, w);
    let weak = pairs
        .as_ref()
        .is_none_or(|g| g.degree().is_some_and(|d| d > u64::from(w) + PAIR_SLACK));
    if weak {
        // An informative pair gcd and one product suffice; alone, two products.
        let min = if pairs.is_some() { 1 } else { 2 };
        if let Some((t, delta)) = triples_gcd(samples, &polys, min) {
            let g = match pairs {
                Some(p) => Poly::gcd(p, t),
                None => t,
            };
            return Ok(Candidates {
                polys: split_divisors(&g, delta, w, budget)?,
                exhaustive: false,
            });
        }
    }
    let Some(g) = pairs else {
        // Fewer than three lengths and no equal-length pair: every generator of this
        // width is a candidate.
        let steps = samples
            .iter()
            .map(|s| 8 * s.data.len() as u64 + 64)
            .sum::<u64>();
        if enumerate && w <= 16 && (1u64 << w).saturating_mul(steps) <= BUDGET {
            return Ok(Candidates {
                polys: (0..1u128 << w).collect(),
                exhaustive: true,
            });
        }
        let mut lens: Vec<usize> = samples.iter().map(|s| s.data.len()).collect();
        lens.sort_unstable();
        lens.dedup();
        let what = match (samples.len(), lens.len()) {
            (1, _) => "one message".to_owned(),
            // Equal lengths whose pairs carry nothing: the same message and CRC repeated.
            (_, 1) => "the messages are all the same".to_owned(),
            (_, n) => format!("{n} message lengths and no two messages of equal length"),
        };
        return Err(format!(
            "{what}: add messages until four lengths differ, or one with the length of \
             another"
        ));
    };
    Ok(Candidates {
        polys: divisors(&g, w, budget)?,
        exhaustive: false,
    })
}

/// The degree-`w` divisors of `g` when `g` holds a high power of the factors of
/// `D = x^δ + 1` (from triple products): `g = rest·R` with `R` the part made of D's
/// factors, and each candidate `G = G'·H`, `G'` a divisor of `rest` of degree `w − e` (a
/// small cofactor left) and `H` one of `R` of degree `e`, for every `e` that leaves the
/// cofactor of `G'` within the budget.
fn split_divisors(g: &Poly, delta: u64, w: u32, budget: u64) -> Result<Vec<u128>, String> {
    let d = Poly::monic(delta, 1);
    let (mut rest, mut r) = (g.clone(), Poly::from_u128(1));
    loop {
        let c = Poly::gcd(rest.clone(), d.clone());
        if c.degree().is_none_or(|dc| dc == 0) {
            break;
        }
        rest = rest.divmod(&c).0;
        r = r.mul(&c);
    }
    let (dr, drest) = (r.degree().unwrap_or(0), rest.degree().unwrap_or(0));
    let w64 = u64::from(w);
    let mut found = Vec::new();
    let mut left = budget;
    for e in w64.saturating_sub(drest)..=dr.min(w64) {
        let (we, e) = ((w64 - e) as u32, e as u32);
        let cost = divisors_cost(&rest, we).saturating_add(divisors_cost(&r, e));
        if cost > left {
            // Each further e leaves G' a larger cofactor: dearer still.
            if found.is_empty() {
                return Err(TOO_MANY.into());
            }
            break;
        }
        left -= cost;
        let (outer, inner) = (divisors(&rest, we, budget)?, divisors(&r, e, budget)?);
        for &o in &outer {
            let go = Poly::monic(u64::from(we), o);
            for &i in &inner {
                found.push(go.mul(&Poly::monic(u64::from(e), i)).low(w));
            }
        }
    }
    found.sort_unstable();
    found.dedup();
    Ok(found)
}

/// Why a gcd's divisors were not enumerated.
const TOO_MANY: &str = "the samples leave too many candidate generators: add equal-length \
                        pairs, or samples of other lengths";

/// Register steps [`divisors`] takes for the degree-`w` divisors of `g` (`u64::MAX` beyond
/// 2^40 candidates).
fn divisors_cost(g: &Poly, w: u32) -> u64 {
    let Some(dg) = g.degree().filter(|&dg| dg >= u64::from(w)) else {
        return 0;
    };
    let extra = (dg - u64::from(w)).min(u64::from(w));
    if extra == 0 {
        0
    } else if extra > 40 {
        u64::MAX
    } else {
        (1u64 << extra).saturating_mul(dg + 1)
    }
}

/// The polys of the degree-`w` divisors `x^w + poly` of `g`, ascending, within `budget`
/// register steps.
pub(super) fn divisors(g: &Poly, w: u32, budget: u64) -> Result<Vec<u128>, String> {
    let w64 = u64::from(w);
    let dg = match g.degree() {
        Some(dg) if dg >= w64 => dg,
        _ => return Ok(Vec::new()),
    };
    let d = dg - w64;
    let extra = d.min(w64);
    if extra == 0 {
        // g has degree w: it is G, and its low w bits are the poly.
        return Ok(vec![g.low(w)]);
    }
    if divisors_cost(g, w) > budget {
        return Err(TOO_MANY.into());
    }
    let mut found = Vec::new();
    if d <= w64 {
        // Enumerate the cofactor h = x^d + hp of degree d; G = g / h.
        let d = d as u32;
        for hp in 0..1u128 << d {
            if ModG::new(d, hp).rem(g) == 0 {
                found.push(g.divmod(&Poly::monic(u64::from(d), hp)).0.low(w));
            }
        }
        found.sort_unstable();
    } else {
        for poly in 0..1u128 << w {
            if ModG::new(w, poly).rem(g) == 0 {
                found.push(poly);
            }
        }
    }
    Ok(found)
}
