//! `crc-gen sum`: the CRC of files, standard input or bytes given on the command line, one
//! line per input as `cksum` and `sha256sum` print them (`listline`), and `--check` of such
//! lists (`check`).

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use crc_gen::Model;
use crcstamp::DynCrc;
use serde::Serialize;

use crate::base64;
use crate::check::{self, tag, Algorithms, CheckOptions};
use crate::input::{self, Plan, Summed};
use crate::listline::{self, JsonName, Style};
use crate::model_arg::{resolve, ModelChoice, Resolved, DEFAULT_ALGORITHM};
use crate::output::{flush, print_out, write_bytes, Format, OutputError};
use crate::report::ModelReport;
use crate::s3::Algo;
use crate::s3_sum;

/// Output format of `sum`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum SumFormat {
    /// `<crc hex>  <bytes>  <name>` (or BSD lines with `--tag`).
    #[default]
    Text,
    /// One JSON document.
    Json,
    /// POSIX `cksum`'s `<crc decimal> <bytes> <name>` (with `-a CRC-32/CKSUM` only).
    Cksum,
    /// The value S3 keeps for each file, `<base64[-N]>  <bytes>  <name>`: CRC-64/NVME (the
    /// default here), CRC-32 or CRC-32C; full-object or composite (see --checksum-type).
    S3,
}

/// Arguments of `crc-gen sum`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    model: ModelChoice,
    /// Files to checksum (with -c: lists to verify); none or `-`: standard input.
    #[arg(value_name = "FILE", conflicts_with_all = ["hex", "string"])]
    files: Vec<PathBuf>,
    /// Verify the FILEs as lists printed by `sum`, `sha256sum`-style or BSD (`--tag`) lines:
    /// OK or FAILED per line, exit status 1 if any failed. Without -a, a BSD line's tag names
    /// its algorithm.
    #[arg(short = 'c', long, conflicts_with_all = ["hex", "string", "zero", "tag"])]
    check: bool,
    /// The CRC of these bytes, given in hex (`313233`), instead of files.
    #[arg(long, value_name = "HEXBYTES", value_parser = hex_bytes, conflicts_with_all = ["string", "tag"])]
    hex: Option<HexBytes>,
    /// The CRC of this text's UTF-8 bytes instead of files.
    #[arg(long, value_name = "TEXT", conflicts_with = "tag")]
    string: Option<String>,
    /// BSD lines: `CRC-32/ISCSI (FILE) = e3069283`.
    #[arg(long)]
    tag: bool,
    /// Each CRC in base64 (its width's whole bytes, big-endian), as GNU cksum's --base64;
    /// `-c` reads either form.
    #[arg(long)]
    base64: bool,
    #[command(flatten)]
    s3: s3_sum::S3Args,
    /// End each line with NUL instead of newline, and escape no file name.
    #[arg(short = 'z', long)]
    zero: bool,
    /// With -c: print nothing; the exit status tells.
    #[arg(long, overrides_with_all = ["quiet", "warn"])]
    status: bool,
    /// With -c: do not print OK lines.
    #[arg(long, overrides_with_all = ["status", "warn"])]
    quiet: bool,
    /// With -c: name each improperly formatted line.
    #[arg(short = 'w', long, overrides_with_all = ["status", "quiet"])]
    warn: bool,
    /// With -c: exit 1 on improperly formatted lines.
    #[arg(long)]
    strict: bool,
    /// With -c: skip listed files that do not exist, rather than fail.
    #[arg(long)]
    ignore_missing: bool,
    /// Threads per large file [default: available cores; at most 4 per core and 256 in all,
    /// a larger N is taken as that cap].
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: SumFormat,
    /// Bytes per chunk when a file is split across threads (for tests and measurements).
    #[arg(long, hide = true, value_name = "BYTES", value_parser = clap::value_parser!(u64).range(1..))]
    chunk_size: Option<u64>,
    /// Bytes per `read` of a regular file (for tests and measurements).
    #[arg(long, hide = true, value_name = "BYTES", value_parser = clap::value_parser!(u64).range(1..=1 << 30))]
    read_size: Option<u64>,
}

/// The bytes `--hex` gives.
#[derive(Clone, Debug)]
pub struct HexBytes(Vec<u8>);

