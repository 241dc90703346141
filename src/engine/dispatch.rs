//! Which kernels this CPU can run, and how its family routes inputs between them: detected
//! once, at first use, self-tested, and cached in one atomic word, so the hot path pays a
//! single relaxed load.
//!
//! Detection happens at first use, not at build or load time (the kernel's crypto API once
//! picked its CRC-T10DIF implementation before the fast module was loaded and stayed slow).
//! Without `std` there is no runtime detection of the extensions: the compile-time target
//! features decide.

use super::overrides::{env_choice, EnvList};
use crate::backend::{Availability, Backend};

#[cfg(target_has_atomic = "64")]
type Bits = u64;
#[cfg(target_has_atomic = "64")]
type AtomicBits = core::sync::atomic::AtomicU64;
#[cfg(not(target_has_atomic = "64"))]
type Bits = u32;
#[cfg(not(target_has_atomic = "64"))]
type AtomicBits = core::sync::atomic::AtomicU32;

/// The accelerated kernels; the availability bit of `KERNELS[i]` is `1 << i`, its self-test
/// failure bit `1 << (FAILED + i)`.
const KERNELS: [Backend; 7] = [
    Backend::Vpclmul512,
    Backend::Vpclmul256,
    Backend::Pclmul,
    Backend::PmullEor3,
    Backend::Pmull,
    Backend::HwCrc,
    Backend::Fusion,
];

/// The cached word: bits 0..7 the kernels' availability, then the flags below, and in the
/// top 16 bits the last length the CRC instruction takes (64-bit atomics only; elsewhere no
/// kernel uses it).
static FEATURES: AtomicBits = AtomicBits::new(0);
/// The family's 512-bit loops with no issue slot to spare read ahead on long inputs
/// (`kernels::AHEAD`).
const READS_AHEAD: Bits = 1 << 7;
/// msb CRCs run reflected on 512-bit vectors, with GFNI's bit reversal (`fold.rs`).
const GFNI: Bits = 1 << 8;
/// The family folds on 512-bit vectors here, from [`ZMM_MIN`] bytes.
const ZMM: Bits = 1 << 9;
/// Two bits: the [`Family`] whose profile routes.
const FAMILY: u32 = 10;
/// The CRC instruction takes every length (it has no last length); set only where the CPU
/// offers it.
const HW_ALWAYS: Bits = 1 << 12;
/// The family fuses the CRC instruction with 512-bit folding here (implies [`ZMM`]).
const ZMM_FUSION: Bits = 1 << 13;
/// In the wide shape ([`ZmmFusion::Wide`]; implies [`ZMM_FUSION`]).
const ZMM_FUSION_WIDE: Bits = 1 << 14;
/// Detection done.
const DETECTED: Bits = 1 << 15;
/// Seven bits from here: the kernels that failed their self-test.
const FAILED: u32 = 16;
/// Fusion races the plain 512-bit fold on its route (`engine::race`; implies
/// [`ZMM_FUSION`]).
const RACES: Bits = 1 << 23;
/// Bits 24..47: the shortest input the 512-bit kernel takes, the lesser of [`ZMM_MIN`] and
/// [`ZMM_MIN_BY_INSTRUCTION`] where the family takes 512-bit vectors ([`ZMM`]) and the
/// field's maximum elsewhere; 0 before detection. The hot path compares a length from its
/// CRC's own threshold on with it once: below it the CPU is detected and the 512-bit kernel
/// does not run, so a CRC without an instruction of its own calls the narrower kernels
/// inline ([`Cpu::folds_inline`]).
#[cfg(target_has_atomic = "64")]
const ZMM_FROM_SHIFT: u32 = 24;
#[cfg(target_has_atomic = "64")]
const ZMM_FROM_MASK: Bits = 0xff_ffff;
/// The top 16 bits: the last length the CRC instruction takes, one less than where folding
/// beats it ([`Profile::fold_beats_hw`]) or fusion takes over, whichever is shorter; 0xffff
/// with [`HW_ALWAYS`]; 0 where the CPU does not offer the instruction, so that the hot path
/// tests its availability and length at once. In the top bits it reads it with one shift.
#[cfg(target_has_atomic = "64")]
const HW_LAST: u32 = 48;

