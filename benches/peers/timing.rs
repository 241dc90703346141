//! Interleaved rounds: every round times each implementation once, in turn, and each figure
//! is the median over rounds (ratios: the median of the per-round ratios), so bursts of load
//! on a shared machine hit every column alike.

use std::time::Instant;

use crate::contenders::Imp;
use crate::Settings;

/// Median GiB/s of each implementation, and the median per-round ratio of each pair.
pub fn measure(
    s: &Settings,
    buf: &[u8],
    imps: &[Imp<'_>],
    pairs: &[(usize, usize)],
) -> (Vec<f64>, Vec<f64>) {
    let iters: Vec<u64> = imps
        .iter()
        .map(|m| {
            let start = Instant::now();
            let mut n = 0u64;
            while start.elapsed() < s.sample / 4 {
                m.repeat(buf, 1);
                n += 1;
            }
            (n * 4).max(1)
        })
        .collect();
    let mut rates = vec![Vec::new(); imps.len()];
    let mut ratios = vec![Vec::new(); pairs.len()];
    for _ in 0..s.rounds {
        for (i, m) in imps.iter().enumerate() {
            let t = Instant::now();
            m.repeat(buf, iters[i]);
            let secs = t.elapsed().as_secs_f64();
            rates[i].push(buf.len() as f64 * iters[i] as f64 / secs / (1u64 << 30) as f64);
        }
        for (j, &(a, b)) in pairs.iter().enumerate() {
            let last = |i: usize| rates[i].last().copied().unwrap_or(f64::NAN);
            ratios[j].push(last(a) / last(b));
        }
    }
    (
        rates.into_iter().map(median).collect(),
        ratios.into_iter().map(median).collect(),
    )
}

pub fn median(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}
