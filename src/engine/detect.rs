//! Which kernels this CPU can run and which family's plan routes between them: detected
//! once, at first use, self-tested, resolved into the plan's word (`plan::resolve`) and
//! cached in one atomic, so the hot path pays a single relaxed load.
//!
//! Detection happens at first use, not at build or load time (the kernel's crypto API once
//! picked its CRC-T10DIF implementation before the fast module was loaded and stayed slow).
//! Without `std` there is no runtime detection of the extensions: the compile-time target
//! features decide.

use super::isa::{Host, Isa};
use super::overrides::{env_choice, EnvList};
use super::plan::{self, Cpu, Family};
use crate::backend::{Availability, Backend};

pub(crate) mod identity;
#[cfg(target_arch = "x86_64")]
mod x86_64;

#[cfg(target_has_atomic = "64")]
type AtomicBits = core::sync::atomic::AtomicU64;
#[cfg(not(target_has_atomic = "64"))]
type AtomicBits = core::sync::atomic::AtomicU32;

/// The cached word: bits 0..7 the kernels' availability, then the flags below, and in the
/// top 16 bits the last length the CRC instruction takes (64-bit atomics only; elsewhere no
/// kernel uses it).
static FEATURES: AtomicBits = AtomicBits::new(0);

/// The cached word, or `None` before the first detection: the hot path takes this one load
/// and leaves detection to a cold call it makes in tail position, so that no register of
/// the caller has to live across a call.
#[inline(always)]
pub(crate) fn cached() -> Option<Cpu> {
    Cpu::from_cache(FEATURES.load(core::sync::atomic::Ordering::Relaxed))
}

/// The cached word as it is, all zero before the first detection (then no kernel is
/// offered and [`Cpu::folds_inline`] is false).
#[inline(always)]
pub(crate) fn cached_any() -> Cpu {
    Cpu::from_cache_any(FEATURES.load(core::sync::atomic::Ordering::Relaxed))
}

/// The cached word, detecting at the first call.
#[inline]
pub(crate) fn features() -> Cpu {
    match cached() {
        Some(cpu) => cpu,
        None => detect_and_cache(),
    }
}

/// Whether the accelerated kernel `b` can run here.
#[inline]
pub(crate) fn available(b: Backend) -> bool {
    features().has(b)
}

/// Why `b` (an accelerated kernel) is or is not available here.
pub(crate) fn availability(b: Backend) -> Availability {
    let cpu = features();
    if cpu.has(b) {
        Availability::Available
    } else if cpu.failed(b) {
        Availability::FailedSelfTest
    } else if !Host::has(b) {
        Availability::Unsupported
    } else if b.tier() > max_tier() {
        Availability::Capped
    } else {
        Availability::Disabled
    }
}

/// The family whose profile routes here.
pub(crate) fn family() -> Family {
    features().family()
}

/// The CPU the profile that routes here was measured on; `None` for the default.
pub(crate) fn measured_on() -> Option<&'static str> {
    plan::profile(family()).measured_on
}

/// Racing first uses compute the same value, so a plain store is enough.
#[cold]
fn detect_and_cache() -> Cpu {
    let max_tier = max_tier();
    let disabled = EnvList::read("CRCSTAMP_DISABLE");
    let offers = |b: Backend| b.tier() <= max_tier && !disabled.names(b.name()) && Host::has(b);
    let gfni = Host::has_gfni() && !disabled.names("gfni");
    let cpu = plan::resolve(cpu_family(), offers, gfni, |name| disabled.names(name));
    let cpu = plan::finish(super::self_test::run(cpu));
    FEATURES.store(cpu.word(), core::sync::atomic::Ordering::Relaxed);
    cpu
}

/// The family from `CRCSTAMP_CPU`, else from the CPU: CPUID on x86_64; elsewhere the
/// generic family (no other CPU has a profile of its own).
fn cpu_family() -> Family {
    #[cfg(target_arch = "x86_64")]
    let identify = x86_64::family;
    #[cfg(not(target_arch = "x86_64"))]
    let identify = || Family::GENERIC;
    env_choice("CRCSTAMP_CPU", &CPU_VALUES).unwrap_or_else(identify)
}

/// The tier cap from `CRCSTAMP_MAX_TIER`, so tests can run the fallbacks on a CPU that has
/// the faster kernels: `portable` (0), `clmul128` (1), `clmul256` (2), `clmul512` (3).
/// Unset: no cap.
fn max_tier() -> u8 {
    env_choice("CRCSTAMP_MAX_TIER", &TIER_VALUES).unwrap_or(u8::MAX)
}