/// The length from which a family that takes 512-bit vectors folds on them (`Profile::zmm`;
/// `spec/decisions.md`, "512-bit vectors"). A constant, so that the hot path tests it
/// with one comparison.
#[cfg_attr(not(target_has_atomic = "64"), allow(dead_code))]
pub(crate) const ZMM_MIN: usize = 1024;

/// The same for a CRC with an instruction of its own (CRC-32C) where folding takes it
/// (`Profile::fold_beats_hw`): there a peer folds on 512-bit vectors from 384 bytes and led
/// the 256-bit kernel, so the cold unit's cost is paid from where the 512-bit fold pays warm
/// (`spec/decisions.md`, "Every folding kernel called from the hot path").
#[cfg_attr(not(target_has_atomic = "64"), allow(dead_code))]
pub(crate) const ZMM_MIN_BY_INSTRUCTION: usize = 448;

/// The CPU families with routing thresholds of their own (`spec/decisions.md`, "Routing per
/// CPU family"). `CRCSTAMP_CPU=intel|amd|generic` forces one, so that every family's routing
/// can be tested on any machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Family {
    /// Everything else: Intel before Sapphire Rapids or without AVX-512, other x86 vendors,
    /// aarch64.
    Generic = 0,
    /// AMD Zen 3 and later (CPUID family 0x19 and up).
    Amd = 1,
    /// Intel with AVX-512 and VPCLMULQDQ that does not downclock for 512-bit vectors (not in
    /// Linux's list of CPUs that prefer 256-bit vectors: Sapphire Rapids, Rocket Lake and
    /// later).
    Intel = 2,
}

impl Family {
    /// The name `CRCSTAMP_CPU` takes and `crc-gen show` prints.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Family::Generic => "generic",
            Family::Amd => "amd",
            Family::Intel => "intel",
        }
    }
}

/// A family's routing: where the kernels hand over to each other. (Only targets with 64-bit
/// atomics have kernels to route between.)
#[cfg_attr(not(target_has_atomic = "64"), allow(dead_code))]
struct Profile {
    /// For the CRCs with an instruction of their own: the length from which the best
    /// folding kernel beats the instruction (below fusion's blocks), 0 for never.
    fold_beats_hw: u16,
    /// Whether the family folds on 512-bit vectors where the CPU has them, from
    /// [`ZMM_MIN`] bytes.
    zmm: bool,
    /// Whether fusion runs on 512-bit vectors there too (from its own length,
    /// `kernels::fusion_from`) rather than on 256-bit ones, and in which shape.
    zmm_fusion: ZmmFusion,
    /// Whether the 512-bit loops with no issue slot to spare prefetch long inputs
    /// (`kernels::AHEAD`): the reflected run of msb CRCs and fusion in the narrow shape
    /// (no profile reads ahead with the wide one, so it has no such instantiation).
    reads_ahead: bool,
    /// Whether fusion in the narrow shape races the plain 512-bit fold on its route
    /// (`engine::race`): where which of the two leads depends on the host.
    races: bool,
}

/// Fusion on 512-bit vectors, by how many of the instruction's words a step gives each of
/// its three streams (`kernels.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ZmmFusion {
    /// Fusion stays on 256-bit vectors.
    No,
    /// Two words: for an instruction that retires one a cycle (Intel).
    Narrow,
    /// Four words: for one that retires two a cycle, which three streams of latency 3 can
    /// only use with more words beside each vector (AMD Zen 5).
    Wide,
}

