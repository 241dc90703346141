//! How `bench` and `route --measure` time their implementations, the peer benchmark's way
//! (`benches/peers.rs`): each is warmed up while the number of calls that fills one sample is
//! calibrated; then each round times one sample of every implementation in turn, so a burst
//! of load on a shared machine hits all of them alike, and each figure is the median over the
//! rounds.

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
    for _ in 0..s.rounds {
        for (k, v) in samples.iter_mut().enumerate() {
            let t = time(&mut || run(k), iters[k]);
            v.push(t.as_nanos() as f64 / (iters[k] as f64 * bytes as f64));
        }
    }
    samples.into_iter().map(median).collect()
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
