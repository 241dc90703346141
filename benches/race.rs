//! Does the race pick the faster kernel? CRC-32C's automatic path, which under the `intel`
//! profile races fusion against the 512-bit fold over each thread's calls
//! (`spec/engine.md`, "The race"), timed in the same rounds as both kernels forced
//! (`checksum_with`). Each round runs each of the three for 3 ms at one length; printed per
//! length are the medians over rounds of the per-round ratios: auto / fold and auto /
//! fusion (the race at its best is the larger of the two forced speeds, so both near 1 or
//! above), and fusion / fold (which kernel the host favoured). With `CRCSTAMP_DISABLE=race`
//! the automatic path is fusion alone, for comparison.
//!
//! `cargo bench --bench race [-- --rounds N] [-- LENGTH...]` (x86_64 with AVX-512 and
//! VPCLMULQDQ; elsewhere it says so).

use std::hint::black_box;
use std::time::{Duration, Instant};

use crcstamp::catalog::Crc32Iscsi;
use crcstamp::Backend;

const LENGTHS: [usize; 5] = [32 << 10, 64 << 10, 256 << 10, 1 << 20, 4 << 20];
const SAMPLE: Duration = Duration::from_millis(3);

/// The order of the three (0 auto, 1 the fold, 2 fusion) round by round: every permutation,
/// so that each follows each other equally often. After fusion the next sample ran 2–5%
/// slow on a Xeon; in a fixed order that was always the same one's.
const ORDERS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
    [1, 0, 2],
    [0, 2, 1],
];

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Bytes a second of `f` over `data`, for about [`SAMPLE`].
fn rate(f: impl Fn(&[u8]) -> u32, data: &[u8]) -> f64 {
    let start = Instant::now();
    let mut calls = 0u64;
    while start.elapsed() < SAMPLE {
        for _ in 0..8 {
            black_box(f(black_box(data)));
        }
        calls += 8;
    }
    (calls as f64 * data.len() as f64) / start.elapsed().as_secs_f64()
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let mut rounds = 41;
    let mut lengths = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match (a.as_str(), a.parse::<usize>()) {
            ("--rounds", _) => match it.next().and_then(|n| n.parse().ok()) {
                Some(n) if n > 0 => rounds = n,
                _ => return eprintln!("race: --rounds takes a positive number"),
            },
            (_, Ok(len)) if len > 0 => lengths.push(len),
            _ => return eprintln!("race: unknown argument {a:?} (lengths in bytes, --rounds N)"),
        }
    }
    if lengths.is_empty() {
        lengths = LENGTHS.to_vec();
    }
    if !(Backend::Vpclmul512.is_available() && Backend::Fusion.is_available()) {
        return println!("race: this CPU runs no 512-bit fusion here; nothing to race");
    }
    let fold = |d: &[u8]| Crc32Iscsi::checksum_with(Backend::Vpclmul512, d).unwrap_or(0);
    let fusion = |d: &[u8]| Crc32Iscsi::checksum_with(Backend::Fusion, d).unwrap_or(0);
    println!("CRC-32/ISCSI, median of {rounds} rounds of per-round ratios, {SAMPLE:?} a sample");
    println!(
        "{:>9} {:>10} {:>12} {:>12}",
        "bytes", "auto/fold", "auto/fusion", "fusion/fold"
    );
    for len in lengths {
        let data: Vec<u8> = (0..len).map(|i| (i * 7 + 3) as u8).collect();
        let (mut a_fold, mut a_fusion, mut fusion_fold) = (vec![], vec![], vec![]);
        for round in 0..rounds {
            let mut r = [0.0; 3];
            for k in ORDERS[round % ORDERS.len()] {
                r[k] = match k {
                    0 => rate(Crc32Iscsi::checksum, &data),
                    1 => rate(fold, &data),
                    _ => rate(fusion, &data),
                };
            }
            let [a, f, u] = r;
            a_fold.push(a / f);
            a_fusion.push(a / u);
            fusion_fold.push(u / f);
        }
        println!(
            "{len:>9} {:>10.3} {:>12.3} {:>12.3}",
            median(a_fold),
            median(a_fusion),
            median(fusion_fold)
        );
    }
}