/// Indexed by [`Family`]. Where each number comes from: `spec/decisions.md`.
const PROFILES: [Profile; 3] = [
    // Generic: the thresholds of AMD Zen 3, the only family measured without AVX-512.
    Profile {
        fold_beats_hw: 0,
        zmm: false,
        zmm_fusion: ZmmFusion::No,
        reads_ahead: false,
        races: false,
    },
    // AMD: measured on Zen 3, the instruction's three streams beat the 256-bit fold below
    // fusion's blocks. On Zen 5 (AVX-512, family 0x1a) the 512-bit fold beats them from
    // 1 KiB (`hw_last`), and fusion on 512-bit vectors in the wide shape beats the fold;
    // Zen 4 (unmeasured) takes the same route.
    Profile {
        fold_beats_hw: 0,
        zmm: true,
        zmm_fusion: ZmmFusion::Wide,
        // Unmeasured on Zen 4 and 5.
        reads_ahead: false,
        // Fusion led the fold by a quarter to a third on Zen 5 from 16 KiB.
        races: false,
    },
    // Measured on an Intel Xeon (Sapphire/Emerald Rapids): the instruction tops out near 26
    // GiB/s, the 256-bit fold beats it from 256 bytes; 512-bit vectors pay from 1 KiB cold.
    // On a second Xeon (KVM model 167) the bit-reversed run and fusion gained 3–5% reading
    // ahead from 64 KiB. Fusion against the fold alone from 64 KiB: 0.78–1.16, by the host.
    Profile {
        fold_beats_hw: 256,
        zmm: true,
        zmm_fusion: ZmmFusion::Narrow,
        reads_ahead: true,
        races: true,
    },
];

/// The cached features and thresholds, as the hot path reads them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cpu(Bits);

impl Cpu {
    /// Whether the accelerated kernel `b` can run here.
    #[inline(always)]
    pub(crate) fn has(self, b: Backend) -> bool {
        self.0 & bit(b) != 0
    }

    /// Whether msb CRCs run reflected on 512-bit vectors (GFNI).
    #[inline(always)]
    pub(crate) fn gfni(self) -> bool {
        self.0 & GFNI != 0
    }

    /// Whether the family folds on 512-bit vectors here (and the CPU has them).
    #[inline(always)]
    pub(crate) fn zmm(self) -> bool {
        self.0 & ZMM != 0
    }

    /// Whether the family's fusion runs on 512-bit vectors here (and the CPU has them).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    #[inline(always)]
    pub(crate) fn zmm_fusion(self) -> bool {
        self.0 & ZMM_FUSION != 0
    }

    /// Whether the family's 512-bit loops with no issue slot to spare prefetch long inputs
    /// (and the CPU has 512-bit vectors).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    #[inline(always)]
    pub(crate) fn reads_ahead(self) -> bool {
        self.0 & READS_AHEAD != 0
    }

    /// Whether fusion races the plain 512-bit fold on its route (`engine::race`).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    #[inline(always)]
    pub(crate) fn races(self) -> bool {
        self.0 & RACES != 0
    }

    /// Whether that fusion runs in the wide shape ([`ZmmFusion::Wide`]).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    #[inline(always)]
    pub(crate) fn zmm_fusion_wide(self) -> bool {
        self.0 & ZMM_FUSION_WIDE != 0
    }

    /// Whether the CRC instruction runs `len` bytes (at least one), by the hot path's one
    /// test: up to the last length it takes, 0 where the CPU does not offer it. Past
    /// 64 KiB, [`hw_always`](Self::hw_always) tells the rest.
    #[inline(always)]
    pub(crate) fn hw_runs(self, len: usize) -> bool {
        #[cfg(target_has_atomic = "64")]
        return (len as u64) <= self.0 >> HW_LAST;
        #[allow(unreachable_code)]
        {
            let _ = len;
            self.has(Backend::HwCrc)
        }
    }

    /// Whether the CRC instruction takes every length: the CPU offers it and nothing beats
    /// it here.
    #[inline(always)]
    pub(crate) fn hw_always(self) -> bool {
        self.0 & HW_ALWAYS != 0
    }

    /// Whether 512-bit vectors run `len` bytes of a CRC whose 512-bit fold starts at `min`:
    /// [`ZMM_MIN`], or [`ZMM_MIN_BY_INSTRUCTION`] for a CRC with an instruction of its own.
    #[inline(always)]
    pub(crate) fn zmm_pays(self, len: usize, min: usize) -> bool {
        !self.below_zmm(len, min) && self.zmm()
    }

    /// Whether `len` is shorter than `min` or the 512-bit kernel's inputs ([`ZMM_FROM_SHIFT`];
    /// before detection, never). Without 64-bit atomics there is no such kernel.
    #[inline(always)]
    fn below_zmm(self, len: usize, min: usize) -> bool {
        // The field is 0 before detection and at most `min` after, for either `min`, where
        // the family takes 512-bit vectors: below `min` a compare with a constant, which
        // needs nothing of the load, and the detection bit stand for it.
        #[cfg(target_has_atomic = "64")]
        return match len < min {
            true => self.0 & DETECTED != 0,
            false => (len as u64) < (self.0 >> ZMM_FROM_SHIFT) & ZMM_FROM_MASK,
        };
        #[allow(unreachable_code)]
        {
            let _ = (len, min);
            self.0 & DETECTED != 0
        }
    }

