//! `crc_gen::search`: every catalogue algorithm is found and solved from four samples, random
//! custom models are recovered, inconsistent samples give nothing.

use std::time::Instant;

use crc_gen::catalogue;
use crc_gen::search::{search, Outcome, Query, Sample};
use crc_gen::{Model, ModelSpec};

mod common;
use common::Rng;

/// Messages with the given lengths, and their CRCs under `m`.
fn samples(m: &Model, rng: &mut Rng, lengths: &[usize]) -> Vec<Sample> {
    lengths
        .iter()
        .map(|&n| {
            let data = rng.bytes(n);
            let crc = m.crc(&data);
            Sample::new(data, crc)
        })
        .collect()
}

/// Two pairs of equal lengths, the pairs' lengths different.
fn two_pairs(rng: &mut Rng) -> [usize; 4] {
    let a = 4 + rng.below(12) as usize;
    let b = a + 1 + rng.below(8) as usize;
    [a, a, b, b]
}

/// Whether `out` lists a solved model that reproduces every sample and has the parameters
/// of `m` or is (on these samples) indistinguishable from it.
fn solved_fits(out: &Outcome, m: &Model, s: &[Sample]) -> bool {
    out.solved.iter().any(|x| {
        x.model == unnamed(m)
            || (x.model.width() == m.width() && s.iter().all(|t| x.model.crc(&t.data) == t.crc))
    })
}

/// Whether `out` pins `m` down: exactly one solved model, with m's generator and
/// reflections, no undetermined init bits, and the same CRC as `m` on fresh messages of
/// many lengths (equivalent inits differ only in bits no whole byte can reveal).
fn pinned(out: &Outcome, m: &Model) -> bool {
    let [x] = out.solved.as_slice() else {
        return false;
    };
    let x = &x.model;
    let mut rng = Rng(0xabc);
    out.catalogue.is_empty()
        && out.undetermined.is_empty()
        && out.solutions == 1
        && (x.width(), x.poly(), x.refin(), x.refout())
            == (m.width(), m.poly(), m.refin(), m.refout())
        && (0..40).all(|n| {
            let d = rng.bytes(n);
            x.crc(&d) == m.crc(&d)
        })
}

/// The model without its name (solved models have none).
fn unnamed(m: &Model) -> Model {
    ModelSpec {
        width: m.width(),
        poly: m.poly(),
        init: m.init(),
        refin: Some(m.refin()),
        refout: Some(m.refout()),
        xorout: m.xorout(),
        ..ModelSpec::default()
    }
    .build()
    .unwrap()
}

fn no_catalogue(q: Query) -> Query {
    Query {
        catalogue: false,
        ..q
    }
}

#[test]
fn every_catalogue_algorithm_is_found_and_solved() {
    let mut rng = Rng(0x5eed_c0de_1234_5678);
    let (mut solved_exact, mut small) = (0, 0);
    for e in catalogue::entries() {
        let m = &e.model;
        let w = m.width();
        let lengths = two_pairs(&mut rng);
        let s = samples(m, &mut rng, &lengths);

        let out = search(&s, &Query::width(w)).unwrap();
        assert!(
            out.catalogue
                .iter()
                .any(|h| h.entry.name() == e.name() && !h.byte_swapped),
            "{}: {:?}",
            e.name(),
            out.catalogue
                .iter()
                .map(|h| h.entry.name())
                .collect::<Vec<_>>()
        );

        // The solver alone, without the catalogue, finds the model too.
        let out = search(&s, &no_catalogue(Query::width(w))).unwrap();
        assert!(solved_fits(&out, m, &s), "{}: {:?}", e.name(), out.solved);
        if pinned(&out, m) {
            solved_exact += 1;
        }

        if w <= 16 {
            small += 1;
            let out = search(&s, &Query::widths(1..=16)).unwrap();
            assert!(
                out.catalogue.iter().any(|h| h.entry.name() == e.name()),
                "{} without width",
                e.name()
            );
            let out = search(&s, &no_catalogue(Query::widths(1..=16))).unwrap();
            assert!(
                solved_fits(&out, m, &s),
                "{} without width: {:?}",
                e.name(),
                out.solved
            );
        }
    }
    // Four samples of two lengths cannot always reject a second generator (see
    // spec/search.md); they pin most algorithms down.
    println!("{solved_exact} of 113 catalogue algorithms pinned down by 4 samples");
    assert!(solved_exact >= 100, "{solved_exact} of 113 pinned down");
    assert!(small > 60, "{small}");
}

