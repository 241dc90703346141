//! The route plan: every length at which the route hands an input from one kernel to
//! another, and every choice it makes between shapes of one kernel, for each CPU family, in
//! one place. [`PROFILES`] holds what differs between the families; the thresholds below it
//! are shared by all of them, where one compare with a constant is what the hot path can pay.
//! [`resolve`] turns a family and the kernels a CPU offers into the cached word [`Cpu`] that
//! the hot path reads; `detect` finds both at first use. The kernels and the route take their
//! choices from here as arguments; none is looked up inside a kernel's body.
//!
//! `crc-gen route` prints the bands this plan gives on this CPU (`Consts::route_for`), and
//! `golden.rs` pins them for a synthetic CPU of each family in `spec/route-plan-<arch>.txt`
//! (`spec/engine.md`, "What runs at each length"). Where each number was measured:
//! `spec/decisions.md`, "Rules in force".

use crate::backend::Backend;

#[cfg(target_has_atomic = "64")]
pub(super) type Bits = u64;
#[cfg(not(target_has_atomic = "64"))]
pub(super) type Bits = u32;

// ---- The thresholds every family shares ----

/// The length from which a family that takes 512-bit vectors folds on them (`Profile::zmm`;
/// `spec/decisions.md`, "512-bit vectors"). A constant, so that the hot path tests it
/// with one comparison.
pub(crate) const ZMM_MIN: usize = 1024;

/// The same for a CRC with an instruction of its own (CRC-32C) where folding takes it
/// (`Profile::fold_beats_hw`): there a peer folds on 512-bit vectors from 384 bytes and led
/// the 256-bit kernel, so the cold unit's cost is paid from where the 512-bit fold pays warm
/// (`spec/decisions.md`, "Every folding kernel called from the hot path").
pub(crate) const ZMM_MIN_BY_INSTRUCTION: usize = 448;

/// The shortest input an msb CRC runs reflected on ([`runs_reflected`]): every input the
/// route gives the 512-bit kernel ([`ZMM_MIN`]). At 1–1.5 KiB the reflected run
/// measured 1.02–1.31× the byte shuffle's kernel on a 4 GHz Intel host, and 0.83–0.95× at
/// 1 KiB on a 2.5 GHz one, where the shuffle's shorter latency into the first fold and out
/// of the reduction counted for more (`spec/decisions.md`, "Forward CRCs reflected from 1
/// KiB").
pub(crate) const REFLECTED_MIN: usize = ZMM_MIN;

/// How far ahead of each step's vectors the 512-bit loops with no issue slot to spare ask the
/// cache for the lines they will load ([`reads_ahead`]): the bit-reversed run of msb CRCs
/// (two multiplies, a three-way XOR and a bit reversal a vector, on two ports) and fusion.
/// Where a line comes late from L2 such a loop cannot catch up; the plain reflected fold has
/// a slot a vector to spare and ran as fast without (`spec/decisions.md`, "Reading ahead").
#[cfg(target_arch = "x86_64")]
pub(crate) const AHEAD: usize = 1024;

/// From this length the route reads ahead ([`AHEAD`]) where the family does: past the L1
/// data cache (48 KiB on the Intel cores measured) the data comes from L2. Below it the
/// prefetches only take load slots (0.93–0.97× at 16 KiB).
pub(crate) const AHEAD_MIN: usize = 64 * 1024;

/// Inputs from this long on are split so that every 512-bit vector load of the rest is
/// aligned to the vector's size: on Intel a 512-bit load that spans two cache lines costs a
/// fifth of the speed once the data comes from L2, and on a fast host up to a tenth from L1
/// at 2–4 KiB (`spec/decisions.md`, "Aligned 512-bit loads", "Alignment from 2 KiB").
pub(crate) const ALIGN_MIN: usize = 2048;

/// The same for CRC-32C, whose alignment head runs on the instruction: past 1 KiB. At
/// exactly 1 KiB (16 whole vectors, which aligned become 15 and a tail) the head's dependent
/// steps at the start of the chain cost more than the split loads they save (0.90–0.94×);
/// from 1040 bytes aligning ran 1.01–1.08× but at whole numbers of vectors (0.98–1.01), and
/// took CRC-32C at 1200 bytes from 0.93× to 1.02–1.04× crc-fast (`spec/decisions.md`,
/// "Alignment from 2 KiB").
pub(crate) const ALIGN_BY_INSTRUCTION_MIN: usize = 1025;