/// Parses `--hex`: pairs of hex digits, `0x` and `_` allowed.
fn hex_bytes(s: &str) -> Result<HexBytes, String> {
    let digits: Vec<u8> = s
        .strip_prefix("0x")
        .unwrap_or(s)
        .bytes()
        .filter(|&b| b != b'_')
        .collect();
    if !digits.len().is_multiple_of(2) || !digits.iter().all(u8::is_ascii_hexdigit) {
        return Err(format!("`{s}` is not hex bytes (pairs of hex digits)"));
    }
    let text = String::from_utf8_lossy(&digits);
    (0..digits.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()
        .map(HexBytes)
}

/// One input's entry in `--format json` (direct input has no name).
#[derive(Serialize)]
struct FileReport {
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    name: Option<JsonName>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bytes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    crc: Option<String>,
    /// With --base64.
    #[serde(skip_serializing_if = "Option::is_none")]
    base64: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// `sum --format json`.
#[derive(Serialize)]
struct SumReport {
    model: ModelReport,
    files: Vec<FileReport>,
}

/// Whether `model` is POSIX cksum's CRC (any name).
fn is_cksum(model: &Model) -> bool {
    let m = model;
    (
        m.width(),
        m.poly(),
        m.init(),
        m.refin(),
        m.refout(),
        m.xorout(),
    ) == (32, 0x04c1_1db7, 0, false, false, 0xffff_ffff)
}

/// POSIX cksum's CRC: the CRC of the data followed by its length in as few octets as hold
/// it, least significant first.
fn cksum_crc(crc: &DynCrc, s: Summed) -> u128 {
    let mut octets = Vec::new();
    let mut n = s.bytes;
    while n > 0 {
        octets.push(n as u8);
        n >>= 8;
    }
    crc.combine(s.crc, crc.checksum(&octets), octets.len() as u64)
}

/// Refuses flag combinations that mean nothing: the check flags without `-c`, the cksum
/// format for another CRC or with `-c`.
fn validate(args: &Args, model: &Model) -> Result<(), String> {
    let check_flags = [
        args.status,
        args.quiet,
        args.warn,
        args.strict,
        args.ignore_missing,
    ];
    if !args.check && check_flags.contains(&true) {
        return Err(
            "--status, --quiet, --warn, --strict and --ignore-missing are meaningful \
                    only with -c (as in coreutils)"
                .into(),
        );
    }
    if args.format == SumFormat::Cksum && args.check {
        return Err(
            "--format cksum lines cannot be checked; list with --tag or the default".into(),
        );
    }
    if args.s3.given() && args.format != SumFormat::S3 {
        return Err(
            "--part-size, --parts, --checksum-type and --each-part are meaningful \
                    only with --format s3"
                .into(),
        );
    }
    if args.format == SumFormat::S3 && (args.hex.is_some() || args.string.is_some()) {
        return Err("--format s3 sums files or standard input, not --hex or --string".into());
    }
    if args.base64 && args.format == SumFormat::Cksum {
        return Err(
            "--format cksum prints the CRC in decimal; --base64 is for the other \
                    formats"
                .into(),
        );
    }
    if args.format == SumFormat::Cksum && !is_cksum(model) {
        return Err(format!(
            "--format cksum is POSIX cksum's output, defined for CRC-32/CKSUM only \
             (not {}); add -a CRC-32/CKSUM",
            tag(model)
        ));
    }
    Ok(())
}

/// How to read files, from `--jobs` and the hidden sizes.
fn plan(args: &Args) -> Plan {
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        usize::from,
    );
    Plan {
        jobs: input::job_cap(jobs),
        chunk: args.chunk_size.unwrap_or(input::DEFAULT_CHUNK),
        read_size: args.read_size.map_or(input::READ_BUF, |n| n as usize),
    }
}

/// Sums the inputs (or checks lists), printing as it goes.
pub fn run(args: &Args) -> Result<ExitCode, String> {
    let given = args.model.algorithm.is_some() || args.model.flags.given();
    let default = match args.format {
        SumFormat::S3 => "CRC-64/NVME",
        _ => DEFAULT_ALGORITHM,
    };
    let Resolved { model, entry } = args.model.resolve_or(default)?;
    validate(args, &model)?;
    let plan = plan(args);
    if args.format == SumFormat::S3 {
        let algo = Algo::of_model(&model)?;
        // With -c and no -a, each line's tag names its algorithm: checked per line.
        if given || !args.check {
            args.s3.kind(algo)?;
        }
        let check = args.check.then(|| check_options(args));
        return s3_sum::run(&s3_sum::Request {
            files: &args.files,
            algo: given.then_some(algo),
            s3: &args.s3,
            tag: args.tag,
            zero: args.zero,
            plan,
            check,
        });
    }
    if args.check {
        let algorithms = Algorithms {
            given: given.then_some(model),
            default: resolve(DEFAULT_ALGORITHM)?,
        };
        let opts = check_options(args);
        let stdin = [std::path::Path::new("-")];
        let lists: Vec<&std::path::Path> = match args.files.is_empty() {
            true => stdin.to_vec(),
            false => args.files.iter().map(PathBuf::as_path).collect(),
        };
        return check::run(&lists, &algorithms, &plan, &opts);
    }
    let crc = DynCrc::from_model(&model);
    let (failed, reports) = match sum_all(args, &model, &crc, &plan) {
        Ok(done) => done,
        Err(e) => return Ok(e.report()),
    };
    if args.format == SumFormat::Json {
        let report = SumReport {
            model: ModelReport::new(&model, entry),
            files: reports,
        };
        let json = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
        if let Err(e) = print_out(format_args!("{json}\n")) {
            return Ok(e.report());
        }
    }
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// The check flags, as `check` takes them.
fn check_options(args: &Args) -> CheckOptions {
    CheckOptions {
        format: match args.format {
            SumFormat::Json => Format::Json,
            _ => Format::Text,
        },
        status: args.status,
        quiet: args.quiet,
        warn: args.warn,
        strict: args.strict,
        ignore_missing: args.ignore_missing,
    }
}

/// Sums every input, printing text lines as it goes; whether any failed, and the JSON
/// entries.
fn sum_all(
    args: &Args,
    model: &Model,
    crc: &DynCrc,
    plan: &Plan,
) -> Result<(bool, Vec<FileReport>), OutputError> {
    let direct = args
        .hex
        .as_ref()
        .map(|h| h.0.clone())
        .or_else(|| args.string.as_ref().map(|s| s.clone().into_bytes()));
    let inputs: Vec<(Option<Vec<u8>>, io::Result<Summed>)> = match direct {
        Some(bytes) => vec![(
            None,
            Ok(Summed {
                crc: crc.checksum(&bytes),
                bytes: bytes.len() as u64,
            }),
        )],
        None if args.files.is_empty() => {
            vec![(None, input::sum_path(crc, std::path::Path::new("-"), plan))]
        }
        None => Vec::new(),
    };
    let lazy = args.files.iter().map(|p| {
        let name = listline::name_bytes(p);
        (Some(name), input::sum_path(crc, p, plan))
    });
    let tag = tag(model);
    let style = match (args.format, args.tag) {
        (SumFormat::Cksum, _) => Style::Cksum,
        (_, true) => Style::Tag(&tag),
        _ => Style::Plain,
    };
    let width = model.width();
    let mut failed = false;
    let mut reports = Vec::new();
    let mut out = io::stdout().lock();
    for (name, result) in inputs.into_iter().chain(lazy) {
        // Standard input named by omission is `-` in sum's lines, nameless in cksum's.
        let shown = match (&name, style) {
            (None, Style::Cksum) => None,
            (None, _) if args.hex.is_none() && args.string.is_none() => Some(b"-".to_vec()),
            _ => name.clone(),
        };
        match result {
            Ok(s) => match args.format {
                SumFormat::Json => reports.push(FileReport {
                    name: shown.as_deref().map(JsonName::new),
                    bytes: Some(s.bytes),
                    crc: Some(format!("0x{}", listline::hex(s.crc, width))),
                    base64: args.base64.then(|| base64::encode_crc(s.crc, width)),
                    error: None,
                }),
                _ => {
                    let value = if style == Style::Cksum {
                        cksum_crc(crc, s)
                    } else {
                        s.crc
                    };
                    let line = if args.base64 {
                        let b64 = base64::encode_crc(value, width);
                        listline::value_line(style, &b64, s.bytes, shown.as_deref(), args.zero)
                    } else {
                        listline::sum_line(
                            style,
                            value,
                            width,
                            s.bytes,
                            shown.as_deref(),
                            args.zero,
                        )
                    };
                    if !write_bytes(&mut out, &line)? {
                        break;
                    }
                }
            },
            Err(e) => {
                failed = true;
                let reason = input::reason(&e);
                let label = String::from_utf8_lossy(shown.as_deref().unwrap_or(b"-")).into_owned();
                eprintln!("crc-gen: {label}: {reason}");
                reports.push(FileReport {
                    name: shown.as_deref().map(JsonName::new),
                    bytes: None,
                    crc: None,
                    base64: None,
                    error: Some(reason),
                });
            }
        }
    }
    flush(&mut out)?;
    Ok((failed, reports))
}
