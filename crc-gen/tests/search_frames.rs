//! `crc_gen::search::search_frames` and `search_outliers`: frames made from random models
//! (catalogue and custom), widths 8..=64, the CRC at either end in either byte order, `k`
//! skipped bytes and `j` before the CRC, with zero, one or two corrupt frames; the search
//! recovers the model, the layout and the bad frames. Captures that fit nothing give nothing.

use crc_gen::search::{
    search_frames, search_outliers, Align, CrcAt, Endian, Fit, FrameQuery, Layout, Query, Sample,
};
use crc_gen::{catalogue, Model, ModelSpec};

mod common;
use common::Rng;

/// A catalogue model of width `w` when there is one and `catalogue` asks for it, else a
/// random custom one.
fn model(rng: &mut Rng, w: u32, catalogue: bool) -> (Model, Option<&'static str>) {
    let named: Vec<_> = catalogue::entries()
        .iter()
        .filter(|e| e.model.width() == w)
        .collect();
    if catalogue && !named.is_empty() {
        let e = named[rng.below(named.len() as u64) as usize];
        return (e.model.clone(), Some(e.name()));
    }
    let refin = rng.below(2) == 1;
    let m = ModelSpec::new(w, rng.bits(w) | 1)
        .init(rng.bits(w))
        .xorout(rng.bits(w))
        .refin(refin)
        .refout(if rng.below(4) == 0 { !refin } else { refin })
        .build()
        .unwrap();
    (m, None)
}

/// The frame for `data` under `m` in layout `l`, the skipped bytes and the trailer random,
/// the field's bits outside a narrower CRC zero.
fn frame(m: &Model, l: &Layout, data: &[u8], rng: &mut Rng) -> Vec<u8> {
    let crc = match l.align {
        Align::Low => m.crc(data),
        Align::High => m.crc(data) << (8 * l.bytes as u32 - l.bits),
    };
    let mut field: Vec<u8> = (0..l.bytes).map(|i| (crc >> (8 * i)) as u8).collect();
    if l.endian == Endian::Big {
        field.reverse();
    }
    let body = [rng.bytes(l.skip), data.to_vec(), rng.bytes(l.gap)].concat();
    let trail = rng.bytes(l.trail);
    match l.at {
        CrcAt::End => [body, field, trail].concat(),
        CrcAt::Start => [trail, field, body].concat(),
    }
}

/// Whether `out` names `m` (by catalogue name, or a solved model that agrees with `m` on
/// fresh messages).
fn names(fit_outcome: &crc_gen::search::Outcome, m: &Model, name: Option<&str>) -> bool {
    let mut rng = Rng(0x5a5a);
    let mut same = |x: &Model| {
        (0..24).all(|n| {
            let d = rng.bytes(n);
            x.crc(&d) == m.crc(&d)
        })
    };
    fit_outcome
        .catalogue
        .iter()
        .any(|h| Some(h.entry.name()) == name && !h.byte_swapped)
        || fit_outcome.solved.iter().any(|s| same(&s.model))
}

/// The fit in `fits` that has layout `l` (as itself or as a layout the frames cannot tell
/// apart from it) and names `m`.
fn find<'a>(fits: &'a [Fit], l: &Layout, m: &Model, name: Option<&str>) -> Option<&'a Fit> {
    fits.iter().find(|f| {
        (f.layout == Some(*l) && names(&f.outcome, m, name))
            || f.alike.iter().any(|(a, o)| a == l && names(o, m, name))
    })
}

/// Flips one bit of frame `i` inside its CRC field or its covered bytes.
fn corrupt(frame: &mut [u8], l: &Layout, rng: &mut Rng) {
    let (n, t) = (frame.len(), l.trail);
    let (body_start, body_end) = match l.at {
        CrcAt::End => (0, n - t - l.bytes),
        CrcAt::Start => (t + l.bytes, n),
    };
    let covered = (body_start + l.skip)..(body_end - l.gap);
    // Within the field, only the CRC's own bits (the rest is padding, not checked).
    let field = match l.at {
        CrcAt::End => body_end..n - t,
        CrcAt::Start => t..t + l.bytes,
    };
    let mut places: Vec<usize> = covered.collect();
    if l.bits.is_multiple_of(8) {
        places.extend(field);
    }
    let at = places[rng.below(places.len() as u64) as usize];
    frame[at] ^= 1 << rng.below(8);
}

/// One capture: 8 frames (four lengths, two of each) of model `m` in layout `l`, `bad`
/// of them corrupt; the search must find model, layout and exactly the corrupt frames.
fn recovers(rng: &mut Rng, w: u32, l: Layout, bad: usize, catalogue: bool) {
    let a = 6 + rng.below(10) as usize;
    let lengths = [a, a, a + 3, a + 3, a + 7, a + 7, a + 12, a + 12];
    recovers_from(rng, w, l, bad, catalogue, &lengths);
}

