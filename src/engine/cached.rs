//! The cached word the hot path reads: which kernels the CPU offers and which failed their
//! self-test, the family whose plan routes, the plan's flags for this CPU, and the lengths
//! it derives (where the word has room for them), with the accessors the route tests. What
//! the bits are set to is the plan's (`plan::resolve`, `plan::finish`); this module only
//! lays them out.

use super::isa::{Host, Isa};
pub(crate) use super::kernels::shapes::ZmmFusion;
use crate::backend::Backend;

#[cfg(target_has_atomic = "64")]
pub(crate) type Bits = u64;
#[cfg(not(target_has_atomic = "64"))]
pub(crate) type Bits = u32;

/// A CPU family: the index of its record in `plan::PROFILES` (its name, identification,
/// measurements and lengths), as the word's family field holds it. `plan` names and reads
/// them; this module only gives the field its bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Family(pub(super) u8);

/// The accelerated kernels; the availability bit of `KERNELS[i]` is `1 << i`, its self-test
/// failure bit `1 << (FAILED + i)`. Slot 4 holds the target's own 128-bit folding kernel:
/// aarch64's PMULL, or riscv64's, s390x's or powerpc64's (no target has two of them).
pub(crate) const KERNELS: [Backend; 7] = [
    Backend::Vpclmul512,
    Backend::Vpclmul256,
    Backend::Pclmul,
    Backend::PmullEor3,
    OWN_128,
    Backend::HwCrc,
    Backend::Fusion,
];

/// [`KERNELS`]' slot 4: the folding kernel of an instruction set that has one alone
/// (riscv64, s390x, powerpc64), else PMULL.
const OWN_128: Backend = match <Host as Isa>::FOLDING_ORDER {
    [own] => *own,
    _ => Backend::Pmull,
};

/// The family's 512-bit loops with no issue slot to spare read ahead on long inputs
/// (`kernels::shapes::AHEAD`).
pub(super) const READS_AHEAD: Bits = 1 << 7;
/// msb CRCs run reflected on 512-bit vectors, with GFNI's bit reversal (`fold.rs`); on
/// aarch64 on PMULL, with `rbit`.
pub(super) const GFNI: Bits = 1 << 8;
/// The family folds on 512-bit vectors here, from its profile's lengths.
pub(super) const ZMM: Bits = 1 << 9;
/// Three bits ([`FAMILY_MASK`]): the [`Family`] whose profile routes, up to eight of them
/// (`plan` checks its records' count against the field at compile time).
pub(super) const FAMILY: u32 = 10;
pub(super) const FAMILY_MASK: Bits = 0b111;
/// The family fuses the CRC instruction with 512-bit folding here (implies [`ZMM`]).
pub(super) const ZMM_FUSION: Bits = 1 << 13;
/// In the wide shape ([`ZmmFusion::Wide`]; implies [`ZMM_FUSION`]).
pub(super) const ZMM_FUSION_WIDE: Bits = 1 << 14;
/// Detection done.
pub(super) const DETECTED: Bits = 1 << 15;
/// Seven bits from here: the kernels that failed their self-test.
pub(super) const FAILED: u32 = 16;
/// Fusion races the plain 512-bit fold on its route (`engine::race`; implies
/// [`ZMM_FUSION`]).
pub(super) const RACES: Bits = 1 << 23;
/// The CRC instruction takes every length (it has no last length); set only where the CPU
/// offers it.
pub(super) const HW_ALWAYS: Bits = 1 << 30;
/// Detection done, and the family's 512-bit fold of the CRCs without an instruction of
/// their own starts at `plan::ZMM_MIN` or later (or never): below that length the hot path's
/// compare with the constant and this bit stand for the 512-bit test.
pub(super) const ZMM_LATE: Bits = 1 << 31;
/// The lengths the cached word holds, where it has room for them: 64 bits, on the targets
/// with 64-bit atomics (all those with kernels to route between).
#[cfg(target_has_atomic = "64")]
pub(super) mod lengths {
    use super::{Bits, HW_ALWAYS, ZMM_LATE};

