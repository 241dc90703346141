//! Timings of `crc_gen::search` and `search_frames` on fixed pseudo-random inputs (median of
//! several rounds, one thread): `cargo run --release -p crc-gen --example search_speed`.
//! Inputs are deterministic, so runs before and after a change compare like with like.
//! `spec/search.md` ("Costs") quotes the figures.

use std::time::{Duration, Instant};

use crc_gen::search::{search, search_frames, FrameQuery, Query, Sample};
use crc_gen::{catalogue, Model, ModelSpec};

// `below` is the tests' only.
#[allow(dead_code)]
#[path = "../tests/common/mod.rs"]
mod common;
use common::Rng;

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
    // `search_speed koopman`: that case only (for its CPU time under `time`).
    if std::env::args().any(|a| a == "koopman") {
        koopman(&mut Rng(0x5eed));
        return;
    }
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
    println!("distinct lengths, widths 1..=16 (triple products; enumerated before): {t:?}");
    frames(&mut rng, &mut |r, f| median(r, f));
    koopman(&mut rng);
}

/// The Koopman case of issue 42: a CRC-32 with poly 0x741b8cd7 (normal form), random init
/// and xorout, reflected; 12 frames of 200 and 256 bytes, a 3-byte header and a 2-byte gap
/// before the CRC (big-endian at the end), two frames corrupt, searched under `--crc-at auto
/// --skip auto`. Run once: it is the slow case.
fn koopman(rng: &mut Rng) {
    let m = ModelSpec::new(32, 0x741b_8cd7)
        .init(rng.bits(32))
        .xorout(rng.bits(32))
        .reflected(true)
        .build()
        .unwrap();
    let mut frames: Vec<Vec<u8>> = [200, 256]
        .iter()
        .cycle()
        .take(12)
        .map(|&n| {
            let (head, data, gap) = (rng.bytes(3), rng.bytes(n - 9), rng.bytes(2));
            let crc = (m.crc(&data) as u32).to_be_bytes();
            [head, data, gap, crc.to_vec()].concat()
        })
        .collect();
    frames[3][40] ^= 0x10;
    frames[8][100] ^= 0x01;
    let q = FrameQuery {
        skip: 0..=8,
        gap: 0..=4,
        trail: 0..=4,
        ..FrameQuery::default()
    };
    let start = Instant::now();
    let fits = search_frames(&frames, &q).unwrap();
    let t = start.elapsed();
    let found = fits.first().is_some_and(|f| {
        f.bad == [3, 8]
            && f.outcome
                .solved
                .iter()
                .any(|s| s.model.poly() == 0x741b_8cd7)
    });
    println!(
        "Koopman CRC-32, 12 frames of 200/256 bytes, 3-byte header, 2-byte gap, 2 corrupt, \
         --skip auto: {t:?}, {}",
        if found {
            "found first"
        } else {
            "not found first"
        }
    );
}

/// 8 frames of 40..=64 bytes carrying CRC-32/ISO-HDLC little-endian at the end, clean and
/// with two corrupt frames: every layout of `--crc-at auto` (widths 8..=64); the same after
/// a 2-byte random address with `--skip auto`; and 8 frames of distinct lengths.
fn frames(rng: &mut Rng, median: &mut dyn FnMut(usize, &mut dyn FnMut()) -> Duration) {
    let m = &catalogue::lookup("CRC-32/ISO-HDLC").unwrap().model;
    let make = |rng: &mut Rng, lengths: &[usize], head: usize| -> Vec<Vec<u8>> {
        lengths
            .iter()
            .map(|&n| {
                let (addr, data) = (rng.bytes(head), rng.bytes(n - 4 - head));
                let crc = (m.crc(&data) as u32).to_le_bytes();
                [addr, data, crc.to_vec()].concat()
            })
            .collect()
    };
    let corrupt = |frames: &[Vec<u8>]| {
        let mut f = frames.to_vec();
        f[2][10] ^= 4;
        f[5][20] ^= 1;
        f
    };
    let lengths = [40, 40, 48, 48, 56, 56, 64, 64];
    let plain = make(rng, &lengths, 0);
    let addressed = make(rng, &lengths, 2);
    let distinct = make(rng, &[20, 26, 31, 37, 44, 50, 57, 64], 0);
    let auto = FrameQuery::default();
    // `--skip auto`: k, j and the trailer t (6,750 layouts).
    let skip = FrameQuery {
        skip: 0..=8,
        gap: 0..=4,
        trail: 0..=4,
        ..FrameQuery::default()
    };
    for (what, frames, q, bad) in [
        ("--crc-at auto, clean", plain.clone(), &auto, 0),
        ("--crc-at auto, 2 corrupt", corrupt(&plain), &auto, 2),
        (
            "--crc-at auto --skip auto, clean",
            addressed.clone(),
            &skip,
            0,
        ),
        (
            "--crc-at auto --skip auto, 2 corrupt",
            corrupt(&addressed),
            &skip,
            2,
        ),
        (
            "--crc-at auto, distinct lengths",
            distinct.clone(),
            &auto,
            0,
        ),
    ] {
        let t = median(3, &mut || {
            let fits = search_frames(&frames, q).unwrap();
            let named = |o: &crc_gen::search::Outcome| {
                o.catalogue
                    .iter()
                    .any(|h| h.entry.name() == "CRC-32/ISO-HDLC")
            };
            let hit = fits.iter().any(|f| {
                f.bad.len() == bad && (named(&f.outcome) || f.alike.iter().any(|(_, o)| named(o)))
            });
            assert!(hit, "{what}: {fits:#?}");
        });
        println!("8 frames of 20..=64 bytes, {what}: {t:?}");
    }
}