/// The shortest input the CRC instruction runs as three streams, where the CPU has a
/// carry-less multiply to join them (`spec/decisions.md`).
pub(crate) const THREE_MIN: usize = 24 * 10;

/// Fusion's block shape on 128-bit lanes: words per stream per step of four vectors, and the
/// fewest and most steps in a block. Fixed at 64 steps: 4 KiB of vectors and three 1 KiB
/// streams, 7 KiB a block (`spec/decisions.md`, "Fusion"; the longer blocks that paid on x86
/// are unmeasured on aarch64, the only user of this shape).
pub(crate) const LANE_WORDS: usize = 2;
pub(crate) const LANE_STEPS: usize = 64;
/// The same on 256-bit vectors: from 32 steps (4 KiB of vectors and three 1 KiB streams, 7
/// KiB a block) to 128 (28 KiB). Each block's join waits for the block before it, so longer
/// blocks pay it less often (`spec/decisions.md`, "Longer fusion blocks").
pub(crate) const YMM_WORDS: usize = 4;
pub(crate) const YMM_MIN_STEPS: usize = 32;
pub(crate) const YMM_MAX_STEPS: usize = 128;
/// The same on 512-bit vectors, where the fold is four times the instruction's speed: from
/// 32 steps (8 KiB of vectors, 9.5 KiB a block, where fusion starts to beat the fold alone
/// with the core to itself) to 256 (64 KiB of vectors, 76 KiB a block; `spec/decisions.md`).
pub(crate) const ZMM_WORDS: usize = 2;
pub(crate) const ZMM_MIN_STEPS: usize = 32;
pub(crate) const ZMM_MAX_STEPS: usize = 256;
/// The wide 512-bit shape, for a CPU whose instruction retires two a cycle (AMD Zen 5: the
/// three streams' latency caps them at one a cycle, so fusion gives them twice the words):
/// four words per stream per step, from 8 steps (2.75 KiB a block: where the multiplier is
/// the bound, what the instruction takes pays even in short blocks) to 112 (38.5 KiB), as
/// long as the join table allows (`spec/decisions.md`, "Fusion on AMD Zen 5").
pub(crate) const ZMM_WIDE_WORDS: usize = 4;
pub(crate) const ZMM_WIDE_MIN_STEPS: usize = 8;
pub(crate) const ZMM_WIDE_MAX_STEPS: usize = 112;
/// Where the route takes 512-bit fusion: from 32 KiB, not from its shortest block. Below
/// that the fold alone ran as fast in the peers bench with the core to itself and up to a
/// sixth faster with the host busy (`spec/decisions.md`, "Fusion on 512-bit vectors").
pub(crate) const ZMM_FUSION_FROM: usize = 32 * 1024;
/// Where the route takes the wide shape: from 4 KiB, where it beat the fold alone by 13–15%
/// (at 3173 bytes 1.01).
pub(crate) const ZMM_WIDE_FUSION_FROM: usize = 4 * 1024;

/// Fusion's shortest block on 128-bit lanes and on 256-bit vectors, 7 KiB either way
/// (`kernels` checks it against the blocks' shapes), and where the route takes it there.
pub(crate) const FUSION_BLOCK_MIN: usize = 7 * 1024;

/// The shortest input the route gives fusion on any CPU ([`fusion_from`]'s least value):
/// below it the route tests a constant, not the CPU's shape.
pub(crate) const FUSION_FROM_ANY: usize =
    min(min(ZMM_WIDE_FUSION_FROM, ZMM_FUSION_FROM), FUSION_BLOCK_MIN);

const fn min(a: usize, b: usize) -> usize {
    if a < b {
        a
    } else {
        b
    }
}

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
struct Profile {
    /// For the CRCs with an instruction of their own: the length from which the best
    /// folding kernel beats the instruction (below fusion's blocks), 0 for never.
    fold_beats_hw: u16,
    /// Whether the family folds on 512-bit vectors where the CPU has them, from
    /// [`ZMM_MIN`] bytes.
    zmm: bool,
    /// Whether fusion runs on 512-bit vectors there too (from its own length,
    /// `plan::fusion_from`) rather than on 256-bit ones, and in which shape.
    zmm_fusion: ZmmFusion,
    /// Whether the 512-bit loops with no issue slot to spare prefetch long inputs
    /// (`plan::AHEAD`): the reflected run of msb CRCs and fusion in the narrow shape
    /// (no profile reads ahead with the wide one, so it has no such instantiation).
    reads_ahead: bool,
    /// Whether fusion in the narrow shape races the plain 512-bit fold on its route
    /// (`engine::race`): where which of the two leads depends on the host.
    races: bool,
}

