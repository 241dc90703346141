//! `crc-gen route --measure`: times the plan (plain `checksum`) against every kernel this
//! CPU offers, each forced (`checksum_with`), on a grid of lengths and on both sides of each
//! edge of the plan's bands (`route::bands`, what `crc-gen route` prints), the way `bench`
//! times (`timing`); `--measured` reports a result read back from its JSON.

use std::collections::BTreeSet;
use std::hint::black_box;
use std::process::ExitCode;
use std::time::Duration;

use crcstamp::{Availability, Backend, DynCrc};

use crate::cpu_info::CpuInfo;
use crate::model_arg;
use crate::output::{print_out, Format};
use crate::route::{self, Args, Band};
use crate::route_report::{BandRow, LengthResult, Measurement, ModelResult};
use crate::timing::{self, test_data, Settings};

/// The CRCs measured when none is named: those of `benches/calls.rs`.
const HEADLINE: [&str; 6] = [
    "CRC-32/ISO-HDLC",
    "CRC-32/ISCSI",
    "CRC-32/BZIP2",
    "CRC-16/T10-DIF",
    "CRC-64/NVME",
    "CRC-64/ECMA-182",
];

/// The grid's ends: 16 B to 1 MiB. Band edges past it are not measured (every threshold of
/// the plan lies below, `route::SCANNED`).
const SHORTEST: usize = 16;
const LONGEST: usize = 1 << 20;

/// Measures (or reads back) and prints.
pub fn run(args: &Args) -> Result<ExitCode, String> {
    let measurement = match &args.measured {
        Some(path) => Measurement::read(path)?,
        None => {
            if let Some(done) = route::rerun_as(args.cpu.as_deref()) {
                return done;
            }
            measure(&args.models, args.quick)?
        }
    };
    match args.format {
        Format::Text => print_out(measurement.text())?,
        Format::Json => {
            let json = serde_json::to_string_pretty(&measurement).map_err(|e| e.to_string())?;
            print_out(format_args!("{json}\n"))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Times every model named (the headline CRCs where none is).
fn measure(names: &[String], quick: bool) -> Result<Measurement, String> {
    let names: Vec<String> = match names.is_empty() {
        true => HEADLINE.map(String::from).into(),
        false => names.to_vec(),
    };
    let mut crcs = Vec::new();
    for arg in &names {
        let model = model_arg::resolve(arg)?;
        let name = model.name().unwrap_or(arg).to_string();
        crcs.push((name, DynCrc::from_model(&model)));
    }
    let settings = match quick {
        true => Settings {
            rounds: 7,
            sample: Duration::from_micros(500),
        },
        false => Settings {
            rounds: 11,
            sample: Duration::from_millis(10),
        },
    };
    let mut models = Vec::new();
    for (name, crc) in &crcs {
        models.push(measure_model(name, crc, quick, &settings)?);
    }
    let backends = |want: Availability| {
        Backend::all()
            .iter()
            .filter(|b| b.availability() == want)
            .map(|b| b.name().to_string())
            .collect()
    };
    let mut m = Measurement {
        tool: format!("crc-gen {} route --measure", env!("CARGO_PKG_VERSION")),
        cpu: CpuInfo::here(),
        cpu_profile: crcstamp::cpu_profile().into(),
        available: backends(Availability::Available),
        failed_self_test: backends(Availability::FailedSelfTest),
        quick,
        rounds: settings.rounds,
        sample_ms: settings.sample.as_secs_f64() * 1e3,
        models,
        summary: Default::default(),
    };
    m.judge()?;
    Ok(m)
}

/// One model's bands and its timings at every length of [`lengths`].
fn measure_model(
    name: &str,
    crc: &DynCrc,
    quick: bool,
    settings: &Settings,
) -> Result<ModelResult, String> {
    let bands = route::bands(crc);
    let kernels: Vec<Backend> = Backend::all()
        .iter()
        .copied()
        .filter(|&b| b != Backend::Bitwise && crc.supports(b))
        .collect();
    let mut results = Vec::new();
    for length in lengths(&bands, quick) {
        let data = test_data(length);
        let want = crc.checksum(&data);
        for &b in &kernels {
            if crc.checksum_with(b, &data) != Some(want) {
                return Err(format!(
                    "route: {} disagrees with the plan on {name} at {length} bytes (a bug: \
                     please report it)",
                    b.name()
                ));
            }
        }
        // Implementation 0 is the plan; k > 0 the kernel k - 1, forced.
        let ns = timing::ns_per_byte(kernels.len() + 1, length, settings, |k| match k {
            0 => crc.checksum(black_box(&data)),
            k => crc
                .checksum_with(kernels[k - 1], black_box(&data))
                .unwrap_or(u128::MAX),
        });
        results.push(LengthResult {
            length,
            plan: crc.route_for(length).to_string(),
            plan_ns_per_byte: ns[0],
            ns_per_byte: kernels
                .iter()
                .zip(&ns[1..])
                .map(|(b, &ns)| (b.name().to_string(), ns))
                .collect(),
            verdict: Default::default(),
        });
    }
    Ok(ModelResult {
        name: name.to_string(),
        bands: bands
            .into_iter()
            .map(|b| BandRow {
                from: b.from,
                to: b.to,
                route: b.route,
            })
            .collect(),
        lengths: results,
    })
}

/// The lengths measured: the grid (16 B to 1 MiB, two points an octave, `x` and `1.5x`;
/// with `quick` one every two octaves) and both sides of each band edge within 1 B to 1 MiB,
/// in order.
fn lengths(bands: &[Band], quick: bool) -> Vec<usize> {
    let grid = (0..)
        .map(|k| SHORTEST << k)
        .take_while(|&x| x <= LONGEST)
        .flat_map(|x| [x, x + x / 2]);
    let grid: Vec<usize> = match quick {
        true => grid.step_by(4).collect(),
        false => grid.collect(),
    };
    let edges = bands.iter().skip(1).flat_map(|b| [b.from - 1, b.from]);
    grid.into_iter()
        .filter(|&x| x <= LONGEST)
        .chain(edges.filter(|&x| (1..=LONGEST).contains(&x)))
        .collect::<BTreeSet<usize>>()
        .into_iter()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn band(from: usize) -> Band {
        Band {
            from,
            to: None,
            backend: "",
            route: String::new(),
            why: String::new(),
        }
    }

    #[test]
    fn the_grid_and_both_sides_of_each_edge() {
        let bands = [band(0), band(1), band(17), band(1024), band(1 << 21)];
        let full = lengths(&bands, false);
        assert_eq!(full[..6], [1, 16, 17, 24, 32, 48]);
        assert!(full.contains(&1023) && full.contains(&1024) && full.contains(&1536));
        assert_eq!(*full.last().unwrap(), 1 << 20);
        assert_eq!(full.len(), 2 * 17 - 1 + 3);
        assert!(full.windows(2).all(|w| w[0] < w[1]));
        let quick = lengths(&bands, true);
        let want = [
            1,
            16,
            17,
            64,
            256,
            1023,
            1024,
            4096,
            16384,
            65536,
            262144,
            1 << 20,
        ];
        assert_eq!(quick, want);
    }
}
