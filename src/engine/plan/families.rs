//! The CPU families, a record each ([`PROFILES`]): its name, how detection identifies it,
//! the CPU it was measured on and its lengths. Adding a family is adding a record here and
//! its identification in `detect/<arch>.rs` (`spec/engine.md`, "Adding a CPU family"):
//! `CRCSTAMP_CPU`'s and `crc-gen route --cpu`'s values ([`values`]), the golden list and the
//! docs' table (`golden.rs`) follow from the records. `plan` routes by their lengths.

use crate::engine::cached::{Cpu, Family, ZmmFusion, FAMILY_MASK};

/// A CPU family, in one record: its name, how it is identified, the CPU it was measured on,
/// and where the kernels hand over to each other there. Its index in [`PROFILES`] is its
/// [`Family`]. (Only targets with 64-bit atomics have kernels to route between.)
#[derive(Clone, Copy)]
pub(crate) struct Profile {
    /// The name `CRCSTAMP_CPU` and `crc-gen route --cpu` take and `crc-gen show` prints.
    pub(crate) name: &'static str,
    /// How detection identifies it, as the docs' table says it; the code is `family` in
    /// `detect/<arch>.rs`, which names the family ([`Family::named`]).
    #[allow(dead_code)] // Read by the test that renders the docs' table (`golden.rs`).
    pub(crate) identified_by: &'static str,
    /// The architecture whose detection can identify it; `None` for the default, which every
    /// CPU gets that no other family claims.
    pub(crate) identified_on: Option<&'static str>,
    /// The CPU (or CPUs) whose measurements set the numbers; `None` for the documented
    /// default a CPU gets that no measured profile matches: then they are assumed.
    pub(crate) measured_on: Option<&'static str>,
    /// Where the kernels hand over to each other there, and the choices between them.
    pub(crate) routing: Routing,
}

/// A family's routing: where the kernels hand over to each other, and the choices the route
/// makes between them there.
#[derive(Clone, Copy)]
pub(crate) struct Routing {
    /// For the CRCs with an instruction of their own: the length from which the best
    /// folding kernel below 512 bits beats the instruction (below fusion's blocks), 0 for
    /// never.
    pub(super) fold_beats_hw: u16,
    /// Where the CPU has the 512-bit kernel: the length from which it folds the CRCs
    /// without an instruction of their own, 0 for never (the family keeps to 256 bits).
    pub(super) zmm: u16,
    /// The same for a CRC with an instruction of its own, and where it takes over from the
    /// instruction.
    pub(super) zmm_by_instruction: u16,
    /// Whether fusion runs on 512-bit vectors there too rather than on 256-bit ones, and in
    /// which shape.
    pub(super) zmm_fusion: ZmmFusion,
    /// Where the route takes fusion on 512-bit vectors (at least the shape's block).
    pub(super) zmm_fusion_from: usize,
    /// Whether the 512-bit loops with no issue slot to spare prefetch long inputs
    /// (`shapes::AHEAD`): the reflected run of msb CRCs and fusion in the narrow shape
    /// (no profile reads ahead with the wide one, so it has no such instantiation).
    pub(super) reads_ahead: bool,
    /// Whether fusion in the narrow shape races the plain 512-bit fold on its route
    /// (`engine::race`): where which of the two leads depends on the host.
    pub(super) races: bool,
    /// For constants known only at run time (`DynCrc`, whose route is decided once,
    /// `bands::Memo`): the length from which a CRC without an instruction of its own folds,
    /// where the tables lead further than `plan::FOLD_MIN`; 0 for it.
    pub(super) run_time_fold_min: u16,
}

/// Intel, Sapphire Rapids and later (and Rocket Lake's profile but for two lengths). The
/// instruction tops out near 26 GiB/s, the 256-bit fold beats it from 256 bytes; 512-bit
/// vectors pay warm from 512 bytes, for CRC-32C from 448 bytes (the lengths Rocket Lake's
/// profile measured, which `crc-gen route --measure` found level on model 207). Fusion led
/// the fold alone on model 207 from 24 KiB (1.07–1.10× at 32–64 KiB), raced as on Rocket
/// Lake, where the host decides.
const INTEL: Profile = Profile {
    name: "intel",
    identified_by: "GenuineIntel with AVX-512 F/VL/BW/VBMI and VPCLMULQDQ, not a model that \
        Linux says prefers 256-bit vectors (Skylake-X, Ice Lake, Tiger Lake), not Rocket Lake",
    identified_on: Some("x86_64"),
    measured_on: Some("Intel Xeon Emerald Rapids (family 6 model 207, KVM)"),
    routing: Routing {
        fold_beats_hw: 256,
        zmm: 512,
        zmm_by_instruction: 448,
        zmm_fusion: ZmmFusion::Narrow,
        zmm_fusion_from: 32 * 1024,
        reads_ahead: true,
        races: true,
        // `DynCrc` on model 207 (`crc-gen bench --backend auto`, tables to 20, 24 and 32 bytes
        // built and interleaved, five CRCs): the tables to 24 bytes ran 0.89–0.94× the time of
        // the 256-bit fold at 21 B, 0.89–0.96× at 24 B, 0.94–1.01× at 22 B and 1.01–1.07× at
        // 23 B; from 26 B the fold leads or ties.
        run_time_fold_min: 25,
    },
};

