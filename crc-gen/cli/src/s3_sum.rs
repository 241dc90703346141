//! `crc-gen sum --format s3`: each file's value as S3 keeps it (`s3`), one line per file in
//! `sum`'s list format (`listline`), and `-c` of such lists.

use std::io::{self, ErrorKind, Read};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crcstamp::DynCrc;

use crate::base64;
use crate::check::{self, CheckOptions, Counts};
use crate::input::{self, Plan};
use crate::listline::{self, Spacing, Style};
use crate::output::{flush, write_bytes, OutputError};
use crate::s3::{self, Algo, ChecksumType, Layout, ObjectSum};

/// The flags of `--format s3`.
#[derive(clap::Args, Debug, Default)]
pub struct S3Args {
    /// With --format s3: the upload's parts, SIZE bytes each but the last (K, M, G, also KB,
    /// MB, GB: powers of 1024, as the AWS CLI reads them; 5 MiB to 5 GiB) [default: the AWS
    /// CLI's, 8 MiB parts from 8 MiB on, doubled until at most 10,000].
    #[arg(long, value_name = "SIZE", value_parser = s3::part_size_arg, conflicts_with = "parts")]
    pub part_size: Option<u64>,
    /// With --format s3: the upload's number of parts, of one size but the last (1 to 10,000).
    #[arg(long, value_name = "N", value_parser = s3::parts_arg)]
    pub parts: Option<u64>,
    /// With --format s3: S3's checksum type [default: composite for CRC-32 and CRC-32C when
    /// --part-size or --parts is given, else full-object].
    #[arg(long, value_enum, value_name = "TYPE", ignore_case = true)]
    pub checksum_type: Option<ChecksumType>,
    /// With --format s3: each part's value too, as `# part I/N: VALUE  BYTES` lines.
    #[arg(long)]
    pub each_part: bool,
}

impl S3Args {
    /// Whether any of these flags was given.
    pub fn given(&self) -> bool {
        self.part_size.is_some()
            || self.parts.is_some()
            || self.checksum_type.is_some()
            || self.each_part
    }

    fn layout(&self) -> Layout {
        match (self.part_size, self.parts) {
            (Some(p), _) => Layout::PartSize(p),
            (_, Some(n)) => Layout::Parts(n),
            _ => Layout::Cli,
        }
    }

    /// The checksum type for `algo`: as given (composite refused for CRC-64/NVME, as S3
    /// refuses it), else composite where a layout is given and S3 has one.
    pub fn kind(&self, algo: Algo) -> Result<ChecksumType, String> {
        let layout_given = self.part_size.is_some() || self.parts.is_some();
        match self.checksum_type {
            Some(ChecksumType::Composite) if !algo.composite_allowed() => Err(format!(
                "S3 keeps {} only as a full-object checksum (S3 refuses a composite one); \
                 composite is CRC-32 and CRC-32C",
                algo.catalogue_name()
            )),
            Some(kind) => Ok(kind),
            None if layout_given && algo.composite_allowed() => Ok(ChecksumType::Composite),
            None => Ok(ChecksumType::FullObject),
        }
    }
}

/// What `sum --format s3` was asked.
pub struct Request<'a> {
    /// The inputs (with -c: the lists); none: standard input.
    pub files: &'a [PathBuf],
    /// The algorithm -a named; `None`: CRC-64/NVME, or with -c each line's tag.
    pub algo: Option<Algo>,
    /// The S3 flags.
    pub s3: &'a S3Args,
    /// BSD lines, tagged `ChecksumCRC64NVME`.
    pub tag: bool,
    /// Lines end with NUL.
    pub zero: bool,
    /// How files are read.
    pub plan: Plan,
    /// With -c: how to check.
    pub check: Option<CheckOptions>,
}

/// Sums or checks as asked.
pub fn run(req: &Request<'_>) -> Result<ExitCode, String> {
    let algo = req.algo.unwrap_or(Algo::Crc64Nvme);
    let stdin = [PathBuf::from("-")];
    let files = if req.files.is_empty() {
        &stdin[..]
    } else {
        req.files
    };
    let result = match &req.check {
        Some(opts) => files.iter().try_fold(false, |failed, list| {
            Ok(check_list(list, req, opts)? || failed)
        }),
        None => sum_files(files, req, algo, req.s3.kind(algo)?),
    };
    match result {
        Ok(failed) => Ok(if failed {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        }),
        Err(Stop::Output(e)) => Ok(e.report()),
        Err(Stop::ReaderGone) => Ok(ExitCode::SUCCESS),
    }
}

