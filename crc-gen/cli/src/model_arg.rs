//! Naming a model on the command line: a catalogue name, a RevEng model line, or flags.

use clap::Args as ClapArgs;
use crc_gen::{catalogue, Model, ModelError, ModelSpec};

/// The algorithm `sum` uses when none is named: the CRC-32 of zip, gzip, PNG and Ethernet.
pub const DEFAULT_ALGORITHM: &str = "CRC-32/ISO-HDLC";

/// Resolves a positional model argument: a catalogue name or alias (any case), or a RevEng
/// line such as `"width=16 poly=0x1021 init=0xffff"`.
pub fn resolve(arg: &str) -> Result<Model, String> {
    resolve_entry(arg).map(|r| r.model)
}

/// A model named on the command line, with its catalogue entry when it was named by one.
pub struct Resolved {
    /// The validated model.
    pub model: Model,
    /// The catalogue entry, when the argument was a catalogue name or alias.
    pub entry: Option<&'static catalogue::Entry>,
}

/// Like [`resolve`], keeping the catalogue entry (aliases, catalogue residue).
pub fn resolve_entry(arg: &str) -> Result<Resolved, String> {
    if arg.contains('=') {
        let spec: ModelSpec = arg.parse().map_err(|e: ModelError| e.to_string())?;
        let model = spec.build().map_err(|e| e.to_string())?;
        Ok(Resolved { model, entry: None })
    } else {
        let entry = catalogue::lookup(arg).map_err(|e| e.to_string())?;
        Ok(Resolved {
            model: entry.model.clone(),
            entry: Some(entry),
        })
    }
}

/// `--width W --poly P [--init I --refin B --refout B --xorout X]`.
#[derive(ClapArgs, Debug, Default)]
pub struct ModelFlags {
    /// Width in bits, 1..=128.
    #[arg(long, value_name = "W")]
    pub width: Option<u32>,
    /// Generator polynomial without the x^width term, msb-first, in hex (0x optional).
    #[arg(long, value_name = "P", value_parser = hex)]
    pub poly: Option<u128>,
    /// Initial register, hex.
    #[arg(long, value_name = "I", value_parser = hex, default_value = "0")]
    pub init: u128,
    /// Reflect input bytes (true or false) [default: false; with --refout true, give it too].
    #[arg(long, value_name = "B", action = clap::ArgAction::Set)]
    pub refin: Option<bool>,
    /// Reflect the result (true or false) [default: false; with --refin true, give it too].
    #[arg(long, value_name = "B", action = clap::ArgAction::Set)]
    pub refout: Option<bool>,
    /// XORed into the result, hex.
    #[arg(long, value_name = "X", value_parser = hex, default_value = "0")]
    pub xorout: u128,
}

impl ModelFlags {
    /// Whether any flag that defines a model was given.
    pub fn given(&self) -> bool {
        self.width.is_some() || self.poly.is_some()
    }

    /// The model the flags describe.
    pub fn model(&self) -> Result<Model, String> {
        let width = self.width.ok_or("--width is required with --poly")?;
        let poly = self.poly.ok_or("--poly is required with --width")?;
        ModelSpec {
            width,
            poly,
            init: self.init,
            refin: self.refin,
            refout: self.refout,
            xorout: self.xorout,
            ..ModelSpec::default()
        }
        .build()
        .map_err(|e| flag_message(&e))
    }
}

/// A model error as the flags were written: `--refin true`, not the attribute's `refin = true`.
fn flag_message(e: &ModelError) -> String {
    match e {
        ModelError::LoneReflection { given, missing } => format!(
            "--{given} true without --{missing}: add --{missing} true, or --{missing} false for a crossed model"
        ),
        other => other.to_string(),
    }
}

/// Parses a hex number, with or without `0x`.
pub fn hex(s: &str) -> Result<u128, String> {
    let digits = s
        .strip_prefix("0x")
        .or_else(|| s.strip_prefix("0X"))
        .unwrap_or(s)
        .replace('_', "");
    u128::from_str_radix(&digits, 16)
        .map_err(|_| format!("`{s}` is not a hex number of at most 128 bits"))
}

/// `-a NAME` or the model flags: how `sum` names its one model (its help names `sum`'s
/// default algorithm).
#[derive(ClapArgs, Debug, Default)]
pub struct ModelChoice {
    /// The model by name or line; the help text names `sum`'s default.
    #[arg(
        short = 'a',
        long = "algorithm",
        value_name = "NAME",
        help = format!(
            "Catalogue name or alias (any case), or a RevEng model line [default: {}]",
            DEFAULT_ALGORITHM
        ),
        conflicts_with_all = ["width", "poly", "init", "refin", "refout", "xorout"],
    )]
    pub algorithm: Option<String>,
    #[command(flatten)]
    pub flags: ModelFlags,
}

impl ModelChoice {
    /// The model named by `-a` or by the flags, else the catalogue algorithm `default`.
    pub fn resolve_or(&self, default: &str) -> Result<Resolved, String> {
        match &self.algorithm {
            Some(name) => resolve_entry(name),
            None if self.flags.given() => Ok(Resolved {
                model: self.flags.model()?,
                entry: None,
            }),
            None => resolve_entry(default),
        }
    }
}
