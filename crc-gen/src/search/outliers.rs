//! Models that fit all samples but a few: each candidate sample set is searched with `t`
//! samples left out, `t = 0, 1, …` up to a bound, and the scan ends at the first `t` where
//! something fits, so every fit names the fewest bad samples.

use super::driver::{search_with, swap_bytes};
use super::outcome::{CatalogueMatch, Outcome, Query};
use super::probe::Probes;
use super::sample::Sample;
use crate::catalogue;

/// Solved models are looked for with at most this many bad samples (every `t`-subset is a
/// search), and at most [`MAX_SUBSETS`] subsets per candidate and `t`; beyond, only the
/// catalogue is tried.
const MAX_SOLVED_BAD: usize = 3;

/// See [`MAX_SOLVED_BAD`].
const MAX_SUBSETS: usize = 4096;

/// Checked bits beyond the unknowns that a solved model with bad samples needs (see
/// [`solved_all_but`]).
const MIN_SPARE_BITS: u32 = 24;

/// A candidate that fits once its `bad` samples are left out.
pub(super) struct Found<L> {
    pub layout: L,
    pub outcome: Outcome,
    pub bad: Vec<usize>,
}

/// The most bad samples allowed among `n`: a quarter, while at least three remain.
pub(super) fn max_bad(n: usize) -> usize {
    (n / 4).min(n.saturating_sub(3))
}

/// A layout (or `()`), its samples and the query to search them with.
pub(super) type Candidate<L> = (L, Vec<Sample>, Query);

/// What a scan found: the fits at the smallest `t` that has any, and the candidates whose
/// search with every sample left widths undecided (with why), found or not.
pub(super) struct Scan<L> {
    pub found: Vec<Found<L>>,
    pub undecided: Vec<(L, Vec<String>)>,
}

/// Scans the candidates for `t = 0..=max_bad` bad samples and returns the fits at the
/// smallest `t` that has any. `enumerate` lets the `t = 0` searches enumerate generators
/// (see [`search_with`]).
pub(super) fn scan<L: Copy>(cands: &[Candidate<L>], max_bad: usize, enumerate: bool) -> Scan<L> {
    let mut undecided = Vec::new();
    // The samples each catalogue algorithm misses, per candidate, computed once.
    let mut misses: Vec<Option<Vec<Miss>>> = vec![None; cands.len()];
    // Each candidate's probes (see `probe`), kept from one `t` to the next.
    let mut probes: Vec<Option<Option<Probes>>> = (0..cands.len()).map(|_| None).collect();
    for t in 0..=max_bad {
        let mut found = Vec::new();
        for (((layout, samples, q), misses), probes) in
            cands.iter().zip(&mut misses).zip(&mut probes)
        {
            if t == 0 {
                if let Ok(outcome) = search_with(samples, q, enumerate) {
                    if !outcome.undetermined.is_empty() {
                        undecided.push((*layout, outcome.undetermined.clone()));
                    }
                    if !outcome.catalogue.is_empty() || !outcome.solved.is_empty() {
                        found.push(Found {
                            layout: *layout,
                            outcome,
                            bad: Vec::new(),
                        });
                    }
                }
                continue;
            }
            let misses = misses.get_or_insert_with(|| catalogue_misses(samples, q, max_bad));
            let named = catalogue_all_but(misses, t);
            // A solved model that a catalogue hit already names (same bad samples) is that hit.
            let solved: Vec<(Outcome, Vec<usize>)> = if t <= MAX_SOLVED_BAD {
                let probes = probes.get_or_insert_with(|| Probes::new(samples, q));
                solved_all_but(samples, q, t, probes.as_mut())
            } else {
                Vec::new()
            };
            let solved: Vec<(Outcome, Vec<usize>)> = solved
                .into_iter()
                .filter(|(_, bad)| named.iter().all(|(_, b)| b != bad))
                .collect();
            found.extend(named.into_iter().chain(solved).map(|(outcome, bad)| Found {
                layout: *layout,
                outcome,
                bad,
            }));
        }
        if !found.is_empty() {
            return Scan { found, undecided };
        }
    }
    Scan {
        found: Vec::new(),
        undecided,
    }
}

/// A catalogue algorithm, read straight or byte-swapped, and the samples it misses.
type Miss = (CatalogueMatch, Vec<usize>);

