//! `crc-gen bench`: throughput of every backend this machine has, per algorithm and input
//! size, through [`DynCrc`] (the engine and kernels stamped types run on).
//!
//! The method is the peer benchmark's (`benches/peers/`): every implementation is first
//! checked against `auto` and warmed up while the number of calls that fills one sample is
//! calibrated; then each round times one sample of every implementation in turn (in an order
//! that changes from round to round: `timing`), so a burst of load on a shared machine hits
//! all of them alike, and each figure is the median over the rounds. A `read` row (a
//! read-only pass over the same bytes: the sum of their words) times how fast memory
//! delivers an input beyond the caches, which a CRC must read once: the speed
//! it is bound by there. A copy would not do: it moves twice the bytes. Inside the caches the
//! row is a plain loop's speed, at the baseline target's vector width (16-byte loads on
//! x86-64), which a kernel with wider loads can pass.

use std::hint::black_box;
use std::io;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use crcstamp::{Availability, Backend, DynCrc};
use serde::Serialize;

use crate::model_arg;
use crate::output::write_line;
use crate::output::{print_out, Format};
use crate::plot::{self, size_label, Panel, Series};
use crate::size_arg;
use crate::timing::{self, test_data, Settings};

/// Algorithms measured when none is named.
pub const DEFAULT_ALGORITHMS: [&str; 3] = ["CRC-32/ISO-HDLC", "CRC-32/ISCSI", "CRC-64/NVME"];

/// Sizes measured when none are given.
const SIZES: [usize; 10] = [
    16,
    64,
    256,
    1 << 10,
    4 << 10,
    16 << 10,
    64 << 10,
    256 << 10,
    1 << 20,
    4 << 20,
];

/// Sizes measured by `--quick` when none are given.
const QUICK_SIZES: [usize; 5] = [64, 1 << 10, 16 << 10, 256 << 10, 1 << 20];

/// Arguments of `crc-gen bench`.
#[derive(clap::Args)]
pub struct Args {
    /// Algorithms: catalogue names or aliases, or RevEng model lines; repeat or list several
    /// [default: CRC-32/ISO-HDLC CRC-32/ISCSI CRC-64/NVME].
    #[arg(short = 'a', long = "algorithm", value_name = "NAME", num_args = 1..)]
    algorithms: Vec<String>,
    /// Input sizes in bytes, comma-separated, with an optional K, M or G suffix (powers of
    /// 1024) [default: 16 B to 4 MiB; with --quick 64 B to 1 MiB].
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = parse_size)]
    sizes: Vec<usize>,
    /// Backends (the help lists every name crcstamp knows, from `Backend::all()`).
    #[arg(
        long,
        value_name = "all|NAME",
        value_delimiter = ',',
        num_args = 1..,
        default_value = "all",
        help = backend_help()
    )]
    backend: Vec<String>,
    /// Also write an SVG line chart per algorithm: GiB/s against size (log scale), one line
    /// per backend, each its own colour; the automatic route thick and black.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    /// Fewer sizes and rounds, shorter samples: seconds instead of half a minute.
    #[arg(long)]
    quick: bool,
}

/// `--backend`'s help, naming every backend of this crcstamp so that it cannot fall behind
/// the library.
fn backend_help() -> String {
    let names: Vec<_> = Backend::all().iter().map(|b| b.name()).collect();
    format!(
        "Backends: `all` (`auto`, every backend available here but the bitwise reference, and \
         `read`, a read-only pass over the input: memory read speed), or names: auto, read, {}",
        names.join(", ")
    )
}

/// Parses `4096`, `4K`, `4KiB`, `1M`, `1g`: 1 byte to 1 GiB.
fn parse_size(s: &str) -> Result<usize, String> {
    match size_arg::bytes(s)? {
        bytes @ 1..=0x4000_0000 => Ok(bytes as usize),
        _ => Err(format!("`{}`: sizes go from 1 byte to 1 GiB", s.trim())),
    }
}

/// What is timed: the automatic path, one backend, or a read-only pass over the input.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Imp {
    Auto,
    Forced(Backend),
    Read,
}

impl Imp {
    fn name(self) -> &'static str {
        match self {
            Imp::Auto => "auto",
            Imp::Forced(b) => b.name(),
            Imp::Read => "read",
        }
    }

    /// One call.
    fn run(self, crc: &DynCrc, data: &[u8]) -> u128 {
        match self {
            Imp::Auto => crc.checksum(data),
            Imp::Forced(b) => crc.checksum_with(b, data).unwrap_or(u128::MAX),
            Imp::Read => read_pass(data).into(),
        }
    }
}