/// [`recovers`] with the frames' data lengths given.
fn recovers_from(rng: &mut Rng, w: u32, l: Layout, bad: usize, catalogue: bool, lengths: &[usize]) {
    let (m, name) = model(rng, w, catalogue);
    let mut frames: Vec<Vec<u8>> = lengths
        .iter()
        .map(|&n| {
            let data = rng.bytes(n);
            frame(&m, &l, &data, rng)
        })
        .collect();
    let mut which: Vec<usize> = Vec::new();
    while which.len() < bad {
        let i = rng.below(lengths.len() as u64) as usize;
        if !which.contains(&i) {
            which.push(i);
        }
    }
    which.sort_unstable();
    for &i in &which {
        corrupt(&mut frames[i], &l, rng);
    }
    // Whole-byte CRCs: every whole-byte width; a narrower one or a trailer: its width, each
    // half of the field and trailers up to 2 bytes.
    let q = if l.bits.is_multiple_of(8) && l.trail == 0 {
        FrameQuery {
            query: Query::widths(8..=w.max(64)),
            skip: 0..=4,
            gap: 0..=2,
            ..FrameQuery::default()
        }
    } else {
        FrameQuery {
            query: Query::width(l.bits),
            skip: 0..=4,
            gap: 0..=2,
            trail: 0..=2,
            narrow: true,
            ..FrameQuery::default()
        }
    };
    let fits = search_frames(&frames, &q).unwrap();
    let expect = Layout {
        endian: if l.bytes == 1 { Endian::Big } else { l.endian },
        ..l
    };
    let fit = find(&fits, &expect, &m, name);
    let fit = fit.unwrap_or_else(|| panic!("{m} {l:?} bad {which:?}: not found in {fits:#?}"));
    assert_eq!(fit.bad, which, "{m} {l:?}");
    // The answer to take is the first.
    assert!(
        core::ptr::eq(fit, &fits[0]),
        "{m} {l:?}: not first in {fits:#?}"
    );
}

fn layouts(rng: &mut Rng, w: u32) -> Layout {
    let (at, endian) = (rng.below(2), rng.below(2));
    let (skip, gap) = (rng.below(5) as usize, rng.below(3) as usize);
    Layout::whole(
        w.div_ceil(8) as usize,
        if at == 0 { CrcAt::End } else { CrcAt::Start },
        if endian == 0 {
            Endian::Big
        } else {
            Endian::Little
        },
        skip,
        gap,
    )
}

/// [`layouts`] for any width, with either half of a wider field and a trailer of 0..=2.
fn narrow_layouts(rng: &mut Rng, w: u32) -> Layout {
    let l = layouts(rng, w);
    let high = !w.is_multiple_of(8) && rng.below(2) == 1;
    Layout {
        bits: w,
        align: if high { Align::High } else { Align::Low },
        trail: rng.below(3) as usize,
        ..l
    }
}

#[test]
fn clean_captures_are_recovered() {
    let mut rng = Rng(0x1234_5678);
    for w in (8..=64).step_by(8) {
        for catalogue in [true, false] {
            let l = layouts(&mut rng, w);
            recovers(&mut rng, w, l, 0, catalogue);
        }
    }
}

#[test]
fn one_corrupt_frame_is_named() {
    let mut rng = Rng(0x2468);
    for w in (8..=64).step_by(8) {
        let l = layouts(&mut rng, w);
        recovers(&mut rng, w, l, 1, w % 16 == 0);
    }
}

#[test]
fn two_corrupt_frames_are_named() {
    let mut rng = Rng(0x1357);
    for w in (8..=64).step_by(8) {
        let l = layouts(&mut rng, w);
        recovers(&mut rng, w, l, 2, w % 16 == 8);
    }
}

#[test]
fn narrow_fields_and_trailers_are_recovered() {
    // Widths 3..=128 that are not whole bytes (and some that are), either half of the
    // field, trailers of 0..=2 bytes; every fifth capture with one or two corrupt frames.
    let mut rng = Rng(0x4205);
    let widths = [
        3, 5, 7, 12, 14, 16, 21, 27, 31, 32, 37, 46, 53, 61, 70, 82, 95, 107, 119, 128,
    ];
    for (i, &w) in widths.iter().enumerate() {
        let l = narrow_layouts(&mut rng, w);
        let bad = if i % 5 == 4 { 1 + i % 2 } else { 0 };
        recovers(&mut rng, w, l, bad, i % 3 == 0);
    }
}

#[test]
fn distinct_length_captures_are_recovered() {
    // No two frames of one length (seven, widths above 16 up to 128): the triple products
    // give the generator, under every whole-byte layout; one capture with a bad frame.
    let mut rng = Rng(0xd1d1);
    for (i, w) in [16, 24, 32, 48, 64, 96, 128].into_iter().enumerate() {
        let l = layouts(&mut rng, w);
        let a = 8 + rng.below(6) as usize;
        let lengths = [a, a + 2, a + 5, a + 7, a + 11, a + 13, a + 17];
        recovers_from(&mut rng, w, l, usize::from(i == 2), i % 2 == 0, &lengths);
    }
}

