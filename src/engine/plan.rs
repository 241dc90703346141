//! The route plan: every length at which the route hands an input from one kernel to
//! another, and every choice it makes between shapes of one kernel, for each CPU family, in
//! one place. [`PROFILES`] holds what differs between the families, a record each: its name,
//! how it is identified, the CPU it was measured on and its lengths; the values of
//! `CRCSTAMP_CPU` and `crc-gen route --cpu`, the golden list and the docs' table follow
//! from the records (`spec/engine.md`, "Adding a CPU family"). The lengths above them are
//! shared by all families, where one compare with a constant is what the hot path can pay. [`resolve`] and [`finish`] turn a family and the
//! kernels a CPU offers into the cached word [`Cpu`] that the hot path reads; `detect` finds
//! both at first use. The route (`route`) asks the rules below; the kernels take their
//! choices as arguments, and their shapes (`kernels::shapes`) are theirs.
//!
//! `crc-gen route` prints the bands this plan gives on this CPU (`Consts::route_for`), and
//! `golden.rs` pins them for a synthetic CPU of each family in `spec/route-plan-<arch>.txt`
//! (`spec/engine.md`, "What runs at each length"). Where each number was measured:
//! `spec/rules.md`.

use super::cached::{
    bit, lengths, Bits, DETECTED, FAILED, FAMILY, GFNI, RACES, READS_AHEAD, ZMM, ZMM_FUSION,
    ZMM_FUSION_WIDE, ZMM_LATE,
};
pub(crate) use super::cached::{Cpu, Family, ZmmFusion, KERNELS};
use super::isa::{Host, Isa};
use super::kernels::{self, shapes};
use crate::backend::Backend;
pub(crate) use families::{check, profile, values, Routing, PROFILES};

// ---- The lengths every family shares ----

/// Below this many bytes a CRC without an instruction of its own runs on the tables,
/// without looking at the CPU, per instruction set. On x86_64 and aarch64 up to one
/// slice-16 block they beat every other kernel, and past it folding wins, measured
/// (`spec/decisions.md`, "Direct kernel calls; tables up to 16 bytes"); on the ISAs without
/// a measured CPU, derived from instruction counts, not measured
/// (`spec/measurements/isa-insn-counts-2026-12-06.md`), each in its `isa/<arch>/`.
pub(crate) const FOLD_MIN: usize = Host::FOLD_MIN;

/// The longest input a stamped type's call site runs on the tables inline, for a CRC
/// without an instruction of its own that carries `present` tables: one 4-byte step (with
/// four tables) and three single bytes at most, with no loop (`table::update_short`). The
/// slice kernel's block loop, copied into every call site, made most of a release build of a
/// function with many of them (`spec/decisions.md`, "A small head inlined, the rest one
/// call").
#[inline(always)]
pub(crate) fn short_max(present: usize) -> usize {
    match present {
        4.. => 7,
        1.. => 3,
        0 => 0,
    }
}

/// The shortest input the CRC instruction runs as three streams, where the CPU has a
/// carry-less multiply to join them: the kernels' shortest pass (`spec/decisions.md`, "CRC
/// instruction tail; one stream below 240 bytes").
pub(crate) const THREE_MIN: usize = shapes::THREE_PASS_MIN;

/// The length the hot path compares with a constant before it asks the cached word whether
/// the 512-bit kernel takes a CRC without an instruction of its own: where the `intel`
/// profile starts it (512 bytes, as `rocketlake`'s). Below it a profile that starts there or
/// later (Intel, Zen 5) sets a bit that answers "no" ([`Cpu::folds_inline`]); one that
/// starts earlier (Zen 4) reads its length.
pub(crate) const ZMM_MIN: usize = profile_zmm(Family::named("intel"));

