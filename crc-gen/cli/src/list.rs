//! `crc-gen list`: the catalogue.

use std::process::ExitCode;

use crc_gen::catalogue;

use crate::output::{print_out, Format};
use crate::report::ModelReport;

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

/// Prints the catalogue, optionally only one width, as text or JSON. A width outside
/// 1..=128 is an error (exit 2); a width no catalogue algorithm has says so (exit 1).
pub fn run(args: &Args) -> Result<ExitCode, String> {
    let entries: Vec<_> = catalogue::entries()
        .iter()
        .filter(|e| args.width.is_none_or(|w| e.model.width() == w))
        .collect();
    if let (Some(width), true) = (args.width, entries.is_empty()) {
        if !(1..=128).contains(&width) {
            return Err(crc_gen::ModelError::Width(width).to_string());
        }
        let mut widths: Vec<u32> = catalogue::entries()
            .iter()
            .map(|e| e.model.width())
            .collect();
        widths.sort_unstable();
        widths.dedup();
        let widths: Vec<String> = widths.iter().map(u32::to_string).collect();
        eprintln!(
            "crc-gen: no catalogue algorithm has width {width} (the catalogue's widths: {})",
            widths.join(", ")
        );
        return Ok(ExitCode::FAILURE);
    }
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
