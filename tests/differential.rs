//! Differential tests: every portable backend against `crc-gen`'s bitwise reference, for
//! random models (widths 1..=64 and some up to 128, both bit orders, crossed reflection,
//! even polys) and random data, from random registers, split at random points, and joined
//! with combine.

mod common;

use common::Owned;
use crc_gen::{reference, tables, ModelSpec, Slice};
use crcstamp::{Backend, Word};
use proptest::prelude::*;

#[derive(Debug, Clone)]
struct Case {
    spec: ModelSpec,
    data: Vec<u8>,
    split: usize,
    register: u128,
}

fn mask(width: u32) -> u128 {
    u128::MAX >> (128 - width)
}

fn case() -> impl Strategy<Value = Case> {
    let width = prop_oneof![8 => 1u32..=64, 1 => 65u32..=128];
    (
        width,
        any::<[u128; 4]>(),
        any::<(bool, bool)>(),
        prop::collection::vec(any::<u8>(), 0..=4096),
        any::<prop::sample::Index>(),
    )
        .prop_map(
            |(width, [poly, init, xorout, register], (refin, refout), data, split)| {
                let m = mask(width);
                Case {
                    spec: ModelSpec {
                        width,
                        // Any poly but 0, which `build` rejects (no generator).
                        poly: match poly & m {
                            0 => 1,
                            p => p,
                        },
                        init: init & m,
                        refin: Some(refin),
                        refout: Some(refout),
                        xorout: xorout & m,
                        ..ModelSpec::default()
                    },
                    split: split.index(data.len() + 1),
                    data,
                    register: register & m,
                }
            },
        )
}

/// Runs one case through the word type that holds the width.
fn run(case: &Case) -> Result<(), TestCaseError> {
    match case.spec.width {
        1..=8 => run_as::<u8>(case),
        9..=16 => run_as::<u16>(case),
        17..=32 => run_as::<u32>(case),
        33..=64 => run_as::<u64>(case),
        _ => run_as::<u128>(case),
    }
}

/// Runs one case with the default tables and with each small stamp: no table (bitwise for
/// short inputs), and the nibble kernel's 16 entries.
fn run_as<W: Word + TryFrom<u128> + Into<u128>>(case: &Case) -> Result<(), TestCaseError> {
    let model = case.spec.clone().build().expect("valid by construction");
    for slice in [Slice::Sixteen, Slice::Nibble, Slice::Zero] {
        let generated = crc_gen::DerivedConsts::new(&model, slice);
        let owned = Owned::<W>::new(&generated);
        let c = owned.consts();
        let short = c.backend_for(3);
        let small = match slice {
            Slice::Nibble => Some(Backend::Nibble),
            Slice::Zero => Some(Backend::Bitwise),
            _ => None,
        };
        if let Some(small) = small {
            prop_assert_eq!(short, small, "{} short inputs", slice);
            prop_assert!(c.tables.is_empty() && c.supports(small), "{}", slice);
            prop_assert!(!c.supports(Backend::Slice1), "{}", slice);
        }
        prop_assert_eq!(
            c.supports(Backend::Nibble),
            slice == Slice::Nibble,
            "{} nibble",
            slice
        );
        run_with::<W>(case, &model, &owned)?;
    }
    Ok(())
}

