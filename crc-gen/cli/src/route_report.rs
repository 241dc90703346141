//! `route --measure`'s result: what was timed (written as JSON, read back from it), the
//! comparison of the plan with the fastest kernel at each length, and the report as text.
//! The comparison and the summary are recomputed from the timings whenever a result is read
//! back, so a file sent from another CPU reports by the rules of the crc-gen reading it.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::cpu_info::CpuInfo;

/// The plan's throughput, as a share of the fastest kernel's, under which a length is
/// marked: more than 5% slower.
pub const SLOWER_UNDER: f64 = 0.95;

/// One run of `route --measure`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Measurement {
    /// What wrote it: `crc-gen VERSION route --measure`.
    pub tool: String,
    pub cpu: CpuInfo,
    /// The routing profile the plan ran under (`crcstamp::cpu_profile`).
    pub cpu_profile: String,
    /// Backends available on that machine, and accelerated ones that failed their
    /// self-test there.
    pub available: Vec<String>,
    pub failed_self_test: Vec<String>,
    pub quick: bool,
    /// Interleaved rounds, and the length of one sample of one kernel.
    pub rounds: usize,
    pub sample_ms: f64,
    pub models: Vec<ModelResult>,
    /// Recomputed from the timings on reading ([`Measurement::judge`]).
    #[serde(skip_deserializing)]
    pub summary: Summary,
}

/// One CRC's bands and timings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModelResult {
    pub name: String,
    /// The plan's bands on that machine, as `crc-gen route` prints them.
    pub bands: Vec<BandRow>,
    pub lengths: Vec<LengthResult>,
}

/// Lengths `from ..= to` (`None`: no limit) run `route`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BandRow {
    pub from: usize,
    pub to: Option<usize>,
    pub route: String,
}

/// The timings at one length.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LengthResult {
    pub length: usize,
    /// The plan's route step here (`RouteStep`'s text).
    pub plan: String,
    /// The automatic path (plain `checksum`), in ns per byte.
    pub plan_ns_per_byte: f64,
    /// Each kernel forced (`checksum_with`), in ns per byte.
    pub ns_per_byte: BTreeMap<String, f64>,
    /// Recomputed from the timings on reading.
    #[serde(skip_deserializing)]
    pub verdict: Verdict,
}

/// The plan against the fastest kernel at one length ([`verdict`]).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Verdict {
    pub fastest: String,
    pub plan_gib_per_s: f64,
    pub fastest_gib_per_s: f64,
    /// The plan's throughput over the fastest kernel's.
    pub ratio: f64,
    /// `ratio` under [`SLOWER_UNDER`].
    pub slower: bool,
}

/// Every length of every model at once.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Summary {
    pub lengths: usize,
    /// Lengths where the plan is more than 5% slower than the fastest kernel.
    pub slower: usize,
    pub slower_under: f64,
    /// The lowest ratio, where there is a length.
    pub worst: Option<Worst>,
}

/// Where the plan does worst.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Worst {
    pub model: String,
    pub length: usize,
    pub plan: String,
    pub fastest: String,
    pub ratio: f64,
}

/// The plan (`plan_ns` per byte) against the fastest of `kernels` (name, ns per byte; the
/// first of equals wins): which, the throughputs, their ratio and whether the plan is more
/// than 5% slower. `None` without kernels.
pub fn verdict<'a>(
    plan_ns: f64,
    kernels: impl IntoIterator<Item = (&'a str, f64)>,
) -> Option<Verdict> {
    let (fastest, fastest_ns) =
        kernels
            .into_iter()
            .fold(None, |best: Option<(&str, f64)>, (name, ns)| match best {
                Some((_, b)) if b <= ns => best,
                _ => Some((name, ns)),
            })?;
    let ratio = fastest_ns / plan_ns;
    Some(Verdict {
        fastest: fastest.to_string(),
        plan_gib_per_s: gib_per_s(plan_ns),
        fastest_gib_per_s: gib_per_s(fastest_ns),
        ratio,
        slower: ratio < SLOWER_UNDER,
    })
}

/// Throughput of `ns` nanoseconds per byte.
fn gib_per_s(ns: f64) -> f64 {
    1e9 / ns / (1u64 << 30) as f64
}

