//! `crc-gen route`: which kernel `checksum` runs at each input length on this CPU (or under
//! a forced family's routing), as length bands.

use std::process::{Command, ExitCode};

use crcstamp::dynamic::DynCrc;
use crcstamp::Backend;

use crate::model_arg;
use crate::output::{print_out, Format};

/// The CPU families' routing profiles, as `CRCSTAMP_CPU` takes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Family {
    Intel,
    Amd,
    Zen4,
    Generic,
}

impl Family {
    fn name(self) -> &'static str {
        match self {
            Family::Intel => "intel",
            Family::Amd => "amd",
            Family::Zen4 => "zen4",
            Family::Generic => "generic",
        }
    }
}

/// Arguments of `crc-gen route`.
#[derive(clap::Args)]
pub struct Args {
    /// Catalogue names or aliases, or RevEng model lines (default: CRC-32/ISO-HDLC,
    /// CRC-32/ISCSI and CRC-64/NVME, one without and one with a CPU instruction, and a
    /// 64-bit one).
    #[arg(value_name = "NAME|MODEL")]
    models: Vec<String>,
    /// Route as this CPU family's profile does (sets `CRCSTAMP_CPU`); the kernels are still
    /// those this CPU has.
    #[arg(long, value_enum)]
    cpu: Option<Family>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// Inputs from `from` to `to` (inclusive; `None`: no limit) take `backend`, with the route
/// plan's choices inside it (`route`: the backend's name and each choice,
/// [`crcstamp::RouteStep`]).
#[derive(Debug, serde::Serialize)]
struct Band {
    from: usize,
    to: Option<usize>,
    backend: &'static str,
    route: String,
    why: &'static str,
}

/// Prints the bands of each model, in a child process with `CRCSTAMP_CPU` set where `--cpu`
/// asks for another family: the engine reads the variable once, at its first use.
pub fn run(args: &Args) -> Result<ExitCode, String> {
    if let Some(family) = args.cpu {
        if std::env::var("CRCSTAMP_CPU").ok().as_deref() != Some(family.name()) {
            return rerun(family);
        }
    }
    let names: Vec<String> = match args.models.is_empty() {
        true => ["CRC-32/ISO-HDLC", "CRC-32/ISCSI", "CRC-64/NVME"]
            .map(String::from)
            .into(),
        false => args.models.clone(),
    };
    let mut routes = Vec::new();
    for arg in &names {
        let model = model_arg::resolve(arg)?;
        let crc = DynCrc::from_model(&model);
        routes.push((model.name().unwrap_or(arg).to_string(), bands(&crc)));
    }
    let profile = crcstamp::cpu_profile();
    let measured = crcstamp::cpu_profile_measured_on();
    let how = measured.map_or(
        "assumed: no measured profile matches this CPU".into(),
        |cpu| format!("measured on {cpu}"),
    );
    match args.format {
        Format::Text => {
            let mut text = String::new();
            for (name, bands) in &routes {
                text += &format!("{name} on this CPU, {profile} profile ({how}):\n");
                for b in bands {
                    let to = b.to.map_or(String::from("…"), |to| to.to_string());
                    let span = format!("{} ..= {to}", b.from);
                    text += &format!("  {span:<22} {:<40} {}\n", b.route, b.why);
                }
            }
            print_out(text)?;
        }
        Format::Json => {
            let routes: Vec<_> = routes
                .iter()
                .map(|(name, bands)| serde_json::json!({ "name": name, "bands": bands }))
                .collect();
            let json = serde_json::json!({ "cpu_profile": profile, "measured_on": measured, "routes": routes });
            let json = serde_json::to_string_pretty(&json).map_err(|e| e.to_string())?;
            print_out(format_args!("{json}\n"))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// This program again with the same arguments and `CRCSTAMP_CPU=family`.
fn rerun(family: Family) -> Result<ExitCode, String> {
    let exe = std::env::current_exe().map_err(|e| format!("route: cannot find crc-gen: {e}"))?;
    let status = Command::new(exe)
        .args(std::env::args_os().skip(1))
        .env("CRCSTAMP_CPU", family.name())
        .status()
        .map_err(|e| format!("route: cannot run crc-gen: {e}"))?;
    Ok(match status.code() {
        Some(0) => ExitCode::SUCCESS,
        Some(code) => ExitCode::from(u8::try_from(code).unwrap_or(1)),
        None => ExitCode::FAILURE,
    })
}

/// The lengths each route step (a backend and the plan's choices in it) runs, merged into
/// bands (`DynCrc::route_bands`, the engine's scan).
fn bands(crc: &DynCrc) -> Vec<Band> {
    let bands = crc.route_bands().into_iter();
    bands
        .map(|b| Band {
            from: b.from,
            to: b.to,
            backend: b.step.backend.name(),
            route: b.step.to_string(),
            why: why(b.step.backend),
        })
        .collect()
}

/// Why the route takes `backend` where it does, in a few words.
fn why(backend: Backend) -> &'static str {
    match backend {
        Backend::HwCrc => "the CPU's CRC instruction, up to where folding or fusion beats it",
        Backend::Fusion => "the instruction and folding in one loop, from the family's length",
        b if b.is_folding() => "carry-less-multiply folding, the widest the family takes here",
        _ => "tables: too short to fold, or no folding kernel for this CRC on this CPU",
    }
}
