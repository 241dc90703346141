//! `crc-gen route`: which kernel `checksum` runs at each input length on this CPU (or under
//! a forced family's routing), as length bands.

use std::process::{Command, ExitCode};

use crcstamp::dynamic::DynCrc;
use crcstamp::Backend;

use crate::model_arg;
use crate::output::{print_out, Format};

/// `--cpu`'s values: the CPU families' routing profiles, as `CRCSTAMP_CPU` takes them
/// (crcstamp's records of them, `crcstamp::cpu_profiles`).
fn cpu_values() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(crcstamp::cpu_profiles().iter().copied())
}

/// Arguments of `crc-gen route`.
#[derive(clap::Args)]
pub struct Args {
    /// Catalogue names or aliases, or RevEng model lines (default: CRC-32/ISO-HDLC,
    /// CRC-32/ISCSI and CRC-64/NVME, one without and one with a CPU instruction, and a
    /// 64-bit one; with --measure the six headline CRCs, those and CRC-32/BZIP2,
    /// CRC-16/T10-DIF and CRC-64/ECMA-182).
    #[arg(value_name = "NAME|MODEL")]
    pub(crate) models: Vec<String>,
    /// Route as this CPU family's profile does (sets `CRCSTAMP_CPU`); the kernels are still
    /// those this CPU has.
    #[arg(long, value_parser = cpu_values())]
    pub(crate) cpu: Option<String>,
    /// Print the families `--cpu` takes, one a line, and nothing else.
    #[arg(long, conflicts_with_all = ["models", "cpu", "measure", "measured"])]
    pub(crate) list_cpus: bool,
    /// Time the plan (plain `checksum`) against every kernel this CPU offers, forced, from
    /// 16 B to 1 MiB and on both sides of each band edge, and mark each length where the
    /// plan is more than 5% slower than the fastest kernel (minutes; with --format json, a
    /// file that names the CPU, to send from a CPU the developers lack).
    #[arg(long)]
    pub(crate) measure: bool,
    /// With --measure: fewer lengths, rounds and shorter samples, under 10 seconds.
    #[arg(long, requires = "measure")]
    pub(crate) quick: bool,
    /// Report a result that `--measure --format json` wrote, on this or another machine.
    #[arg(long, value_name = "FILE.json", conflicts_with_all = ["measure", "models", "cpu"])]
    pub(crate) measured: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub(crate) format: Format,
}

impl Args {
    /// Whether this is `--measure` or `--measured` (`route_measure`), not the bands alone.
    pub fn measures(&self) -> bool {
        self.measure || self.measured.is_some()
    }
}

/// Inputs from `from` to `to` (inclusive; `None`: no limit) take `backend`, with the route
/// plan's choices inside it (`route`: the backend's name and each choice,
/// [`crcstamp::RouteStep`]).
#[derive(Debug, serde::Serialize)]
pub(crate) struct Band {
    pub(crate) from: usize,
    pub(crate) to: Option<usize>,
    pub(crate) backend: &'static str,
    pub(crate) route: String,
    pub(crate) why: String,
}

