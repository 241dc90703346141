//! `crc-gen sum -c LIST...`: verifies lists' lines (`listline`), as `sha256sum -c` and
//! `cksum -c` do, with their `--status`, `--quiet`, `--warn`, `--strict` and
//! `--ignore-missing`.
//!
//! Each line's algorithm is the one `-a` (or the model flags) gave; without them, a BSD
//! line's tag names it (any catalogue name or alias), and other lines are summed with
//! `sum`'s default algorithm, as `cksum -c` takes the algorithm from a tag.

use std::io::{self, ErrorKind, Read};
use std::path::Path;
use std::process::ExitCode;

use crc_gen::{catalogue, Model};
use crcstamp::DynCrc;
use serde::Serialize;

use crate::input::{self, Plan};
use crate::listline::{self, JsonName, Line, Spacing};
use crate::output::{print_out, write_bytes, Format, OutputError};

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
}

/// The algorithms lines are checked with.
pub struct Algorithms {
    /// The model `-a` or the flags gave: every line must be of it.
    pub given: Option<Model>,
    /// The model of lines without a tag when none was given.
    pub default: Model,
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

/// The counts coreutils reports at the end of each list.
#[derive(Default)]
pub(crate) struct Counts {
    pub(crate) malformed: usize,
    /// Lines starting with `#`.
    pub(crate) comments: usize,
    pub(crate) good_lines: usize,
    pub(crate) unreadable: usize,
    pub(crate) mismatched: usize,
    pub(crate) verified: usize,
    /// The first improperly formatted line's number and reason.
    pub(crate) first_malformed: Option<String>,
}

/// The engines built so far, one per model the lists name.
struct Engines(Vec<(Model, DynCrc)>);

impl Engines {
    fn get(&mut self, model: &Model) -> &DynCrc {
        let at = match self.0.iter().position(|(m, _)| same(m, model)) {
            Some(at) => at,
            None => {
                self.0.push((model.clone(), DynCrc::from_model(model)));
                self.0.len() - 1
            }
        };
        &self.0[at].1
    }
}

/// Whether two models compute the same CRC, whatever their names.
fn same(a: &Model, b: &Model) -> bool {
    let key = |m: &Model| {
        (
            m.width(),
            m.poly(),
            m.init(),
            m.refin(),
            m.refout(),
            m.xorout(),
        )
    };
    key(a) == key(b)
}

/// The BSD tag of a model: its name, or `CRC` for a model without one.
pub fn tag(model: &Model) -> String {
    model.name().unwrap_or("CRC").to_owned()
}

/// Checks every list in turn (`-`: standard input), as `sha256sum -c` does: a list that
/// cannot be read is reported and the others still checked. Fails if any list did.
pub fn run(
    lists: &[&Path],
    algorithms: &Algorithms,
    plan: &Plan,
    opts: &CheckOptions,
) -> Result<ExitCode, String> {
    let mut engines = Engines(Vec::new());
    let mut reports = Vec::new();
    let mut failed = false;
    // As in coreutils, the first untagged line's spacing holds for all the lists.
    let mut spacing = Spacing::default();
    for list in lists {
        match check_list(
            list,
            algorithms,
            &mut engines,
            plan,
            opts,
            &mut reports,
            &mut spacing,
        ) {
            Ok(list_failed) => failed |= list_failed,
            Err(Stop::Usage(message)) => return Err(message),
            Err(Stop::Output(e)) => return Ok(e.report()),
            Err(Stop::ReaderGone) => return Ok(ExitCode::FAILURE),
        }
    }
    if opts.format == Format::Json {
        let json = serde_json::to_string_pretty(&reports).map_err(|e| e.to_string())?;
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

/// Why a check ends before its lists do.
enum Stop {
    /// A name this platform cannot open (exit 2).
    Usage(String),
    /// Standard output failed (exit 1, said once).
    Output(OutputError),
    /// Standard output was closed by its reader (`| head`): end quietly.
    ReaderGone,
}

/// Reads one list and checks its lines; whether it failed.
fn check_list(
    list: &Path,
    algorithms: &Algorithms,
    engines: &mut Engines,
    plan: &Plan,
    opts: &CheckOptions,
    reports: &mut Vec<CheckReport>,
    spacing: &mut Spacing,
) -> Result<bool, Stop> {
    let stdin = list.as_os_str() == "-";
    let list_name = if stdin {
        "standard input".to_owned()
    } else {
        list.to_string_lossy().into_owned()
    };
    let mut text = Vec::new();
    let read = if stdin {
        input::stdin().and_then(|mut s| s.read_to_end(&mut text))
    } else {
        std::fs::File::open(list).and_then(|mut f| f.read_to_end(&mut text))
    };
    if let Err(e) = read {
        eprintln!("crc-gen: {list_name}: {}", input::reason(&e));
        return Ok(true);
    }

    let mut n = Counts::default();
    let mut out = io::stdout().lock();
    let text_out = opts.format == Format::Text && !opts.status;
    for (i, line) in text.split(|&b| b == b'\n').enumerate() {
        if line.starts_with(b"#") {
            n.comments += 1;
            continue;
        }
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let parsed = listline::parse(line, spacing).and_then(|l| match l.name {
            ref name if stdin && name == b"-" => Err("`-` names the list itself".to_owned()),
            _ => Ok(l),
        });
        let checked = parsed.and_then(|l| {
            let model = model_of(&l, algorithms)?;
            let crc = l.crc(model.width())?;
            Ok((l, model, crc))
        });
        let (line, model, want) = match checked {
            Ok(c) => c,
            Err(why) => {
                malformed(&mut n, opts, algorithms, &list_name, i, &why);
                continue;
            }
        };
        n.good_lines += 1;
        let path = listline::path_of(line.name.clone()).map_err(Stop::Usage)?;
        let shown = String::from_utf8_lossy(&line.name).into_owned();
        let crc = engines.get(&model);
        let (status, error) = match input::sum_path(crc, &path, plan) {
            Ok(s) if s.crc == want && line.bytes.is_none_or(|b| b == s.bytes) => ("ok", None),
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
        if text_out {
            let written = write_bytes(&mut out, &listline::verdict_line(&line.name, verdict));
            if !written.map_err(Stop::Output)? {
                return Err(Stop::ReaderGone);
            }
        }
    }
    Ok(summary(&n, opts, algorithms, &list_name))
}

/// The model a line is checked with: the given one (its tag, if any, must name the same
/// CRC), else the one its tag names, else the default.
fn model_of(line: &Line, algorithms: &Algorithms) -> Result<Model, String> {
    let Some(tag) = &line.tag else {
        return Ok(algorithms
            .given
            .clone()
            .unwrap_or_else(|| algorithms.default.clone()));
    };
    let named = || {
        catalogue::lookup(tag)
            .map(|e| e.model.clone())
            .map_err(|_| format!("`{tag}` is no catalogue algorithm"))
    };
    match &algorithms.given {
        Some(given) if *tag == self::tag(given) => Ok(given.clone()),
        Some(given) => match named() {
            Ok(m) if same(&m, given) => Ok(given.clone()),
            Ok(_) | Err(_) => Err(format!(
                "the line is tagged `{tag}`, not {} (check it with -a {tag})",
                self::tag(given)
            )),
        },
        // `CRC` is the tag of a model without a name: only flags can say which.
        None if tag == "CRC" => Err("the tag `CRC` names no algorithm; give the model with \
             -a or --width and --poly"
            .into()),
        None => named(),
    }
}

/// What the messages call the lists' algorithm: the given model's tag, or nothing when each
/// line names its own.
fn algorithm_word(algorithms: &Algorithms) -> String {
    match &algorithms.given {
        Some(m) => format!("{} ", tag(m)),
        None => String::new(),
    }
}

/// Counts an improperly formatted line, naming it with `--warn`.
fn malformed(
    n: &mut Counts,
    opts: &CheckOptions,
    algorithms: &Algorithms,
    list_name: &str,
    i: usize,
    why: &str,
) {
    n.malformed += 1;
    if n.first_malformed.is_none() {
        n.first_malformed = Some(format!("line {}: {why}", i + 1));
    }
    if opts.warn {
        eprintln!(
            "crc-gen: {list_name}: {}: improperly formatted {}checksum line ({why})",
            i + 1,
            algorithm_word(algorithms)
        );
    }
}

/// The closing warnings, as coreutils words them; whether the check failed.
fn summary(n: &Counts, opts: &CheckOptions, algorithms: &Algorithms, list_name: &str) -> bool {
    if n.good_lines == 0 {
        let first = n.first_malformed.as_deref().unwrap_or(if n.comments > 0 {
            "it holds only comments and blank lines"
        } else {
            "it is empty"
        });
        eprintln!(
            "crc-gen: {list_name}: no properly formatted {}checksum lines found ({first})",
            algorithm_word(algorithms)
        );
        return true;
    }
    closing(n, opts, list_name)
}

/// The warnings after a list's lines, as coreutils words them, and whether its check failed:
/// `sum -c`'s and `sum --format s3 -c`'s.
pub(crate) fn closing(n: &Counts, opts: &CheckOptions, list_name: &str) -> bool {
    let plural =
        |k: usize, one: &str, many: &str| format!("{k} {}", if k == 1 { one } else { many });
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
        // An unreadable file (a directory) is not a verified one either.
        if opts.ignore_missing && n.verified == 0 {
            eprintln!("crc-gen: {list_name}: no file was verified");
        }
    }
    let none_verified = opts.ignore_missing && n.verified == 0;
    none_verified || n.mismatched + n.unreadable > 0 || (opts.strict && n.malformed > 0)
}