/// Every family's record, indexed by [`Family`]; the first is the default, which the
/// word's zero family field reads as. Where each number comes from: `spec/rules.md`.
pub(crate) const PROFILES: &[Profile] = &[
    // The documented default, for every CPU no measured profile matches (Intel before
    // Sapphire Rapids or without AVX-512, other x86 vendors, aarch64): AMD Zen 3's
    // thresholds, the only family measured without AVX-512. Assumed, not measured there.
    Profile {
        name: "generic",
        identified_by: "every CPU no other family claims (aarch64, riscv64, s390x, \
            powerpc64 and other vendors included)",
        identified_on: None,
        measured_on: None,
        routing: Routing {
            fold_beats_hw: 0,
            zmm: 0,
            zmm_by_instruction: 0,
            zmm_fusion: ZmmFusion::No,
            zmm_fusion_from: 0,
            reads_ahead: false,
            races: false,
            run_time_fold_min: 0,
        },
    },
    INTEL,
    // Rocket Lake, measured on a Xeon E-2300 (model 167) at 4.1 GHz: `intel`'s lengths, which
    // it set (512-bit vectors 1.04–1.48× the 256-bit route at 512–1023 B, the bit-reversed
    // run included; reading ahead 3–5% from 64 KiB), but for fusion and the run-time tables.
    // Fusion against the fold alone: 0.78–1.16 by the host from 32 KiB, so raced; taken from
    // 64 KiB, where it reads ahead (0.96–1.05× the fold at 32 KiB, 0.93–0.98× at 48
    // KiB–65535 B).
    Profile {
        name: "rocketlake",
        identified_by: "GenuineIntel family 6 model 0xa7 with AVX-512 (Rocket Lake, the \
            Xeon E-2300 series)",
        measured_on: Some("Intel Xeon E-2300, Rocket Lake (family 6 model 167, KVM)"),
        routing: Routing {
            zmm_fusion_from: 64 * 1024,
            // `DynCrc` (its route decided once): the tables to 20 bytes ran 1.07–1.20× the
            // 256-bit fold at 17 B and up to 1.20× at 18–20 B (one CRC of five even at 20 B);
            // from 22 B the fold leads or ties.
            run_time_fold_min: 21,
            ..INTEL.routing
        },
        ..INTEL
    },
    // Zen 3: the instruction's three streams beat the 256-bit fold below fusion's blocks.
    // Zen 5: the 512-bit fold from 1 KiB for the CRCs without an instruction, and for
    // CRC-32C from 448 bytes, where a peer's 512-bit fold led our three streams (0.91× at
    // 512 B) as it does on Zen 4; fusion on 512-bit vectors in the wide shape from 4 KiB.
    Profile {
        name: "amd",
        identified_by: "AuthenticAMD or HygonGenuine, CPUID family 0x19 and later \
            (Zen 3 and later), but Zen 4",
        identified_on: Some("x86_64"),
        measured_on: Some(
            "AMD EPYC Zen 3 (family 0x19, AVX2) and Zen 5 (family 0x1a model 0x02, AVX-512)",
        ),
        routing: Routing {
            fold_beats_hw: 0,
            zmm: 1024,
            zmm_by_instruction: 448,
            zmm_fusion: ZmmFusion::Wide,
            zmm_fusion_from: 4 * 1024,
            // Unmeasured on Zen 5.
            reads_ahead: false,
            // Fusion led the fold by a quarter to a third on Zen 5 from 16 KiB.
            races: false,
            run_time_fold_min: 0,
        },
    },
    // Every backend forced, on the CPU at hand (`crc-gen route --measure`, `crc-gen bench`):
    // the 512-bit fold is the fastest kernel from 128 bytes for the CRCs without an
    // instruction (4–22% over the 256-bit one at 128–768 B), and for CRC-32C from 176 bytes
    // (the instruction 1.03× at 160 B, the fold 1.23× at 176 B and 1.1–1.5× to 240 B); wide
    // fusion leads the fold from 20 KiB (1.02–1.04× at 20–32 KiB, 1.09–1.10× at 48–64 KiB),
    // taken from 32 KiB: below it the lead (2–4%) is within the spread of the runs.
    Profile {
        name: "zen4",
        identified_by: "AuthenticAMD family 0x19 with AVX-512 (Zen 3 is 0x19 without it, \
            Zen 5 0x1a)",
        identified_on: Some("x86_64"),
        measured_on: Some("AMD EPYC Zen 4 (family 0x19 model 0x11, KVM)"),
        routing: Routing {
            fold_beats_hw: 0,
            zmm: 128,
            zmm_by_instruction: 176,
            zmm_fusion: ZmmFusion::Wide,
            zmm_fusion_from: 32 * 1024,
            reads_ahead: false,
            races: false,
            run_time_fold_min: 0,
        },
    },
];

