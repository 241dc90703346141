//! What follows the tables: the summary of every table's ratios side by side, and
//! `combine` against the peers that have one.

use std::hint::black_box;

use crcstamp::catalog::{Crc32IsoHdlc, Crc64Nvme};

use crate::contenders::imp;
use crate::table::{Cell, Out};
use crate::timing::measure;

impl Out {
    /// The ratio columns of every table side by side: one row per length, for each algorithm
    /// `auto / best peer` (then, after `|`, `portable / crc Table<16>`); then `auto /
    /// ceiling` (after `|`, a forward CRC's `auto / refl`); last `auto / crc Table<16>` alone
    /// (the 16-byte cells of issue 57, read with `--fn-pointers`).
    pub fn summary(&self) {
        let mut names: Vec<&str> = Vec::new();
        for c in &self.ratios {
            if !names.contains(&c.name.as_str()) {
                names.push(&c.name);
            }
        }
        if names.is_empty() {
            return;
        }
        let short = |n: &str| n.rsplit('/').next().unwrap_or(n).to_owned();
        let block = |title: &str, left: fn(&Cell) -> f64, right: Option<fn(&Cell) -> f64>| {
            println!("\nsummary: {title}");
            print!("{:>8}", "bytes");
            for side in 0..1 + usize::from(right.is_some()) {
                if side == 1 {
                    print!(" |");
                }
                for n in &names {
                    print!(" {:>9}", short(n));
                }
            }
            println!();
            for &len in &self.settings.lengths {
                let cell = |n: &str, pick: fn(&Cell) -> f64| {
                    self.ratios
                        .iter()
                        .find(|c| c.name == n && c.len == len)
                        .map_or(f64::NAN, pick)
                };
                print!("{len:>8}");
                for n in &names {
                    print!(" {:>9.2}", cell(n, left));
                }
                if let Some(right) = right {
                    print!(" |");
                    for n in &names {
                        print!(" {:>9.2}", cell(n, right));
                    }
                }
                println!();
            }
        };
        block(
            "crcstamp auto / best peer | portable / crc Table<16>",
            |c| c.ratio,
            Some(|c| c.vs_crc),
        );
        block(
            "crcstamp auto / fold-loop ceiling | forward: auto / reflected CRC of its width (refl)",
            |c| c.vs_ceiling,
            Some(|c| c.vs_refl),
        );
        block("crcstamp auto / crc Table<16>", |c| c.vs_t16, None);
    }

    /// Nanoseconds per `combine` (median of rounds), crcstamp against the peers that have one.
    pub fn combine(&mut self) {
        let (a, b) = (
            Crc32IsoHdlc::checksum(b"1234"),
            Crc32IsoHdlc::checksum(b"56789"),
        );
        let (a64, b64) = (Crc64Nvme::checksum(b"1234"), Crc64Nvme::checksum(b"56789"));
        use crc_fast::CrcAlgorithm as F;
        for len_b in [4096u64, 1 << 30] {
            let imps = [
                imp("crcstamp CRC-32", move |_| {
                    u64::from(Crc32IsoHdlc::combine(black_box(a), black_box(b), len_b))
                }),
                imp("crc32fast", move |_| {
                    let mut h = crc32fast::Hasher::new_with_initial_len(black_box(a), 4);
                    h.combine(&crc32fast::Hasher::new_with_initial_len(
                        black_box(b),
                        len_b,
                    ));
                    u64::from(h.finalize())
                }),
                imp("crc-fast CRC-32", move |_| {
                    crc_fast::checksum_combine(
                        F::Crc32IsoHdlc,
                        black_box(a).into(),
                        black_box(b).into(),
                        len_b,
                    )
                }),
                imp("crcstamp CRC-64", move |_| {
                    Crc64Nvme::combine(black_box(a64), black_box(b64), len_b)
                }),
                imp("crc-fast CRC-64", move |_| {
                    crc_fast::checksum_combine(F::Crc64Nvme, black_box(a64), black_box(b64), len_b)
                }),
            ];
            // All agree before anything is timed.
            let results: Vec<u64> = imps.iter().map(|m| m.sum(&[])).collect();
            assert!(
                results[..3].iter().all(|&r| r == results[0]),
                "CRC-32 combine disagrees"
            );
            assert_eq!(results[3], results[4], "CRC-64 combine disagrees");
            // `measure` reports GiB/s of a 1-byte "buffer": invert it to ns per call.
            let (rates, _) = measure(&self.settings, &[0], &imps, &[]);
            let ns: Vec<f64> = rates
                .iter()
                .map(|r| 1e9 / (r * (1u64 << 30) as f64))
                .collect();
            if self.settings.json {
                let cells: serde_json::Map<String, serde_json::Value> = imps
                    .iter()
                    .zip(&ns)
                    .map(|(m, n)| (m.name.clone(), (*n).into()))
                    .collect();
                self.json
                    .push(serde_json::json!({ "combine_len_b": len_b, "ns": cells }));
            } else {
                println!("\ncombine, len_b = {len_b} bytes: ns per call (median)");
                for (m, n) in imps.iter().zip(&ns) {
                    println!("{:>18} {n:>10.1}", m.name);
                }
            }
        }
    }
}