/// `CRCSTAMP_CPU`'s values: every family's record (`plan::PROFILES`).
const CPU_VALUES: [(&str, Family); plan::PROFILES.len()] = plan::values(plan::PROFILES);

/// The families' names, in [`CPU_VALUES`]' order (`crcstamp::cpu_profiles`).
pub(crate) static CPU_NAMES: [&str; CPU_VALUES.len()] = {
    let mut names = [""; CPU_VALUES.len()];
    let mut i = 0;
    while i < names.len() {
        names[i] = CPU_VALUES[i].0;
        i += 1;
    }
    names
};

/// `CRCSTAMP_MAX_TIER`'s values.
const TIER_VALUES: [(&str, u8); 4] = [
    ("portable", 0),
    ("clmul128", 1),
    ("clmul256", 2),
    ("clmul512", 3),
];

/// What `CRCSTAMP_DISABLE` names besides the kernels.
#[cfg(feature = "std")]
const DISABLE_EXTRA: [&str; 3] = ["gfni", "prefetch", "race"];

/// What `CRCSTAMP_FAIL_SELF_TEST` names besides the kernels.
#[cfg(feature = "std")]
const FAIL_EXTRA: [&str; 1] = ["gfni"];

/// The `CRCSTAMP_*` values in this process's environment that the engine does not
/// understand and ignores, in a fixed order: `CRCSTAMP_CPU`, `CRCSTAMP_MAX_TIER`, then each
/// unknown name in `CRCSTAMP_DISABLE` and `CRCSTAMP_FAIL_SELF_TEST`. Values are matched in
/// any case; empty list items are skipped. Not on the hot path: it reads the environment
/// each time it is called.
///
/// ```
/// for ignored in crcstamp::ignored_overrides() {
///     eprintln!("warning: {ignored}");
/// }
/// ```
#[cfg(feature = "std")]
pub fn ignored_overrides() -> std::vec::Vec<super::overrides::IgnoredOverride> {
    use std::vec::Vec;
    let cpu: Vec<&str> = CPU_NAMES.to_vec();
    let tier: Vec<&str> = TIER_VALUES.iter().map(|&(n, _)| n).collect();
    // Every target's kernels, so that one list of names means the same everywhere.
    let kernels = || {
        Backend::all()
            .iter()
            .filter(|b| b.tier() > 0)
            .map(|b| b.name())
    };
    let disable: Vec<&str> = kernels().chain(DISABLE_EXTRA).collect();
    let fail: Vec<&str> = kernels().chain(FAIL_EXTRA).collect();
    let mut out = Vec::new();
    for (var, one, known) in [
        ("CRCSTAMP_CPU", true, cpu),
        ("CRCSTAMP_MAX_TIER", true, tier),
        ("CRCSTAMP_DISABLE", false, disable),
        ("CRCSTAMP_FAIL_SELF_TEST", false, fail),
    ] {
        if let Some(v) = std::env::var_os(var) {
            super::overrides::ignored_in(var, &v.to_string_lossy(), one, &known, &mut out);
        }
    }
    out
}

#[cfg(all(test, feature = "std", target_arch = "x86_64"))]
mod tests {
    use super::*;

    /// No kernel is ever offered whose instructions the CPU lacks.
    #[test]
    fn never_offers_what_the_cpu_lacks() {
        let pclmul = std::arch::is_x86_feature_detected!("pclmulqdq")
            && std::arch::is_x86_feature_detected!("sse4.1")
            && std::arch::is_x86_feature_detected!("ssse3");
        let vpclmul = pclmul
            && std::arch::is_x86_feature_detected!("vpclmulqdq")
            && std::arch::is_x86_feature_detected!("avx2");
        let zmm = vpclmul
            && std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512vl")
            && std::arch::is_x86_feature_detected!("avx512bw")
            && std::arch::is_x86_feature_detected!("avx512vbmi");
        assert!(!available(Backend::Pclmul) || pclmul);
        assert!(!available(Backend::Vpclmul256) || vpclmul);
        assert!(!available(Backend::Vpclmul512) || zmm);
        assert!(!available(Backend::Pmull) && !available(Backend::PmullEor3));
        let sse42 = std::arch::is_x86_feature_detected!("sse4.2");
        assert!(!available(Backend::HwCrc) || sse42);
        assert!(!available(Backend::Fusion) || (vpclmul && sse42));
        let cpu = features();
        assert!(!cpu.gfni() || std::arch::is_x86_feature_detected!("gfni"));
        assert!(!cpu.zmm() || cpu.has(Backend::Vpclmul512));
        assert!(cpu.fusion_shape() == plan::ZmmFusion::No || cpu.zmm());
        assert!(!cpu.reads_ahead() || cpu.zmm());
        // The route takes the 512-bit kernel on the route bit alone.
        assert!(!cpu.zmm_pays(1 << 20, plan::ZMM_MIN) || available(Backend::Vpclmul512));
    }