/// A read-only pass over `data`: the wrapping sum of its 64-bit words (and tail bytes). Eight
/// independent lanes let the compiler vectorize it at the baseline target's width, so beyond
/// the caches it reads as fast as memory delivers the bytes; the caller's `black_box` on the
/// input and the result keeps it from being folded away.
fn read_pass(data: &[u8]) -> u64 {
    let mut lanes = [0u64; 8];
    let mut blocks = data.chunks_exact(64);
    for block in &mut blocks {
        for (lane, word) in lanes.iter_mut().zip(block.chunks_exact(8)) {
            *lane = lane.wrapping_add(u64::from_le_bytes(word.try_into().unwrap_or_default()));
        }
    }
    let tail = blocks.remainder().iter();
    let tail = tail.fold(0u64, |sum, &b| sum.wrapping_add(b.into()));
    lanes.iter().fold(tail, |sum, &lane| sum.wrapping_add(lane))
}

/// One measured figure.
#[derive(Serialize)]
struct Row {
    algorithm: String,
    size: usize,
    backend: &'static str,
    /// The backend `auto` runs at this size.
    auto_picks: &'static str,
    /// The kernel that backend is raced against, each thread taking the faster
    /// (`Backend::raced_against`); `null` where the route alone decides.
    auto_raced_against: Option<&'static str>,
    gib_per_s: f64,
    mib_per_s: f64,
    ns_per_byte: f64,
}

/// `bench --format json`.
#[derive(Serialize)]
struct BenchReport {
    /// Backends available on this machine (whatever the algorithm).
    available: Vec<&'static str>,
    /// Accelerated kernels that failed their self-test on this CPU and are never used
    /// (normally none).
    failed_self_test: Vec<&'static str>,
    rounds: usize,
    sample_ms: f64,
    results: Vec<Row>,
}

/// The implementations named by `--backend` that `crc` can run here.
fn implementations(crc: &DynCrc, wanted: &[String]) -> Result<Vec<Imp>, String> {
    let mut imps = Vec::new();
    let mut add = |imp: Imp| {
        if !imps.contains(&imp) {
            imps.push(imp);
        }
    };
    for w in wanted {
        let w = w.trim().to_ascii_lowercase();
        match w.as_str() {
            "all" => {
                add(Imp::Auto);
                for &b in Backend::all() {
                    if b != Backend::Bitwise && crc.supports(b) {
                        add(Imp::Forced(b));
                    }
                }
                add(Imp::Read);
            }
            "auto" => add(Imp::Auto),
            "read" => add(Imp::Read),
            name => {
                let b = Backend::all()
                    .iter()
                    .copied()
                    .find(|b| b.name() == name)
                    .ok_or_else(|| {
                        let names: Vec<_> = Backend::all().iter().map(|b| b.name()).collect();
                        format!(
                            "bench: unknown backend `{name}` (all, auto, read, {})",
                            names.join(", ")
                        )
                    })?;
                if crc.supports(b) {
                    add(Imp::Forced(b));
                }
            }
        }
    }
    Ok(imps)
}

/// The figures of every implementation for one algorithm and size.
fn measure(
    name: &str,
    crc: &DynCrc,
    imps: &[Imp],
    size: usize,
    s: &Settings,
) -> Result<Vec<Row>, String> {
    let data = test_data(size);
    let want = crc.checksum(&data);
    for &imp in imps.iter().filter(|&&imp| imp != Imp::Read) {
        if imp.run(crc, &data) != want {
            return Err(format!(
                "bench: {} disagrees with auto on {name} at {size} bytes (a bug: please report it)",
                imp.name()
            ));
        }
    }
    let ns_per_byte =
        timing::ns_per_byte(imps.len(), size, s, |k| imps[k].run(crc, black_box(&data)));
    let picks = crc.backend_for(size);
    let (auto_picks, auto_raced_against) = (picks.name(), picks.raced_against().map(|b| b.name()));
    Ok(imps
        .iter()
        .zip(ns_per_byte)
        .map(|(&imp, ns)| Row {
            algorithm: name.to_owned(),
            size,
            backend: imp.name(),
            auto_picks,
            auto_raced_against,
            gib_per_s: 1e9 / ns / (1u64 << 30) as f64,
            mib_per_s: 1e9 / ns / (1u64 << 20) as f64,
            ns_per_byte: ns,
        })
        .collect())
}

/// One algorithm's rows as a text table, in GiB/s; `*` marks the backend the automatic
/// route runs at each size.
fn table(name: &str, rows: &[Row]) -> String {
    let mut t = format!(
        "{name}\n{:>9}  {:<22}  {:>8}  {:>8}\n",
        "size", "backend", "GiB/s", "ns/byte"
    );
    for r in rows {
        let backend = match (r.backend, r.auto_raced_against) {
            ("auto", Some(_)) => format!("auto ({}, raced)", r.auto_picks),
            ("auto", None) => format!("auto ({})", r.auto_picks),
            (b, _) if b == r.auto_picks => format!("{b} *"),
            (other, _) => other.to_owned(),
        };
        t += &format!(
            "{:>9}  {backend:<22}  {:>8.2}  {:>8.4}\n",
            size_label(r.size as f64),
            r.gib_per_s,
            r.ns_per_byte
        );
    }
    t + "(* the backend auto runs at that size; read: a read-only pass, memory read speed \
         beyond the caches)\n"
}