/// One case on one set of constants: every backend it supports, and the automatic path.
fn run_with<W: Word + TryFrom<u128> + Into<u128>>(
    case: &Case,
    model: &crc_gen::Model,
    owned: &Owned<W>,
) -> Result<(), TestCaseError> {
    let c = owned.consts();
    let w = |v: W| -> u128 { v.into() };
    let to_state = |r: u128| W::try_from(tables::to_state(model, r)).ok().unwrap();

    let want = model.crc(&case.data);
    let (a, b) = case.data.split_at(case.split);
    // From a random register: the engine's state after the data equals the reference's.
    let start = to_state(case.register);
    let after = reference::feed(model, case.register, &case.data);
    for &backend in Backend::all() {
        let Some(one_shot) = c.update_with(backend, c.init_state, &case.data) else {
            prop_assert!(
                !c.supports(backend),
                "{} supported but returned None",
                backend
            );
            continue;
        };
        prop_assert_eq!(w(c.finalize(one_shot)), want, "{} one-shot", backend);
        let s = c.update_with(backend, c.init_state, a).unwrap();
        let s = c.update_with(backend, s, b).unwrap();
        prop_assert_eq!(w(c.finalize(s)), want, "{} split {}", backend, case.split);
        let s = c.update_with(backend, start, &case.data).unwrap();
        prop_assert_eq!(
            w(s),
            tables::to_state(model, after),
            "{} from register",
            backend
        );
    }
    prop_assert_eq!(
        w(c.finalize(c.update(c.init_state, &case.data))),
        want,
        "auto"
    );
    let crc = |d: &[u8]| c.finalize(c.update(c.init_state, d));
    let joined = c.combine(crc(a), crc(b), b.len() as u64);
    prop_assert_eq!(w(joined), want, "combine at {}", case.split);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn every_backend_matches_the_reference(case in case()) {
        run(&case)?;
    }
}

/// Short inputs cross every slice kernel's block boundary: all lengths 0..=80 for a handful
/// of awkward models (width 1, width 5 crossed, even poly, width 64, width 65, width 128).
#[test]
fn every_short_length() {
    let models = [
        ModelSpec::new(1, 1).init(1),
        ModelSpec::new(5, 0x15)
            .refin(true)
            .refout(false)
            .xorout(0x1f),
        ModelSpec::new(12, 0x80e)
            .init(0x123)
            .refin(false)
            .refout(true),
        ModelSpec::new(64, 0x42f0e1eba9ea3693).init(u64::MAX.into()),
        ModelSpec::new(65, 0x1_0000_0000_0000_001b).reflected(true),
        ModelSpec::new(128, 0x8765_4321_0fed_cba9_1357_9bdf_2468_ace1).reflected(true),
    ];
    let data = common::pseudo_random(80, 1);
    for spec in models {
        for len in 0..=data.len() {
            let case = Case {
                spec: spec.clone(),
                data: data[..len].to_vec(),
                split: len / 3,
                register: 0,
            };
            run(&case).unwrap_or_else(|e| panic!("{spec:?} len {len}: {e}"));
        }
    }
}

/// Combine with lengths whose zero-extension needs many table entries, including bit 63.
#[test]
fn combine_with_huge_lengths_matches_zero_extension() {
    use crcstamp::catalog::Crc32IsoHdlc;
    // crc(A‖0^k) via combine with crc(0^k), checked for small k against direct computation.
    for k in [0u64, 1, 2, 3, 7, 8, 255, 256, 1000, 4096] {
        let zeros = vec![0u8; k as usize];
        let a = b"crcstamp";
        let mut whole = a.to_vec();
        whole.extend_from_slice(&zeros);
        let joined =
            Crc32IsoHdlc::combine(Crc32IsoHdlc::checksum(a), Crc32IsoHdlc::checksum(&zeros), k);
        assert_eq!(joined, Crc32IsoHdlc::checksum(&whole), "k = {k}");
    }
    // Associativity, (A‖B)‖C = A‖(B‖C), with lengths that set high bits of the u64 count.
    let (a, b, c) = (0x1234_5678, 0x9abc_def0, 0x0fed_cba9);
    for (lb, lc) in [
        (1u64 << 40, 1u64 << 62),
        (u64::MAX / 3, 12345),
        (1, u64::MAX - 1),
    ] {
        let left = Crc32IsoHdlc::combine(Crc32IsoHdlc::combine(a, b, lb), c, lc);
        let right = Crc32IsoHdlc::combine(a, Crc32IsoHdlc::combine(b, c, lc), lb + lc);
        assert_eq!(left, right, "lb = {lb}, lc = {lc}");
    }
}
