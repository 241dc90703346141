//! The captures of issue 42's "Why", rebuilt from their descriptions by a seeded generator:
//! each one's answer must come first. The command line prints the same captures in
//! `crc-gen/cli/tests/search_captures.rs`.

use crc_gen::search::{
    search_frames, search_outliers, CrcAt, Endian, Fit, FrameQuery, Query, Sample,
};
use crc_gen::{Model, ModelSpec};

mod common;
use common::Rng;

/// `frame = head ++ data ++ gap ++ crc` (CRC at the end) with `head`, `gap` random.
fn frame_end(
    m: &Model,
    rng: &mut Rng,
    n: usize,
    head: usize,
    gap: usize,
    endian: Endian,
) -> Vec<u8> {
    let data = rng.bytes(n);
    let crc = m.crc(&data);
    let bytes = m.width().div_ceil(8) as usize;
    let mut field: Vec<u8> = (0..bytes).map(|i| (crc >> (8 * i)) as u8).collect();
    if endian == Endian::Big {
        field.reverse();
    }
    [rng.bytes(head), data, rng.bytes(gap), field].concat()
}

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

/// Capture 1: eight frames of 19..=44 bytes, no two the same length, of a random 32-bit
/// model with poly 0x8add1e25, the CRC big-endian at the end over bytes 2.. .
pub fn capture_1() -> (Model, Vec<Vec<u8>>) {
    let mut rng = Rng(0x4201);
    let m = ModelSpec::new(32, 0x8add_1e25)
        .init(rng.bits(32))
        .xorout(rng.bits(32))
        .build()
        .unwrap();
    let frames = [19, 44, 23, 31, 27, 40, 35, 21]
        .iter()
        .map(|&len| frame_end(&m, &mut rng, len - 6, 2, 0, Endian::Big))
        .collect();
    (m, frames)
}

/// Capture 2: eight 16-byte frames of a custom CRC-32, the CRC big-endian at the end, one
/// bit flipped in frame 5.
pub fn capture_2() -> (Model, Vec<Vec<u8>>) {
    let mut rng = Rng(0x4202);
    let m = ModelSpec::new(32, rng.bits(32) | 1)
        .init(rng.bits(32))
        .xorout(rng.bits(32))
        .reflected(true)
        .build()
        .unwrap();
    let mut frames: Vec<Vec<u8>> = (0..8)
        .map(|_| frame_end(&m, &mut rng, 12, 0, 0, Endian::Big))
        .collect();
    frames[5][3] ^= 1 << rng.below(8);
    (m, frames)
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
