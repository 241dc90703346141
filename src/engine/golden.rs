//! The route plan pinned: for a synthetic CPU of each family, every length band of five
//! headline CRCs, with the kernel and every choice the plan makes inside it (`route::bands`,
//! the scan of the steps the hot path runs, as `Consts::route_bands` and `crc-gen route`
//! give them on this CPU), compared with
//! `spec/route-plan-<arch>.txt`. A change to any threshold or choice of `plan` shows there as
//! one diff; `CRCSTAMP_BLESS=1 cargo test -p crcstamp --lib golden` rewrites the file to
//! review and commit.

use super::plan::{self, Cpu, Family};
use super::route::{self, Constants};
use crate::backend::Backend;
use crate::catalog::{Crc16T10Dif, Crc32Bzip2, Crc32Iscsi, Crc32IsoHdlc, Crc64Nvme};
use crate::consts::Consts;
use crate::word::Word;
use std::fmt::Write as _;
use std::string::{String, ToString};

/// A synthetic CPU: its family, the kernels it offers and whether it has GFNI.
struct Synthetic {
    name: &'static str,
    family: Family,
    kernels: &'static [Backend],
    gfni: bool,
}

#[cfg(target_arch = "x86_64")]
const CPUS: [Synthetic; 7] = {
    use Backend::{Fusion, HwCrc, Pclmul, Vpclmul256, Vpclmul512};
    const ALL: &[Backend] = &[Pclmul, Vpclmul256, Vpclmul512, HwCrc, Fusion];
    [
        Synthetic {
            name: "intel: Sapphire Rapids",
            family: Family::Intel,
            kernels: ALL,
            gfni: true,
        },
        Synthetic {
            name: "rocketlake: Rocket Lake",
            family: Family::RocketLake,
            kernels: ALL,
            gfni: true,
        },
        Synthetic {
            name: "amd: Zen 5",
            family: Family::Amd,
            kernels: ALL,
            gfni: true,
        },
        Synthetic {
            name: "zen4: Zen 4",
            family: Family::Zen4,
            kernels: ALL,
            gfni: true,
        },
        Synthetic {
            name: "amd: Zen 3",
            family: Family::Amd,
            kernels: &[Pclmul, Vpclmul256, HwCrc, Fusion],
            gfni: false,
        },
        Synthetic {
            name: "generic: Ice Lake server (prefers 256-bit vectors)",
            family: Family::Generic,
            kernels: ALL,
            gfni: true,
        },
        Synthetic {
            name: "generic: Haswell",
            family: Family::Generic,
            kernels: &[Pclmul, HwCrc],
            gfni: false,
        },
    ]
};

#[cfg(target_arch = "aarch64")]
const CPUS: [Synthetic; 2] = {
    use Backend::{Fusion, HwCrc, Pmull, PmullEor3};
    [
        Synthetic {
            name: "generic: Neoverse V1",
            family: Family::Generic,
            kernels: &[Pmull, PmullEor3, HwCrc, Fusion],
            gfni: true,
        },
        Synthetic {
            name: "generic: Cortex-A72",
            family: Family::Generic,
            kernels: &[Pmull, HwCrc, Fusion],
            gfni: true,
        },
    ]
};

impl Synthetic {
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
    let stamped = route::bands(c, cpu, Constants::Stamped);
    let run_time = route::bands(c, cpu, Constants::RunTime);
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
    for cpu in &CPUS {
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

/// What a CRC with run-time constants looks up under `plan::MEMO_LEN` (`route::Memo`) is
/// the route's step at every one of those lengths, and nothing past them, on every family;
/// past them, where it runs a stamped type's route, the two routes are one.
#[cfg(feature = "dynamic")]
#[test]
fn the_memo_is_the_route() {
    fn check<W: Word>(name: &str, c: &Consts<'_, W>, cpu: Cpu) {
        let memo = route::Memo::new(c, cpu);
        for len in 0..=plan::MEMO_LEN {
            let want = (len < plan::MEMO_LEN).then(|| route::step(c, len, cpu, Constants::RunTime));
            let got = memo.step(len).filter(|_| memo.holds(len));
            assert_eq!(got, want, "{name} at {len} bytes");
        }
        for len in (plan::MEMO_LEN..1 << 20).step_by(61) {
            let stamped = route::step(c, len, cpu, Constants::Stamped);
            let run_time = route::step(c, len, cpu, Constants::RunTime);
            assert_eq!(run_time, stamped, "{name} at {len} bytes");
        }
    }
    for cpu in &CPUS {
        let resolved = cpu.resolved();
        check("CRC-32/ISO-HDLC", Crc32IsoHdlc::consts(), resolved);
        check("CRC-32/ISCSI", Crc32Iscsi::consts(), resolved);
        check("CRC-32/BZIP2", Crc32Bzip2::consts(), resolved);
        check("CRC-16/T10-DIF", Crc16T10Dif::consts(), resolved);
        check("CRC-64/NVME", Crc64Nvme::consts(), resolved);
    }
}