/// Every allowed catalogue algorithm (straight, and byte-swapped for whole-byte widths
/// above 8) with the samples it misses (only the first `max_bad + 1` once that many).
fn catalogue_misses(samples: &[Sample], q: &Query, max_bad: usize) -> Vec<Miss> {
    let (lo, hi) = (*q.widths.start(), *q.widths.end());
    let mut out = Vec::new();
    for entry in catalogue::entries() {
        let m = &entry.model;
        if !q.catalogue || !(lo..=hi).contains(&m.width()) || !q.allows(m.refin(), m.refout()) {
            continue;
        }
        // Each CRC is a bitwise run over the message; stop once both readings miss more
        // samples than may be bad (the usual case for a wrong layout: after one or two).
        let swaps = m.width() % 8 == 0 && m.width() > 8;
        let (mut straight, mut swapped) = (Vec::new(), Vec::new());
        for (i, s) in samples.iter().enumerate() {
            if straight.len() > max_bad && (!swaps || swapped.len() > max_bad) {
                break;
            }
            let c = m.crc(&s.data);
            if c != s.crc {
                straight.push(i);
            }
            if swaps && swap_bytes(c, m.width()) != s.crc {
                swapped.push(i);
            }
        }
        let hit = |byte_swapped| CatalogueMatch {
            entry,
            byte_swapped,
        };
        out.push((hit(false), straight));
        if swaps {
            out.push((hit(true), swapped));
        }
    }
    out
}

/// The catalogue algorithms that miss exactly `t` samples, grouped by the samples they miss.
fn catalogue_all_but(misses: &[Miss], t: usize) -> Vec<(Outcome, Vec<usize>)> {
    let mut groups: Vec<(Outcome, Vec<usize>)> = Vec::new();
    for (hit, bad) in misses.iter().filter(|(_, bad)| bad.len() == t) {
        match groups.iter_mut().find(|(_, b)| b == bad) {
            Some((out, _)) => {
                out.catalogue.push(hit.clone());
                out.solutions += 1;
            }
            None => groups.push((
                Outcome {
                    catalogue: vec![hit.clone()],
                    solutions: 1,
                    ..Outcome::default()
                },
                bad.clone(),
            )),
        }
    }
    groups
}

/// Solved models (one generator, init pinned down or not) that the rest decide and that
/// miss exactly `t` samples.
fn solved_all_but(
    samples: &[Sample],
    q: &Query,
    t: usize,
    probes: Option<&mut Probes>,
) -> Vec<(Outcome, Vec<usize>)> {
    let n = samples.len();
    let q = Query {
        catalogue: false,
        ..q.clone()
    };
    let mut found = Vec::new();
    let sets: Vec<Vec<usize>> = match probes.and_then(|p| p.bad_sets(t)) {
        Some(sets) => sets,
        None => subsets(n, t).take(MAX_SUBSETS).collect(),
    };
    for bad in sets {
        let keep: Vec<Sample> = (0..n)
            .filter(|i| !bad.contains(i))
            .map(|i| samples[i].clone())
            .collect();
        let Ok(out) = search_with(&keep, &q, false) else {
            continue;
        };
        let [solved] = out.solved.as_slice() else {
            continue;
        };
        // The rest must give one generator with bits to spare: a scan makes thousands of
        // tries, and 3W + 2 unknown bits (less the init bits the rest leave free) against
        // (n - t)·W checked ones leave a chance fit about 2^-spare likely each. A family
        // with free init bits counts: its generator is found, as for a clean capture.
        let spare = (keep.len().saturating_sub(3) as u32)
            .saturating_mul(solved.model.width())
            .saturating_add(solved.free_init_bits);
        let decided = out.undetermined.is_empty() && spare >= MIN_SPARE_BITS;
        // Every member of the family computes the same CRC for a message of a length the
        // rest hold; a left-out sample of another length that some member fits would have
        // been kept at a smaller t.
        if decided
            && bad
                .iter()
                .all(|&i| solved.model.crc(&samples[i].data) != samples[i].crc)
        {
            found.push((out, bad));
        }
    }
    found
}

/// Every `t`-subset of `0..n`, ascending, in lexicographic order.
fn subsets(n: usize, t: usize) -> impl Iterator<Item = Vec<usize>> {
    let mut next = (t <= n).then(|| (0..t).collect::<Vec<usize>>());
    core::iter::from_fn(move || {
        let cur = next.take()?;
        let mut c = cur.clone();
        // Advance the last index that can move, and reset the ones after it.
        if let Some(i) = (0..t).rev().find(|&i| c[i] < n - t + i) {
            c[i] += 1;
            for j in i + 1..t {
                c[j] = c[j - 1] + 1;
            }
            next = Some(c);
        }
        Some(cur)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_are_all_combinations() {
        let all: Vec<Vec<usize>> = subsets(4, 2).collect();
        assert_eq!(
            all,
            [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]].map(Vec::from)
        );
        assert_eq!(subsets(5, 0).count(), 1);
        assert_eq!(subsets(2, 3).count(), 0);
        assert_eq!(subsets(8, 2).count(), 28);
    }

    #[test]
    fn max_bad_keeps_three() {
        assert_eq!([3, 4, 7, 8, 12].map(max_bad), [0, 1, 1, 2, 3]);
    }
}