/// The shortest input an msb CRC runs reflected on ([`runs_reflected`]), on the 512-bit
/// kernel: [`ZMM_MIN`], so that from the hot path's constant compare on the reflected run's
/// length test is known. On a 4.15 GHz Xeon model 167 the route with it ran the msb CRCs
/// 1.10–1.35× the byte shuffle's 512-bit kernel at 768–1023 bytes; at 1 KiB, 0.83–0.95× on
/// a 2.5 GHz Xeon, where the shuffle's shorter latency into the first fold and out of the
/// reduction counted for more (`spec/decisions.md`, "Forward CRCs reflected from 1 KiB",
/// "Intel: 512-bit vectors from 512 bytes").
#[cfg(not(target_arch = "aarch64"))]
pub(crate) const REFLECTED_MIN: usize = ZMM_MIN;
#[cfg(not(target_arch = "aarch64"))]
const _: () = assert!(REFLECTED_MIN >= ZMM_MIN);
/// On aarch64 (PMULL, with or without EOR3): estimated with llvm-mca-19 for Neoverse N1,
/// V1, V2 and Apple M1, not measured. One `rbit` a block instead of `rev64` and `ext` takes
/// the 128-byte loop from 10.05 to 8.05 cycles on V1 and V2 (EOR3) and from 24.04 to 20.04
/// on N1 (PMULL), but the register's way in and out takes a `rev` and an `rbit` more. One
/// whole call, traced under qemu and modelled: from 320 B neither V1 nor V2 nor N1 loses
/// (V1 57 cycles either way at 320 B, 65 against 67 at 448 B), at 304 B V1 loses one cycle;
/// M1 is one cycle slower at every length (both loops at its bound of 16), which one route
/// for every aarch64 core accepts (`spec/decisions.md`, "aarch64: forward CRCs reflected
/// with rbit from 320 bytes").
#[cfg(target_arch = "aarch64")]
pub(crate) const REFLECTED_MIN: usize = 320;

/// From this length the route reads ahead (`shapes::AHEAD`) where the family does: past the
/// L1 data cache (48 KiB on the Intel cores measured) the data comes from L2. Below it the
/// prefetches only take load slots (0.93–0.97× at 16 KiB).
pub(crate) const AHEAD_MIN: usize = 64 * 1024;

/// Fusion's shortest block on 128-bit lanes and on 256-bit vectors, 7 KiB either way, and
/// where the route takes it there (`spec/decisions.md`, "Fusion: 7 KiB blocks").
pub(crate) const FUSION_BLOCK_MIN: usize = kernels::FUSION_BLOCK;
const _: () = assert!(FUSION_BLOCK_MIN == 7 * 1024);

/// The lengths whose route a CRC with constants known only at run time (`DynCrc`) decides
/// once, when it is built (`bands::Memo`), and then looks up: under 4 KiB, where deciding it
/// on each call, on constants read from memory, took 8–25% of a call at 1–256 bytes
/// (Xeon model 167). From it on the route's tests are a few percent of the kernel's time at
/// most, and the route runs each call (`spec/decisions.md`, "The run-time route decided once
/// per CRC").
#[cfg_attr(not(feature = "dynamic"), allow(dead_code))]
pub(crate) const MEMO_LEN: usize = 4096;

// ---- What differs between the families ----

/// The shortest input the route gives fusion on any CPU ([`fusion_from`]'s least value):
/// below it the route tests a constant, not the CPU's shape.
pub(crate) const FUSION_FROM_ANY: usize = {
    let mut from = [FUSION_BLOCK_MIN; PROFILES.len() + 1];
    let mut i = 0;
    while i < PROFILES.len() {
        from[i] = PROFILES[i].routing.zmm_fusion_from;
        i += 1;
    }
    least(&from)
};

/// Where `family`'s profile starts the 512-bit kernel for the CRCs without an instruction.
const fn profile_zmm(family: Family) -> usize {
    PROFILES[family.index()].routing.zmm as usize
}

/// The least nonzero value of `values`.
const fn least(values: &[usize]) -> usize {
    let (mut i, mut least) = (0, usize::MAX);
    while i < values.len() {
        if values[i] != 0 && values[i] < least {
            least = values[i];
        }
        i += 1;
    }
    least
}

const _: () = check(PROFILES);

// Each profile's lengths fit the cached word and the kernels' shapes.
const _: () = {
    let mut i = 0;
    while i < PROFILES.len() {
        let p = &PROFILES[i].routing;
        assert!((p.zmm == 0) == (p.zmm_by_instruction == 0));
        assert!(p.zmm_fusion_from <= 1 << 16);
        // Past the lengths the run-time route is decided for, both routes are one.
        assert!((p.run_time_fold_min as usize) < MEMO_LEN);
        match p.zmm_fusion {
            ZmmFusion::No => assert!(p.zmm_fusion_from == 0),
            ZmmFusion::Narrow => assert!(p.zmm_fusion_from >= kernels::ZMM_FUSION_BLOCK),
            ZmmFusion::Wide => assert!(p.zmm_fusion_from >= kernels::ZMM_WIDE_FUSION_BLOCK),
        }
        i += 1;
    }
};

