//! `crc-gen list`: the catalogue.

use std::process::ExitCode;

use crc_gen::catalogue;

use crate::report::ModelReport;
use crate::{print_out, Format};

/// Arguments of `crc-gen list`.
#[derive(clap::Args)]
pub struct Args {
    /// Only algorithms of this width.
    #[arg(long, value_name = "W")]
    width: Option<u32>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// Prints the catalogue, optionally only one width, as text or JSON.
pub fn run(args: &Args) -> Result<ExitCode, String> {
    let entries: Vec<_> = catalogue::entries()
        .iter()
        .filter(|e| args.width.is_none_or(|w| e.model.width() == w))
        .collect();
    let text = match args.format {
        Format::Text => {
            let mut text = String::new();
            for e in &entries {
                let aliases = if e.aliases.is_empty() {
                    String::new()
                } else {
                    format!("  (alias {})", e.aliases.join(", "))
                };
                text += &format!("{:<22} {}{aliases}\n", e.name(), e.model);
            }
            text
        }
        Format::Json => {
            let list: Vec<_> = entries
                .iter()
                .map(|e| ModelReport::new(&e.model, Some(e)))
                .collect();
            serde_json::to_string_pretty(&list).map_err(|e| e.to_string())? + "\n"
        }
    };
    print_out(text)?;
    Ok(ExitCode::SUCCESS)
}
