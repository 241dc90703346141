//! One table per algorithm: every implementation's GiB/s at each length, checked first
//! against crcstamp's bitwise kernel, and the ratios of the summary.

use crcstamp::{Backend, Crc};

use crate::contenders::{ceiling, floor, ours, Imp, REFERENCES};
use crate::timing::measure;
use crate::{clock, Settings};

/// The run: its settings, its inputs, and what it has measured.
pub struct Out {
    pub settings: Settings,
    /// The inputs' bytes, starting `settings.offset` past a 64-byte boundary.
    pub data: Vec<u8>,
    /// Where in `data` the inputs start.
    pub start: usize,
    pub json: Vec<serde_json::Value>,
    /// Every cell's ratios, for the summary.
    pub ratios: Vec<Cell>,
}

/// One algorithm at one length: median per-round ratios (NaN where a column is missing).
pub struct Cell {
    pub name: String,
    pub len: usize,
    /// auto / best peer.
    pub ratio: f64,
    /// portable path / crc Table<16>.
    pub vs_crc: f64,
    /// auto / the fold-loop ceiling.
    pub vs_ceiling: f64,
    /// auto / the reflected twin's auto (forward CRCs).
    pub vs_refl: f64,
    /// auto / crc Table<16>.
    pub vs_t16: f64,
}

impl Out {
    pub fn run<T: Crc>(&mut self, name: &str, peers: Vec<Imp<'_>>, twin: Option<Imp<'_>>)
    where
        T::Word: Into<u128>,
    {
        let s = &self.settings;
        if !s.wants(name) {
            return;
        }
        let mut imps = ours::<T>(s.pointers);
        let first_peer = imps.len();
        imps.extend(peers);
        let peer_ids: Vec<usize> = (first_peer..imps.len()).collect();
        imps.extend(ceiling(s.pointers));
        imps.push(floor(s.pointers));
        imps.extend(twin);
        let idx = |n: &str| imps.iter().position(|m| m.name == n);
        // Which of the per-peer ratios is auto / crc Table<16>.
        let t16 = peer_ids.iter().position(|&p| imps[p].name == "crc T16");
        // Ratios: auto (index 0) against each peer, then the portable path against crc
        // Table<16>: auto itself where it is a table kernel (a `CRCSTAMP_MAX_TIER=portable`
        // run), else slice16 forced through `checksum_with`.
        let mut pairs: Vec<(usize, usize)> = peer_ids.iter().map(|&p| (0, p)).collect();
        let portable_auto = T::backend().name().starts_with("slice");
        let portable = if portable_auto {
            Some(0)
        } else {
            idx("slice16")
        };
        let vs_crc = (portable, idx("crc T16"));
        if let (Some(a), Some(b)) = vs_crc {
            pairs.push((a, b));
        }
        // Then auto against the ceiling and against the reflected twin, where they exist.
        let extra: Vec<Option<usize>> = ["ceiling", "refl"]
            .iter()
            .map(|n| {
                idx(n).map(|i| {
                    pairs.push((0, i));
                    pairs.len() - 1
                })
            })
            .collect();
        let ghz = clock::ghz();
        if !s.json {
            match ghz {
                Some(ghz) => print!("\n{name}   (core clock {ghz:.2} GHz)\n{:>8}", "bytes"),
                None => print!("\n{name}\n{:>8}", "bytes"),
            }
            for m in &imps {
                print!(" {:>10}", m.name);
            }
            println!(
                " {:>7} {:>7} {:>7} {:>7}",
                "ratio", "vs crc", "/ceil", "/refl"
            );
        }
        for &len in &s.lengths {
            let buf = &self.data[self.start..self.start + len];
            let want = T::checksum_with(Backend::Bitwise, buf).unwrap().into() as u64;
            for m in imps
                .iter()
                .filter(|m| !REFERENCES.contains(&m.name.as_str()))
            {
                assert_eq!(
                    m.sum(buf),
                    want,
                    "{name}: {} is wrong at {len} bytes",
                    m.name
                );
            }
            let (rates, ratios) = measure(s, buf, &imps, &pairs);
            // auto / best peer = the smallest of the per-peer ratios.
            let ratio = ratios[..peer_ids.len()]
                .iter()
                .copied()
                .fold(f64::INFINITY, f64::min);
            let vs_crc = match vs_crc {
                (Some(_), Some(_)) => ratios[peer_ids.len()],
                _ => f64::NAN,
            };
            let [vs_ceiling, vs_refl] = [0, 1].map(|j| extra[j].map_or(f64::NAN, |i| ratios[i]));
            let vs_t16 = t16.map_or(f64::NAN, |k| ratios[k]);
            self.ratios.push(Cell {
                name: name.to_owned(),
                len,
                ratio,
                vs_crc,
                vs_ceiling,
                vs_refl,
                vs_t16,
            });
            if s.json {
                let cells: serde_json::Map<String, serde_json::Value> = imps
                    .iter()
                    .zip(&rates)
                    .map(|(m, r)| (m.name.clone(), (*r).into()))
                    .collect();
                self.json.push(serde_json::json!({
                    "algorithm": name,
                    "bytes": len,
                    "offset": s.offset,
                    "gib_per_s": cells,
                    "ratio_auto_vs_best_peer": ratio,
                    "ratio_portable_vs_crc_table16": vs_crc,
                    "ratio_auto_vs_ceiling": vs_ceiling,
                    "ratio_auto_vs_reflected": vs_refl,
                    "ratio_auto_vs_crc_table16": vs_t16,
                    "calls": s.calls(),
                    "auto_backend": T::backend().name(),
                    "core_ghz": ghz,
                }));
            } else {
                print!("{len:>8}");
                for r in &rates {
                    print!(" {r:>10.2}");
                }
                println!(" {ratio:>6.2}x {vs_crc:>6.2}x {vs_ceiling:>7.2} {vs_refl:>7.2}");
            }
        }
    }
}
