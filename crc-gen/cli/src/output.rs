//! What every command writes to: the output format, and stdout where a closed pipe
//! (`crc-gen show X | head`) is not an error.

use std::io::{ErrorKind, Write};

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

/// Writes `text` to stdout. A closed pipe (`crc-gen show X | head`) is not an error: the
/// reader has what it wanted.
pub fn print_out(text: impl std::fmt::Display) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    match write!(out, "{text}").and_then(|()| out.flush()) {
        Err(e) if e.kind() != ErrorKind::BrokenPipe => Err(format!("cannot write output: {e}")),
        _ => Ok(()),
    }
}

/// Writes one line to `out`; `Ok(false)` when the reader has gone (`| head`).
pub fn write_line(out: &mut impl Write, line: std::fmt::Arguments<'_>) -> Result<bool, String> {
    write_bytes(out, format!("{line}\n").as_bytes())
}

/// Writes `bytes` to `out`; `Ok(false)` when the reader has gone (`| head`).
pub fn write_bytes(out: &mut impl Write, bytes: &[u8]) -> Result<bool, String> {
    match out.write_all(bytes) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(format!("cannot write output: {e}")),
    }
}
