//! `crc-gen emit`: the stamped Rust source `generated/` keeps.

use std::path::PathBuf;
use std::process::ExitCode;

use crc_gen::{catalogue, emit, Consts, Model, Slice};

use crate::emit_standalone;
use crate::model_arg;
use crate::print_out;

/// Arguments of `crc-gen emit`.
#[derive(clap::Args)]
pub struct Args {
    /// Catalogue names or RevEng model lines ("width=16 poly=0x1021 ...").
    #[arg(value_name = "NAME|MODEL", required_unless_present = "headline")]
    models: Vec<String>,
    /// Also emit the headline algorithms crcstamp ships in `generated/`.
    #[arg(long)]
    headline: bool,
    /// Write one file per model into DIR (otherwise print to stdout); for --standalone Rust,
    /// DIR or a FILE.
    #[arg(short, long, value_name = "DIR")]
    output: Option<PathBuf>,
    /// Compare with the files in DIR instead of writing; exit 1 if any differs.
    #[arg(long, requires = "output")]
    check: bool,
    #[command(flatten)]
    standalone: emit_standalone::Flags,
}

/// Emits (or, with `--check`, compares) the stamped source of each model.
pub fn run(args: &Args) -> Result<ExitCode, String> {
    if args.standalone.wanted() {
        if args.headline || args.check {
            return Err(
                "--headline and --check are for crcstamp's own source, not --standalone".into(),
            );
        }
        return emit_standalone::run(&args.standalone, &args.models, args.output.as_deref());
    }
    let mut models: Vec<Model> = Vec::new();
    if args.headline {
        for name in catalogue::HEADLINE {
            models.push(
                catalogue::lookup(name)
                    .map_err(|e| e.to_string())?
                    .model
                    .clone(),
            );
        }
    }
    for m in &args.models {
        models.push(model_arg::resolve(m)?);
    }
    let Some(dir) = &args.output else {
        let text: String = models
            .iter()
            .map(|m| emit::file(&Consts::new(m, Slice::fastest(m.word_bits()))))
            .collect();
        print_out(text)?;
        return Ok(ExitCode::SUCCESS);
    };
    let mut stale = Vec::new();
    for m in &models {
        let path = dir.join(emit::file_name(m));
        let fresh = emit::file(&Consts::new(m, Slice::fastest(m.word_bits())));
        if args.check {
            let current = std::fs::read_to_string(&path).unwrap_or_default();
            if current != fresh {
                stale.push(path.display().to_string());
            }
        } else {
            std::fs::write(&path, fresh)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
    }
    if stale.is_empty() {
        Ok(ExitCode::SUCCESS)
    } else {
        eprintln!(
            "crc-gen: out of date (rerun without --check): {}",
            stale.join(", ")
        );
        Ok(ExitCode::FAILURE)
    }
}