    /// Bits 24..29: the shortest input of a CRC with an instruction of its own that the
    /// 512-bit kernel takes, in 16-byte units, up to 1008 bytes (the profile's
    /// `zmm_by_instruction`; the field's maximum where the family takes no 512-bit vectors,
    /// which [`ZMM`](super::ZMM) then rules out anyway).
    const ZMM_BY_INSTRUCTION_SHIFT: u32 = 24;
    const ZMM_BY_INSTRUCTION_MASK: Bits = 0x3f;
    /// Bits 32..47: the same for a CRC without one (the profile's `zmm`), in bytes; the
    /// field's maximum where the family takes no 512-bit vectors; 0 before detection. The
    /// hot path compares a length from `plan::ZMM_MIN` on with it once; below it, where
    /// [`ZMM_LATE`] is set, the CPU is detected and the 512-bit kernel does not run, so the
    /// narrower kernels are called inline ([`Cpu::folds_inline`](super::Cpu::folds_inline)).
    /// Past the maximum (64 KiB) a CPU without the 512-bit kernel routes out of line, where a
    /// call is nothing against the input.
    const ZMM_FROM_SHIFT: u32 = 32;
    const ZMM_FROM_MASK: Bits = 0xffff;
    /// The top 16 bits: the last length the CRC instruction takes, one less than where folding
    /// beats it or fusion takes over, whichever is shorter (`plan::finish`); 0xffff with
    /// [`HW_ALWAYS`]; 0 where the CPU does not offer the instruction, so that the hot path
    /// tests its availability and length at once. In the top bits it reads it with one shift.
    const HW_LAST: u32 = 48;

    /// The bits each length field takes, for the layout's compile-time check.
    pub(super) const FIELDS: [Bits; 3] = [
        ZMM_BY_INSTRUCTION_MASK << ZMM_BY_INSTRUCTION_SHIFT,
        ZMM_FROM_MASK << ZMM_FROM_SHIFT,
        0xffff << HW_LAST,
    ];

    // Each field keeps all its bits in the word, and the instruction's is the top one, which
    // `hw_runs` reads with one shift.
    const _: () = {
        let by = ZMM_BY_INSTRUCTION_MASK;
        assert!(by << ZMM_BY_INSTRUCTION_SHIFT >> ZMM_BY_INSTRUCTION_SHIFT == by);
        assert!(ZMM_FROM_MASK << ZMM_FROM_SHIFT >> ZMM_FROM_SHIFT == ZMM_FROM_MASK);
        assert!(HW_LAST + 16 == Bits::BITS);
    };

    /// Whether the CRC instruction runs `len` bytes: up to its last length.
    #[inline(always)]
    pub(super) fn hw_runs(word: Bits, len: usize) -> bool {
        (len as u64) <= word >> HW_LAST
    }

    /// Whether `len` reaches the 512-bit kernel's inputs (the field is 0 before detection,
    /// where the [`ZMM`](super::ZMM) bit that the route also tests is clear).
    #[inline(always)]
    pub(super) fn reaches_zmm(word: Bits, len: usize) -> bool {
        (len as u64) >= (word >> ZMM_FROM_SHIFT) & ZMM_FROM_MASK
    }

    /// Whether `len` is shorter than the 512-bit kernel's inputs, detection done, by the
    /// hot path's first test: below `min` the bit [`ZMM_LATE`] alone (clear where the
    /// family starts earlier: then the route tests the length, [`Cpu::zmm_pays`]), from it
    /// one compare with the field, which is 0 before detection.
    #[inline(always)]
    pub(super) fn below_zmm(word: Bits, len: usize, min: usize) -> bool {
        match len < min {
            true => word & ZMM_LATE != 0,
            false => (len as u64) < (word >> ZMM_FROM_SHIFT) & ZMM_FROM_MASK,
        }
    }

    /// Whether `len` is shorter than the 512-bit kernel's inputs for a CRC with an
    /// instruction of its own.
    #[inline(always)]
    pub(super) fn below_zmm_by_instruction(word: Bits, len: usize) -> bool {
        let from = (word >> ZMM_BY_INSTRUCTION_SHIFT) & ZMM_BY_INSTRUCTION_MASK;
        (len as u64) < from << 4
    }

    /// The 512-bit fields: from `from` bytes for a CRC without an instruction of its own and
    /// `by_instruction` for one with it, or (`None`) never.
    pub(crate) fn zmm_from(from: Option<(u16, u16)>) -> Bits {
        let (from, by) = match from {
            Some((from, by)) => (Bits::from(from), Bits::from(by).div_ceil(16)),
            None => (ZMM_FROM_MASK, ZMM_BY_INSTRUCTION_MASK),
        };
        assert!(from <= ZMM_FROM_MASK && by <= ZMM_BY_INSTRUCTION_MASK);
        from << ZMM_FROM_SHIFT | by << ZMM_BY_INSTRUCTION_SHIFT
    }

    /// The instruction's field: its last length, or (`None`) every length.
    pub(crate) fn hw_last(last: Option<u16>) -> Bits {
        match last {
            Some(last) => Bits::from(last) << HW_LAST,
            None => 0xffff << HW_LAST | HW_ALWAYS,
        }
    }
}

/// Without room in the word (no 64-bit atomics, and no kernel to route between): the
/// instruction, where a CPU offers one, takes every length, and 512-bit vectors none.
#[cfg(not(target_has_atomic = "64"))]
pub(super) mod lengths {
    use super::{Bits, DETECTED, HW_ALWAYS};

