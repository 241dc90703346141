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

use super::cached::{
    bit, lengths, Bits, DETECTED, FAILED, FAMILY, GFNI, RACES, READS_AHEAD, ZMM, ZMM_FUSION,
    ZMM_FUSION_WIDE,
};
pub(crate) use super::cached::{Cpu, Family, ZmmFusion, KERNELS};
use crate::backend::Backend;

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

impl Cpu {
    /// For a CRC without an instruction of its own: whether the CPU is detected and the
    /// 512-bit kernel does not take `len` bytes. Below `ZMM_MIN` a compare with a constant
    /// and a bit test, from it one compare; the inline route then knows the 512-bit test's
    /// answer (the hot path's other way in is [`zmm`](Self::zmm)).
    #[inline(always)]
    pub(crate) fn folds_inline(self, len: usize) -> bool {
        self.below_zmm(len, ZMM_MIN)
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

/// The folding kernels of this architecture, best first.
#[cfg(target_arch = "x86_64")]
pub(crate) const FOLDING_ORDER: [Backend; 3] =
    [Backend::Vpclmul512, Backend::Vpclmul256, Backend::Pclmul];
#[cfg(target_arch = "aarch64")]
pub(crate) const FOLDING_ORDER: [Backend; 2] = [Backend::PmullEor3, Backend::Pmull];
#[cfg(target_arch = "riscv64")]
pub(crate) const FOLDING_ORDER: [Backend; 1] = [Backend::Zbc];
#[cfg(target_arch = "s390x")]
pub(crate) const FOLDING_ORDER: [Backend; 1] = [Backend::Vgfm];
#[cfg(target_arch = "powerpc64")]
pub(crate) const FOLDING_ORDER: [Backend; 1] = [Backend::Vpmsum];
#[cfg(not(any(
    target_arch = "x86_64",
    target_arch = "aarch64",
    target_arch = "riscv64",
    target_arch = "s390x",
    target_arch = "powerpc64"
)))]
pub(crate) const FOLDING_ORDER: [Backend; 0] = [];

/// The shortest input the folding kernels take, per instruction set: below it the table
/// kernel runs, without looking at the CPU (`engine::FOLD_MIN`). On x86_64 and aarch64 one
/// slice-16 block, measured (`spec/decisions.md`); on the ISAs without a measured CPU,
/// derived from instruction counts, not measured (`spec/measurements/isa-insn-counts-2026-12-05.md`).
#[cfg(not(any(
    target_arch = "riscv64",
    target_arch = "s390x",
    target_arch = "powerpc64"
)))]
pub(crate) const FOLD_FROM: usize = 17;
/// Zbc: derived from instruction counts, not measured. One call of CRC-32 under qemu: the
/// kernel executes fewer instructions than slice-by-16 at every whole number of blocks from
/// 32 bytes, but its last partial block (byte shuffles in general registers) costs about 450
/// more, so with one it wins from about 100 bytes (at 100: 1809 against 1831).
#[cfg(target_arch = "riscv64")]
pub(crate) const FOLD_FROM: usize = 100;
/// VGFM: derived from instruction counts, not measured. One call of CRC-32 under qemu: the
/// kernel wins at every whole number of blocks from 32 bytes (728 against 733), but its last
/// partial block costs about 470 more, which slice-by-16's 3.4 instructions a byte against
/// its 0.65 pay off from about 200 bytes (at 100: 1278 against 964).
#[cfg(target_arch = "s390x")]
pub(crate) const FOLD_FROM: usize = 200;
/// `vpmsumd`: derived from instruction counts, not measured. One call of CRC-32 under qemu
/// (`-cpu power9`): the kernel wins at 64 bytes (whole blocks, 1352 against 1449), loses at
/// 100 (1774 against 1624) and wins at 150 (1822 against 1884): its last partial block is
/// paid off between, by slice-by-16's 4.9 instructions a byte against its 1.0.
#[cfg(target_arch = "powerpc64")]
pub(crate) const FOLD_FROM: usize = 150;

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