/// Prints the bands of each model, in a child process with `CRCSTAMP_CPU` set where `--cpu`
/// asks for another family: the engine reads the variable once, at its first use.
pub fn run(args: &Args) -> Result<ExitCode, String> {
    if args.list_cpus {
        print_out(crcstamp::cpu_profiles().join("\n") + "\n")?;
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(done) = rerun_as(args.cpu.as_deref()) {
        return done;
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
        Format::Text => print_out(text(&routes, profile, &how))?,
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

/// The routes as text: per model a heading, then a line per band, in columns as wide as
/// their widest entry.
fn text(routes: &[(String, Vec<Band>)], profile: &str, how: &str) -> String {
    let span = |b: &Band| {
        let to = b.to.map_or(String::from("…"), |to| to.to_string());
        format!("{} ..= {to}", b.from)
    };
    let bands = || routes.iter().flat_map(|(_, bands)| bands);
    let span_width = bands().map(|b| span(b).chars().count()).max().unwrap_or(0);
    let route_width = bands().map(|b| b.route.chars().count()).max().unwrap_or(0);
    let mut text = String::new();
    for (name, bands) in routes {
        text += &format!("{name} on this CPU, {profile} profile ({how}):\n");
        for b in bands {
            let span = span(b);
            text += &format!(
                "  {span:<span_width$}  {:<route_width$}  {}\n",
                b.route, b.why
            );
        }
    }
    text
}

/// Where `cpu` names a family other than the one `CRCSTAMP_CPU` sets, runs this program
/// again under it and returns how that went; `None` where this process routes as asked.
pub(crate) fn rerun_as(cpu: Option<&str>) -> Option<Result<ExitCode, String>> {
    let family = cpu?;
    (std::env::var("CRCSTAMP_CPU").ok().as_deref() != Some(family)).then(|| rerun(family))
}

/// This program again with the same arguments and `CRCSTAMP_CPU=family`.
fn rerun(family: &str) -> Result<ExitCode, String> {
    let exe = std::env::current_exe().map_err(|e| format!("route: cannot find crc-gen: {e}"))?;
    let status = Command::new(exe)
        .args(std::env::args_os().skip(1))
        .env("CRCSTAMP_CPU", family)
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
pub(crate) fn bands(crc: &DynCrc) -> Vec<Band> {
    let bands = crc.route_bands();
    let cpu_folds = Backend::all()
        .iter()
        .any(|b| b.is_folding() && b.is_available());
    let width = crc.model().width();
    bands
        .iter()
        .enumerate()
        .map(|(k, b)| {
            let next = bands.get(k + 1).map(|n| n.step.backend);
            Band {
                from: b.from,
                to: b.to,
                backend: b.step.backend.name(),
                route: b.step.to_string(),
                why: why(b.step.backend, next, cpu_folds, width),
            }
        })
        .collect()
}

/// Why the route takes `backend` where it does, in a few words: `next` is the backend of
/// the band after it (`None` for the last), `cpu_folds` whether this CPU offers a folding
/// kernel, `width` the CRC's.
fn why(backend: Backend, next: Option<Backend>, cpu_folds: bool, width: u32) -> String {
    match backend {
        Backend::HwCrc => {
            "the CPU's CRC instruction, up to where folding or fusion beats it".into()
        }
        Backend::Fusion => {
            "the instruction and folding in one loop, from the family's length".into()
        }
        b if b.is_folding() => {
            "carry-less-multiply folding, the widest the family takes here".into()
        }
        _ => match next {
            Some(next) => format!("tables: too short for {next}"),
            None if !cpu_folds => "tables: no folding kernel is available on this CPU".into(),
            None if width > 64 => "tables: no folding kernel for a CRC wider than 64 bits".into(),
            None => "tables: no folding kernel for this CRC".into(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `--cpu` takes exactly crcstamp's families, in their order: a family added to the
    /// engine's records is a value here with no change to this file.
    #[test]
    fn cpu_takes_the_engines_families() {
        use clap::Args as _;
        let command = Args::augment_args(clap::Command::new("route"));
        let cpu = command
            .get_arguments()
            .find(|a| a.get_id() == "cpu")
            .unwrap();
        let values: Vec<String> = cpu
            .get_possible_values()
            .iter()
            .map(|v| v.get_name().to_string())
            .collect();
        assert_eq!(values, crcstamp::cpu_profiles());
        assert!(values.len() >= 2, "{values:?}");
    }

    /// A table band says which reason holds: a kernel later on, none on the CPU, or none
    /// for the CRC.
    #[test]
    fn a_table_band_says_why() {
        let why = |next, cpu_folds, width| why(Backend::Slice16, next, cpu_folds, width);
        assert_eq!(
            why(Some(Backend::HwCrc), true, 32),
            "tables: too short for hwcrc"
        );
        assert_eq!(
            why(Some(Backend::Pclmul), false, 32),
            "tables: too short for pclmul"
        );
        assert_eq!(
            why(None, false, 32),
            "tables: no folding kernel is available on this CPU"
        );
        assert_eq!(
            why(None, true, 82),
            "tables: no folding kernel for a CRC wider than 64 bits"
        );
        assert_eq!(
            why(None, true, 32),
            "tables: no folding kernel for this CRC"
        );
    }

    /// Every column starts at the same place on every line, however long a route step is.
    #[test]
    fn columns_fit_their_widest_entry() {
        let band = |from, to, route: &str, why: &str| Band {
            from,
            to,
            backend: "",
            route: route.into(),
            why: why.into(),
        };
        let long = "vpclmul512 reduced-by-instruction aligned reads-ahead wide raced";
        let routes = vec![
            (
                "A".to_string(),
                vec![
                    band(0, Some(0), "slice16", "w1"),
                    band(1, Some(123_456_789), long, "w2"),
                ],
            ),
            (
                "B".to_string(),
                vec![band(123_456_790, None, "hwcrc", "w3")],
            ),
        ];
        let text = text(&routes, "p", "assumed");
        let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("  ")).collect();
        assert_eq!(lines.len(), 3, "{text}");
        // In characters: the open end is `…`, three bytes.
        let column = |l: &str, word: &str| l[..l.find(word).unwrap()].chars().count();
        let routes = [column(lines[0], "slice16"), column(lines[1], long)];
        assert_eq!(routes[0], routes[1], "{text}");
        assert_eq!(routes[0], column(lines[2], "hwcrc"), "{text}");
        let whys: Vec<usize> = ["w1", "w2", "w3"]
            .iter()
            .zip(&lines)
            .map(|(w, l)| column(l, w))
            .collect();
        assert!(whys.iter().all(|&w| w == whys[0]), "{text}");
        assert!(
            lines[1][..whys[1]].ends_with(&format!("{long}  ")),
            "{text}"
        );
    }
}