#[test]
fn byte_swapped_catalogue_output_is_reported() {
    let e = catalogue::lookup("CRC-32/ISCSI").unwrap();
    let mut rng = Rng(7);
    let s: Vec<Sample> = samples(&e.model, &mut rng, &[5, 9, 13])
        .into_iter()
        .map(|x| Sample::new(x.data, x.crc.swap_bytes() >> 96))
        .collect();
    let out = search(&s, &Query::width(32)).unwrap();
    assert!(out
        .catalogue
        .iter()
        .any(|h| h.entry.name() == "CRC-32/ISCSI" && h.byte_swapped));
}

fn random_model(rng: &mut Rng, w: u32) -> Model {
    let refin = rng.below(2) == 1;
    let refout = if rng.below(4) == 0 { !refin } else { refin };
    ModelSpec {
        width: w,
        poly: rng.bits(w) | 1,
        init: rng.bits(w),
        refin: Some(refin),
        refout: Some(refout),
        xorout: rng.bits(w),
        ..ModelSpec::default()
    }
    .build()
    .unwrap()
}

#[test]
fn random_custom_models_are_recovered() {
    let mut rng = Rng(0xfeed_beef);
    for w in [8, 16, 24, 32, 64] {
        for round in 0..4 {
            let m = random_model(&mut rng, w);
            let [a, _, b, _] = two_pairs(&mut rng);
            let c = b + 3;
            let lengths: &[usize] = match round {
                0 => &[a, a, b, b],
                1 => &[a, a, b, b, c],
                2 => &[a, a, b, b, a, b],
                _ => &[a, a, a, b, b, c],
            };
            let s = samples(&m, &mut rng, lengths);
            let out = search(&s, &no_catalogue(Query::width(w))).unwrap();
            // Two lengths leave init and xorout 2w unknowns for 2w equations, so a second
            // divisor of the gcd can survive; a third length rejects it.
            let three_lengths = round % 2 == 1;
            if three_lengths {
                assert!(pinned(&out, &m), "{m}: {out:?}");
            } else {
                assert!(solved_fits(&out, &m, &s), "{m}: {out:?}");
            }
        }
    }
}

#[test]
fn inconsistent_samples_give_no_model() {
    let m = &catalogue::lookup("CRC-32/ISO-HDLC").unwrap().model;
    let mut rng = Rng(99);
    let mut s = samples(m, &mut rng, &[8, 8, 12, 12]);
    s[3].crc ^= 1 << 7;
    let out = search(&s, &Query::width(32)).unwrap();
    assert!(out.is_empty(), "{out:?}");
    assert_eq!(out.solutions, 0);

    // Identical messages with different CRCs fit no model of any width.
    let s = [
        Sample::new(b"abc".to_vec(), 1),
        Sample::new(b"abc".to_vec(), 2),
    ];
    assert!(search(&s, &Query::widths(1..=64)).unwrap().is_empty());
}

#[test]
fn too_few_samples_are_reported_as_ambiguous() {
    let m = random_model(&mut Rng(3), 32);
    let mut rng = Rng(4);
    // Two samples of one length: the poly is usually found, init and xorout are not separable.
    let s = samples(&m, &mut rng, &[10, 10]);
    let out = search(&s, &no_catalogue(Query::width(32))).unwrap();
    assert!(out.is_ambiguous());
    assert!(out.more_samples >= 1, "{out:?}");
    // One sample of each of two lengths: nothing pins the generator down at width 32.
    let s = samples(&m, &mut rng, &[10, 11]);
    let out = search(&s, &no_catalogue(Query::width(32))).unwrap();
    assert!(
        out.is_ambiguous() && !out.undetermined.is_empty(),
        "{out:?}"
    );
}

