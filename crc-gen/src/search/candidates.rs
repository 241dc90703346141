//! Candidate generators: the degree-`W` divisors of the gcd of the equal-length pairs'
//! polynomials, or every generator of a small width when there is no equal-length pair.

use super::sample::Sample;
use crate::gf2::{self, ModG, Poly};

/// Work budget, in single-bit register steps, for enumerating candidate generators.
pub(super) const BUDGET: u64 = 1 << 28;

/// The same budget for the cofactor enumeration of one search among the many of a layout or
/// outlier scan: enough for the cofactors of degree up to about 8 that two or more pairs
/// leave.
const SCAN_BUDGET: u64 = 1 << 18;

/// Candidate generators as `poly` (without `x^w`), for one width and reflection.
pub(super) struct Candidates {
    /// The polys, ascending.
    pub polys: Vec<u128>,
    /// Every generator of the width (there was no equal-length pair to narrow them).
    pub exhaustive: bool,
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
    p[1] ^= (r >> 64) as u64;
    Poly::from_words(p)
}

/// The gcd of every equal-length pair's polynomial (each length group's first sample with
/// the others), or `None` when no pair carries information.
fn pairs_gcd(samples: &[Sample], w: u32, refin: bool, refout: bool) -> Option<Poly> {
    let mut g: Option<Poly> = None;
    let mut by_len: Vec<&Sample> = samples.iter().collect();
    by_len.sort_by_key(|s| s.data.len());
    for group in by_len.chunk_by(|a, b| a.data.len() == b.data.len()) {
        for other in &group[1..] {
            let p = pair_poly(group[0], other, w, refin, refout);
            if p.degree().is_none() {
                continue;
            }
            g = Some(match g {
                None => p,
                Some(g) => Poly::gcd(g, p),
            });
        }
    }
    g
}

/// Candidate generators for one width and reflection, or why they could not be enumerated.
pub(super) fn candidates(
    samples: &[Sample],
    w: u32,
    refin: bool,
    refout: bool,
    enumerate: bool,
) -> Result<Candidates, String> {
    let Some(g) = pairs_gcd(samples, w, refin, refout) else {
        // No equal-length information: every generator of this width is a candidate.
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
        return Err(if enumerate || w > 16 {
            "no two samples of equal length (needed above width 16): add a sample with the \
             length of another"
        } else {
            "no two samples of equal length (needed when scanning layouts or outliers): add \
             a sample with the length of another"
        }
        .into());
    };
    // Scans of many layouts or subsets want a pinned-down answer; a gcd that leaves many
    // candidates (one equal-length pair) cannot give one there, so it is not enumerated.
    let budget = if enumerate { BUDGET } else { SCAN_BUDGET };
    Ok(Candidates {
        polys: divisors(&g, w, budget)?,
        exhaustive: false,
    })
}

/// The polys of the degree-`w` divisors `x^w + poly` of `g`, ascending, within `budget`
/// register steps.
fn divisors(g: &Poly, w: u32, budget: u64) -> Result<Vec<u128>, String> {
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
    if extra > 40 || (1u64 << extra).saturating_mul(dg + 1) > budget {
        return Err(
            "the equal-length pairs leave too many candidate generators: add equal-length pairs"
                .into(),
        );
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
