//! `crc-gen show`: a model and every constant generated for it.

use std::process::ExitCode;

use crc_gen::Model;
use serde_json::{json, Value};

use crate::model_arg::ModelFlags;
use crate::Format;

#[derive(clap::Args)]
pub struct Args {
    /// Catalogue name or alias, or a RevEng model line.
    #[arg(value_name = "NAME|MODEL", required_unless_present_any = ["width", "poly"])]
    model: Option<String>,
    #[command(flatten)]
    flags: ModelFlags,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

pub fn run(_args: &Args) -> Result<ExitCode, String> {
    Err("show: not yet written".into())
}

/// The model as JSON; every number a hex string.
pub fn model_json(m: &Model, aliases: &[&str]) -> Value {
    let d = m.width().div_ceil(4) as usize;
    let h = |v: u128| format!("0x{v:0d$x}");
    json!({
        "name": m.name(),
        "aliases": aliases,
        "width": m.width(),
        "poly": h(m.poly()),
        "init": h(m.init()),
        "refin": m.refin(),
        "refout": m.refout(),
        "xorout": h(m.xorout()),
        "check": h(m.check()),
        "residue": h(m.residue()),
    })
}
