//! A random model (widths 1..=64 mostly, 65..=128 too; both bit orders and crossed
//! reflections) × random data × random split points: every backend this CPU offers, the
//! dispatching `checksum`, streaming at the split points and `combine` at each of them must
//! equal the bitwise reference (`crc_gen::reference`).
#![no_main]

use std::cell::RefCell;

use arbitrary::Arbitrary;
use crc_gen::reference;
use crcstamp::dynamic::{DynCrc, ModelSpec};
use crcstamp::Backend;
use libfuzzer_sys::fuzz_target;

/// The key of a model in the cache.
type Key = (u32, u128, u128, u128, Option<bool>, Option<bool>);

thread_local! {
    /// The last few models' CRCs: building the constants (big-integer GF(2) arithmetic, slow
    /// under coverage instrumentation) would otherwise take most of each run, and most
    /// mutations change the data, not the model. A `DynCrc` is immutable, so reusing one
    /// checks nothing less.
    static CACHE: RefCell<Vec<(Key, DynCrc)>> = const { RefCell::new(Vec::new()) };
}

fn cached(spec: ModelSpec) -> DynCrc {
    let key = (
        spec.width,
        spec.poly,
        spec.init,
        spec.xorout,
        spec.refin,
        spec.refout,
    );
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        if let Some(i) = cache.iter().position(|(k, _)| *k == key) {
            let hit = cache.remove(i);
            cache.push(hit);
        } else {
            let crc = DynCrc::new(spec).expect("every value is masked to the width");
            if cache.len() == 16 {
                cache.remove(0);
            }
            cache.push((key, crc));
        }
        cache.last().unwrap().1.clone()
    })
}

#[derive(Arbitrary, Debug)]
struct Input<'a> {
    width: u8,
    poly: u128,
    init: u128,
    xorout: u128,
    refin: bool,
    refout: bool,
    splits: Vec<u16>,
    /// The rest of the input, byte for byte.
    data: &'a [u8],
}

fuzz_target!(|input: Input<'_>| {
    // Three quarters of the inputs get the widths the folding kernels run (1..=64).
    let width = if input.width < 192 {
        1 + u32::from(input.width % 64)
    } else {
        65 + u32::from(input.width % 64)
    };
    let mask = u128::MAX >> (128 - width);
    // `poly = 0` is rejected by `build` (no generator); every other poly is a model.
    let poly = match input.poly & mask {
        0 => 1,
        p => p,
    };
    let spec = ModelSpec::new(width, poly)
        .init(input.init & mask)
        .xorout(input.xorout & mask)
        .refin(input.refin)
        .refout(input.refout);
    let crc = cached(spec);
    let m = crc.model().clone();
    let data = input.data;
    let reference = |bytes: &[u8]| m.finish(reference::feed(&m, m.init(), bytes));
    let want = reference(data);

    for &b in Backend::all() {
        let got = crc.checksum_with(b, data);
        assert_eq!(got.is_some(), crc.supports(b), "{b} {m}");
        if let Some(got) = got {
            assert_eq!(got, want, "{b} {m} len {}", data.len());
        }
        // Nothing this CPU can run is refused for lack of data: tables for every slice,
        // folding constants up to 64 bits.
        let expected = b.is_available()
            && match b {
                // Only the instructions' own polynomials.
                Backend::HwCrc | Backend::Fusion => false,
                // A `DynCrc` stamps slice-by-16 tables, not the nibble kernel's 16 entries.
                Backend::Nibble => false,
                b if b.is_folding() => width <= 64,
                _ => true,
            };
        if expected {
            assert!(crc.supports(b), "{b} should run {m}");
        }
    }
    assert_eq!(crc.checksum(data), want, "checksum {m}");

    let mut points: Vec<usize> = input
        .splits
        .iter()
        .take(8)
        .map(|&s| usize::from(s) % (data.len() + 1))
        .collect();
    points.sort_unstable();

    let mut d = crc.digest();
    let mut at = 0;
    for &p in &points {
        d.update(&data[at..p]);
        at = p;
    }
    d.update(&data[at..]);
    assert_eq!(d.finalize(), want, "streaming {m} at {points:?}");
    d.reset();
    assert_eq!(d.finalize(), reference(b""), "reset {m}");

    for &p in &points {
        let (a, b) = data.split_at(p);
        let joined = crc.combine(reference(a), reference(b), b.len() as u64);
        assert_eq!(joined, want, "combine {m} at {p}");
    }
    assert_eq!(
        crc.combine(want, reference(b""), 0),
        want,
        "combine empty {m}"
    );
});