impl Measurement {
    /// Checks the timings (every one a positive, finite number; a kernel at every length)
    /// and fills in each verdict and the summary.
    pub fn judge(&mut self) -> Result<(), String> {
        let mut summary = Summary {
            slower_under: SLOWER_UNDER,
            ..Summary::default()
        };
        for m in &mut self.models {
            for l in &mut m.lengths {
                let at = || format!("{} at {} bytes", m.name, l.length);
                let times = l.ns_per_byte.values().chain([&l.plan_ns_per_byte]);
                if let Some(bad) = times.into_iter().find(|t| !(t.is_finite() && **t > 0.0)) {
                    return Err(format!("{}: a time of {bad} ns per byte", at()));
                }
                let kernels = l.ns_per_byte.iter().map(|(k, &ns)| (k.as_str(), ns));
                l.verdict = verdict(l.plan_ns_per_byte, kernels)
                    .ok_or_else(|| format!("{}: no kernel timed", at()))?;
                summary.lengths += 1;
                summary.slower += usize::from(l.verdict.slower);
                if summary
                    .worst
                    .as_ref()
                    .is_none_or(|w| l.verdict.ratio < w.ratio)
                {
                    summary.worst = Some(Worst {
                        model: m.name.clone(),
                        length: l.length,
                        plan: l.plan.clone(),
                        fastest: l.verdict.fastest.clone(),
                        ratio: l.verdict.ratio,
                    });
                }
            }
        }
        self.summary = summary;
        Ok(())
    }

    /// Reads a result written by `route --measure --format json`, and judges it.
    pub fn read(path: &str) -> Result<Measurement, String> {
        let text =
            std::fs::read_to_string(path).map_err(|e| format!("route: cannot read {path}: {e}"))?;
        let mut m: Measurement = serde_json::from_str(&text)
            .map_err(|e| format!("route: {path} is not a `route --measure` result: {e}"))?;
        m.judge().map_err(|e| format!("route: {path}: {e}"))?;
        Ok(m)
    }

    /// The report for people: where it ran, per model a line per length (the plan and its
    /// throughput, the fastest kernel and its, their ratio, `*` where the plan is more than
    /// 5% slower), then the summary line.
    pub fn text(&self) -> String {
        let mut t = format!("measured on {}\n", self.cpu.describe());
        t += &format!(
            "{} profile; {} interleaved rounds of {} ms per kernel, medians{}\n",
            self.cpu_profile,
            self.rounds,
            self.sample_ms,
            if self.quick { " (--quick)" } else { "" }
        );
        let lengths = || self.models.iter().flat_map(|m| &m.lengths);
        let width = |f: &dyn Fn(&LengthResult) -> usize, head: &str| {
            lengths().map(f).chain([head.len()]).max().unwrap_or(0)
        };
        let lw = width(&|l| l.length.to_string().len(), "length");
        let pw = width(&|l| l.plan.chars().count(), "plan");
        let fw = width(&|l| l.verdict.fastest.len(), "fastest");
        for m in &self.models {
            t += &format!(
                "\n{}\n  {:>lw$}  {:<pw$}  {:>6}  {:<fw$}  {:>6}  {:>5}\n",
                m.name, "length", "plan", "GiB/s", "fastest", "GiB/s", "ratio"
            );
            for l in &m.lengths {
                let v = &l.verdict;
                t += &format!(
                    "  {:>lw$}  {:<pw$}  {:>6.2}  {:<fw$}  {:>6.2}  {:>5.2}{}\n",
                    l.length,
                    l.plan,
                    v.plan_gib_per_s,
                    v.fastest,
                    v.fastest_gib_per_s,
                    v.ratio,
                    if v.slower { "  *" } else { "" }
                );
            }
        }
        t += "\n(GiB/s: the plan, i.e. plain checksum, and the fastest kernel forced; ratio: the \
              plan's over the fastest's; * more than 5% slower)\n";
        t + &self.summary_line() + "\n"
    }

    /// `summary: N lengths, K where the plan is more than 5% slower than the fastest kernel;
    /// worst 0.81 (MODEL at LEN bytes: PLAN, FASTEST fastest)`.
    pub fn summary_line(&self) -> String {
        let s = &self.summary;
        let mut line = format!(
            "summary: {} lengths, {} where the plan is more than 5% slower than the fastest kernel",
            s.lengths, s.slower
        );
        if let Some(w) = &s.worst {
            line += &format!(
                "; worst {:.2} ({} at {} bytes: {}, {} fastest)",
                w.ratio, w.model, w.length, w.plan, w.fastest
            );
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plan_is_marked_only_beyond_five_percent() {
        let kernels = [("slice16", 1.0), ("pclmul", 0.2), ("vpclmul256", 0.1)];
        // The plan as fast as the fastest, 4.9% and 5.1% slower (throughput), and faster.
        for (plan_ns, ratio, slower) in [
            (0.1, 1.0, false),
            (0.1 / 0.951, 0.951, false),
            (0.1 / 0.949, 0.949, true),
            (0.05, 2.0, false),
        ] {
            let v = verdict(plan_ns, kernels).unwrap();
            assert_eq!(v.fastest, "vpclmul256");
            assert!((v.ratio - ratio).abs() < 1e-12, "{v:?}");
            assert_eq!(v.slower, slower, "{v:?}");
            assert!((v.fastest_gib_per_s - 1e10 / f64::from(1 << 30)).abs() < 1e-9);
        }
        // The first of equals; none at all.
        let tie = verdict(1.0, [("a", 0.5), ("b", 0.5)]).unwrap();
        assert_eq!(tie.fastest, "a");
        assert_eq!(verdict(1.0, []), None);
    }
}
