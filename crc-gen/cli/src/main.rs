//! `crc-gen`: list the CRC catalogue, show every constant crcstamp stamps out for a model,
//! emit the stamped Rust source, checksum files and benchmark the backends.
// Safe Rust throughout: files are read, never memory-mapped (`spec/decisions.md`).
#![forbid(unsafe_code)]

mod bench;
mod check;
mod emit;
mod emit_standalone;
mod input;
mod list;
mod listline;
mod model_arg;
mod outfiles;
mod plot;
mod report;
mod search;
mod show;
mod sum;
mod text;

use std::io::{ErrorKind, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

/// Inspect and generate CRC implementations.
#[derive(Parser)]
#[command(name = "crc-gen", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the catalogue algorithms (name, model, check, residue, aliases).
    List(list::Args),
    /// Show a model and every constant generated for it.
    Show(show::Args),
    /// Write the stamped Rust source for models, as kept in `generated/`.
    Emit(emit::Args),
    /// Recover an unknown CRC's parameters from sample messages and their CRCs.
    Search(search::Args),
    /// Print the CRC and size of files or standard input, or verify a list of them.
    Sum(sum::Args),
    /// Measure every backend this machine has, per algorithm and input size.
    Bench(bench::Args),
}

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

fn main() -> ExitCode {
    let cli = Cli::parse();
    // Once per run: the engine ignores what it does not understand, so say so here.
    for ignored in crcstamp::ignored_overrides() {
        eprintln!("crc-gen: warning: {ignored}");
    }
    let result = match cli.command {
        Command::List(a) => list::run(&a),
        Command::Show(a) => show::run(&a),
        Command::Emit(a) => emit::run(&a),
        Command::Search(a) => search::run(&a),
        Command::Sum(a) => sum::run(&a),
        Command::Bench(a) => bench::run(&a),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("crc-gen: {message}");
            ExitCode::from(2)
        }
    }
}
