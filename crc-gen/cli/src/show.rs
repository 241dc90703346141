//! `crc-gen show`: a model and every constant generated for it.

use std::process::ExitCode;

use crc_gen::{DerivedConsts, Slice};

use crate::model_arg::{self, ModelFlags, Resolved};
use crate::output::{print_out, Format};
use crate::report::Report;

/// Arguments of `crc-gen show`.
#[derive(clap::Args)]
pub struct Args {
    /// Catalogue name or alias, or a RevEng model line.
    #[arg(
        value_name = "NAME|MODEL",
        required_unless_present_any = ["algorithm", "width", "poly"],
        conflicts_with_all = ["algorithm", "width", "poly", "init", "refin", "refout", "xorout"],
    )]
    model: Option<String>,
    /// The same as the positional NAME|MODEL, spelled as `sum` takes it.
    #[arg(
        short = 'a',
        long = "algorithm",
        value_name = "NAME",
        conflicts_with_all = ["width", "poly", "init", "refin", "refout", "xorout"],
    )]
    algorithm: Option<String>,
    #[command(flatten)]
    flags: ModelFlags,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// Prints the report for the model named by a positional argument or by flags.
pub fn run(args: &Args) -> Result<ExitCode, String> {
    let Resolved { model, entry } = match args.model.as_ref().or(args.algorithm.as_ref()) {
        Some(arg) => model_arg::resolve_entry(arg)?,
        None if args.flags.given() => Resolved {
            model: args.flags.model()?,
            entry: None,
        },
        None => return Err("show: name a model (NAME, MODEL line or --width/--poly)".into()),
    };
    let report = Report::new(
        &DerivedConsts::new(&model, Slice::fastest(model.word_bits())),
        entry,
    );
    match args.format {
        Format::Text => print_out(report)?,
        Format::Json => {
            let json = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
            print_out(format_args!("{json}\n"))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