/// Fusion on 512-bit vectors, by how many of the instruction's words a step gives each of
/// its three streams (`kernels.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ZmmFusion {
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

// ---- The choices, as the route makes them ----

/// The shortest input the route gives fusion on this CPU (at least a block): the shape's
/// own length on 512-bit vectors, else the 256-bit (or 128-bit) block.
#[inline(always)]
pub(crate) fn fusion_from(cpu: Cpu) -> usize {
    match cpu.fusion_shape() {
        ZmmFusion::No => FUSION_BLOCK_MIN,
        ZmmFusion::Narrow => ZMM_FUSION_FROM,
        ZmmFusion::Wide => ZMM_WIDE_FUSION_FROM,
    }
}

/// Whether `backend` runs msb CRCs of `len` bytes reflected over bit-reversed bytes here
/// (`kernels::fold_reflected`): the 512-bit kernel where the CPU has GFNI, from
/// [`REFLECTED_MIN`] bytes.
#[inline(always)]
pub(crate) fn runs_reflected(backend: Backend, cpu: Cpu, len: usize) -> bool {
    backend == Backend::Vpclmul512 && cpu.gfni() && len >= REFLECTED_MIN
}

/// Whether the loops of [`AHEAD`] read ahead on `len` bytes here.
#[inline(always)]
pub(crate) fn reads_ahead(cpu: Cpu, len: usize) -> bool {
    cpu.reads_ahead() && len >= AHEAD_MIN
}

/// Whether the CRC instruction runs `len` bytes as three streams: from [`THREE_MIN`], where
/// the CPU has the 128-bit carry-less multiply that joins them.
#[inline(always)]
pub(crate) fn three_streams(cpu: Cpu, len: usize) -> bool {
    len >= THREE_MIN && CLMUL128.is_some_and(|b| cpu.has(b))
}

/// The 128-bit carry-less multiply of this architecture.
const CLMUL128: Option<Backend> = match FOLDING_ORDER.last() {
    Some(&b) => Some(b),
    None => None,
};

// ---- The cached word ----

/// The accelerated kernels; the availability bit of `KERNELS[i]` is `1 << i`, its self-test
/// failure bit `1 << (FAILED + i)`.
pub(crate) const KERNELS: [Backend; 7] = [
    Backend::Vpclmul512,
    Backend::Vpclmul256,
    Backend::Pclmul,
    Backend::PmullEor3,
    Backend::Pmull,
    Backend::HwCrc,
    Backend::Fusion,
];

/// The family's 512-bit loops with no issue slot to spare read ahead on long inputs
/// (`plan::AHEAD`).
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
/// The lengths the cached word holds, where it has room for them: 64 bits, on the targets
/// with 64-bit atomics (all those with kernels to route between).
#[cfg(target_has_atomic = "64")]
mod lengths {
    use super::{Bits, DETECTED, HW_ALWAYS};

    /// Bits 24..47: the shortest input the 512-bit kernel takes, the lesser of [`ZMM_MIN`] and
    /// [`ZMM_MIN_BY_INSTRUCTION`] where the family takes 512-bit vectors ([`ZMM`]) and the
    /// field's maximum elsewhere; 0 before detection. The hot path compares a length from its
    /// CRC's own threshold on with it once: below it the CPU is detected and the 512-bit kernel
    /// does not run, so a CRC without an instruction of its own calls the narrower kernels
    /// inline ([`Cpu::folds_inline`]).
    pub(super) const ZMM_FROM_SHIFT: u32 = 24;
    const ZMM_FROM_MASK: Bits = 0xff_ffff;
    /// The top 16 bits: the last length the CRC instruction takes, one less than where folding
    /// beats it ([`Profile::fold_beats_hw`]) or fusion takes over, whichever is shorter; 0xffff
    /// with [`HW_ALWAYS`]; 0 where the CPU does not offer the instruction, so that the hot path
    /// tests its availability and length at once. In the top bits it reads it with one shift.
    const HW_LAST: u32 = 48;

    /// Whether the CRC instruction runs `len` bytes: up to its last length.
    #[inline(always)]
    pub(super) fn hw_runs(word: Bits, len: usize) -> bool {
        (len as u64) <= word >> HW_LAST
    }

