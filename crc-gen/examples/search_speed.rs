//! Timings of `crc_gen::search` on fixed pseudo-random inputs (median of several rounds):
//! `cargo run --release -p crc-gen --example search_speed`. Inputs are deterministic, so
//! runs before and after a change compare like with like.

use std::time::{Duration, Instant};

use crc_gen::search::{search, Query, Sample};
use crc_gen::{catalogue, Model, ModelSpec};

/// xorshift64*: deterministic pseudo-random numbers.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
    fn bits(&mut self, w: u32) -> u128 {
        let v = (u128::from(self.next()) << 64) | u128::from(self.next());
        v >> (128 - w)
    }
}

fn samples(m: &Model, rng: &mut Rng, lengths: &[usize]) -> Vec<Sample> {
    lengths
        .iter()
        .map(|&n| {
            let data = rng.bytes(n);
            Sample::new(data.clone(), m.crc(&data))
        })
        .collect()
}

fn custom(rng: &mut Rng, w: u32) -> Model {
    ModelSpec::new(w, rng.bits(w) | 1)
        .init(rng.bits(w))
        .xorout(rng.bits(w))
        .reflected(rng.next() & 1 == 1)
        .build()
        .unwrap()
}

/// Median wall time of `rounds` runs of `f`.
fn median(rounds: usize, f: &mut dyn FnMut()) -> Duration {
    let mut t: Vec<Duration> = (0..rounds)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .collect();
    t.sort();
    t[rounds / 2]
}

fn main() {
    // `search_speed once`: each case run once (for callgrind instruction counts).
    let once = std::env::args().any(|a| a == "once");
    let median = |rounds: usize, f: &mut dyn FnMut()| median(if once { 1 } else { rounds }, f);
    let mut rng = Rng(0x5eed);
    let no_cat = |q: Query| Query {
        catalogue: false,
        ..q
    };
    // Every catalogue algorithm solved from two equal-length pairs, width given.
    let sets: Vec<(u32, Vec<Sample>)> = catalogue::entries()
        .iter()
        .map(|e| {
            (
                e.model.width(),
                samples(&e.model, &mut rng, &[12, 12, 20, 20]),
            )
        })
        .collect();
    let t = median(5, &mut || {
        for (w, s) in &sets {
            assert!(!search(s, &no_cat(Query::width(*w))).unwrap().is_empty());
        }
    });
    println!(
        "solve all {} catalogue models, width given: {t:?}",
        sets.len()
    );
    for w in [32, 64] {
        let m = custom(&mut rng, w);
        let s = samples(&m, &mut rng, &[16, 16, 24, 24, 32]);
        let t = median(9, &mut || {
            search(&s, &Query::width(w)).unwrap();
        });
        let all = median(5, &mut || {
            search(&s, &Query::default()).unwrap();
        });
        println!("custom width {w}, 5 samples: {t:?} width given, {all:?} widths 1..=128");
    }
    let m = custom(&mut rng, 16);
    let s = samples(&m, &mut rng, &[3, 4, 5, 6, 7]);
    let t = median(3, &mut || {
        search(&s, &Query::widths(1..=16)).unwrap();
    });
    println!("distinct lengths, widths 1..=16 enumerated: {t:?}");
}
