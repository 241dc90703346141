//! `crc-gen search`: recover an unknown CRC's parameters from sample messages or captured
//! frames.

mod fits;
mod outcome;

use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::ValueEnum;
use crc_gen::search::{self, CrcAt, Endian, FrameQuery, Query, Sample};

use crate::output::{print_out, Format};
use outcome::{text, JsonOutcome};

/// Arguments of `crc-gen search`.
#[derive(clap::Args)]
#[command(after_help = "\
Exit status: 0 a model fits every sample; 3 a model fits all but a few (up to a quarter,
named as bad); 1 nothing fits; 2 bad input.

A capture solved end to end (five frames: data, then CRC-16/DNP little-endian; the fourth
frame has a flipped bit):
  $ crc-gen search --crc-at auto 01020304b467 102030400cc7 c00102c5e1 c00106770f 313233341342
  // CRC-16/DNP, little-endian, last 2 bytes (fits 4 of 5 frames)
  #[crc(catalog = \"CRC-16/DNP\")]
  // bad frame 3: c00106770f
Add --skip auto when the CRC may leave out a preamble or bytes before it.")]
pub struct Args {
    /// A sample: HEXDATA:HEXCRC, or with --crc-at a whole captured frame in hex.
    #[arg(value_name = "SAMPLE", required_unless_present = "file")]
    samples: Vec<String>,
    /// Read samples from a file, one a line (blank lines and `#` comments skipped).
    #[arg(long, value_name = "F")]
    file: Option<PathBuf>,
    /// Search this width only.
    #[arg(long, value_name = "W", conflicts_with = "widths")]
    width: Option<u32>,
    /// Search these widths, `A..B` inclusive [default: 1..128].
    #[arg(long, value_name = "A..B")]
    widths: Option<String>,
    /// Only models with this refin.
    #[arg(long, value_name = "B", action = clap::ArgAction::Set)]
    refin: Option<bool>,
    /// Only models with this refout.
    #[arg(long, value_name = "B", action = clap::ArgAction::Set)]
    refout: Option<bool>,
    /// The CRC is embedded in each sample, width/8 bytes at its start or end; `auto` tries
    /// both ends. Without --width, every whole-byte width of --widths [default: 8..64];
    /// with --width or --widths, also the widths that are not whole bytes, in the low or
    /// high bits of their field.
    #[arg(long, value_enum, value_name = "AT")]
    crc_at: Option<At>,
    /// Byte order of an embedded CRC [default: big; both with --crc-at auto].
    #[arg(long, value_enum, value_name = "E", requires = "crc_at")]
    crc_endian: Option<ByteOrder>,
    /// Bytes the CRC does not cover: K skipped at the frame's start (after the CRC when it
    /// is first), `K,J` also J before the CRC (at the end when it is first), `K,J,T` also T
    /// after the CRC field (before it when it is first), `auto` every K in 0..=8, J in
    /// 0..=4 and T in 0..=4.
    #[arg(long, value_name = "K|K,J|K,J,T|auto", requires = "crc_at")]
    skip: Option<String>,
    /// Also report generators without an x^0 term (shifted shadows of narrower CRCs).
    #[arg(long)]
    even_polys: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// Where an embedded CRC sits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum At {
    /// Before the data.
    Start,
    /// After the data.
    End,
    /// Try both, both byte orders, every whole-byte width.
    Auto,
}

/// Byte order of an embedded CRC.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ByteOrder {
    /// Most significant byte first.
    #[default]
    Big,
    /// Least significant byte first.
    Little,
}

/// Parses `A..B` or `A..=B` (inclusive), or a single `W`.
fn widths(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("--widths `{text}`: expected A..B, e.g. 8..32");
    let (a, b) = match text.split_once("..") {
        Some((a, b)) => (a, b.strip_prefix('=').unwrap_or(b)),
        None => (text, text),
    };
    let a = a.trim().parse().map_err(|_| bad())?;
    let b = b.trim().parse().map_err(|_| bad())?;
    Ok((a, b))
}

/// The samples from the command line and `--file`, each with where it came from.
fn lines(args: &Args) -> Result<Vec<(String, String)>, String> {
    let mut lines: Vec<(String, String)> = args
        .samples
        .iter()
        .map(|s| (s.clone(), format!("sample `{s}`")))
        .collect();
    if let Some(path) = &args.file {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        for (no, line) in text.lines().enumerate() {
            let line = line.trim();
            if !line.is_empty() && !line.starts_with('#') {
                lines.push((line.to_owned(), format!("{}:{}", path.display(), no + 1)));
            }
        }
    }
    Ok(lines)
}

/// Each line as the hex of a whole frame.
fn frames(lines: &[(String, String)]) -> Result<Vec<Vec<u8>>, String> {
    lines
        .iter()
        .map(|(text, place)| search::parse_hex(text).map_err(|reason| format!("{place}: {reason}")))
        .collect()
}

fn crc_at(at: At) -> Option<CrcAt> {
    match at {
        At::Start => Some(CrcAt::Start),
        At::End => Some(CrcAt::End),
        At::Auto => None,
    }
}

fn endian(e: ByteOrder) -> Endian {
    match e {
        ByteOrder::Big => Endian::Big,
        ByteOrder::Little => Endian::Little,
    }
}