    /// Whether `len` is shorter than `min` or the 512-bit kernel's inputs, detection done.
    #[inline(always)]
    pub(super) fn below_zmm(word: Bits, len: usize, min: usize) -> bool {
        // The field is 0 before detection and at most `min` after, for either `min`, where
        // the family takes 512-bit vectors: below `min` a compare with a constant, which
        // needs nothing of the load, and the detection bit stand for it.
        match len < min {
            true => word & DETECTED != 0,
            false => (len as u64) < (word >> ZMM_FROM_SHIFT) & ZMM_FROM_MASK,
        }
    }

    /// The 512-bit field: from `from` bytes, or (`None`) never.
    pub(super) fn zmm_from(from: Option<usize>) -> Bits {
        match from {
            Some(from) => (from as Bits) << ZMM_FROM_SHIFT,
            None => ZMM_FROM_MASK << ZMM_FROM_SHIFT,
        }
    }

    /// The instruction's field: its last length, or (`None`) every length.
    pub(super) fn hw_last(last: Option<u16>) -> Bits {
        match last {
            Some(last) => Bits::from(last) << HW_LAST,
            None => 0xffff << HW_LAST | HW_ALWAYS,
        }
    }
}

/// Without room in the word (no 64-bit atomics, and no kernel to route between): the
/// instruction, where a CPU offers one, takes every length, and 512-bit vectors none.
#[cfg(not(target_has_atomic = "64"))]
mod lengths {
    use super::{Bits, DETECTED, HW_ALWAYS};

    pub(super) fn hw_runs(word: Bits, _: usize) -> bool {
        word & HW_ALWAYS != 0
    }

    pub(super) fn below_zmm(word: Bits, _: usize, _: usize) -> bool {
        word & DETECTED != 0
    }

    pub(super) fn zmm_from(_: Option<usize>) -> Bits {
        0
    }

