//! The route plan pinned: for a synthetic CPU of each family, every length band of five
//! headline CRCs, with the kernel and every choice the plan makes inside it (`bands::bands`,
//! the scan of the steps the hot path runs, as `Consts::route_bands` and `crc-gen route`
//! give them on this CPU), compared with
//! `spec/route-plan-<arch>.txt`. A change to any threshold or choice of `plan` shows there as
//! one diff; `CRCSTAMP_BLESS=1 cargo test -p crcstamp --lib golden` rewrites the file to
//! review and commit. The list of CPUs follows the family records (`plan::PROFILES`), as
//! does the families' table in the docs, checked here too.

use super::bands;
use super::plan::families::Profile;
use super::plan::{self, Cpu, Family, PROFILES};
use super::route::{self, Ask, Constants};
use crate::backend::Backend;
use crate::catalog::{Crc16T10Dif, Crc32Bzip2, Crc32Iscsi, Crc32IsoHdlc, Crc64Nvme};
use crate::consts::Consts;
use crate::word::Word;
use std::fmt::Write as _;
use std::string::{String, ToString};
use std::vec::Vec;

/// A synthetic CPU: its name (its family's, a colon, the CPU's), the kernels it offers and
/// whether it has GFNI.
struct Synthetic {
    name: &'static str,
    kernels: &'static [Backend],
    gfni: bool,
}

/// The same with its family found among the records.
struct Pinned {
    name: String,
    family: Family,
    kernels: &'static [Backend],
    gfni: bool,
}

/// Every kernel this architecture has.
#[cfg(target_arch = "x86_64")]
const ALL: &[Backend] = {
    use Backend::{Fusion, HwCrc, Pclmul, Vpclmul256, Vpclmul512};
    &[Pclmul, Vpclmul256, Vpclmul512, HwCrc, Fusion]
};
#[cfg(target_arch = "aarch64")]
const ALL: &[Backend] = {
    use Backend::{Fusion, HwCrc, Pmull, PmullEor3};
    &[Pmull, PmullEor3, HwCrc, Fusion]
};

/// The CPUs pinned by name: where a family's routing depends on the kernels a CPU of it
/// has, one of each kind. A family identified here that none names gets one with [`ALL`].
#[cfg(target_arch = "x86_64")]
const CPUS: [Synthetic; 7] = {
    use Backend::{Fusion, HwCrc, Pclmul, Vpclmul256};
    [
        Synthetic {
            name: "intel: Sapphire Rapids",
            kernels: ALL,
            gfni: true,
        },
        Synthetic {
            name: "rocketlake: Rocket Lake",
            kernels: ALL,
            gfni: true,
        },
        Synthetic {
            name: "amd: Zen 5",
            kernels: ALL,
            gfni: true,
        },
        Synthetic {
            name: "zen4: Zen 4",
            kernels: ALL,
            gfni: true,
        },
        Synthetic {
            name: "amd: Zen 3",
            kernels: &[Pclmul, Vpclmul256, HwCrc, Fusion],
            gfni: false,
        },
        Synthetic {
            name: "generic: Ice Lake server (prefers 256-bit vectors)",
            kernels: ALL,
            gfni: true,
        },
        Synthetic {
            name: "generic: Haswell",
            kernels: &[Pclmul, HwCrc],
            gfni: false,
        },
    ]
};

#[cfg(target_arch = "aarch64")]
const CPUS: [Synthetic; 2] = {
    use Backend::{Fusion, HwCrc, Pmull};
    [
        Synthetic {
            name: "generic: Neoverse V1",
            kernels: ALL,
            gfni: true,
        },
        Synthetic {
            name: "generic: Cortex-A72",
            kernels: &[Pmull, HwCrc, Fusion],
            gfni: true,
        },
    ]
};

/// The CPUs whose plans are pinned, for the family `records`: those named in [`CPUS`], then
/// one with every kernel for each family identified on this architecture that none names.
fn cpus(records: &[Profile]) -> Vec<Pinned> {
    let family = |name: &str| {
        let at = records.iter().position(|r| r.name == name);
        Family(at.expect("a pinned CPU names a family that has no record") as u8)
    };
    let mut cpus: Vec<Pinned> = CPUS
        .iter()
        .map(|c| Pinned {
            name: c.name.into(),
            family: family(c.name.split(':').next().unwrap()),
            kernels: c.kernels,
            gfni: c.gfni,
        })
        .collect();
    for r in records {
        let here = r.identified_on == Some(std::env::consts::ARCH);
        if here && !cpus.iter().any(|c| c.family == family(r.name)) {
            cpus.push(Pinned {
                name: std::format!("{}: every kernel", r.name),
                family: family(r.name),
                kernels: ALL,
                gfni: true,
            });
        }
    }
    cpus
}

