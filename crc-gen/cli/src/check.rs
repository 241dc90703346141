//! `crc-gen sum --check LIST`: verifies the lines `sum` printed, as `sha256sum -c` does.

use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crcstamp::DynCrc;
use serde::Serialize;

use crate::input::{self, Plan};
use crate::sum::{escape, hex_digits, sum_input, write_line};
use crate::{print_out, Format};

/// One line of a list: `<crc hex>  <bytes>  <name>`.
#[derive(Debug, PartialEq, Eq)]
struct Line {
    crc: u128,
    bytes: u64,
    name: String,
}

/// Parses one line of a list for a model of `width` bits; the error says what is wrong.
fn parse(line: &str, width: u32) -> Result<Line, String> {
    let (escaped, line) = match line.strip_prefix('\\') {
        Some(rest) => (true, rest),
        None => (false, line),
    };
    let (crc, rest) = line
        .split_once("  ")
        .ok_or("malformed line, expected `<crc hex>  <bytes>  <name>`")?;
    let (bytes, name) = rest
        .split_once("  ")
        .ok_or("malformed line, expected `<crc hex>  <bytes>  <name>`")?;
    if name.is_empty() {
        return Err("no file name".into());
    }
    let digits = hex_digits(width);
    if crc.is_empty() || !crc.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(format!("`{crc}` is not a hex CRC"));
    }
    if crc.len() != digits {
        return Err(format!(
            "the CRC `{crc}` has {} hex digits, a {width}-bit CRC has {digits} \
             (was the list made with another algorithm?)",
            crc.len()
        ));
    }
    let crc = u128::from_str_radix(crc, 16).map_err(|e| e.to_string())?;
    let bytes = bytes
        .parse()
        .map_err(|_| format!("the size `{bytes}` is not a number of bytes"))?;
    let name = if escaped {
        unescape(name)?
    } else {
        name.to_owned()
    };
    Ok(Line { crc, bytes, name })
}

/// Undoes `sum`'s escaping of `\\`, `\n` and `\r`.
fn unescape(name: &str) -> Result<String, String> {
    let mut out = String::with_capacity(name.len());
    let mut chars = name.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('\\') => out.push('\\'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            _ => return Err("bad escape in the file name".into()),
        }
    }
    Ok(out)
}

/// `--check --format json`: one entry per well-formed line.
#[derive(Serialize)]
struct CheckReport {
    name: String,
    /// `ok`, `failed` (CRC or size differ) or `unreadable`.
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// Reads the list at `list` (`-`: standard input) and checks each line.
pub fn run(crc: &DynCrc, list: &Path, plan: &Plan, format: Format) -> Result<ExitCode, String> {
    let list_name = list.to_string_lossy();
    let mut text = String::new();
    let read = if list.as_os_str() == "-" {
        io::stdin().lock().read_to_string(&mut text)
    } else {
        std::fs::File::open(list).and_then(|mut f| f.read_to_string(&mut text))
    };
    read.map_err(|e| format!("{list_name}: {}", input::reason(&e)))?;

    let width = crc.model().width();
    let (mut malformed, mut unreadable, mut mismatched, mut good_lines) = (0, 0, 0, 0);
    let mut reports = Vec::new();
    let mut out = io::stdout().lock();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let line = match parse(line, width) {
            Ok(l) => l,
            Err(why) => {
                eprintln!("crc-gen: {list_name}:{}: {why}", n + 1);
                malformed += 1;
                continue;
            }
        };
        good_lines += 1;
        let (status, error) = match sum_input(crc, &PathBuf::from(&line.name), plan) {
            Ok(s) if s.crc == line.crc && s.bytes == line.bytes => ("ok", None),
            Ok(_) => {
                mismatched += 1;
                ("failed", None)
            }
            Err(e) => {
                unreadable += 1;
                let reason = input::reason(&e);
                eprintln!("crc-gen: {}: {reason}", line.name);
                ("unreadable", Some(reason))
            }
        };
        match format {
            Format::Text => {
                let verdict = match status {
                    "ok" => "OK",
                    "failed" => "FAILED",
                    _ => "FAILED open or read",
                };
                let (prefix, name) = escape(&line.name);
                if !write_line(&mut out, format_args!("{prefix}{name}: {verdict}"))? {
                    return Ok(exit_status(mismatched + unreadable + malformed));
                }
            }
            Format::Json => reports.push(CheckReport {
                name: line.name,
                status,
                error,
            }),
        }
    }
    drop(out);
    if format == Format::Json {
        let json = serde_json::to_string_pretty(&reports).map_err(|e| e.to_string())?;
        print_out(format_args!("{json}\n"))?;
    }
    let plural =
        |k: usize, one: &str, many: &str| format!("{k} {}", if k == 1 { one } else { many });
    if good_lines == 0 {
        eprintln!("crc-gen: {list_name}: no properly formatted checksum lines found");
        return Ok(ExitCode::FAILURE);
    }
    if malformed > 0 {
        let what = plural(malformed, "line is", "lines are");
        eprintln!("crc-gen: WARNING: {what} improperly formatted");
    }
    if unreadable > 0 {
        let what = plural(unreadable, "listed file", "listed files");
        eprintln!("crc-gen: WARNING: {what} could not be read");
    }
    if mismatched > 0 {
        let what = plural(mismatched, "computed checksum", "computed checksums");
        eprintln!("crc-gen: WARNING: {what} did NOT match");
    }
    Ok(exit_status(mismatched + unreadable + malformed))
}

/// `FAILURE` when `failures > 0`, else `SUCCESS`.
fn exit_status(failures: usize) -> ExitCode {
    if failures > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_what_sum_prints() {
        let l = parse("cbf43926  9  a b  c", 32).unwrap();
        assert_eq!(
            l,
            Line {
                crc: 0xcbf43926,
                bytes: 9,
                name: "a b  c".into()
            }
        );
        let l = parse("\\0001  0  new\\nline\\\\", 16).unwrap();
        assert_eq!(l.name, "new\nline\\");
        assert!(parse("cbf43926 9 x", 32).is_err());
        assert!(parse("cbf4392  9  x", 32)
            .unwrap_err()
            .contains("7 hex digits"));
        assert!(parse("cbf4392g  9  x", 32)
            .unwrap_err()
            .contains("not a hex"));
        assert!(parse("cbf43926  -1  x", 32).unwrap_err().contains("size"));
        assert!(parse("cbf43926  9  ", 32).is_err());
    }
}
