//! `crc-gen sum --check LIST`: verifies a list's lines (`listline`), as `sha256sum -c` does,
//! with its `--status`, `--quiet`, `--warn`, `--strict` and `--ignore-missing`.

use std::io::{self, ErrorKind, Read};
use std::path::Path;
use std::process::ExitCode;

use crcstamp::DynCrc;
use serde::Serialize;

use crate::input::{self, Plan};
use crate::listline::{self, JsonName};
use crate::output::{print_out, write_bytes, Format};

/// How to check, as the coreutils flags say.
pub struct CheckOptions {
    /// Text verdict lines or one JSON document.
    pub format: Format,
    /// Print nothing but errors; the exit status tells.
    pub status: bool,
    /// No OK lines.
    pub quiet: bool,
    /// A message for each improperly formatted line.
    pub warn: bool,
    /// Improperly formatted lines fail the check.
    pub strict: bool,
    /// Listed files that do not exist are skipped.
    pub ignore_missing: bool,
    /// The model's BSD tag, for BSD lines.
    pub tag: String,
}

/// `--check --format json`: one entry per checked line.
#[derive(Serialize)]
struct CheckReport {
    #[serde(flatten)]
    name: JsonName,
    /// `ok`, `failed` (CRC or size differ) or `unreadable`.
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// The counts coreutils reports at the end.
#[derive(Default)]
struct Counts {
    malformed: usize,
    good_lines: usize,
    unreadable: usize,
    mismatched: usize,
    verified: usize,
    /// The first improperly formatted line's number and reason.
    first_malformed: Option<String>,
}

/// Reads the list at `list` (`-`: standard input) and checks each line.
pub fn run(
    crc: &DynCrc,
    list: &Path,
    plan: &Plan,
    opts: &CheckOptions,
) -> Result<ExitCode, String> {
    let stdin = list.as_os_str() == "-";
    let list_name = if stdin {
        "standard input".to_owned()
    } else {
        list.to_string_lossy().into_owned()
    };
    let mut text = Vec::new();
    let read = if stdin {
        io::stdin().lock().read_to_end(&mut text)
    } else {
        std::fs::File::open(list).and_then(|mut f| f.read_to_end(&mut text))
    };
    read.map_err(|e| format!("{list_name}: {}", input::reason(&e)))?;

    let width = crc.model().width();
    let mut n = Counts::default();
    let mut reports = Vec::new();
    let mut out = io::stdout().lock();
    let text_out = opts.format == Format::Text && !opts.status;
    for (i, line) in text.split(|&b| b == b'\n').enumerate() {
        if line.iter().all(u8::is_ascii_whitespace) || line.starts_with(b"#") {
            continue;
        }
        let parsed = listline::parse(line, width, &opts.tag).and_then(|l| match l.name {
            ref name if stdin && name == b"-" => Err("`-` names the list itself".to_owned()),
            _ => Ok(l),
        });
        let line = match parsed {
            Ok(l) => l,
            Err(why) => {
                malformed(&mut n, opts, &list_name, i, &why);
                continue;
            }
        };
        n.good_lines += 1;
        let path = listline::path_of(line.name.clone())?;
        let shown = String::from_utf8_lossy(&line.name).into_owned();
        let (status, error) = match input::sum_path(crc, &path, plan) {
            Ok(s) if s.crc == line.crc && line.bytes.is_none_or(|b| b == s.bytes) => ("ok", None),
            Ok(_) => ("failed", None),
            Err(e) if opts.ignore_missing && e.kind() == ErrorKind::NotFound => continue,
            Err(e) => {
                let reason = input::reason(&e);
                eprintln!("crc-gen: {shown}: {reason}");
                ("unreadable", Some(reason))
            }
        };
        match status {
            "ok" => n.verified += 1,
            "failed" => {
                n.verified += 1;
                n.mismatched += 1;
            }
            _ => n.unreadable += 1,
        }
        if opts.format == Format::Json {
            reports.push(CheckReport {
                name: JsonName::new(&line.name),
                status,
                error,
            });
            continue;
        }
        let verdict = match status {
            "ok" if opts.quiet => continue,
            "ok" => "OK",
            "failed" => "FAILED",
            _ => "FAILED open or read",
        };
        if text_out && !write_bytes(&mut out, &listline::verdict_line(&line.name, verdict))? {
            return Ok(exit_status(true));
        }
    }
    drop(out);
    if opts.format == Format::Json {
        let json = serde_json::to_string_pretty(&reports).map_err(|e| e.to_string())?;
        print_out(format_args!("{json}\n"))?;
    }
    Ok(exit_status(summary(&n, opts, &list_name)))
}

/// Counts an improperly formatted line, naming it with `--warn`.
fn malformed(n: &mut Counts, opts: &CheckOptions, list_name: &str, i: usize, why: &str) {
    n.malformed += 1;
    if n.first_malformed.is_none() {
        n.first_malformed = Some(format!("line {}: {why}", i + 1));
    }
    if opts.warn {
        eprintln!(
            "crc-gen: {list_name}: {}: improperly formatted {} checksum line ({why})",
            i + 1,
            opts.tag
        );
    }
}

/// The closing warnings, as coreutils words them; whether the check failed.
fn summary(n: &Counts, opts: &CheckOptions, list_name: &str) -> bool {
    let plural =
        |k: usize, one: &str, many: &str| format!("{k} {}", if k == 1 { one } else { many });
    if n.good_lines == 0 {
        let first = n.first_malformed.as_deref().unwrap_or("it is empty");
        eprintln!(
            "crc-gen: {list_name}: no properly formatted {} checksum lines found ({first})",
            opts.tag
        );
        return true;
    }
    if !opts.status {
        if n.malformed > 0 {
            let what = plural(n.malformed, "line is", "lines are");
            eprintln!("crc-gen: WARNING: {what} improperly formatted");
        }
        if n.unreadable > 0 {
            let what = plural(n.unreadable, "listed file", "listed files");
            eprintln!("crc-gen: WARNING: {what} could not be read");
        }
        if n.mismatched > 0 {
            let what = plural(n.mismatched, "computed checksum", "computed checksums");
            eprintln!("crc-gen: WARNING: {what} did NOT match");
        }
    }
    if opts.ignore_missing && n.verified == 0 && n.unreadable == 0 {
        eprintln!("crc-gen: {list_name}: no file was verified");
        return true;
    }
    n.mismatched + n.unreadable > 0 || (opts.strict && n.malformed > 0)
}

/// `FAILURE` when `failed`, else `SUCCESS`.
fn exit_status(failed: bool) -> ExitCode {
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