impl Pinned {
    /// The cached word it gives, its kernels self-tested.
    fn resolved(&self) -> Cpu {
        plan::finish(plan::resolve(
            self.family,
            |b| self.kernels.contains(&b),
            self.gfni,
            |_| false,
        ))
    }
}

/// The bands of `c` on `cpu`, and where they differ, those for its constants at run time.
fn bands<W: Word>(out: &mut String, name: &str, c: &Consts<'_, W>, cpu: Cpu) {
    let stamped = bands::bands(c, cpu, Constants::Stamped);
    let run_time = bands::bands(c, cpu, Constants::RunTime);
    let mut print = |title: &str, bands: &[crate::RouteBand]| {
        writeln!(out, "{title}").unwrap();
        for (i, band) in bands.iter().enumerate() {
            let to = band.to.map_or(String::new(), |to| to.to_string());
            writeln!(out, "  {:>8} - {to:<8} {}", band.from, band.step).unwrap();
            // No band of one byte but the empty input's: one would be thresholds interacting.
            assert!(i == 0 || band.to != Some(band.from), "{title}: {band:?}");
        }
    };
    print(name, &stamped);
    if run_time != stamped {
        print(&std::format!("{name}, constants at run time"), &run_time);
    }
}

#[test]
fn the_plan_of_each_family() {
    let mut out = String::from(
        "# The route plan's bands for a synthetic CPU of each family (src/engine/golden.rs).\n",
    );
    for cpu in &cpus(PROFILES) {
        let resolved = cpu.resolved();
        writeln!(out, "\n## {}", cpu.name).unwrap();
        bands(
            &mut out,
            "CRC-32/ISO-HDLC",
            Crc32IsoHdlc::consts(),
            resolved,
        );
        bands(&mut out, "CRC-32/ISCSI", Crc32Iscsi::consts(), resolved);
        bands(&mut out, "CRC-32/BZIP2", Crc32Bzip2::consts(), resolved);
        bands(&mut out, "CRC-16/T10-DIF", Crc16T10Dif::consts(), resolved);
        bands(&mut out, "CRC-64/NVME", Crc64Nvme::consts(), resolved);
    }
    let path = std::format!(
        "{}/spec/route-plan-{}.txt",
        env!("CARGO_MANIFEST_DIR"),
        std::env::consts::ARCH
    );
    if std::env::var_os("CRCSTAMP_BLESS").is_some() {
        std::fs::write(&path, &out).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        want == out,
        "the route plan differs from {path}; rerun with CRCSTAMP_BLESS=1, review the diff \
         and commit it:\n{out}"
    );
}

/// What a CRC with run-time constants looks up under `plan::MEMO_LEN` (`bands::Memo`) is
/// the route's step at every one of those lengths, and nothing past them, on every family;
/// past them, where it runs a stamped type's route, the two routes are one.
#[cfg(feature = "dynamic")]
#[test]
fn the_memo_is_the_route() {
    fn check<W: Word>(name: &str, c: &Consts<'_, W>, cpu: Cpu) {
        let memo = bands::Memo::new(c, cpu);
        for len in 0..=plan::MEMO_LEN {
            let want = (len < plan::MEMO_LEN)
                .then(|| route::step(c, len, cpu, Ask::Route(Constants::RunTime)));
            let got = memo.step(len).filter(|_| memo.holds(len));
            assert_eq!(got, want, "{name} at {len} bytes");
        }
        for len in (plan::MEMO_LEN..1 << 20).step_by(61) {
            let stamped = route::step(c, len, cpu, Ask::Route(Constants::Stamped));
            let run_time = route::step(c, len, cpu, Ask::Route(Constants::RunTime));
            assert_eq!(run_time, stamped, "{name} at {len} bytes");
        }
    }
    for cpu in &cpus(PROFILES) {
        let resolved = cpu.resolved();
        check("CRC-32/ISO-HDLC", Crc32IsoHdlc::consts(), resolved);
        check("CRC-32/ISCSI", Crc32Iscsi::consts(), resolved);
        check("CRC-32/BZIP2", Crc32Bzip2::consts(), resolved);
        check("CRC-16/T10-DIF", Crc16T10Dif::consts(), resolved);
        check("CRC-64/NVME", Crc64Nvme::consts(), resolved);
    }
}