    /// For a CRC without an instruction of its own: whether the CPU is detected and the
    /// 512-bit kernel does not take `len` bytes. Below `ZMM_MIN` a compare with a constant
    /// and a bit test, from it one compare; the inline route then knows the 512-bit test's
    /// answer (the hot path's other way in is [`zmm`](Self::zmm)).
    #[inline(always)]
    pub(crate) fn folds_inline(self, len: usize) -> bool {
        self.below_zmm(len, ZMM_MIN)
    }

    /// The family whose profile routes.
    pub(crate) fn family(self) -> Family {
        match (self.0 >> FAMILY) & 3 {
            1 => Family::Amd,
            2 => Family::Intel,
            _ => Family::Generic,
        }
    }

    /// The same without `flag`.
    fn without(self, flag: Bits) -> Cpu {
        Cpu(self.0 & !flag)
    }
}

/// The availability bit of `b` (0 for the portable kernels, which are not listed).
#[inline(always)]
const fn bit(b: Backend) -> Bits {
    let mut i = 0;
    while i < KERNELS.len() {
        if KERNELS[i] as u8 == b as u8 {
            return 1 << i;
        }
        i += 1;
    }
    0
}

/// The folding kernels of this architecture, best first.
#[cfg(target_arch = "x86_64")]
pub(crate) const FOLDING_ORDER: [Backend; 3] =
    [Backend::Vpclmul512, Backend::Vpclmul256, Backend::Pclmul];
#[cfg(target_arch = "aarch64")]
pub(crate) const FOLDING_ORDER: [Backend; 2] = [Backend::PmullEor3, Backend::Pmull];
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
pub(crate) const FOLDING_ORDER: [Backend; 0] = [];

/// The cached word, or `None` before the first detection: the hot path takes this one load
/// and leaves detection to a cold call it makes in tail position, so that no register of
/// the caller has to live across a call.
#[inline(always)]
pub(crate) fn cached() -> Option<Cpu> {
    let bits = FEATURES.load(core::sync::atomic::Ordering::Relaxed);
    (bits & DETECTED != 0).then_some(Cpu(bits))
}

