//! Recovering an unknown CRC's parameters from sample messages and their CRCs.
//!
//! [`search`] first tries every catalogue algorithm (and its byte-swapped output), then solves
//! for custom models with GF(2) algebra rather than brute force:
//!
//! - For two samples of equal length, init and xorout cancel: `crc1 ⊕ crc2` is the zero-init,
//!   zero-xorout CRC of `data1 ⊕ data2`. So `G = x^W + poly` divides `D·x^W + R` for every
//!   such pair (`D` the XOR of the messages as a polynomial, `R` the XOR of the CRCs,
//!   unreflected), hence divides their gcd; the degree-`W` divisors of the gcd are the
//!   candidate generators.
//! - With `G` known, `init` and `xorout` follow from a linear system over GF(2): the register
//!   after `n` bytes is `L(data) ⊕ x^(8n)·init mod G`, so samples of two different lengths
//!   separate `init` from `xorout`.
//! - For three samples of distinct lengths init cancels too: `G` divides
//!   `(S_a + S_b)·A_ac + (S_a + S_c)·A_ab` (`S` a whole sample as a polynomial,
//!   `A_ab = x^(8n_a) + x^(8n_b)`), so the gcd of a few such products gives `G` at any width.
//! - With neither, widths up to 16 enumerate every generator instead.
//!
//! `spec/search.md` has the derivation and what is and is not supported.
//!
//! ```
//! use crc_gen::search::{search, Query, Sample};
//! let m = &crc_gen::catalogue::lookup("CRC-16/ARC").unwrap().model;
//! let samples: Vec<Sample> = [&b"hello"[..], b"world", b"123456789"]
//!     .iter()
//!     .map(|d| Sample::new(d.to_vec(), m.crc(d)))
//!     .collect();
//! let out = search(&samples, &Query::width(16)).unwrap();
//! assert_eq!(out.catalogue[0].entry.name(), "CRC-16/ARC");
//! assert!(!out.is_ambiguous());
//! ```

mod candidates;
mod driver;
mod fit;
mod frames;
mod layout;
mod linalg;
mod outcome;
mod outliers;
mod probe;
mod rank;
mod sample;

pub use driver::search;
pub use fit::Fit;
pub use frames::{search_capture, search_frames, search_outliers, Capture, FrameQuery};
pub use layout::{Align, Layout};
pub use outcome::{attribute, CatalogueMatch, Outcome, Query, SearchError, Solved};
pub use sample::{parse_hex, CrcAt, Endian, Sample};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Model;
    use crate::ModelSpec;
    use core::ops::RangeInclusive;

    fn samples(m: &Model, data: &[&[u8]]) -> Vec<Sample> {
        data.iter()
            .map(|d| Sample::new(d.to_vec(), m.crc(d)))
            .collect()
    }

    #[test]
    fn embedded_at_start_big_endian() {
        let s = Sample::embedded(&[0xbe, 0xef, 1, 2, 3], 16, CrcAt::Start, Endian::Big).unwrap();
        assert_eq!((s.data, s.crc), (vec![1, 2, 3], 0xbeef));
        assert!(Sample::embedded(&[1], 16, CrcAt::End, Endian::Big).is_err());
        assert!(Sample::embedded(&[1, 2, 3], 12, CrcAt::End, Endian::Big).is_err());
    }

    #[test]
    fn one_length_only_leaves_init_free() {
        let m = ModelSpec::new(16, 0x8005)
            .init(0x1234)
            .xorout(0x5555)
            .build()
            .unwrap();
        let s = samples(&m, &[b"abcd", b"wxyz", b"1234"]);
        let mut q = Query::width(16);
        q.refin = Some(false);
        q.refout = Some(false);
        let out = search(&s, &q).unwrap();
        let fam = out
            .solved
            .iter()
            .find(|x| x.model.poly() == 0x8005)
            .unwrap();
        // 0x8005 = (x + 1)(x^15 + x + 1): one init bit is invisible to whole bytes.
        assert_eq!((fam.free_init_bits, fam.equivalent_init_bits), (15, 1));
        assert_eq!(fam.model.init(), 0);
        assert!(out.is_ambiguous());
        assert!(out.more_samples >= 1);
    }

    #[test]
    fn equivalent_inits_are_reported_as_the_smallest() {
        // (x + 1)^2 divides this G: four (init, xorout) pairs are one CRC function. The
        // model's init 1 is the smallest of its class; the search used to print another.
        let m = ModelSpec::new(64, 0x259c_84cb_a642_6349)
            .init(1)
            .build()
            .unwrap();
        let data: [&[u8]; 4] = [
            b"0123456789abcdef",
            b"fedcba9876543210",
            b"the quick brown fox jumps",
            b"over the lazy dog, twice!",
        ];
        let out = search(&samples(&m, &data), &Query::width(64)).unwrap();
        let found = out
            .solved
            .iter()
            .find(|x| x.model.poly() == m.poly())
            .unwrap();
        assert_eq!(found.equivalent_init_bits, 2);
        assert_eq!((found.model.init(), found.model.xorout()), (1, 0));
        assert_eq!(found.model.crc(b"123456789"), m.crc(b"123456789"));
    }

    #[test]
    fn errors_not_panics() {
        assert!(matches!(
            search(&[], &Query::default()),
            Err(SearchError::NoSamples)
        ));
        let s = [Sample::new(vec![1], 0x1_0000)];
        assert!(matches!(
            search(&s, &Query::width(16)),
            Err(SearchError::CrcTooWide { .. })
        ));
        assert!(matches!(
            search(&s, &Query::widths(RangeInclusive::new(20, 10))),
            Err(SearchError::Widths { .. })
        ));
        assert!(matches!(
            search(&s, &Query::width(0)),
            Err(SearchError::Widths { .. })
        ));
        for bad in ["", ":", "12", "1:2:3", "zz:00", "123:00", "12:", "12:zz"] {
            assert!(Sample::parse(bad).is_err(), "{bad}");
        }
        assert!(Sample::parse(":00").is_ok());
    }
}