    /// No length field.
    pub(super) const FIELDS: [Bits; 0] = [];

    pub(super) fn hw_runs(word: Bits, _: usize) -> bool {
        word & HW_ALWAYS != 0
    }

    pub(super) fn below_zmm(word: Bits, _: usize, _: usize) -> bool {
        word & DETECTED != 0
    }

    pub(super) fn reaches_zmm(_: Bits, _: usize) -> bool {
        false
    }

    pub(super) fn below_zmm_by_instruction(_: Bits, _: usize) -> bool {
        true
    }

    pub(crate) fn zmm_from(_: Option<(u16, u16)>) -> Bits {
        0
    }

    pub(crate) fn hw_last(_: Option<u16>) -> Bits {
        HW_ALWAYS
    }
}

/// The cached features and thresholds, as the hot path reads them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cpu(pub(super) Bits);

impl Cpu {
    /// Whether the accelerated kernel `b` can run here.
    #[inline(always)]
    pub(crate) fn has(self, b: Backend) -> bool {
        self.0 & bit(b) != 0
    }

    /// Whether msb CRCs run reflected on 512-bit vectors (GFNI; aarch64: on PMULL, `rbit`).
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

    /// Whether 512-bit vectors run `len` bytes of a CRC without an instruction of its own;
    /// `min` is the hot path's constant (`plan::ZMM_MIN`), below which only a family
    /// without [`ZMM_LATE`] takes them.
    #[inline(always)]
    pub(crate) fn zmm_pays(self, len: usize, min: usize) -> bool {
        let reaches = match len < min {
            true => self.0 & ZMM_LATE == 0 && lengths::reaches_zmm(self.0, len),
            false => lengths::reaches_zmm(self.0, len),
        };
        reaches && self.zmm()
    }

    /// The same for a CRC with an instruction of its own (detection done).
    #[inline(always)]
    pub(crate) fn zmm_pays_by_instruction(self, len: usize) -> bool {
        !lengths::below_zmm_by_instruction(self.0, len) && self.zmm()
    }

    /// Whether `len` is shorter than the 512-bit kernel's inputs (`lengths::ZMM_FROM_SHIFT`;
    /// `min`: the hot path's constant, `plan::ZMM_MIN`; before detection, never).
    #[inline(always)]
    pub(super) fn below_zmm(self, len: usize, min: usize) -> bool {
        lengths::below_zmm(self.0, len, min)
    }

    /// The family field as it is (`plan`'s `Cpu::family` reads it as a [`Family`]).
    #[inline(always)]
    pub(super) fn family_field(self) -> u8 {
        ((self.0 >> FAMILY) & FAMILY_MASK) as u8
    }

    /// The same without `flag`.
    pub(super) fn without(self, flag: Bits) -> Cpu {
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

/// The availability bit of `b` (0 for the portable kernels, which are not listed).
#[inline(always)]
pub(super) const fn bit(b: Backend) -> Bits {
    let mut i = 0;
    while i < KERNELS.len() {
        if KERNELS[i] as u8 == b as u8 {
            return 1 << i;
        }
        i += 1;
    }
    0
}

/// The kernels' availability bits (and, from [`FAILED`], their self-test failures).
const KERNEL_BITS: Bits = (1 << KERNELS.len()) - 1;

/// Every flag and field of the word, as the bits each takes: no two may share a bit and
/// each must keep all its bits in the word, checked at compile time below, so that a field
/// that grows (another kernel, a ninth family) fails the build rather than a route.
const TAKEN: [Bits; 12] = [
    KERNEL_BITS,
    READS_AHEAD,
    GFNI,
    ZMM,
    FAMILY_MASK << FAMILY,
    ZMM_FUSION,
    ZMM_FUSION_WIDE,
    DETECTED,
    KERNEL_BITS << FAILED,
    RACES,
    HW_ALWAYS,
    ZMM_LATE,
];

const _: () = {
    // The shifted fields keep every bit (a flag's `1 << n` fails on its own past the word).
    assert!(FAMILY_MASK << FAMILY >> FAMILY == FAMILY_MASK);
    assert!(KERNEL_BITS << FAILED >> FAILED == KERNEL_BITS);
    let mut seen: Bits = 0;
    let mut i = 0;
    while i < TAKEN.len() + lengths::FIELDS.len() {
        let field = match i < TAKEN.len() {
            true => TAKEN[i],
            false => lengths::FIELDS[i - TAKEN.len()],
        };
        assert!(
            field != 0 && seen & field == 0,
            "two of the cached word's fields overlap"
        );
        seen |= field;
        i += 1;
    }
};