/// The cached word as it is, all zero before the first detection (then no kernel is
/// offered and [`Cpu::folds_inline`] is false).
#[inline(always)]
pub(crate) fn cached_any() -> Cpu {
    Cpu(FEATURES.load(core::sync::atomic::Ordering::Relaxed))
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
    } else if cpu.0 >> FAILED & bit(b) != 0 {
        Availability::FailedSelfTest
    } else if !cpu_has(b) {
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

/// Racing first uses compute the same value, so a plain store is enough.
#[cold]
fn detect_and_cache() -> Cpu {
    let max_tier = max_tier();
    let disabled = EnvList::read("CRCSTAMP_DISABLE");
    let mut bits: Bits = 0;
    for (i, &b) in KERNELS.iter().enumerate() {
        if b.tier() <= max_tier && !disabled.names(b.name()) && cpu_has(b) {
            bits |= 1 << i;
        }
    }
    let family = cpu_family();
    let profile = &PROFILES[family as usize];
    bits |= (family as Bits) << FAMILY;
    if cpu_has_gfni() && !disabled.names("gfni") {
        bits |= GFNI;
    }
    if profile.zmm && bits & bit(Backend::Vpclmul512) != 0 {
        bits |= ZMM;
        bits |= match profile.zmm_fusion {
            ZmmFusion::No => 0,
            ZmmFusion::Narrow => ZMM_FUSION,
            ZmmFusion::Wide => ZMM_FUSION | ZMM_FUSION_WIDE,
        };
        if profile.reads_ahead && !disabled.names("prefetch") {
            bits |= READS_AHEAD;
        }
        if profile.races && profile.zmm_fusion == ZmmFusion::Narrow && !disabled.names("race") {
            bits |= RACES;
        }
    }
    let cpu = super::self_test::run(Cpu(bits));
    let bits = cpu.0 | hw_last(profile, cpu) | zmm_from(cpu) | DETECTED;
    FEATURES.store(bits, core::sync::atomic::Ordering::Relaxed);
    Cpu(bits)
}

/// [`ZMM_FROM_SHIFT`]'s field for `cpu` (its kernels decided).
#[allow(unused_variables)]
fn zmm_from(cpu: Cpu) -> Bits {
    #[cfg(target_has_atomic = "64")]
    return match cpu.zmm() {
        true => (ZMM_MIN.min(ZMM_MIN_BY_INSTRUCTION) as Bits) << ZMM_FROM_SHIFT,
        false => ZMM_FROM_MASK << ZMM_FROM_SHIFT,
    };
    #[allow(unreachable_code)]
    0
}

/// The CRC instruction's last length for `profile` on `cpu` (its kernels decided), in the
/// cached word's top bits: one less than where folding beats it (the profile's length, and
/// [`ZMM_MIN`] where the family folds on 512-bit vectors: their fold beat three streams
/// there on Intel and on AMD Zen 5) or fusion takes over, whichever is shorter, or
/// [`HW_ALWAYS`]; 0 where the CPU does not offer the instruction.
#[allow(unused_variables)]
fn hw_last(profile: &Profile, cpu: Cpu) -> Bits {
    if !cpu.has(Backend::HwCrc) {
        return 0;
    }
    #[cfg(target_has_atomic = "64")]
    {
        let fusion = match cpu.has(Backend::Fusion) {
            true => super::kernels::fusion_from(cpu) as u16,
            false => 0,
        };
        let fold = match (profile.fold_beats_hw, cpu.zmm()) {
            (0, true) => ZMM_MIN as u16,
            (f, true) => f.min(ZMM_MIN as u16),
            (f, false) => f,
        };
        return match (fold, fusion) {
            (0, 0) => 0xffff << HW_LAST | HW_ALWAYS,
            (0, f) | (f, 0) => Bits::from(f - 1) << HW_LAST,
            (a, b) => Bits::from(a.min(b) - 1) << HW_LAST,
        };
    }
    #[allow(unreachable_code)]
    HW_ALWAYS
}

/// `cpu` with the kernel `b` (and what depends on it) withdrawn after a failed self-test.
pub(super) fn withdraw(cpu: Cpu, b: Backend) -> Cpu {
    let mut bits = cpu.0 & !bit(b) | bit(b) << FAILED;
    if b == Backend::Vpclmul512 {
        bits &= !(ZMM | ZMM_FUSION | ZMM_FUSION_WIDE | GFNI | RACES);
    }
    Cpu(bits)
}

/// `cpu` without the reflected run of msb CRCs: to self-test the other msb path, and after
/// a failed self-test of this one.
pub(super) fn without_gfni(cpu: Cpu) -> Cpu {
    cpu.without(GFNI)
}

#[cfg(all(feature = "std", target_arch = "x86_64"))]
macro_rules! has {
    ($f:tt) => {
        std::arch::is_x86_feature_detected!($f)
    };
}
#[cfg(all(feature = "std", target_arch = "aarch64"))]
macro_rules! has {
    ($f:tt) => {
        std::arch::is_aarch64_feature_detected!($f)
    };
}
#[cfg(all(
    not(feature = "std"),
    any(target_arch = "x86_64", target_arch = "aarch64")
))]
macro_rules! has {
    ($f:tt) => {
        cfg!(target_feature = $f)
    };
}

/// Every instruction set extension the kernel uses, checked on this CPU.
#[allow(unreachable_code)]
pub(crate) fn cpu_has(b: Backend) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        let clmul128 = has!("pclmulqdq") && has!("sse4.1") && has!("ssse3");
        let clmul256 = clmul128 && has!("vpclmulqdq") && has!("avx2");
        return match b {
            Backend::Pclmul => clmul128,
            Backend::Vpclmul256 => clmul256,
            Backend::Vpclmul512 => {
                clmul256
                    && has!("avx512f")
                    && has!("avx512vl")
                    && has!("avx512bw")
                    && has!("avx512vbmi")
            }
            Backend::HwCrc => has!("sse4.2"),
            Backend::Fusion => clmul256 && has!("sse4.2"),
            _ => false,
        };
    }
    #[cfg(target_arch = "aarch64")]
    {
        #[cfg(feature = "std")]
        let pmull = has!("pmull");
        #[cfg(not(feature = "std"))]
        let pmull = has!("aes");
        return match b {
            Backend::Pmull => pmull,
            Backend::PmullEor3 => pmull && has!("sha3"),
            Backend::HwCrc => has!("crc"),
            Backend::Fusion => pmull && has!("crc"),
            _ => false,
        };
    }
    let _ = b;
    false
}

