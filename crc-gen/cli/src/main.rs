//! `crc-gen`: list the CRC catalogue, show every constant crcstamp stamps out for a model,
//! emit the stamped Rust source, checksum files and benchmark the backends.
// Safe Rust throughout: files are read, never memory-mapped (`spec/decisions.md`).
#![forbid(unsafe_code)]

mod base64;
mod bench;
mod check;
mod cpu_info;
mod emit;
mod emit_standalone;
mod input;
mod list;
mod listline;
mod model_arg;
mod outfiles;
mod output;
mod plot;
mod report;
mod route;
mod route_measure;
mod route_report;
mod s3;
mod s3_sum;
mod search;
mod show;
mod size_arg;
mod sum;
mod text;
mod timing;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

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
    /// Write the stamped Rust source for models (as kept in `generated/`), or standalone
    /// Rust or C (`--standalone`, `--lang c`).
    Emit(emit::Args),
    /// Which kernel runs at each input length on this CPU, or under a family's routing; with
    /// --measure, how it compares with the fastest kernel at each length.
    Route(route::Args),
    /// Recover an unknown CRC's parameters from sample messages and their CRCs.
    Search(search::Args),
    /// Print the CRC and size of files or standard input, or verify a list of them.
    Sum(sum::Args),
    /// Measure every backend this machine has, per algorithm and input size.
    Bench(bench::Args),
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
        Command::Route(a) if a.measures() => route_measure::run(&a),
        Command::Route(a) => route::run(&a),
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
