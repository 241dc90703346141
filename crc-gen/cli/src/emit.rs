//! `crc-gen emit`: the stamped Rust source `generated/` keeps, or standalone Rust or C
//! (`emit_standalone`).
//!
//! Every model is resolved and every output named before anything is written: two models
//! that would share a struct name or a file are refused, naming both, and `-o DIR` then
//! writes all files or none, or with `--check` compares them (`outfiles`), in every mode.

use std::path::PathBuf;
use std::process::ExitCode;

use crc_gen::{catalogue, emit, DerivedConsts, Model, Slice};

use crate::emit_standalone;
use crate::model_arg;
use crate::outfiles::{self, OutFile};
use crate::output::print_out;

/// Arguments of `crc-gen emit`.
#[derive(clap::Args)]
pub struct Args {
    /// Catalogue names or RevEng model lines ("width=16 poly=0x1021 ...").
    #[arg(value_name = "NAME|MODEL", required_unless_present = "headline")]
    models: Vec<String>,
    /// Also emit the headline algorithms crcstamp ships in `generated/`.
    #[arg(long)]
    headline: bool,
    /// Write the files into the directory DIR, created if missing, instead of printing
    /// them: per model, one .rs file, or P.h and P.c for --lang c.
    #[arg(short, long, value_name = "DIR")]
    output: Option<PathBuf>,
    /// Compare with the files in DIR instead of writing; exit 1 if any is missing or differs.
    #[arg(long, requires = "output")]
    check: bool,
    #[command(flatten)]
    standalone: emit_standalone::Flags,
}

/// A model to emit and the argument that named it (for messages).
struct Named {
    arg: String,
    model: Model,
}

/// The models the arguments name, in order, each once (a model named twice, by name and
/// alias say, is the same output).
fn models(args: &Args) -> Result<Vec<Named>, String> {
    let mut named: Vec<Named> = Vec::new();
    let headline: &[&str] = if args.headline {
        &catalogue::HEADLINE
    } else {
        &[]
    };
    for arg in headline
        .iter()
        .copied()
        .chain(args.models.iter().map(String::as_str))
    {
        let model = model_arg::resolve(arg)?;
        if !named.iter().any(|n| n.model == model) {
            named.push(Named {
                arg: arg.to_owned(),
                model,
            });
        }
    }
    Ok(named)
}

/// One file per model, named by `emit::file_name`; an error names the two models that
/// would share a struct or a file.
fn outputs(named: &[Named]) -> Result<Vec<OutFile>, String> {
    let mut files: Vec<OutFile> = Vec::with_capacity(named.len());
    let mut types: Vec<String> = Vec::with_capacity(named.len());
    for (i, n) in named.iter().enumerate() {
        let ty = n.model.type_name().unwrap_or_else(|| "Crc".into());
        let name = emit::file_name(&n.model);
        let clash = (0..i).find(|&j| types[j] == ty || files[j].name == name);
        if let Some(j) = clash {
            return Err(format!(
                "`{}` and `{}` would both be written as struct {ty} in {name}; \
                 give one a name=\"...\" of its own",
                named[j].arg, n.arg
            ));
        }
        types.push(ty);
        let m = &n.model;
        files.push(OutFile {
            name,
            contents: emit::file(&DerivedConsts::new(m, Slice::fastest(m.word_bits()))),
        });
    }
    Ok(files)
}

/// Emits (or, with `--check`, compares) the stamped or standalone source of each model.
pub fn run(args: &Args) -> Result<ExitCode, String> {
    let named = models(args)?;
    let files = if args.standalone.wanted() {
        let models: Vec<(&str, &Model)> = named.iter().map(|n| (&*n.arg, &n.model)).collect();
        emit_standalone::outputs(&args.standalone, &models, args.output.is_none())?
    } else {
        outputs(&named)?
    };
    let Some(dir) = &args.output else {
        let text: String = files.into_iter().map(|f| f.contents).collect();
        print_out(text)?;
        return Ok(ExitCode::SUCCESS);
    };
    if !args.check {
        outfiles::write_all(dir, &files)?;
        return Ok(ExitCode::SUCCESS);
    }
    let stale = outfiles::compare(dir, &files)?;
    if stale.is_empty() {
        return Ok(ExitCode::SUCCESS);
    }
    eprintln!(
        "crc-gen: {} (rerun without --check to write them)",
        outfiles::describe(&stale)
    );
    Ok(ExitCode::FAILURE)
}
