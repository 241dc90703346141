//! `crc_gen::search` on arbitrary samples and queries never panics, and everything it reports
//! reproduces every sample. Sizes are bounded so that most runs take milliseconds: at most
//! four samples of at most 24 bytes, at most four widths; half the inputs take their CRCs
//! from a random model, so the solver has something to find. The solver's work budget is
//! 2^28 register steps per width and reflection, so a few inputs (one short equal-length
//! pair at widths near 80) take tens of seconds here; libFuzzer lists them as slow units.
#![no_main]

use arbitrary::Arbitrary;
use crc_gen::search::{search, Query, Sample};
use crc_gen::ModelSpec;
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
struct Input {
    lo: u8,
    span: u8,
    refin: Option<bool>,
    refout: Option<bool>,
    max_models: u8,
    catalogue: bool,
    even_polys: bool,
    /// Width, poly, init, xorout, refin, refout of a model that computes the CRCs.
    model: Option<(u8, u128, u128, u128, bool, bool)>,
    samples: Vec<(Vec<u8>, u128)>,
}

fuzz_target!(|input: Input| {
    let samples: Vec<Sample> = input
        .samples
        .into_iter()
        .take(4)
        .map(|(mut data, crc)| {
            data.truncate(24);
            Sample::new(data, crc)
        })
        .collect();
    let lo = 1 + u32::from(input.lo % 128);
    let hi = (lo + u32::from(input.span % 4)).min(128);
    let samples: Vec<Sample> = match input.model {
        Some((w, poly, init, xorout, refin, refout)) => {
            let w = 1 + u32::from(w) % hi;
            let mask = u128::MAX >> (128 - w);
            // `poly = 0` is rejected by `build` (no generator).
            let poly = match poly & mask {
                0 => 1,
                p => p,
            };
            let m = ModelSpec::new(w, poly)
                .init(init & mask)
                .xorout(xorout & mask)
                .refin(refin)
                .refout(refout)
                .build()
                .unwrap();
            samples
                .into_iter()
                .map(|s| Sample::new(s.data.clone(), m.crc(&s.data)))
                .collect()
        }
        None => samples,
    };
    // Without an equal-length pair, widths up to 16 enumerate every generator (2^16 of
    // them, hundreds of milliseconds); keep those to 10 bits.
    let equal_pair = samples
        .iter()
        .enumerate()
        .any(|(i, a)| samples[..i].iter().any(|b| a.data.len() == b.data.len()));
    let (lo, hi) = if !equal_pair && lo <= 16 {
        (lo.min(10), hi.min(10))
    } else {
        (lo, hi)
    };
    let q = Query {
        widths: lo..=hi,
        refin: input.refin,
        refout: input.refout,
        max_models: usize::from(input.max_models),
        catalogue: input.catalogue,
        even_polys: input.even_polys,
    };
    let Ok(out) = search(&samples, &q) else {
        return;
    };
    for hit in &out.catalogue {
        let m = &hit.entry.model;
        if !hit.byte_swapped {
            for s in &samples {
                assert_eq!(m.crc(&s.data), s.crc, "{} on {s:?}", hit.entry.name());
            }
        }
    }
    for solved in &out.solved {
        let m = &solved.model;
        for s in &samples {
            assert_eq!(m.crc(&s.data), s.crc, "solved {m} on {s:?}");
        }
    }
});