/// The samples, split when the CRC's place is given (`--crc-at start|end` without `--skip`).
fn samples(args: &Args, lines: &[(String, String)]) -> Result<Vec<Sample>, String> {
    let place = args.crc_at.and_then(crc_at);
    lines
        .iter()
        .map(|(text, place_of)| match (place, args.width) {
            (Some(at), Some(width)) => search::parse_hex(text)
                .map_err(|reason| format!("{place_of}: {reason}"))
                .and_then(|msg| {
                    let e = endian(args.crc_endian.unwrap_or_default());
                    Sample::embedded(&msg, width, at, e).map_err(|e| format!("{place_of}: {e}"))
                }),
            _ => Sample::parse(text).map_err(|e| match e {
                search::SearchError::Syntax { reason, .. } => format!("{place_of}: {reason}"),
                e => e.to_string(),
            }),
        })
        .collect()
}

/// `--skip`: the `k`, `j` and `t` ranges.
type Skips = (
    RangeInclusive<usize>,
    RangeInclusive<usize>,
    RangeInclusive<usize>,
);

/// `--skip`: the `k`, `j` and `t` ranges.
fn skip(text: &str) -> Result<Skips, String> {
    if text == "auto" {
        return Ok((0..=8, 0..=4, 0..=4));
    }
    let bad = || format!("--skip `{text}`: expected K, K,J, K,J,T or auto, e.g. 1 or 1,2");
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() > 3 {
        return Err(bad());
    }
    let n = |i: usize| -> Result<usize, String> {
        parts
            .get(i)
            .map_or(Ok(0), |p| p.trim().parse().map_err(|_| bad()))
    };
    let (k, j, t) = (n(0)?, n(1)?, n(2)?);
    Ok((k..=k, j..=j, t..=t))
}

/// The query from --width/--widths, --refin, --refout, --even-polys.
fn query(args: &Args, default: RangeInclusive<u32>) -> Result<Query, String> {
    let mut query = Query::widths(default);
    if let Some(w) = args.width {
        query.widths = w..=w;
    } else if let Some(text) = &args.widths {
        let (a, b) = widths(text)?;
        query.widths = a..=b;
    }
    query.refin = args.refin;
    query.refout = args.refout;
    query.even_polys = args.even_polys;
    Ok(query)
}

/// Runs the search and prints every model that fits: exit 0, or 3 when it fits only with
/// some samples left out, 1 when nothing fits.
pub fn run(args: &Args) -> Result<ExitCode, String> {
    let lines = lines(args)?;
    // `--crc-at start|end --width W` splits each frame once (a plain search); anything else
    // with --crc-at scans layouts.
    // A width that is not whole bytes sits in part of a field: a layout too.
    let frame_mode = args.crc_at == Some(At::Auto)
        || args.skip.is_some()
        || (args.crc_at.is_some() && args.width.is_none_or(|w| !w.is_multiple_of(8)));
    if frame_mode {
        let (skip, gap, trail) = args
            .skip
            .as_deref()
            .map_or(Ok((0..=0, 0..=0, 0..=0)), skip)?;
        let at = args.crc_at.and_then(crc_at);
        let q = FrameQuery {
            query: query(args, 8..=64)?,
            at,
            // An explicit end keeps the explicit default byte order; auto tries both.
            endian: args.crc_endian.or(at.map(|_| ByteOrder::Big)).map(endian),
            skip,
            gap,
            trail,
            // Widths that are not whole bytes only when asked for.
            narrow: args.width.is_some() || args.widths.is_some(),
            outliers: true,
        };
        let frames = frames(&lines)?;
        let capture = search::search_capture(&frames, &q).map_err(|e| format!("search: {e}"))?;
        let hex: Vec<String> = frames.iter().map(|f| fits::hex(f)).collect();
        let undecided = fits::undecided(&capture.undecided);
        return fits::report(&capture.fits, &undecided, &hex, "frame", args.format);
    }
    let samples = samples(args, &lines)?;
    let query = query(args, 1..=128)?;
    let out = search::search(&samples, &query).map_err(|e| format!("search: {e}"))?;
    let found = !out.catalogue.is_empty() || !out.solved.is_empty();
    if !found {
        let fits = search::search_outliers(&samples, &query).map_err(|e| format!("search: {e}"))?;
        if !fits.is_empty() {
            let hex: Vec<String> = samples
                .iter()
                .map(|s| format!("{}:{:x}", fits::hex(&s.data), s.crc))
                .collect();
            return fits::report(&fits, &out.undetermined, &hex, "sample", args.format);
        }
    }
    match args.format {
        Format::Text => {
            if found {
                print_out(text(&out))?;
            }
        }
        Format::Json => {
            let json =
                serde_json::to_string_pretty(&JsonOutcome::new(&out)).map_err(|e| e.to_string())?;
            print_out(format_args!("{json}\n"))?;
        }
    }
    if found {
        return Ok(ExitCode::SUCCESS);
    }
    match out.undetermined.first() {
        None if samples.len() == 1 => eprintln!("crc-gen: search: no model fits the 1 sample"),
        None => eprintln!(
            "crc-gen: search: no model fits all {} samples",
            samples.len()
        ),
        Some(why) => eprintln!("crc-gen: search: no model found, too few samples to decide {why}"),
    }
    Ok(ExitCode::from(1))
}