impl Family {
    /// The default family, [`PROFILES`]' first.
    pub(crate) const GENERIC: Family = Family(0);

    /// The family whose record has this name; in a constant, a name no record has fails the
    /// build. Identification names its families so (`detect/x86_64.rs`).
    pub(crate) const fn named(name: &str) -> Family {
        let mut i = 0;
        while i < PROFILES.len() {
            if same(PROFILES[i].name, name) {
                return Family(i as u8);
            }
            i += 1;
        }
        panic!("no CPU family has this name in plan::PROFILES")
    }

    /// The name `CRCSTAMP_CPU` takes and `crc-gen show` prints.
    pub(crate) fn name(self) -> &'static str {
        profile(self).name
    }

    /// Its record's index in [`PROFILES`].
    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }

    /// Its routing ([`BY_FIELD`], as the route reads it).
    pub(crate) fn routing(self) -> &'static Routing {
        &BY_FIELD[self.index() & FAMILY_MASK as usize]
    }
}

impl Cpu {
    /// The family whose profile routes (a field that names no record, which `plan::resolve`
    /// never writes, reads as the default).
    #[inline(always)]
    pub(crate) fn family(self) -> Family {
        let i = self.family_field();
        Family(if usize::from(i) < PROFILES.len() {
            i
        } else {
            0
        })
    }
}

/// Each family of `records` with its name, as `CRCSTAMP_CPU` and `crc-gen route --cpu` take
/// them (`N`: the records' count): the measured ones in their order, then the default.
pub(crate) const fn values<const N: usize>(records: &[Profile]) -> [(&'static str, Family); N] {
    assert!(N == records.len());
    let mut out = [("", Family::GENERIC); N];
    let mut i = 0;
    while i < N {
        let at = (i + 1) % N;
        out[i] = (records[at].name, Family(at as u8));
        i += 1;
    }
    out
}

/// Whether two names are the same, in a constant.
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Panics (in a constant, fails the build) unless `records` fit the cached word's family
/// field, name each family once, and start with the default and only it, which the word
/// reads before detection and for any field no record has.
pub(crate) const fn check(records: &[Profile]) {
    assert!(
        records.len() <= FAMILY_MASK as usize + 1,
        "more families than the word holds"
    );
    assert!(records[0].identified_on.is_none() && records[0].measured_on.is_none());
    let mut i = 1;
    while i < records.len() {
        assert!(
            records[i].identified_on.is_some(),
            "one default family, the first"
        );
        let mut j = 0;
        while j < i {
            assert!(
                !same(records[i].name, records[j].name),
                "two families named alike"
            );
            j += 1;
        }
        i += 1;
    }
}

/// The record of `family`.
pub(crate) fn profile(family: Family) -> &'static Profile {
    &PROFILES[family.index()]
}

/// Each value of the cached word's family field with its family's routing (the default's
/// past the records): what the route reads, one load with no bounds test.
const BY_FIELD: [Routing; FAMILY_MASK as usize + 1] = {
    let mut by = [PROFILES[0].routing; FAMILY_MASK as usize + 1];
    let mut i = 0;
    while i < PROFILES.len() {
        by[i] = PROFILES[i].routing;
        i += 1;
    }
    by
};

impl Cpu {
    /// The routing of the family whose field the word holds, as the hot path reads it.
    #[inline(always)]
    pub(crate) fn routing(self) -> &'static Routing {
        &BY_FIELD[usize::from(self.family_field())]
    }
}
