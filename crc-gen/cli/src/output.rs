//! What every command writes to: the output format, and stdout where a closed pipe
//! (`crc-gen show X | head`) is not an error.

use std::io::{self, ErrorKind, Write};
use std::process::ExitCode;

use clap::ValueEnum;

/// Output format of `list`, `show`, `sum` and `bench`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Aligned text for people.
    #[default]
    Text,
    /// One JSON document for programs; CRC values as "0x..." hex strings.
    Json,
}

/// Standard output failed for a reason other than a closed pipe (a full disk, `/dev/full`).
#[derive(Debug)]
pub struct OutputError(io::Error);

impl OutputError {
    /// Says so on stderr, as coreutils does (`write error: No space left on device`), and
    /// gives the exit status coreutils gives it: 1.
    pub fn report(&self) -> ExitCode {
        eprintln!("crc-gen: {self}");
        ExitCode::FAILURE
    }
}

impl std::fmt::Display for OutputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let e = self.0.to_string();
        let reason = e.find(" (os error ").map_or(e.as_str(), |i| &e[..i]);
        write!(f, "write error: {reason}")
    }
}

impl From<OutputError> for String {
    fn from(e: OutputError) -> String {
        e.to_string()
    }
}

/// Writes `text` to stdout. A closed pipe (`crc-gen show X | head`) is not an error: the
/// reader has what it wanted.
pub fn print_out(text: impl std::fmt::Display) -> Result<(), OutputError> {
    let mut out = io::stdout().lock();
    match write!(out, "{text}").and_then(|()| out.flush()) {
        Err(e) if e.kind() != ErrorKind::BrokenPipe => Err(OutputError(e)),
        _ => Ok(()),
    }
}

/// Writes one line to `out`; `Ok(false)` when the reader has gone (`| head`).
pub fn write_line(
    out: &mut impl Write,
    line: std::fmt::Arguments<'_>,
) -> Result<bool, OutputError> {
    write_bytes(out, format!("{line}\n").as_bytes())
}

/// Writes `bytes` to `out`; `Ok(false)` when the reader has gone (`| head`).
pub fn write_bytes(out: &mut impl Write, bytes: &[u8]) -> Result<bool, OutputError> {
    match out.write_all(bytes) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(OutputError(e)),
    }
}

/// Flushes `out`: what `write_bytes` left buffered (a line ended by NUL, not newline).
pub fn flush(out: &mut impl Write) -> Result<bool, OutputError> {
    match out.flush() {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(OutputError(e)),
    }
}
