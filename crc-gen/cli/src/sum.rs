//! `crc-gen sum`: the CRC of files and of standard input, one line per input as `cksum` and
//! `sha256sum` print them, and `--check` of the lists it prints.

use std::io::{self, ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crcstamp::DynCrc;
use serde::Serialize;

use crate::input::{self, Plan, Summed};
use crate::model_arg::{ModelChoice, Resolved};
use crate::report::ModelReport;
use crate::{check, print_out, Format};

/// The algorithm when none is named: the CRC-32 of zip, gzip, PNG and Ethernet.
pub const DEFAULT_ALGORITHM: &str = "CRC-32/ISO-HDLC";

/// Arguments of `crc-gen sum`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    model: ModelChoice,
    /// Files to checksum; none or `-`: standard input.
    #[arg(value_name = "FILE", conflicts_with = "check")]
    files: Vec<PathBuf>,
    /// Verify a list printed by `sum` (`-`: read it from standard input): OK or FAILED per
    /// line, exit status 1 if any failed.
    #[arg(short = 'c', long, value_name = "LIST")]
    check: Option<PathBuf>,
    /// Threads per large file [default: available cores].
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    /// Bytes per chunk when a file is split across threads (for tests and measurements).
    #[arg(long, hide = true, value_name = "BYTES", value_parser = clap::value_parser!(u64).range(1..))]
    chunk_size: Option<u64>,
    /// Bytes per `read` of a regular file (for tests and measurements).
    #[arg(long, hide = true, value_name = "BYTES", value_parser = clap::value_parser!(u64).range(1..=1 << 30))]
    read_size: Option<u64>,
}

/// One input's line of `--format json`.
#[derive(Serialize)]
struct FileReport {
    name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    bytes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    crc: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// `sum --format json`.
#[derive(Serialize)]
struct SumReport {
    model: ModelReport,
    files: Vec<FileReport>,
}

/// The CRC formatted as `sum` prints it: lowercase hex, zero-padded to the width's digits.
pub fn hex(crc: u128, width: u32) -> String {
    format!("{crc:0digits$x}", digits = hex_digits(width))
}

/// Hex digits of a `width`-bit value.
pub fn hex_digits(width: u32) -> usize {
    width.div_ceil(4) as usize
}

/// The CRC of one input: standard input for `-`, else the file.
pub fn sum_input(crc: &DynCrc, path: &Path, plan: &Plan) -> io::Result<Summed> {
    if path.as_os_str() == "-" {
        input::sum_stream(crc, io::stdin().lock())
    } else {
        input::sum_file(crc, path, &path.to_string_lossy(), plan)
    }
}

/// A name as a list line carries it: names with a newline or a backslash are escaped (`\n`,
/// `\\`) and their line starts with a backslash, as `sha256sum` does.
pub fn escape(name: &str) -> (&'static str, String) {
    if name.contains(['\n', '\\', '\r']) {
        let escaped = name
            .replace('\\', "\\\\")
            .replace('\n', "\\n")
            .replace('\r', "\\r");
        ("\\", escaped)
    } else {
        ("", name.to_owned())
    }
}

/// Writes one line to stdout; `Ok(false)` when the reader has gone (`| head`).
pub fn write_line(out: &mut impl Write, line: std::fmt::Arguments<'_>) -> Result<bool, String> {
    match out.write_fmt(line).and_then(|()| out.write_all(b"\n")) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(format!("cannot write output: {e}")),
    }
}

/// Sums the inputs (or checks a list), printing as it goes.
pub fn run(args: &Args) -> Result<ExitCode, String> {
    let Resolved { model, entry } = args.model.resolve_or(DEFAULT_ALGORITHM)?;
    let crc = DynCrc::from_model(&model);
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        usize::from,
    );
    let plan = Plan {
        jobs,
        chunk: args.chunk_size.unwrap_or(input::DEFAULT_CHUNK),
        read_size: args.read_size.map_or(input::READ_BUF, |n| n as usize),
    };
    if let Some(list) = &args.check {
        return check::run(&crc, list, &plan, args.format);
    }
    let default = [PathBuf::from("-")];
    let files = if args.files.is_empty() {
        &default[..]
    } else {
        &args.files[..]
    };
    let width = model.width();
    let mut failed = false;
    let mut reports = Vec::new();
    let mut out = io::stdout().lock();
    for path in files {
        let name = path.to_string_lossy();
        match sum_input(&crc, path, &plan) {
            Ok(s) => match args.format {
                Format::Text => {
                    let (prefix, name) = escape(&name);
                    let line = format_args!("{prefix}{}  {}  {name}", hex(s.crc, width), s.bytes);
                    if !write_line(&mut out, line)? {
                        break;
                    }
                }
                Format::Json => reports.push(FileReport {
                    name: name.into_owned(),
                    bytes: Some(s.bytes),
                    crc: Some(format!("0x{}", hex(s.crc, width))),
                    error: None,
                }),
            },
            Err(e) => {
                failed = true;
                let reason = input::reason(&e);
                eprintln!("crc-gen: {name}: {reason}");
                reports.push(FileReport {
                    name: name.into_owned(),
                    bytes: None,
                    crc: None,
                    error: Some(reason),
                });
            }
        }
    }
    drop(out);
    if args.format == Format::Json {
        let report = SumReport {
            model: ModelReport::new(&model, entry),
            files: reports,
        };
        let json = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
        print_out(format_args!("{json}\n"))?;
    }
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