/// The families' table of the docs (`crcstamp::cpu_profiles`), one row per record in the
/// order of `values`.
fn table(records: &[Profile], values: &[(&str, Family)]) -> String {
    let mut out = String::from("| profile | identified by | measured on |\n|---|---|---|\n");
    for &(name, family) in values {
        let r = &records[family.index()];
        let measured = r.measured_on.unwrap_or("none: assumed");
        writeln!(out, "| `{name}` | {} | {measured} |", r.identified_by).unwrap();
    }
    out
}

/// The names of the families in `spec/rules.md`'s table of them, in its order.
fn rules_table_names(rules: &str) -> Vec<&str> {
    let section = rules
        .split("## The CPU families")
        .nth(1)
        .unwrap_or_default();
    let table = section.split("\n\n").find(|p| p.starts_with("| family |"));
    let rows = table.unwrap_or_default().lines().skip(2);
    rows.filter_map(|l| l.strip_prefix("| `")?.split('`').next())
        .collect()
}

/// The docs' table of the families is the records' (`crcstamp::cpu_profiles`' page), and
/// `spec/rules.md`'s, which adds the evidence, and the README's row of `CRCSTAMP_CPU` name
/// the same families in the same order.
#[test]
fn the_docs_table_is_the_records() {
    let values = plan::values::<{ PROFILES.len() }>(PROFILES);
    let table = table(PROFILES, &values);
    let lib = include_str!("../lib.rs");
    let doc: String = table.lines().map(|l| std::format!("/// {l}\n")).collect();
    assert!(
        lib.contains(&doc),
        "src/lib.rs (cpu_profiles) lacks the families' table of plan::PROFILES:\n{doc}"
    );
    let rules = include_str!("../../spec/rules.md");
    let names: Vec<&str> = values.iter().map(|&(n, _)| n).collect();
    assert_eq!(
        rules_table_names(rules),
        names,
        "spec/rules.md, The CPU families"
    );
    let readme = include_str!("../../README.md");
    let row: Vec<String> = names.iter().map(|n| std::format!("`{n}`")).collect();
    let row = std::format!("| `CRCSTAMP_CPU` | {} |", row.join(", "));
    assert!(readme.contains(&row), "README.md lacks the row: {row}");
    assert_eq!(crate::cpu_profiles(), names);
}

/// Adding a family is adding its record: a test-only one, appended to the records, is in
/// the values `CRCSTAMP_CPU` and `crc-gen route --cpu` take (`detect`'s `CPU_VALUES` and
/// `crcstamp::cpu_profiles` are `values` of the records), in the golden list, and in the
/// docs' table, and the records still fit the cached word.
#[test]
fn a_family_is_one_record() {
    let arch = std::env::consts::ARCH;
    let mut records = PROFILES.to_vec();
    records.push(Profile {
        name: "testfamily",
        identified_by: "a test's",
        identified_on: Some(arch),
        measured_on: Some("nowhere"),
        routing: PROFILES[1].routing,
    });
    plan::check(&records);
    let test = Family(PROFILES.len() as u8);
    let values = plan::values::<{ PROFILES.len() + 1 }>(&records);
    assert_eq!(values[PROFILES.len() - 1], ("testfamily", test));
    assert_eq!(values.last().unwrap().0, "generic");
    let pinned: Vec<String> = cpus(&records).into_iter().map(|c| c.name).collect();
    assert_eq!(pinned.last().unwrap(), "testfamily: every kernel");
    assert_eq!(pinned.len(), cpus(PROFILES).len() + 1);
    let with = table(&records, &values);
    let row = "| `testfamily` | a test's | nowhere |\n";
    assert!(with.contains(row), "{with}");
    let without = table(PROFILES, &plan::values::<{ PROFILES.len() }>(PROFILES));
    assert_eq!(with.replace(row, ""), without);
}
