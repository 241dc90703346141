//! The captures of issue 42's "Why", rebuilt from their descriptions by a seeded generator:
//! each one's answer must come first. The command line prints the same captures in
//! `crc-gen/cli/tests/search_captures.rs`.

use crc_gen::search::{
    search_capture, search_frames, search_outliers, Align, CrcAt, Endian, Fit, FrameQuery, Query,
    Sample,
};
use crc_gen::Model;

#[path = "common/captures.rs"]
mod captures;
mod common;
use captures::{capture_1, capture_2, capture_3, capture_4, capture_5};
use common::Rng;

/// Whether `fit`'s outcome holds a solved model that computes what `m` computes.
fn solves(fit: &Fit, m: &Model) -> bool {
    let mut rng = Rng(0x42);
    fit.outcome.solved.iter().any(|s| {
        (s.model.width(), s.model.poly()) == (m.width(), m.poly())
            && (s.free_init_bits > 0
                || (0..24).all(|n| {
                    let d = rng.bytes(n);
                    s.model.crc(&d) == m.crc(&d)
                }))
    })
}

#[test]
fn capture_1_distinct_lengths_width_32() {
    let (m, frames) = capture_1();
    let q = FrameQuery {
        at: Some(CrcAt::End),
        endian: Some(Endian::Big),
        skip: 2..=2,
        ..FrameQuery::default()
    };
    let fits = search_frames(&frames, &q).unwrap();
    assert!(
        fits.first()
            .is_some_and(|f| solves(f, &m) && f.bad.is_empty()),
        "{fits:#?}"
    );
    let auto = FrameQuery {
        skip: 0..=8,
        gap: 0..=4,
        ..FrameQuery::default()
    };
    let fits = search_frames(&frames, &auto).unwrap();
    let first = &fits[0];
    assert!(solves(first, &m), "{fits:#?}");
    let l = first.layout.unwrap();
    assert_eq!(
        (l.bytes, l.at, l.endian, l.skip, l.gap),
        (4, CrcAt::End, Endian::Big, 2, 0)
    );
}

#[test]
fn capture_2_one_bad_frame_init_not_pinned() {
    let (m, frames) = capture_2();
    let q = FrameQuery {
        at: Some(CrcAt::End),
        endian: Some(Endian::Big),
        query: Query::width(32),
        ..FrameQuery::default()
    };
    let fits = search_frames(&frames, &q).unwrap();
    let first = fits.first().unwrap_or_else(|| panic!("nothing fits"));
    assert!(solves(first, &m), "{fits:#?}");
    assert_eq!(first.bad, [5]);
    assert!(first.outcome.solved[0].free_init_bits > 0);
    // The same as HEXDATA:HEXCRC samples.
    let samples: Vec<Sample> = frames
        .iter()
        .map(|f| Sample::embedded(f, 32, CrcAt::End, Endian::Big).unwrap())
        .collect();
    let fits = search_outliers(&samples, &Query::width(32)).unwrap();
    assert!(
        fits.first().is_some_and(|f| solves(f, &m) && f.bad == [5]),
        "{fits:#?}"
    );
}

#[test]
fn capture_3_distinct_lengths_under_auto() {
    let (m, frames) = capture_3();
    let fits = search_frames(&frames, &FrameQuery::default()).unwrap();
    let first = &fits[0];
    assert!(solves(first, &m), "{fits:#?}");
    let l = first.layout.unwrap();
    assert_eq!((l.bytes, l.at, l.endian), (4, CrcAt::End, Endian::Little));
    // Three of them leave every layout undecided, and say what to add.
    let c = search_capture(&frames[..3], &FrameQuery::default()).unwrap();
    assert!(c.fits.is_empty(), "{:#?}", c.fits);
    let why = &c.undecided.iter().find(|(l, _)| l.bytes == 4).unwrap().1[0];
    assert!(
        why.contains("3 message lengths") && why.contains("add messages"),
        "{why}"
    );
}