    /// Where the CPU has GFNI and the 512-bit kernel, msb CRCs run reflected (from
    /// `REFLECTED_MIN` bytes) unless a variable turns that off: the self-test falls back
    /// silently (correct, but slower), so a reflected run that miscomputes on a real CPU
    /// fails here, not only in the emulated suites.
    #[test]
    fn offers_the_reflected_run_where_the_cpu_has_gfni() {
        let off = ["CRCSTAMP_DISABLE", "CRCSTAMP_FAIL_SELF_TEST"]
            .iter()
            .any(|v| EnvList::read(v).names("gfni"));
        let cpu = features();
        if std::arch::is_x86_feature_detected!("gfni") && cpu.has(Backend::Vpclmul512) && !off {
            assert!(cpu.gfni(), "the reflected run failed its self-test");
        }
        // From its length on only, and only on the 512-bit kernel.
        use plan::{runs_reflected, REFLECTED_MIN};
        let at = |b, len| runs_reflected(b, cpu, len);
        assert!(!at(Backend::Vpclmul512, REFLECTED_MIN - 1));
        assert_eq!(at(Backend::Vpclmul512, REFLECTED_MIN), cpu.gfni());
        assert!(!at(Backend::Vpclmul256, 1 << 20));
    }

    /// Only Intel's profiles race, where the 512-bit fusion runs, unless turned off.
    #[test]
    fn races_where_the_family_does_here() {
        let off = EnvList::read("CRCSTAMP_DISABLE").names("race");
        let cpu = features();
        let intel = matches!(cpu.family().name(), "intel" | "rocketlake");
        if intel && cpu.fusion_shape() != plan::ZmmFusion::No && !off {
            assert!(cpu.races());
        }
        if off || !intel {
            assert!(!cpu.races());
        }
    }
}

#[cfg(all(test, feature = "std"))]
mod self_test_tests {
    use super::*;

    /// The self-test passes every kernel this CPU runs, unless a variable fails it: a wrong
    /// constant among the self-test's own models would withdraw them all, in silence.
    #[test]
    fn passes_every_kernel_the_cpu_runs() {
        let failing = EnvList::read("CRCSTAMP_FAIL_SELF_TEST");
        for b in plan::KERNELS {
            if !failing.names(b.name()) {
                assert_ne!(availability(b), Availability::FailedSelfTest, "{b:?}");
            }
        }
        // The kernel that runs msb CRCs reflected: x86_64's 512-bit one, aarch64's PMULL.
        let reflecting = match cfg!(target_arch = "aarch64") {
            true => Backend::Pmull,
            false => Backend::Vpclmul512,
        };
        let off = failing.names("gfni") || EnvList::read("CRCSTAMP_DISABLE").names("gfni");
        if !off && Host::has_gfni() && available(reflecting) {
            assert!(features().gfni(), "the reflected run failed its self-test");
        }
    }

    /// On aarch64 msb CRCs run reflected on both PMULL kernels from `REFLECTED_MIN` bytes,
    /// unless a variable turns that off.
    #[cfg(target_arch = "aarch64")]
    #[test]
    fn runs_msb_crcs_reflected_on_pmull() {
        use plan::{runs_reflected, REFLECTED_MIN};
        let off = ["CRCSTAMP_DISABLE", "CRCSTAMP_FAIL_SELF_TEST"]
            .iter()
            .any(|v| EnvList::read(v).names("gfni"));
        let cpu = features();
        assert_eq!(
            cpu.gfni(),
            !off,
            "rbit is NEON: only a variable turns the run off"
        );
        for b in [Backend::Pmull, Backend::PmullEor3] {
            assert!(!runs_reflected(b, cpu, REFLECTED_MIN - 1));
            assert_eq!(runs_reflected(b, cpu, REFLECTED_MIN), cpu.gfni());
        }
        assert!(!runs_reflected(Backend::HwCrc, cpu, 1 << 20));
    }
}