/// GFNI, for the reflected run of msb CRCs on 512-bit vectors.
#[allow(unreachable_code)]
fn cpu_has_gfni() -> bool {
    #[cfg(target_arch = "x86_64")]
    return has!("gfni");
    false
}

/// The family from `CRCSTAMP_CPU`, else from CPUID.
fn cpu_family() -> Family {
    if let Some(family) = env_choice("CRCSTAMP_CPU", &CPU_VALUES) {
        return family;
    }
    // Miri cannot run CPUID (inline assembly); it offers no accelerated kernels either, so
    // no family's thresholds matter there.
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    return x86_family();
    #[allow(unreachable_code)]
    Family::Generic
}

/// Intel family 6 models that downclock for 512-bit vectors, as Linux lists them
/// (`zmm_exclusion_list`, X86_FEATURE_PREFER_YMM): Skylake-X, Ice Lake (server, D, client,
/// NNPI), Tiger Lake. Later models (Rocket Lake, Sapphire Rapids and on) are not listed.
#[cfg(all(target_arch = "x86_64", not(miri)))]
const PREFER_YMM_MODELS: [u32; 8] = [0x55, 0x6a, 0x6c, 0x7d, 0x7e, 0x9d, 0x8c, 0x8d];

/// The family from CPUID's vendor, family and model.
#[cfg(all(target_arch = "x86_64", not(miri)))]
fn x86_family() -> Family {
    let (vendor, signature) = super::arch::x86_64::cpuid_vendor_signature();
    let base = (signature >> 8) & 0xf;
    let family = if base == 0xf {
        base + ((signature >> 20) & 0xff)
    } else {
        base
    };
    let model = if base == 0x6 || base == 0xf {
        ((signature >> 4) & 0xf) | ((signature >> 12) & 0xf0)
    } else {
        (signature >> 4) & 0xf
    };
    let is = |name: &[u8; 12]| &vendor == name;
    let zmm = cpu_has(Backend::Vpclmul512);
    if is(b"GenuineIntel") && zmm && !(family == 6 && PREFER_YMM_MODELS.contains(&model)) {
        Family::Intel
    } else if (is(b"AuthenticAMD") || is(b"HygonGenuine")) && family >= 0x19 {
        Family::Amd
    } else {
        Family::Generic
    }
}

/// The tier cap from `CRCSTAMP_MAX_TIER`, so tests can run the fallbacks on a CPU that has
/// the faster kernels: `portable` (0), `clmul128` (1), `clmul256` (2), `clmul512` (3).
/// Unset: no cap.
fn max_tier() -> u8 {
    env_choice("CRCSTAMP_MAX_TIER", &TIER_VALUES).unwrap_or(u8::MAX)
}

