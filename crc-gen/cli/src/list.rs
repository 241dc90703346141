//! `crc-gen list`: the catalogue.

use std::process::ExitCode;

use crc_gen::catalogue;

use crate::Format;

#[derive(clap::Args)]
pub struct Args {
    /// Only algorithms of this width.
    #[arg(long, value_name = "W")]
    width: Option<u32>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

pub fn run(args: &Args) -> Result<ExitCode, String> {
    let entries: Vec<_> = catalogue::entries()
        .iter()
        .filter(|e| args.width.is_none_or(|w| e.model.width() == w))
        .collect();
    match args.format {
        Format::Text => {
            for e in &entries {
                let aliases = if e.aliases.is_empty() {
                    String::new()
                } else {
                    format!("  (alias {})", e.aliases.join(", "))
                };
                println!("{:<22} {}{aliases}", e.name(), e.model);
            }
        }
        Format::Json => {
            let list: Vec<_> = entries
                .iter()
                .map(|e| crate::show::model_json(&e.model, &e.aliases))
                .collect();
            println!(
                "{}",
                serde_json::to_string_pretty(&list).map_err(|e| e.to_string())?
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