#[test]
fn every_end_order_and_range_is_recovered() {
    // The corners: both ends, both orders, k = 0 and 4, j = 0 and 2, at width 16.
    let mut rng = Rng(77);
    for at in [CrcAt::End, CrcAt::Start] {
        for endian in [Endian::Big, Endian::Little] {
            for (skip, gap) in [(0, 0), (4, 0), (0, 2), (4, 2)] {
                let l = Layout::whole(2, at, endian, skip, gap);
                recovers(&mut rng, 16, l, 0, false);
            }
        }
    }
}

#[test]
fn a_constant_preamble_cannot_be_told_apart_and_the_smallest_is_listed() {
    let e = catalogue::lookup("CRC-16/DNP").unwrap();
    let mut rng = Rng(5);
    let frames: Vec<Vec<u8>> = [9, 9, 14, 14, 20]
        .iter()
        .map(|&n| {
            let data = rng.bytes(n);
            let crc = (e.model.crc(&data) as u16).to_le_bytes();
            [vec![0x05, 0x64], data, crc.to_vec()].concat()
        })
        .collect();
    let q = FrameQuery {
        skip: 0..=8,
        gap: 0..=4,
        ..FrameQuery::default()
    };
    let fits = search_frames(&frames, &q).unwrap();
    let first = &fits[0];
    let l = first.layout.unwrap();
    assert_eq!(
        (l.bytes, l.at, l.endian, l.skip, l.gap),
        (2, CrcAt::End, Endian::Little, 0, 0)
    );
    // Skipping the preamble gives the catalogue model; the frames cannot tell.
    let dnp = first
        .alike
        .iter()
        .find(|(a, _)| (a.skip, a.gap) == (2, 0))
        .expect("k = 2 listed as alike");
    assert_eq!(dnp.1.catalogue[0].entry.name(), "CRC-16/DNP");
    assert!(first.bad.is_empty());
}

#[test]
fn inconsistent_captures_fit_nothing() {
    let mut rng = Rng(0xdead);
    let frames: Vec<Vec<u8>> = [10, 10, 12, 12, 16, 16, 20, 20]
        .iter()
        .map(|&n| rng.bytes(n))
        .collect();
    let fits = search_frames(&frames, &FrameQuery::default()).unwrap();
    assert!(fits.is_empty(), "{fits:#?}");
    // Half the frames bad is more than a quarter: nothing, not a fit with outliers.
    let m = &catalogue::lookup("CRC-32/ISO-HDLC").unwrap().model;
    let mut s: Vec<Sample> = frames
        .iter()
        .map(|d| Sample::new(d.clone(), m.crc(d)))
        .collect();
    for x in &mut s[..4] {
        x.crc ^= 1;
    }
    assert!(search_outliers(&s, &Query::width(32)).unwrap().is_empty());
    s[1].crc ^= 1;
    s[2].crc ^= 1;
    s[3].crc ^= 1;
    let fits = search_outliers(&s, &Query::width(32)).unwrap();
    assert_eq!(fits.len(), 1, "{fits:#?}");
    assert_eq!(fits[0].bad, [0]);
    assert_eq!(fits[0].outcome.catalogue[0].entry.name(), "CRC-32/ISO-HDLC");
}

#[test]
fn many_bad_samples_are_named_by_the_catalogue() {
    // 40 samples, 6 bad: more than solved models are looked for with (3), within a quarter.
    let m = &catalogue::lookup("CRC-32/ISCSI").unwrap().model;
    let mut rng = Rng(40);
    let mut s: Vec<Sample> = (0..40)
        .map(|i| {
            let d = rng.bytes(5 + i % 7);
            Sample::new(d.clone(), m.crc(&d))
        })
        .collect();
    let bad = [1, 7, 8, 20, 33, 39];
    for &i in &bad {
        s[i].data[0] ^= 0x80;
    }
    let fits = search_outliers(&s, &Query::width(32)).unwrap();
    assert_eq!(fits.len(), 1, "{fits:#?}");
    assert_eq!(fits[0].bad, bad);
    assert_eq!(fits[0].outcome.catalogue[0].entry.name(), "CRC-32/ISCSI");
}

#[test]
fn bad_arguments_are_errors() {
    assert!(search_frames(&[], &FrameQuery::default()).is_err());
    let q = FrameQuery {
        query: Query::widths(9..=15),
        ..FrameQuery::default()
    };
    assert!(search_frames(&[vec![1, 2, 3]], &q).is_err());
    // Frames shorter than every layout: nothing fits, no panic.
    assert!(search_frames(&[vec![], vec![1]], &FrameQuery::default())
        .unwrap()
        .is_empty());
}