/// `CRCSTAMP_CPU`'s values.
const CPU_VALUES: [(&str, Family); 3] = [
    ("intel", Family::Intel),
    ("amd", Family::Amd),
    ("generic", Family::Generic),
];

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
    let cpu: Vec<&str> = CPU_VALUES.iter().map(|&(n, _)| n).collect();
    let tier: Vec<&str> = TIER_VALUES.iter().map(|&(n, _)| n).collect();
    let kernels = || KERNELS.iter().map(|b| b.name());
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
        let pclmul = has!("pclmulqdq") && has!("sse4.1") && has!("ssse3");
        let vpclmul = pclmul && has!("vpclmulqdq") && has!("avx2");
        let zmm = vpclmul
            && has!("avx512f")
            && has!("avx512vl")
            && has!("avx512bw")
            && has!("avx512vbmi");
        assert!(!available(Backend::Pclmul) || pclmul);
        assert!(!available(Backend::Vpclmul256) || vpclmul);
        assert!(!available(Backend::Vpclmul512) || zmm);
        assert!(!available(Backend::Pmull) && !available(Backend::PmullEor3));
        let sse42 = has!("sse4.2");
        assert!(!available(Backend::HwCrc) || sse42);
        assert!(!available(Backend::Fusion) || (vpclmul && sse42));
        let cpu = features();
        assert!(!cpu.gfni() || has!("gfni"));
        assert!(!cpu.zmm() || cpu.has(Backend::Vpclmul512));
        assert!(!cpu.zmm_fusion() || cpu.zmm());
        assert!(!cpu.zmm_fusion_wide() || cpu.zmm_fusion());
        assert!(!cpu.reads_ahead() || cpu.zmm());
        // The route takes the 512-bit kernel on the route bit alone.
        assert!(!cpu.zmm_pays(1 << 20, ZMM_MIN) || available(Backend::Vpclmul512));
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
        if has!("gfni") && cpu.has(Backend::Vpclmul512) && !off {
            assert!(cpu.gfni(), "the reflected run failed its self-test");
        }
        // From its length on only, and only on the 512-bit kernel.
        use super::super::kernels::{runs_reflected, REFLECTED_MIN};
        let at = |b, len| runs_reflected(b, cpu, len);
        assert!(!at(Backend::Vpclmul512, REFLECTED_MIN - 1));
        assert_eq!(at(Backend::Vpclmul512, REFLECTED_MIN), cpu.gfni());
        assert!(!at(Backend::Vpclmul256, 1 << 20));
    }

    /// The instruction's last length is the profile's or fusion's, whichever comes first,
    /// and past 64 KiB the flag tells.
    #[test]
    fn instruction_thresholds() {
        let at = |fold_beats_hw, fusion: bool| {
            let p = Profile {
                fold_beats_hw,
                zmm: false,
                zmm_fusion: ZmmFusion::No,
                reads_ahead: false,
                races: false,
            };
            let fusion = if fusion { bit(Backend::Fusion) } else { 0 };
            let cpu = Cpu(fusion | bit(Backend::HwCrc));
            Cpu(hw_last(&p, cpu) | DETECTED)
        };
        let f = super::super::kernels::fusion_from(Cpu(0));
        assert!(at(0, true).hw_runs(f - 1) && !at(0, true).hw_runs(f));
        assert!(!at(0, true).hw_always());
        assert!(at(0, false).hw_runs(65_535) && at(0, false).hw_always());
        for fusion in [true, false] {
            assert!(at(256, fusion).hw_runs(255) && !at(256, fusion).hw_runs(256));
            assert!(!at(256, fusion).hw_always());
        }
        // Without the instruction (not offered, or withdrawn) it runs nothing.
        let p = &PROFILES[Family::Generic as usize];
        let none = Cpu(hw_last(p, Cpu(bit(Backend::Fusion))) | DETECTED);
        assert!(!none.hw_runs(1) && !none.hw_always());
    }

    /// Fusion's shape is the profile's own: 256-bit vectors (where the CPU lacks 512-bit
    /// ones or the family keeps them out), or 512-bit vectors in the narrow or the wide shape,
    /// each from its own length. The instruction hands over to the 512-bit fold at
    /// `ZMM_MIN` where the family folds on them, else at fusion's blocks.
    #[test]
    fn fusion_shape_follows_the_profile() {
        use super::super::kernels::fusion_from;
        let zmm = bit(Backend::Vpclmul512) | ZMM;
        let fusion = bit(Backend::Fusion) | bit(Backend::HwCrc);
        let ymm_fused = Cpu(zmm | fusion);
        let narrow = Cpu(zmm | ZMM_FUSION | fusion);
        let wide = Cpu(zmm | ZMM_FUSION | ZMM_FUSION_WIDE | fusion);
        assert!(fusion_from(wide) < fusion_from(ymm_fused));
        assert!(fusion_from(ymm_fused) < fusion_from(narrow));
        assert_eq!(fusion_from(ymm_fused), fusion_from(Cpu(fusion)));
        let amd = &PROFILES[Family::Amd as usize];
        assert!(amd.zmm && amd.zmm_fusion == ZmmFusion::Wide);
        let intel = &PROFILES[Family::Intel as usize];
        assert!(intel.zmm && intel.zmm_fusion == ZmmFusion::Narrow);
        // Zen 3 (no 512-bit kernel): the instruction up to the 256-bit blocks.
        let zen3 = Cpu(fusion);
        let last = Cpu(hw_last(amd, zen3) | DETECTED);
        let f = fusion_from(zen3);
        assert!(last.hw_runs(f - 1) && !last.hw_runs(f));
        // Zen 4 and 5: up to the 512-bit fold.
        let last = Cpu(hw_last(amd, wide) | DETECTED);
        assert!(last.hw_runs(ZMM_MIN - 1) && !last.hw_runs(ZMM_MIN));
        let generic = &PROFILES[Family::Generic as usize];
        assert!(!generic.zmm && generic.zmm_fusion == ZmmFusion::No);
    }

    /// A flag of each family's profile, in `Family` order (generic, amd, intel).
    #[cfg(target_arch = "x86_64")]
    fn by_family(flag: fn(&Profile) -> bool) -> [bool; 3] {
        [Family::Generic, Family::Amd, Family::Intel].map(|f| flag(&PROFILES[f as usize]))
    }

    /// Only Intel's profile reads ahead (measured there alone), and only from `AHEAD_MIN`.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn reads_ahead_on_long_inputs_where_the_family_does() {
        use super::super::kernels::{reads_ahead, AHEAD_MIN};
        assert_eq!(by_family(|p| p.reads_ahead), [false, false, true]);
        // `kernels::fusion` has no wide instantiation that reads ahead.
        assert!(PROFILES
            .iter()
            .all(|p| !(p.reads_ahead && p.zmm_fusion == ZmmFusion::Wide)));
        let cpu = Cpu(READS_AHEAD);
        assert!(!reads_ahead(cpu, AHEAD_MIN - 1) && reads_ahead(cpu, AHEAD_MIN));
        assert!(!reads_ahead(Cpu(0), 1 << 20));
    }

    /// Only Intel's profile races fusion against the fold (where the host decides which
    /// leads), only with fusion in the narrow shape, and only from `RACE_MIN`.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn races_where_the_family_does() {
        assert_eq!(by_family(|p| p.races), [false, false, true]);
        assert!(PROFILES
            .iter()
            .all(|p| !p.races || p.zmm_fusion == ZmmFusion::Narrow));
        assert!(Cpu(RACES).races() && !Cpu(0).races());
        // The fold it races is the 512-bit kernel: no race once that fails its self-test.
        let racing = Cpu(RACES | ZMM_FUSION | ZMM | bit(Backend::Vpclmul512));
        assert!(!withdraw(racing, Backend::Vpclmul512).races());
        assert!(withdraw(racing, Backend::Vpclmul256).races());
        let off = EnvList::read("CRCSTAMP_DISABLE").names("race");
        let cpu = features();
        if cpu.family() == Family::Intel && cpu.zmm_fusion() && !off {
            assert!(cpu.races());
        }
        if off || cpu.family() != Family::Intel {
            assert!(!cpu.races());
        }
    }

    /// The 512-bit kernel from `ZMM_MIN` where the family takes it (from
    /// `ZMM_MIN_BY_INSTRUCTION` for a CRC with an instruction of its own), never elsewhere;
    /// the hot path's one compare keeps inline exactly what it does not take, and nothing
    /// before detection.
    #[test]
    fn zmm_thresholds() {
        let detected = |flags: Bits| Cpu(flags | zmm_from(Cpu(flags)) | DETECTED);
        let (zmm, ymm) = (detected(ZMM | bit(Backend::Vpclmul512)), detected(0));
        for min in [ZMM_MIN, ZMM_MIN_BY_INSTRUCTION] {
            assert!(
                !zmm.zmm_pays(min - 1, min) && zmm.zmm_pays(min, min),
                "{min}"
            );
            for len in [0, 17, min, 1 << 20, usize::MAX] {
                assert!(!ymm.zmm_pays(len, min), "{len}");
            }
        }
        assert!(zmm.folds_inline(ZMM_MIN - 1) && !zmm.folds_inline(ZMM_MIN));
        for len in [0, 17, ZMM_MIN, 1 << 20, usize::MAX] {
            assert!(!Cpu(0).folds_inline(len), "{len}");
        }
        assert!(ymm.folds_inline(1 << 20));
    }
}
