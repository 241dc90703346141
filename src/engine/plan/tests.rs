//! The route plan's unit tests: each family's profile and the word it resolves to.

use super::families::Profile;
use super::*;
use std::vec::Vec;

/// A routing with the given instruction and 512-bit lengths, and nothing else.
fn with(fold_beats_hw: u16, zmm: u16, zmm_by_instruction: u16) -> Routing {
    Routing {
        fold_beats_hw,
        zmm,
        zmm_by_instruction,
        zmm_fusion: ZmmFusion::No,
        zmm_fusion_from: 0,
        reads_ahead: false,
        races: false,
        run_time_fold_min: 0,
    }
}

/// The instruction's last length is the profile's or fusion's, whichever comes first,
/// and past 64 KiB the flag tells.
#[test]
fn instruction_thresholds() {
    let at = |fold_beats_hw, fusion: bool| {
        let fusion = if fusion { bit(Backend::Fusion) } else { 0 };
        let cpu = Cpu(fusion | bit(Backend::HwCrc));
        Cpu(hw_last(&with(fold_beats_hw, 0, 0), cpu) | DETECTED)
    };
    let f = fusion_from(Cpu(0));
    assert!(at(0, true).hw_runs(f - 1) && !at(0, true).hw_runs(f));
    assert!(!at(0, true).hw_always());
    assert!(at(0, false).hw_runs(65_535) && at(0, false).hw_always());
    for fusion in [true, false] {
        assert!(at(256, fusion).hw_runs(255) && !at(256, fusion).hw_runs(256));
        assert!(!at(256, fusion).hw_always());
    }
    // Where the family folds on 512-bit vectors, up to their length for CRC-32C.
    let zmm = Cpu(bit(Backend::HwCrc) | bit(Backend::Vpclmul512) | ZMM);
    let last = Cpu(hw_last(&with(0, 1024, 448), zmm) | DETECTED);
    assert!(last.hw_runs(447) && !last.hw_runs(448));
    // Without the instruction (not offered, or withdrawn) it runs nothing.
    let p = Family::GENERIC.routing();
    let none = Cpu(hw_last(p, Cpu(bit(Backend::Fusion))) | DETECTED);
    assert!(!none.hw_runs(1) && !none.hw_always());
}

/// Fusion's shape is the profile's own: 256-bit vectors (where the CPU lacks 512-bit
/// ones or the family keeps them out), or 512-bit vectors in the narrow or the wide shape,
/// each from the profile's length. The instruction hands over to the 512-bit fold at the
/// profile's length where the family folds on them, else at fusion's blocks.
#[test]
fn fusion_shape_follows_the_profile() {
    let zmm = bit(Backend::Vpclmul512) | ZMM;
    let fusion = bit(Backend::Fusion) | bit(Backend::HwCrc);
    let family = |name| Bits::from(Family::named(name).0) << FAMILY;
    let ymm_fused = Cpu(zmm | fusion);
    let narrow = Cpu(zmm | ZMM_FUSION | fusion | family("intel"));
    let wide = Cpu(zmm | ZMM_FUSION | ZMM_FUSION_WIDE | fusion | family("amd"));
    let zen4 = Cpu(zmm | ZMM_FUSION | ZMM_FUSION_WIDE | fusion | family("zen4"));
    assert!(fusion_from(wide) < fusion_from(ymm_fused));
    assert!(fusion_from(ymm_fused) < fusion_from(narrow));
    assert!(fusion_from(wide) < fusion_from(zen4));
    assert_eq!(fusion_from(ymm_fused), fusion_from(Cpu(fusion)));
    let amd = Family::named("amd").routing();
    assert!(amd.zmm != 0 && amd.zmm_fusion == ZmmFusion::Wide);
    let intel = Family::named("intel").routing();
    assert!(intel.zmm != 0 && intel.zmm_fusion == ZmmFusion::Narrow);
    // Zen 3 (no 512-bit kernel): the instruction up to the 256-bit blocks.
    let zen3 = Cpu(fusion);
    let last = Cpu(hw_last(amd, zen3) | DETECTED);
    let f = fusion_from(zen3);
    assert!(last.hw_runs(f - 1) && !last.hw_runs(f));
    // Zen 4 and 5: up to the 512-bit fold.
    for (p, cpu) in [(amd, wide), (Family::named("zen4").routing(), zen4)] {
        let last = Cpu(hw_last(p, cpu) | DETECTED);
        let from = usize::from(p.zmm_by_instruction);
        assert!(last.hw_runs(from - 1) && !last.hw_runs(from));
    }
    let generic = Family::GENERIC.routing();
    assert!(generic.zmm == 0 && generic.zmm_fusion == ZmmFusion::No);
}