/// Why a run ends before its inputs do.
enum Stop {
    /// Standard output failed (exit 1, said once).
    Output(OutputError),
    /// Standard output was closed by its reader (`| head`): end quietly.
    ReaderGone,
}

fn write(out: &mut impl io::Write, line: &[u8]) -> Result<(), Stop> {
    match write_bytes(out, line) {
        Ok(true) => Ok(()),
        Ok(false) => Err(Stop::ReaderGone),
        Err(e) => Err(Stop::Output(e)),
    }
}

/// Prints each file's line; whether any failed.
fn sum_files(
    files: &[PathBuf],
    req: &Request<'_>,
    algo: Algo,
    kind: ChecksumType,
) -> Result<bool, Stop> {
    let crc = DynCrc::from_catalog(algo.catalogue_name()).expect("a catalogue name");
    let width = crc.model().width();
    let tag = algo.tag();
    let style = if req.tag {
        Style::Tag(&tag)
    } else {
        Style::Plain
    };
    let parts = kind == ChecksumType::Composite || req.s3.each_part;
    let mut failed = false;
    let mut out = io::stdout().lock();
    for path in files {
        let name = listline::name_bytes(path);
        let sum = match s3::sum_object(&crc, path, req.s3.layout(), parts, &req.plan) {
            Ok(sum) => sum,
            Err(e) => {
                failed = true;
                let label = String::from_utf8_lossy(&name);
                eprintln!("crc-gen: {label}: {}", input::reason(&e));
                continue;
            }
        };
        let value = sum.value(&crc, kind);
        let line = listline::value_line(style, &value, sum.full.bytes, Some(&name), req.zero);
        write(&mut out, &line)?;
        let each = sum.parts.as_deref().filter(|_| req.s3.each_part);
        let each = each.unwrap_or_default();
        let end = if req.zero { '\0' } else { '\n' };
        for (i, p) in each.iter().enumerate() {
            let b64 = base64::encode_crc(p.crc, width);
            let line = format!("# part {}/{}: {b64}  {}{end}", i + 1, each.len(), p.bytes);
            write(&mut out, line.as_bytes())?;
        }
    }
    flush(&mut out).map_err(Stop::Output)?;
    Ok(failed)
}

/// A value as a list states it: the CRC, and the part count of a composite (`…-N`).
fn stated(text: &str, algo: Algo, width: u32) -> Result<(u128, Option<u64>), String> {
    let (b64, parts) = match text.rsplit_once('-') {
        Some((b64, n)) => {
            let n = s3::parts_arg(n).map_err(|e| format!("`{text}`: {e}"))?;
            if !algo.composite_allowed() {
                return Err(format!(
                    "`{text}` is a composite value; S3 keeps {} only full-object",
                    algo.catalogue_name()
                ));
            }
            (b64, Some(n))
        }
        None => (text, None),
    };
    let crc = base64::decode_crc(b64.as_bytes(), width)?;
    Ok((crc, parts))
}

/// Checks one list's lines; whether it failed.
fn check_list(list: &Path, req: &Request<'_>, opts: &CheckOptions) -> Result<bool, Stop> {
    let stdin = list.as_os_str() == "-";
    let list_name = match stdin {
        true => "standard input".to_owned(),
        false => list.to_string_lossy().into_owned(),
    };
    let mut text = Vec::new();
    let read = match stdin {
        true => input::stdin().and_then(|mut s| s.read_to_end(&mut text)),
        false => std::fs::File::open(list).and_then(|mut f| f.read_to_end(&mut text)),
    };
    if let Err(e) = read {
        eprintln!("crc-gen: {list_name}: {}", input::reason(&e));
        return Ok(true);
    }
    let mut n = Counts::default();
    // The list's first untagged line sets its spacing, as in `sum -c` (`listline::Spacing`).
    let mut spacing = Spacing::default();
    let mut out = io::stdout().lock();
    for (i, line) in text.split(|&b| b == b'\n').enumerate() {
        if line.starts_with(b"#") || line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let (name, algo, want, bytes) = match parse_line(line, &mut spacing, req) {
            Ok(parsed) => parsed,
            Err(why) => {
                n.malformed += 1;
                let why = format!("line {}: {why}", i + 1);
                if opts.warn {
                    eprintln!("crc-gen: {list_name}: improperly formatted S3 line ({why})");
                }
                n.first_malformed.get_or_insert(why);
                continue;
            }
        };
        n.good_lines += 1;
        let shown = String::from_utf8_lossy(&name).into_owned();
        let verdict = match verify(&name, algo, want, bytes, req) {
            Ok(true) => {
                n.verified += 1;
                "OK"
            }
            Ok(false) => {
                n.verified += 1;
                n.mismatched += 1;
                "FAILED"
            }
            Err(e) if opts.ignore_missing && e.kind() == ErrorKind::NotFound => continue,
            Err(e) => {
                n.unreadable += 1;
                eprintln!("crc-gen: {shown}: {}", input::reason(&e));
                "FAILED open or read"
            }
        };
        let quiet = opts.status || (opts.quiet && verdict == "OK");
        if !quiet {
            write(&mut out, &listline::verdict_line(&name, verdict))?;
        }
    }
    Ok(summary(&n, opts, &list_name))
}