/// Where a CRC without an instruction of its own folds on `cpu` when its constants are known
/// only at run time: the profile's length, at least [`FOLD_MIN`].
pub(crate) fn run_time_fold_min(cpu: Cpu) -> usize {
    usize::max(FOLD_MIN, cpu.routing().run_time_fold_min.into())
}

// ---- The choices, as the route makes them ----

/// The shortest input the route gives fusion on this CPU (at least a block): the profile's
/// length on 512-bit vectors, else the 256-bit (or 128-bit) block.
#[inline(always)]
pub(crate) fn fusion_from(cpu: Cpu) -> usize {
    match cpu.fusion_shape() {
        ZmmFusion::No => FUSION_BLOCK_MIN,
        ZmmFusion::Narrow | ZmmFusion::Wide => cpu.routing().zmm_fusion_from,
    }
}

/// Whether `backend` runs msb CRCs of `len` bytes reflected over bit-reversed bytes here
/// (`kernels::fold_reflected`) from [`REFLECTED_MIN`] bytes: on x86_64 the 512-bit kernel
/// where the CPU has GFNI; on aarch64 both PMULL kernels (the bit stands for NEON's `rbit`,
/// which every core has, so that the self-test and `CRCSTAMP_DISABLE=gfni` turn it off).
#[inline(always)]
pub(crate) fn runs_reflected(backend: Backend, cpu: Cpu, len: usize) -> bool {
    #[cfg(target_arch = "aarch64")]
    let kernel = matches!(backend, Backend::Pmull | Backend::PmullEor3);
    #[cfg(not(target_arch = "aarch64"))]
    let kernel = backend == Backend::Vpclmul512;
    kernel && cpu.gfni() && len >= REFLECTED_MIN
}

/// Whether the loops of `shapes::AHEAD` read ahead on `len` bytes here.
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
    /// 512-bit kernel does not take `len` bytes. Below [`ZMM_MIN`] a compare with a
    /// constant and a bit test (and where the family starts earlier, a compare), from it one
    /// compare; the inline route then knows the 512-bit test's answer (the hot path's other
    /// way in is [`zmm`](Self::zmm)).
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
    let profile = family.routing();
    bits |= Bits::from(family.0) << FAMILY;
    if gfni {
        bits |= GFNI;
    }
    if profile.zmm != 0 && bits & bit(Backend::Vpclmul512) != 0 {
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
    let profile = cpu.routing();
    let late = match cpu.zmm() && usize::from(profile.zmm) < ZMM_MIN {
        true => 0,
        false => ZMM_LATE,
    };
    Cpu(cpu.0 | hw_last(profile, cpu) | zmm_from(profile, cpu) | late | DETECTED)
}

/// The folding kernels of this architecture, best first (`Isa::FOLDING_ORDER`), as an array.
pub(crate) const FOLDING_ORDER: [Backend; Host::FOLDING_ORDER.len()] =
    match Host::FOLDING_ORDER.first_chunk() {
        Some(order) => *order,
        None => unreachable!(),
    };

/// The 512-bit fields for `cpu` (its kernels decided): the profile's lengths where the
/// family takes 512-bit vectors, else never.
fn zmm_from(profile: &Routing, cpu: Cpu) -> Bits {
    lengths::zmm_from(
        cpu.zmm()
            .then_some((profile.zmm, profile.zmm_by_instruction)),
    )
}

/// The CRC instruction's last length for `profile` on `cpu` (its kernels decided), in the
/// cached word: one less than where folding beats it (the profile's length below 512 bits,
/// and its 512-bit one where the family folds on 512-bit vectors) or fusion takes over,
/// whichever is shorter, or every length; 0 where the CPU does not offer the instruction.
fn hw_last(profile: &Routing, cpu: Cpu) -> Bits {
    if !cpu.has(Backend::HwCrc) {
        return 0;
    }
    let fusion = match cpu.has(Backend::Fusion) {
        true => fusion_from(cpu),
        false => 0,
    };
    let zmm = match cpu.zmm() {
        true => usize::from(profile.zmm_by_instruction),
        false => 0,
    };
    let first = [usize::from(profile.fold_beats_hw), zmm, fusion]
        .into_iter()
        .filter(|&l| l != 0)
        .min();
    lengths::hw_last(first.map(|l| u16::try_from(l - 1).unwrap_or(u16::MAX)))
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

pub(crate) mod families;

// The lengths the tests pin live in the word only where it has 64 bits.
#[cfg(all(test, target_has_atomic = "64"))]
mod tests;