/// Measures, prints, and writes the plot.
pub fn run(args: &Args) -> Result<ExitCode, String> {
    // Before the run, not after it: a plot that cannot be written fails at once.
    if let Some(path) = &args.plot {
        plot::check_writable(path)?;
    }
    let names: Vec<String> = if args.algorithms.is_empty() {
        DEFAULT_ALGORITHMS.iter().map(|s| s.to_string()).collect()
    } else {
        args.algorithms.clone()
    };
    let mut algorithms = Vec::new();
    for arg in &names {
        let model = model_arg::resolve(arg)?;
        let label = model.name().map_or_else(|| arg.clone(), str::to_owned);
        let crc = DynCrc::from_model(&model);
        let imps = implementations(&crc, &args.backend)?;
        if imps.is_empty() {
            return Err(format!(
                "bench: none of the backends named runs {label} on this machine"
            ));
        }
        algorithms.push((label, crc, imps));
    }
    let sizes: Vec<usize> = match (args.sizes.is_empty(), args.quick) {
        (false, _) => args.sizes.clone(),
        (true, false) => SIZES.to_vec(),
        (true, true) => QUICK_SIZES.to_vec(),
    };
    let settings = if args.quick {
        Settings {
            rounds: 5,
            sample: Duration::from_millis(2),
        }
    } else {
        Settings {
            rounds: 11,
            sample: Duration::from_millis(10),
        }
    };

    let failed_self_test: Vec<&'static str> = Backend::all()
        .iter()
        .filter(|b| b.availability() == Availability::FailedSelfTest)
        .map(|b| b.name())
        .collect();
    if args.format == Format::Text {
        for name in &failed_self_test {
            eprintln!("bench: {name} failed its self-test on this CPU and is never used here");
        }
    }
    let mut all_rows = Vec::new();
    let mut panels = Vec::new();
    let mut out = io::stdout().lock();
    let mut open = true;
    for (label, crc, imps) in &algorithms {
        let mut rows = Vec::new();
        for &size in &sizes {
            rows.extend(measure(label, crc, imps, size, &settings)?);
        }
        if args.format == Format::Text && open {
            open = write_line(&mut out, format_args!("{}", table(label, &rows)))?;
        }
        panels.push(Panel {
            // No one backend in the title: auto's pick changes with the size (the table
            // names it per size).
            title: format!("{label}: throughput by input size"),
            series: imps
                .iter()
                .map(|imp| Series {
                    label: imp.name().to_owned(),
                    points: rows
                        .iter()
                        .filter(|r| r.backend == imp.name())
                        .map(|r| (r.size as f64, r.gib_per_s))
                        .collect(),
                })
                .collect(),
        });
        all_rows.extend(rows);
    }
    drop(out);
    if let Some(path) = &args.plot {
        plot::write_svg(path, &panels)?;
    }
    if args.format == Format::Json {
        let report = BenchReport {
            available: Backend::all()
                .iter()
                .filter(|b| b.is_available())
                .map(|b| b.name())
                .collect(),
            failed_self_test,
            rounds: settings.rounds,
            sample_ms: settings.sample.as_secs_f64() * 1e3,
            results: all_rows,
        };
        let json = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
        print_out(format_args!("{json}\n"))?;
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::{parse_size, read_pass, test_data};

    /// The read pass reads every byte: its sum is the plain sum of the little-endian words and
    /// the tail bytes, at every length around the 64-byte blocks.
    #[test]
    fn the_read_pass_reads_every_byte() {
        let data = test_data(300);
        for len in 0..=data.len() {
            let bytes = &data[..len];
            let words = bytes.chunks(8).map(|c| {
                if c.len() == 8 {
                    u64::from_le_bytes(c.try_into().unwrap())
                } else {
                    0
                }
            });
            let full = len - len % 64;
            let tail = bytes[full..].iter().map(|&b| u64::from(b));
            let want = words
                .take(full / 8)
                .chain(tail)
                .fold(0u64, u64::wrapping_add);
            assert_eq!(read_pass(bytes), want, "{len}");
        }
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size("4096"), Ok(4096));
        assert_eq!(parse_size("4K"), Ok(4096));
        assert_eq!(parse_size("4kib"), Ok(4096));
        assert_eq!(parse_size("1M"), Ok(1 << 20));
        assert_eq!(parse_size("1G"), Ok(1 << 30));
        assert!(parse_size("0").is_err());
        assert!(parse_size("2G").is_err());
        assert!(parse_size("4T").is_err());
        assert!(parse_size("K").is_err());
    }
}