/// A list line: the file, its algorithm, the stated CRC and part count, the stated size.
type Parsed = (Vec<u8>, Algo, (u128, Option<u64>), Option<u64>);

/// Parses a line of `sum --format s3` (plain or `--tag`), or a BSD line tagged with S3's
/// names as users paste them (`ChecksumCRC64NVME (f) = …`, `x-amz-checksum-crc32c (f) = …`).
fn parse_line(line: &[u8], spacing: &mut Spacing, req: &Request<'_>) -> Result<Parsed, String> {
    let l = listline::parse(line, spacing)?;
    let algo = match (&l.tag, req.algo) {
        (None, given) => given.unwrap_or(Algo::Crc64Nvme),
        (Some(tag), given) => {
            let named =
                Algo::from_tag(tag).ok_or_else(|| format!("`{tag}` names none of S3's CRCs"))?;
            match given {
                Some(g) if g != named => {
                    return Err(format!("the line is tagged `{tag}`, not {}", g.s3_name()))
                }
                _ => named,
            }
        }
    };
    let width = if algo == Algo::Crc64Nvme { 64 } else { 32 };
    let want = stated(&l.digits, algo, width)?;
    Ok((l.name, algo, want, l.bytes))
}

/// Whether the file holds what the line states.
fn verify(
    name: &[u8],
    algo: Algo,
    (want, parts): (u128, Option<u64>),
    bytes: Option<u64>,
    req: &Request<'_>,
) -> io::Result<bool> {
    let path = listline::path_of(name.to_vec()).map_err(io::Error::other)?;
    let crc = DynCrc::from_catalog(algo.catalogue_name()).expect("a catalogue name");
    let composite = parts.is_some() || req.s3.checksum_type == Some(ChecksumType::Composite);
    let sum: ObjectSum = s3::sum_object(&crc, &path, req.s3.layout(), composite, &req.plan)?;
    if bytes.is_some_and(|b| b != sum.full.bytes) {
        return Ok(false);
    }
    let got = match (&sum.parts, composite) {
        (Some(p), true) => {
            if parts.is_some_and(|n| n != p.len() as u64) {
                let n = parts.unwrap_or_default();
                eprintln!(
                    "crc-gen: {}: the value is of {n} parts, the part layout makes {} (give \
                     --part-size)",
                    String::from_utf8_lossy(name),
                    p.len()
                );
                return Ok(false);
            }
            let value = sum.value(&crc, ChecksumType::Composite);
            let b64 = value.rsplit_once('-').map_or(value.as_str(), |(b, _)| b);
            base64::decode_crc(b64.as_bytes(), crc.model().width()).map_err(io::Error::other)?
        }
        // A single PutObject has no composite value: S3 keeps the full-object one.
        (None, true) if parts.is_some() => return Ok(false),
        _ => sum.full.crc,
    };
    Ok(got == want)
}

/// The closing warnings, as `sum -c` words them; whether the list failed.
fn summary(n: &Counts, opts: &CheckOptions, list_name: &str) -> bool {
    if n.good_lines == 0 {
        let first = n.first_malformed.as_deref().unwrap_or("it is empty");
        eprintln!("crc-gen: {list_name}: no properly formatted S3 checksum lines found ({first})");
        return true;
    }
    check::closing(n, opts, list_name)
}