#[test]
fn distinct_lengths_are_enumerated_for_small_widths() {
    let m = ModelSpec::new(8, 0x31)
        .init(0xa5)
        .reflected(true)
        .xorout(0x0f)
        .build()
        .unwrap();
    let mut rng = Rng(11);
    let s = samples(&m, &mut rng, &[3, 4, 5, 6, 7]);
    let q = Query {
        refin: Some(true),
        refout: Some(true),
        ..no_catalogue(Query::width(8))
    };
    let out = search(&s, &q).unwrap();
    // 0x31 = (x + 1)(x^7 + x^6 + x^5 + x^3 + x^2 + x + 1): one init bit is invisible.
    assert!(pinned(&out, &m), "{:?}", out);
    assert_eq!(out.solved[0].equivalent_init_bits, 1);
}

/// Recovery time and the fewest samples that pin a model down, for the report:
/// `cargo test -p crc-gen --test search -- --nocapture timings`.
#[test]
fn timings() {
    let mut rng = Rng(0x7177);
    for w in [32, 64] {
        let m = random_model(&mut rng, w);
        let lengths = [16, 16, 24, 24, 32, 40];
        let s = samples(&m, &mut rng, &lengths);
        let mut times = Vec::new();
        for _ in 0..5 {
            let t = Instant::now();
            let out = search(&s[..5], &Query::width(w)).unwrap();
            times.push(t.elapsed());
            assert!(pinned(&out, &m), "{out:?}");
        }
        times.sort();
        let mut all = Vec::new();
        for _ in 0..5 {
            let t = Instant::now();
            let out = search(&s[..5], &Query::default()).unwrap();
            all.push(t.elapsed());
            assert!(pinned(&out, &m), "{out:?}");
        }
        all.sort();
        let fewest =
            (1..=s.len()).find(|&k| pinned(&search(&s[..k], &Query::width(w)).unwrap(), &m));
        println!(
            "width {w}: median {:?} for 5 samples ({:?} searching widths 1..=128); pinned down by the first {fewest:?} of lengths {lengths:?}",
            times[2], all[2]
        );
    }
}

/// Distinct lengths only, every width 3..=128: the triple products give the generator, and
/// six samples pin the model down.
#[test]
fn distinct_lengths_pin_every_width() {
    let mut rng = Rng(0xd157);
    let mut fewest = [0usize; 7];
    for w in 3..=128 {
        let m = random_model(&mut rng, w);
        let mut lengths: Vec<usize> = Vec::new();
        while lengths.len() < 6 {
            let n = 12 + rng.below(29) as usize;
            if !lengths.contains(&n) {
                lengths.push(n);
            }
        }
        let s = samples(&m, &mut rng, &lengths);
        let out = search(&s, &no_catalogue(Query::width(w))).unwrap();
        assert!(
            pinned(&out, &m),
            "width {w} {m} lengths {lengths:?}: {out:?}"
        );
        // Three samples make one triple: its product alone leaves a cofactor too large to
        // enumerate above width 16 or so (and costly below), so the count starts at four.
        let k = (4..=6)
            .find(|&k| {
                pinned(
                    &search(&s[..k], &no_catalogue(Query::width(w))).unwrap(),
                    &m,
                )
            })
            .unwrap();
        fewest[k] += 1;
    }
    // Measured: four samples pin 113 of the 126 models, five another 12, six the last one.
    println!("distinct-length samples that pin the model, count by number: {fewest:?}");
    assert!(fewest[4] >= 100, "{fewest:?}");
}