#[test]
fn capture_4_factor_shadows_rank_under_the_generator() {
    let (m, frames) = capture_4();
    let fits = search_frames(&frames, &FrameQuery::default()).unwrap();
    let first = &fits[0];
    assert!(solves(first, &m), "{fits:#?}");
    assert_eq!(first.bad, [2, 7]);
    let l = first.layout.unwrap();
    assert_eq!((l.bytes, l.at, l.endian), (6, CrcAt::End, Endian::Little));
    // Every narrower fit whose generator divides G48 is placed under it as a factor.
    let g48 = crc_gen::gf2::Poly::monic(48, m.poly());
    for f in &fits[1..] {
        let w = f
            .outcome
            .solved
            .first()
            .map(|s| (s.model.width(), s.model.poly()));
        if let Some((w, poly)) = w {
            let divides = g48
                .rem(&crc_gen::gf2::Poly::monic(u64::from(w), poly))
                .degree()
                .is_none();
            assert_eq!(f.factor_of.is_some(), divides, "{f:#?}");
        }
    }
    println!("{fits:#?}");
}

#[test]
fn capture_5_a_narrow_crc_in_whole_bytes_and_a_trailer() {
    let (_, umts) = capture_5("CRC-12/UMTS", 2, Endian::Big, 0);
    let q = FrameQuery {
        query: Query::widths(8..=16),
        narrow: true,
        ..FrameQuery::default()
    };
    let fits = search_frames(&umts, &q).unwrap();
    let l = fits[0].layout.unwrap();
    assert_eq!(fits[0].outcome.catalogue[0].entry.name(), "CRC-12/UMTS");
    assert_eq!((l.bytes, l.bits, l.align), (2, 12, Align::Low));
    let (_, modbus) = capture_5("CRC-16/MODBUS", 2, Endian::Little, 2);
    let q = FrameQuery {
        skip: 0..=8,
        gap: 0..=4,
        trail: 0..=4,
        ..FrameQuery::default()
    };
    let fits = search_frames(&modbus, &q).unwrap();
    let l = fits[0].layout.unwrap();
    assert_eq!(fits[0].outcome.catalogue[0].entry.name(), "CRC-16/MODBUS");
    assert_eq!(
        (l.bytes, l.endian, l.trail, l.skip, l.gap),
        (2, Endian::Little, 2, 0, 0)
    );
}

#[test]
fn capture_2b_lengths_a_multiple_of_a_small_factors_order_apart() {
    // G = (x^2 + x + 1)·(x + 1)·G29: lengths 3 bytes apart (24 bits, a multiple of the
    // order 3 of x^2 + x + 1) leave init bits free even with two lengths; one frame bad.
    use crc_gen::gf2::Poly;
    let mut rng = Rng(0x4206);
    let g = Poly::from_u128(0b111)
        .mul(&Poly::from_u128(0b11))
        .mul(&Poly::monic(29, rng.bits(29) | 1));
    let m = crc_gen::ModelSpec::new(32, g.low(32))
        .init(rng.bits(32))
        .xorout(rng.bits(32))
        .build()
        .unwrap();
    let mut frames: Vec<Vec<u8>> = [12, 12, 12, 12, 15, 15, 15, 15]
        .iter()
        .map(|&n| {
            let d = rng.bytes(n);
            [d.clone(), (m.crc(&d) as u32).to_be_bytes().to_vec()].concat()
        })
        .collect();
    frames[6][2] ^= 0x40;
    let q = FrameQuery {
        at: Some(CrcAt::End),
        endian: Some(Endian::Big),
        query: Query::width(32),
        ..FrameQuery::default()
    };
    let fits = search_frames(&frames, &q).unwrap();
    let first = fits.first().unwrap_or_else(|| panic!("nothing fits"));
    assert!(solves(first, &m), "{fits:#?}");
    assert_eq!(first.bad, [6]);
    assert_eq!(first.outcome.solved[0].free_init_bits, 2, "{fits:#?}");
}
