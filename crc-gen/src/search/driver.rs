//! The search driver: checks the query, tries the catalogue, solves every width and
//! reflection, and counts what fits.

use super::linalg::solve;
use super::outcome::{CatalogueMatch, Outcome, Query, SearchError, Solved};
use super::sample::Sample;
use crate::catalogue;
use crate::model::Model;

/// Finds every model consistent with all `samples`: catalogue algorithms (plain and
/// byte-swapped) and solved custom models. See the [module docs](super).
pub fn search(samples: &[Sample], q: &Query) -> Result<Outcome, SearchError> {
    search_with(samples, q, true)
}

/// [`search`]; without `enumerate`, widths that would need every generator enumerated (no
/// equal-length pair) are reported as undetermined instead, which bounds the work of the
/// many searches of a frame layout or outlier scan.
pub(super) fn search_with(
    samples: &[Sample],
    q: &Query,
    enumerate: bool,
) -> Result<Outcome, SearchError> {
    let (lo, hi) = widths(samples, q)?;
    let mut out = Outcome {
        catalogue: catalogue_hits(samples, q, lo, hi),
        ..Outcome::default()
    };
    let (solved, undecided, mut min_width) = solve_widths(samples, q, (lo, hi), enumerate);
    out.undetermined = undetermined_lines(undecided);
    for hit in &out.catalogue {
        min_width = min_width.min(hit.entry.model.width());
    }
    count(&mut out, solved, q.max_models);
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

/// The widths to search: the query's, less those narrower than the widest CRC value.
fn widths(samples: &[Sample], q: &Query) -> Result<(u32, u32), SearchError> {
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
    Ok((lo.max(need).max(1), hi))
}

/// Catalogue algorithms of widths `lo..=hi` that reproduce every sample, straight or with
/// the CRC's bytes swapped, by name.
fn catalogue_hits(samples: &[Sample], q: &Query, lo: u32, hi: u32) -> Vec<CatalogueMatch> {
    let mut hits = Vec::new();
    for entry in catalogue::entries() {
        let m = &entry.model;
        if !q.catalogue || !(lo..=hi).contains(&m.width()) || !q.allows(m.refin(), m.refout()) {
            continue;
        }
        // Bitwise runs over every message: stop at the first sample that neither reading
        // fits (most layouts and widths fail on the first).
        let swaps = m.width() % 8 == 0 && m.width() > 8;
        let (mut straight, mut swapped) = (true, swaps);
        for s in samples {
            let c = m.crc(&s.data);
            straight &= c == s.crc;
            swapped &= swaps && swap_bytes(c, m.width()) == s.crc;
            if !straight && !swapped {
                break;
            }
        }
        if straight || swapped {
            hits.push(CatalogueMatch {
                entry,
                byte_swapped: !straight,
            });
        }
    }
    hits.sort_by(|a, b| a.entry.name().cmp(b.entry.name()));
    hits
}

/// Widths that could not be decided, grouped by reason.
type Undecided = Vec<(String, Vec<u32>)>;

/// Solves every allowed width and reflection: the models found, the undecided widths and
/// the narrowest width that fit or was undecided (`u32::MAX` if none).
fn solve_widths(
    samples: &[Sample],
    q: &Query,
    (lo, hi): (u32, u32),
    enumerate: bool,
) -> (Vec<Solved>, Undecided, u32) {
    let mut solved = Vec::new();
    let mut min_width = u32::MAX;
    let mut undecided: Undecided = Vec::new();
    for w in lo..=hi {
        for (refin, refout) in [(false, false), (false, true), (true, false), (true, true)] {
            if !q.allows(refin, refout) {
                continue;
            }
            match solve(samples, (w, refin, refout), q.even_polys, enumerate) {
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
    (solved, undecided, min_width)
}

/// `widths 1..=16, 20: reason` lines.
fn undetermined_lines(undecided: Undecided) -> Vec<String> {
    undecided
        .into_iter()
        .map(|(why, ws)| {
            let ranges: Vec<String> = ws
                .chunk_by(|a, b| a + 1 == *b)
                .map(|r| match r {
                    [one] => one.to_string(),
                    [first, .., last] => format!("{first}..={last}"),
                    [] => String::new(),
                })
                .collect();
            let s = if ws.len() == 1 { "" } else { "s" };
            format!("width{s} {}: {why}", ranges.join(", "))
        })
        .collect()
}

/// Drops solved families that a catalogue hit already names, counts the distinct models and
/// lists at most `max_models` solved ones.
fn count(out: &mut Outcome, mut solved: Vec<Solved>, max_models: usize) {
    // A solved family with a hit's generator and reflections contains it (both fit the same
    // linear system).
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
        let fam = solved
            .iter()
            .find(|s| !hit.byte_swapped && same_family(&hit.entry.model, s));
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
    let listed = max_models.max(1);
    out.unlisted = solved.len().saturating_sub(listed);
    solved.truncate(listed);
    out.solved = solved;
}

/// Swaps the `width / 8` bytes of a CRC value.
pub(super) fn swap_bytes(v: u128, width: u32) -> u128 {
    v.swap_bytes() >> (128 - width)
}
