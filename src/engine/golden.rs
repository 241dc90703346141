//! The route plan pinned: for a synthetic CPU of each family, every length band of five
//! headline CRCs, with the kernel and every choice the plan makes inside it, compared with
//! `spec/route-plan-<arch>.txt`. A change to any threshold or choice of `plan` shows there as
//! one diff; `CRCSTAMP_BLESS=1 cargo test -p crcstamp --lib golden` rewrites the file to
//! review and commit.

use super::plan::{self, Cpu, Family, ZmmFusion};
use super::{route, Route};
use crate::backend::Backend;
use crate::catalog::{Crc16T10Dif, Crc32Bzip2, Crc32Iscsi, Crc32IsoHdlc, Crc64Nvme};
use crate::consts::Consts;
use crate::word::Word;
use crcstamp_layout::HwCrc;
use std::fmt::Write as _;
use std::string::String;

/// Lengths scanned one by one: every threshold of the plan lies below (the longest, 64 KiB).
const SCANNED: usize = 1 << 20;

/// A synthetic CPU: its family, the kernels it offers and whether it has GFNI.
struct Synthetic {
    name: &'static str,
    family: Family,
    kernels: &'static [Backend],
    gfni: bool,
}

#[cfg(target_arch = "x86_64")]
const CPUS: [Synthetic; 5] = {
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
            name: "amd: Zen 5",
            family: Family::Amd,
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
            gfni: false,
        },
        Synthetic {
            name: "generic: Cortex-A72",
            family: Family::Generic,
            kernels: &[Pmull, HwCrc, Fusion],
            gfni: false,
        },
    ]
};

/// What runs one length: the route, and the choices inside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Choice {
    route: Route,
    /// Three instruction streams; fusion's shape, and whether it races the 512-bit fold.
    three: bool,
    shape: Option<ZmmFusion>,
    raced: bool,
    /// An msb CRC run reflected; reading ahead; aligned vector loads; reduced by the
    /// instruction.
    reflected: bool,
    ahead: bool,
    aligned: bool,
    by_instruction: bool,
}

fn choice<W: Word>(c: &Consts<'_, W>, cpu: Cpu, len: usize) -> Choice {
    let route = route(c, len, Some(cpu));
    let mut x = Choice {
        route,
        three: false,
        shape: None,
        raced: false,
        reflected: false,
        ahead: false,
        aligned: false,
        by_instruction: false,
    };
    match route {
        Route::Hw => x.three = plan::three_streams(cpu, len),
        Route::Fusion => {
            x.shape = Some(cpu.fusion_shape());
            x.raced = cpu.races();
            x.ahead = cpu.fusion_shape() == ZmmFusion::Narrow && plan::reads_ahead(cpu, len);
        }
        Route::Fold(b) => {
            x.reflected = c.fold_reflected.is_some() && plan::runs_reflected(b, cpu, len);
            x.ahead = x.reflected && plan::reads_ahead(cpu, len);
            // CRC-32C reduces by the instruction where x86_64 runs it (`kernels`).
            x.by_instruction = cfg!(target_arch = "x86_64")
                && c.hw == Some(HwCrc::Crc32c)
                && cpu.has(Backend::HwCrc);
            let align_from = match x.by_instruction {
                true => plan::ALIGN_BY_INSTRUCTION_MIN,
                false => plan::ALIGN_MIN,
            };
            x.aligned = b == Backend::Vpclmul512 && len >= align_from;
        }
        Route::Tables | Route::Detect => {}
    }
    x
}

fn describe(x: Choice) -> String {
    let mut s = String::from(match x.route {
        Route::Tables => "tables",
        Route::Detect => "detect",
        Route::Hw => "hwcrc",
        Route::Fusion => "fusion",
        Route::Fold(b) => b.name(),
    });
    let shape = match x.shape {
        Some(ZmmFusion::No) if cfg!(target_arch = "aarch64") => " 128-bit",
        Some(ZmmFusion::No) => " 256-bit",
        Some(ZmmFusion::Narrow) => " 512-bit narrow",
        Some(ZmmFusion::Wide) => " 512-bit wide",
        None => "",
    };
    s.push_str(shape);
    for (on, word) in [
        (x.three, " three-streams"),
        (x.raced, " raced-against-vpclmul512"),
        (x.by_instruction, " reduced-by-instruction"),
        (x.reflected, " reflected"),
        (x.aligned, " aligned"),
        (x.ahead, " reads-ahead"),
    ] {
        if on {
            s.push_str(word);
        }
    }
    s
}

fn bands<W: Word>(out: &mut String, name: &str, c: &Consts<'_, W>, cpu: Cpu) {
    writeln!(out, "{name}").unwrap();
    let mut from = 0;
    let mut last = choice(c, cpu, 0);
    for len in 1..=SCANNED {
        let x = choice(c, cpu, len);
        if x != last {
            writeln!(out, "  {from:>8} - {:<8} {}", len - 1, describe(last)).unwrap();
            (from, last) = (len, x);
        }
    }
    // Past the scan nothing changes.
    for len in [SCANNED << 1, SCANNED << 10, usize::MAX] {
        assert_eq!(choice(c, cpu, len), last, "{name} at {len}");
    }
    writeln!(out, "  {from:>8} -          {}", describe(last)).unwrap();
}

#[test]
fn the_plan_of_each_family() {
    let mut out = String::from(
        "# The route plan's bands for a synthetic CPU of each family (src/engine/golden.rs).\n",
    );
    for cpu in &CPUS {
        let resolved = plan::finish(plan::resolve(
            cpu.family,
            |b| cpu.kernels.contains(&b),
            cpu.gfni,
            |_| false,
        ));
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