/// The names of the families whose profile has `flag`.
fn by_family(flag: impl Fn(&Profile) -> bool) -> Vec<&'static str> {
    PROFILES
        .iter()
        .filter(|p| flag(p))
        .map(|p| p.name)
        .collect()
}

/// The same for a flag of the routing.
fn routing_by_family(flag: fn(&Routing) -> bool) -> Vec<&'static str> {
    by_family(|p| flag(&p.routing))
}

/// Only Intel's profiles read ahead (measured there alone), and only from `AHEAD_MIN`.
#[test]
fn reads_ahead_on_long_inputs_where_the_family_does() {
    assert_eq!(
        routing_by_family(|p| p.reads_ahead),
        ["intel", "rocketlake"]
    );
    // `kernels::fusion` has no wide instantiation that reads ahead.
    assert!(PROFILES
        .iter()
        .all(|p| !(p.routing.reads_ahead && p.routing.zmm_fusion == ZmmFusion::Wide)));
    let cpu = Cpu(READS_AHEAD);
    assert!(!reads_ahead(cpu, AHEAD_MIN - 1) && reads_ahead(cpu, AHEAD_MIN));
    assert!(!reads_ahead(Cpu(0), 1 << 20));
}

/// Only Intel's profiles race fusion against the fold (where the host decides which
/// leads), only with fusion in the narrow shape.
#[test]
fn races_where_the_family_does() {
    assert_eq!(routing_by_family(|p| p.races), ["intel", "rocketlake"]);
    assert!(PROFILES
        .iter()
        .all(|p| !p.routing.races || p.routing.zmm_fusion == ZmmFusion::Narrow));
    assert!(Cpu(RACES).races() && !Cpu(0).races());
    // The fold it races is the 512-bit kernel: no race once that fails its self-test.
    let racing = Cpu(RACES | ZMM_FUSION | ZMM | bit(Backend::Vpclmul512));
    assert!(!withdraw(racing, Backend::Vpclmul512).races());
    assert!(withdraw(racing, Backend::Vpclmul256).races());
}

/// Only the generic profile is assumed; every other says where it was measured.
#[test]
fn every_profile_but_the_default_was_measured() {
    let measured = by_family(|p| p.measured_on.is_some());
    assert_eq!(measured, ["intel", "rocketlake", "amd", "zen4"]);
}

/// The 512-bit kernel from each profile's lengths where the family takes it, never
/// elsewhere; the hot path's one compare keeps inline exactly what it does not take, and
/// nothing before detection.
#[test]
fn zmm_thresholds() {
    for (i, p) in PROFILES.iter().enumerate() {
        let (family, p) = (Family(i as u8), &p.routing);
        let flags = ZMM | bit(Backend::Vpclmul512) | (i as Bits) << FAMILY;
        let zmm = finish(Cpu(flags));
        let ymm = finish(Cpu((i as Bits) << FAMILY));
        if p.zmm == 0 {
            // The family never takes them, even where the CPU has them.
            let all = resolve(family, |_| true, true, |_| false);
            assert!(!all.zmm());
            continue;
        }
        let (from, by) = (usize::from(p.zmm), usize::from(p.zmm_by_instruction));
        assert!(!zmm.zmm_pays(from - 1, ZMM_MIN) && zmm.zmm_pays(from, ZMM_MIN));
        assert!(!zmm.zmm_pays_by_instruction(by - 1) && zmm.zmm_pays_by_instruction(by));
        for len in [17, 64, from - 1, from, ZMM_MIN - 1, ZMM_MIN, 1 << 20] {
            // Inline only where the route would not take them; the route otherwise.
            assert!(
                !(zmm.folds_inline(len) && zmm.zmm_pays(len, ZMM_MIN)),
                "{len}"
            );
            assert!(zmm.folds_inline(len) || zmm.zmm(), "{len}");
        }
        if from >= ZMM_MIN {
            assert!(zmm.folds_inline(from - 1) && !zmm.folds_inline(from));
        }
        for len in [0, 17, from, 1 << 20, usize::MAX] {
            assert!(!ymm.zmm_pays(len, ZMM_MIN), "{len}");
            assert!(!ymm.zmm_pays_by_instruction(len), "{len}");
        }
        assert!(ymm.folds_inline(60_000));
    }
    for len in [0, 17, ZMM_MIN, 1 << 20, usize::MAX] {
        assert!(!Cpu(0).folds_inline(len), "{len}");
    }
}

/// Each family's field reads back as the family, and one that names no record as the
/// default.
#[test]
fn the_family_field_reads_back() {
    for (i, p) in PROFILES.iter().enumerate() {
        let family = Cpu((i as Bits) << FAMILY).family();
        assert_eq!((family, family.name()), (Family::named(p.name), p.name));
    }
    let past = Cpu((PROFILES.len() as Bits) << FAMILY);
    assert_eq!(past.family(), Family::GENERIC);
}