    pub(super) fn hw_last(_: Option<u16>) -> Bits {
        HW_ALWAYS
    }
}

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

    /// Fusion's shape here: on 512-bit vectors where the family takes them for fusion (and
    /// the CPU has them), narrow or wide, else on 256-bit vectors (128-bit lanes on aarch64).
    #[inline(always)]
    pub(crate) fn fusion_shape(self) -> ZmmFusion {
        match (self.0 & ZMM_FUSION != 0, self.0 & ZMM_FUSION_WIDE != 0) {
            (false, _) => ZmmFusion::No,
            (true, false) => ZmmFusion::Narrow,
            (true, true) => ZmmFusion::Wide,
        }
    }

    /// Whether the family's 512-bit loops with no issue slot to spare prefetch long inputs
    /// (and the CPU has 512-bit vectors).
    #[inline(always)]
    pub(crate) fn reads_ahead(self) -> bool {
        self.0 & READS_AHEAD != 0
    }

    /// Whether fusion races the plain 512-bit fold on its route (`engine::race`).
    #[inline(always)]
    pub(crate) fn races(self) -> bool {
        self.0 & RACES != 0
    }

    /// Whether the CRC instruction runs `len` bytes (at least one), by the hot path's one
    /// test: up to the last length it takes, 0 where the CPU does not offer it. Past
    /// 64 KiB, [`hw_always`](Self::hw_always) tells the rest.
    #[inline(always)]
    pub(crate) fn hw_runs(self, len: usize) -> bool {
        lengths::hw_runs(self.0, len)
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

    /// Whether `len` is shorter than `min` or the 512-bit kernel's inputs
    /// (`lengths::ZMM_FROM_SHIFT`; before detection, never).
    #[inline(always)]
    fn below_zmm(self, len: usize, min: usize) -> bool {
        lengths::below_zmm(self.0, len, min)
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

    /// Whether the kernel `b` failed its self-test here.
    pub(crate) fn failed(self, b: Backend) -> bool {
        self.0 >> FAILED & bit(b) != 0
    }

    /// The word, as the cache stores it.
    pub(crate) fn word(self) -> Bits {
        self.0
    }

    /// The cached word: `None` before detection (all zero).
    #[inline(always)]
    pub(crate) fn from_cache(word: Bits) -> Option<Cpu> {
        (word & DETECTED != 0).then_some(Cpu(word))
    }

    /// The cached word as it is, all zero before detection (then no kernel is offered and
    /// [`Cpu::folds_inline`] is false).
    #[inline(always)]
    pub(crate) fn from_cache_any(word: Bits) -> Cpu {
        Cpu(word)
    }
}

/// The plan for `family` on a CPU that offers the kernels `offers` names (its features,
/// capped by `CRCSTAMP_MAX_TIER` and `CRCSTAMP_DISABLE`) and GFNI where `gfni`; `off` names
/// the choices `CRCSTAMP_DISABLE` turns off (`prefetch`, `race`). The kernels are not
/// self-tested yet: [`finish`] the word after the self-test has withdrawn those that fail.
pub(crate) fn resolve(
    family: Family,
    offers: impl Fn(Backend) -> bool,
    gfni: bool,
    off: impl Fn(&str) -> bool,
) -> Cpu {
    let mut bits: Bits = 0;
    for (i, &b) in KERNELS.iter().enumerate() {
        if offers(b) {
            bits |= 1 << i;
        }
    }
    let profile = &PROFILES[family as usize];
    bits |= (family as Bits) << FAMILY;
    if gfni {
        bits |= GFNI;
    }
    if profile.zmm && bits & bit(Backend::Vpclmul512) != 0 {
        bits |= ZMM;
        bits |= match profile.zmm_fusion {
            ZmmFusion::No => 0,
            ZmmFusion::Narrow => ZMM_FUSION,
            ZmmFusion::Wide => ZMM_FUSION | ZMM_FUSION_WIDE,
        };
        if profile.reads_ahead && !off("prefetch") {
            bits |= READS_AHEAD;
        }
        if profile.races && profile.zmm_fusion == ZmmFusion::Narrow && !off("race") {
            bits |= RACES;
        }
    }
    Cpu(bits)
}

/// `cpu` (its kernels self-tested) with the lengths its family's profile derives from them,
/// and marked detected: what the cache holds.
pub(crate) fn finish(cpu: Cpu) -> Cpu {
    let profile = &PROFILES[cpu.family() as usize];
    Cpu(cpu.0 | hw_last(profile, cpu) | zmm_from(cpu) | DETECTED)
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

/// The 512-bit field for `cpu` (its kernels decided): from the lesser of [`ZMM_MIN`] and
/// [`ZMM_MIN_BY_INSTRUCTION`] where the family takes 512-bit vectors, else never.
fn zmm_from(cpu: Cpu) -> Bits {
    lengths::zmm_from(cpu.zmm().then_some(ZMM_MIN.min(ZMM_MIN_BY_INSTRUCTION)))
}

/// The CRC instruction's last length for `profile` on `cpu` (its kernels decided), in the
/// cached word: one less than where folding beats it (the profile's length, and
/// [`ZMM_MIN`] where the family folds on 512-bit vectors: their fold beat three streams
/// there on Intel and on AMD Zen 5) or fusion takes over, whichever is shorter, or
/// [`HW_ALWAYS`]; 0 where the CPU does not offer the instruction.
fn hw_last(profile: &Profile, cpu: Cpu) -> Bits {
    if !cpu.has(Backend::HwCrc) {
        return 0;
    }
    let fusion = match cpu.has(Backend::Fusion) {
        true => fusion_from(cpu) as u16,
        false => 0,
    };
    let fold = match (profile.fold_beats_hw, cpu.zmm()) {
        (0, true) => ZMM_MIN as u16,
        (f, true) => f.min(ZMM_MIN as u16),
        (f, false) => f,
    };
    lengths::hw_last(match (fold, fusion) {
        (0, 0) => None,
        (0, f) | (f, 0) => Some(f - 1),
        (a, b) => Some(a.min(b) - 1),
    })
}

/// `cpu` with the kernel `b` (and what depends on it) withdrawn after a failed self-test.
pub(crate) fn withdraw(cpu: Cpu, b: Backend) -> Cpu {
    let mut bits = cpu.0 & !bit(b) | bit(b) << FAILED;
    if b == Backend::Vpclmul512 {
        bits &= !(ZMM | ZMM_FUSION | ZMM_FUSION_WIDE | GFNI | RACES);
    }
    Cpu(bits)
}

/// `cpu` without the reflected run of msb CRCs: to self-test the other msb path, and after
/// a failed self-test of this one.
pub(crate) fn without_gfni(cpu: Cpu) -> Cpu {
    cpu.without(GFNI)
}

// The lengths the tests pin live in the word only where it has 64 bits.
#[cfg(all(test, target_has_atomic = "64"))]
mod tests {
    use super::*;

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
        let f = fusion_from(Cpu(0));
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
    fn by_family(flag: fn(&Profile) -> bool) -> [bool; 3] {
        [Family::Generic, Family::Amd, Family::Intel].map(|f| flag(&PROFILES[f as usize]))
    }

    /// Only Intel's profile reads ahead (measured there alone), and only from `AHEAD_MIN`.
    #[test]
    fn reads_ahead_on_long_inputs_where_the_family_does() {
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
