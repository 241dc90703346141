//! How `bench` and `route --measure` time their implementations, the peer benchmark's way
//! (`benches/peers/`): each is warmed up while the number of calls that fills one sample is
//! calibrated; then each round times one sample of every implementation in turn, so a burst
//! of load on a shared machine hits all of them alike, and each figure is the median over the
//! rounds. The order changes from round to round ([`round_order`]) so that each implementation
//! follows every other equally often: after the heaviest kernel (512-bit fusion on a Xeon)
//! the next sample ran 2–5% slow, and in a fixed order that was always the same one's.

use std::hint::black_box;
use std::time::{Duration, Instant};

/// How long to measure.
pub struct Settings {
    pub rounds: usize,
    pub sample: Duration,
}

/// Deterministic bytes (xorshift), the same on every run.
pub fn test_data(len: usize) -> Vec<u8> {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 32) as u8
        })
        .collect()
}

/// Nanoseconds per byte of each of `count` implementations over an input of `bytes` bytes,
/// each the median of `s.rounds` interleaved rounds; `run(k)` makes one call of the `k`th.
pub fn ns_per_byte(
    count: usize,
    bytes: usize,
    s: &Settings,
    mut run: impl FnMut(usize) -> u128,
) -> Vec<f64> {
    let iters: Vec<u64> = (0..count)
        .map(|k| calibrate(&mut || run(k), s.sample))
        .collect();
    let mut samples = vec![Vec::with_capacity(s.rounds); count];
    for round in 0..s.rounds {
        for k in round_order(round, count) {
            let t = time(&mut || run(k), iters[k]);
            samples[k].push(t.as_nanos() as f64 / (iters[k] as f64 * bytes as f64));
        }
    }
    samples.into_iter().map(median).collect()
}

/// The order of the implementations in round `round`: all `count` of them, in a Williams
/// design (the crossover trial's Latin square balanced for carry-over), so that over `count`
/// rounds (`2 * count` where `count` is odd) each follows every other equally often. Row 0
/// is 0, 1, n−1, 2, n−2, …; row r adds r to each; where `count` is odd, the second `count`
/// rounds run the first's rows backwards.
fn round_order(round: usize, count: usize) -> impl Iterator<Item = usize> {
    let backwards = count % 2 == 1 && (round / count) % 2 == 1;
    (0..count).map(move |i| {
        let i = match backwards {
            true => count - 1 - i,
            false => i,
        };
        let base = match i % 2 {
            1 => i.div_ceil(2),
            _ => (count - i / 2) % count,
        };
        (base + round) % count
    })
}

/// Time of `iters` calls.
fn time(run: &mut impl FnMut() -> u128, iters: u64) -> Duration {
    let start = Instant::now();
    for _ in 0..iters {
        black_box(run());
    }
    start.elapsed()
}

/// Warms up and returns the number of calls that takes about `sample`.
fn calibrate(run: &mut impl FnMut() -> u128, sample: Duration) -> u64 {
    let mut iters = 1u64;
    loop {
        let t = time(run, iters);
        if t >= sample / 2 || iters >= 1 << 40 {
            let scale = sample.as_secs_f64() / t.as_secs_f64().max(1e-9);
            return ((iters as f64 * scale).ceil() as u64).max(1);
        }
        iters *= 2;
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_implementation_follows_every_other_equally_often() {
        for count in 1..=13 {
            let rounds = match count % 2 {
                1 => 2 * count,
                _ => count,
            };
            let rows: Vec<Vec<usize>> = (0..rounds)
                .map(|r| round_order(r, count).collect())
                .collect();
            // Every round times every implementation once.
            for row in &rows {
                let mut seen = row.clone();
                seen.sort();
                assert_eq!(seen, (0..count).collect::<Vec<_>>(), "{count}: {row:?}");
            }
            // Within the rounds, each ordered pair is adjacent equally often.
            let mut follows = vec![vec![0; count]; count];
            for w in rows.iter().flat_map(|row| row.windows(2)) {
                follows[w[0]][w[1]] += 1;
            }
            let times = rounds / count;
            for (a, row) in follows.iter().enumerate() {
                for (b, &n) in row.iter().enumerate() {
                    let want = if a == b { 0 } else { times };
                    assert_eq!(n, want, "{count}: {b} after {a}");
                }
            }
        }
    }
}
