//! `crc_gen::search` on arbitrary samples and queries never panics, and everything it reports
//! reproduces every sample; `search_outliers` and `search_frames` on arbitrary samples,
//! frames and layouts never panic, and every fit reproduces every sample it keeps and fails
//! every sample it names as bad. Sizes are bounded so that most runs take milliseconds: at
//! most four samples (six frames) of at most 24 bytes, at most four widths (three CRC byte
//! counts, widths that are not whole bytes in either half of their field, `k` up to 2, `j`
//! and the trailer `t` up to 1); half the inputs take their CRCs from a random model,
//! so the solver has something to find. The solver's work budget is 2^28 register steps per
//! width and reflection, so a few inputs (one short equal-length pair at widths near 80)
//! take tens of seconds here; libFuzzer lists them as slow units.
#![no_main]

use arbitrary::Arbitrary;
use crc_gen::search::{
    search, search_frames, search_outliers, CrcAt, Endian, Fit, FrameQuery, Query, Sample,
};
use crc_gen::{Model, ModelSpec};
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
    /// Treat the samples' data as frames: CRC position, byte order, k and j ranges.
    frames: Option<(Option<bool>, Option<bool>, u8, u8)>,
}

fn model(spec: (u8, u128, u128, u128, bool, bool), hi: u32) -> Model {
    let (w, poly, init, xorout, refin, refout) = spec;
    let w = 1 + u32::from(w) % hi;
    let mask = u128::MAX >> (128 - w);
    // `poly = 0` is rejected by `build` (no generator).
    let poly = match poly & mask {
        0 => 1,
        p => p,
    };
    ModelSpec::new(w, poly)
        .init(init & mask)
        .xorout(xorout & mask)
        .refin(refin)
        .refout(refout)
        .build()
        .unwrap()
}

/// Every model a fit reports (catalogue hits read straight) reproduces the samples it keeps;
/// solved models fail the ones it names as bad.
fn check_fit(fit: &Fit, samples: &[Sample]) {
    for (i, s) in samples.iter().enumerate() {
        let bad = fit.bad.contains(&i);
        for hit in fit.outcome.catalogue.iter().filter(|h| !h.byte_swapped) {
            let m = &hit.entry.model;
            assert_eq!(m.crc(&s.data) != s.crc, bad, "{} on {i}: {s:?}", hit.entry.name());
        }
        for solved in &fit.outcome.solved {
            let m = &solved.model;
            assert_eq!(m.crc(&s.data) != s.crc, bad, "solved {m} on {i}: {s:?}");
        }
    }
}

fn frames(input: &Input, frames: Vec<Vec<u8>>, lo: u32) {
    let Some((at, endian, k, j)) = input.frames else {
        return;
    };
    let bytes = 1 + (lo - 1) / 8 % 8;
    let bytes_hi = (bytes + u32::from(input.span % 3)).min(16);
    let narrow = j / 2 % 2 == 1;
    // Narrow widths: those of the lowest field size below 8·bytes too, in either half.
    let lo = if narrow { (8 * bytes - 7).max(3) } else { 8 * bytes };
    let fq = FrameQuery {
        query: Query {
            widths: lo..=8 * bytes_hi,
            refin: input.refin,
            refout: input.refout,
            max_models: usize::from(input.max_models),
            catalogue: input.catalogue,
            even_polys: input.even_polys,
        },
        at: at.map(|s| if s { CrcAt::Start } else { CrcAt::End }),
        endian: endian.map(|b| if b { Endian::Big } else { Endian::Little }),
        skip: 0..=usize::from(k % 3),
        gap: 0..=usize::from(j % 2),
        trail: 0..=usize::from(k / 3 % 2),
        narrow,
        outliers: true,
    };
    let Ok(fits) = search_frames(&frames, &fq) else {
        return;
    };
    for fit in &fits {
        let layout = fit.layout.expect("frame fits have a layout");
        assert!(4 * fit.bad.len() <= frames.len());
        let samples: Vec<Sample> = frames.iter().map(|f| layout.split(f).unwrap()).collect();
        check_fit(fit, &samples);
    }
}

fuzz_target!(|input: Input| {
    let lo = 1 + u32::from(input.lo % 128);
    let hi = (lo + u32::from(input.span % 4)).min(128);
    if input.frames.is_some() {
        let data: Vec<Vec<u8>> = input
            .samples
            .iter()
            .take(6)
            .map(|(d, _)| d.iter().copied().take(24).collect())
            .collect();
        // With a model, append its CRC big-endian to each frame so that some layout fits.
        let data = match input.model {
            Some(spec) => {
                let m = model(spec, 64);
                let n = m.width().div_ceil(8) as usize;
                data.into_iter()
                    .map(|d| {
                        let crc = m.crc(&d).to_be_bytes();
                        [d, crc[16 - n..].to_vec()].concat()
                    })
                    .collect()
            }
            None => data,
        };
        frames(&input, data, lo);
        return;
    }
    let samples: Vec<Sample> = input
        .samples
        .iter()
        .take(4)
        .map(|(data, crc)| Sample::new(data.iter().copied().take(24).collect(), *crc))
        .collect();
    let samples: Vec<Sample> = match input.model {
        Some(spec) => {
            let m = model(spec, hi);
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
    if let Ok(fits) = search_outliers(&samples, &q) {
        for fit in &fits {
            check_fit(fit, &samples);
        }
    }
});
