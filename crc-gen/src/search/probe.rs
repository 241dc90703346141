//! Bad-sample sets proposed by probes, instead of trying every `t`-subset: a probe is two
//! disjoint equal-length pairs, whose polynomials G divides when all four samples are good.
//! With `t` bad samples among `t + 1` disjoint probes one probe is clean (or, with fewer
//! pairs, among all two-of-the-pairs when `t + 2` pairs exist), so its gcd holds G; with G
//! fixed, every sample's residue `S_i mod G ≡ init·x^(8n_i) + X'` is the same for the good
//! samples of one length, so the odd ones out are the bad ones.

use super::candidates::{divisors, sample_poly, SCAN_BUDGET};
use super::outcome::Query;
use super::sample::Sample;
use crate::gf2::{ModG, Poly};

/// At most this many bad sets are proposed per width (each costs a search).
const MAX_SETS: usize = 256;

/// Every sample's residue modulo one generator.
type Residues = Vec<u128>;

/// One candidate's probes, computed as far as asked and kept for larger `t`.
pub(super) struct Probes {
    /// Sample indices grouped by message length.
    groups: Vec<Vec<usize>>,
    /// Disjoint equal-length pairs, two to a probe.
    pairs: Vec<[usize; 2]>,
    /// Per allowed reflection, every sample's `S_i` at the query's width.
    polys: Vec<Vec<Poly>>,
    /// Per probe computed so far (two indices into `pairs`), the generators its gcd gave,
    /// each with every sample's residue.
    found: Vec<((usize, usize), Vec<Residues>)>,
    w: u32,
    even: bool,
}

impl Probes {
    /// The probes of `samples` for the one width of `q`; `None` when `q` has several.
    pub(super) fn new(samples: &[Sample], q: &Query) -> Option<Probes> {
        let w = *q.widths.start();
        if w != *q.widths.end() {
            return None;
        }
        let mut order: Vec<usize> = (0..samples.len()).collect();
        order.sort_by_key(|&i| samples[i].data.len());
        let groups: Vec<Vec<usize>> = order
            .chunk_by(|&a, &b| samples[a].data.len() == samples[b].data.len())
            .map(<[usize]>::to_vec)
            .collect();
        let pairs = groups
            .iter()
            .flat_map(|g| g.chunks_exact(2).map(|p| [p[0], p[1]]))
            .collect();
        let polys = [(false, false), (false, true), (true, false), (true, true)]
            .into_iter()
            .filter(|&(i, o)| q.allows(i, o))
            .map(|(i, o)| samples.iter().map(|s| sample_poly(s, w, i, o)).collect())
            .collect();
        Some(Probes {
            groups,
            pairs,
            polys,
            found: Vec::new(),
            w,
            even: q.even_polys,
        })
    }

    /// The probes for `t` bad samples, as pairs of indices into `pairs`: `t + 1` disjoint
    /// ones when there are enough pairs; else every two of the pairs, when at least two
    /// are clean (`t` bad samples spoil at most `t` pairs); else `None`.
    fn probes(&self, t: usize) -> Option<Vec<(usize, usize)>> {
        let m = self.pairs.len();
        if m >= 2 * (t + 1) {
            Some((0..=t).map(|k| (2 * k, 2 * k + 1)).collect())
        } else if m >= t + 2 {
            Some(
                (0..m)
                    .flat_map(|i| (i + 1..m).map(move |j| (i, j)))
                    .collect(),
            )
        } else {
            None
        }
    }

    /// The generators that probe `(i, j)` gives, each with every sample's residue.
    fn probe(&mut self, (i, j): (usize, usize)) -> &[Residues] {
        let at = match self.found.iter().position(|(k, _)| *k == (i, j)) {
            Some(at) => at,
            None => {
                let ([a, b], [c, d]) = (self.pairs[i], self.pairs[j]);
                let mut gens = Vec::new();
                for polys in &self.polys {
                    let g = Poly::gcd(polys[a].add(&polys[b]), polys[c].add(&polys[d]));
                    let Ok(found) = divisors(&g, self.w, SCAN_BUDGET) else {
                        continue;
                    };
                    for poly in found.into_iter().filter(|p| self.even || p & 1 == 1) {
                        let m = ModG::new(self.w, poly);
                        gens.push(polys.iter().map(|p| m.rem(p)).collect());
                    }
                }
                self.found.push(((i, j), gens));
                self.found.len() - 1
            }
        };
        &self.found[at].1
    }

    /// The `t`-sets of samples that some probe's generator marks as odd ones out; `None`
    /// when the samples do not hold probes enough (see [`Probes::probes`]): then every
    /// subset must be tried.
    pub(super) fn bad_sets(&mut self, t: usize) -> Option<Vec<Vec<usize>>> {
        let groups: Vec<Vec<usize>> = self.groups.clone();
        let groups: Vec<&[usize]> = groups.iter().map(Vec::as_slice).collect();
        let mut sets: Vec<Vec<usize>> = Vec::new();
        for p in self.probes(t)? {
            for residue in self.probe(p) {
                for set in odd_ones_out(&groups, residue, t) {
                    if !sets.contains(&set) && sets.len() < MAX_SETS {
                        sets.push(set);
                    }
                }
            }
        }
        Some(sets)
    }
}

/// Every way to call exactly `t` samples bad so that the rest of each length group share
/// one residue: per group, one residue class is kept (or none, the whole group bad).
fn odd_ones_out(groups: &[&[usize]], residue: &[u128], t: usize) -> Vec<Vec<usize>> {
    let mut partial: Vec<Vec<usize>> = vec![Vec::new()];
    for g in groups {
        let mut classes: Vec<u128> = g.iter().map(|&i| residue[i]).collect();
        classes.sort_unstable();
        classes.dedup();
        let mut options: Vec<Vec<usize>> = classes
            .iter()
            .map(|&v| g.iter().copied().filter(|&i| residue[i] != v).collect())
            .collect();
        options.push(g.to_vec());
        options.retain(|o| o.len() <= t);
        let mut next = Vec::new();
        for p in &partial {
            for o in &options {
                if p.len() + o.len() <= t && next.len() < MAX_SETS {
                    next.push([p.as_slice(), o.as_slice()].concat());
                }
            }
        }
        partial = next;
    }
    partial
        .into_iter()
        .filter(|s| s.len() == t)
        .map(|mut s| {
            s.sort_unstable();
            s
        })
        .collect()
}
