//! What the generic kernels need of an instruction set: the primitives, and nothing else.
//!
//! The fold body (`fold.rs`), fusion (`fusion.rs`) and the CRC instruction's streams
//! (`hwcrc.rs`) are each written once over these traits. `isa/` implements them per
//! architecture with intrinsics (x86_64: SSE, AVX2 and AVX-512 vectors and SSE4.2 `crc32`;
//! aarch64: NEON and the CRC32 extension) and once in plain Rust (`isa/emulated/`), so
//! that the same bodies at 128, 256 and 512 bits run, and are tested, on any CPU. The
//! `#[target_feature]` entry points in `isa/<arch>/` instantiate the bodies per instruction
//! set and width.
//!
//! Every method is `unsafe`: the caller guarantees that the CPU has the instructions the
//! implementation uses (the entry points' `#[target_feature]`s, checked by
//! `engine::detect`). The emulated implementations have no such requirement.
//!
//! The primitives, and the bodies over them, are forced inline only where the build
//! optimizes (`cfg_attr(not(debug_assertions), inline(always))`): at opt-level 0 the forced
//! inlining copied every primitive's unoptimized body into each entry point, 1.25 MB of this
//! crate's 1.35 MB of debug code, and without it a debug build of a one-line CRC-32 program
//! takes 1.3 s instead of 1.9 s (`spec/decisions.md`, "Forced inlining in optimized builds
//! only"). A release build is unchanged. With debug assertions they are `#[inline]`, a hint
//! that opt-level 0 ignores and that lets the test builds (opt-level 1) inline them: the
//! aarch64 suites under qemu ran 1.46× as long without it (`spec/decisions.md`, "The
//! kernels' primitives hinted inline in debug builds").

/// A vector of 128-bit lanes of two 64-bit qwords, with a carry-less multiply per lane.
///
/// Lane `i` holds input bytes `16i..16i + 16` of the block it was loaded from, qword 0 the
/// first eight (little-endian): memory order. The bit order's arrangement (a byte reversal
/// per lane for msb CRCs, a bit reversal per byte for msb CRCs run reflected) is applied
/// after the load.
pub(crate) trait Vector: Copy {
    /// The input bytes one vector holds: `[u8; BYTES]`.
    type Block;
    /// This instruction set's 128-bit vector.
    type Lane: Lane;
    /// A vector of half the width; for a 128-bit vector, itself (never split).
    type Half: Vector<Lane = Self::Lane>;
    /// Bytes in a vector: 16, 32 or 64.
    const BYTES: usize;

    /// `bytes` as whole blocks and the bytes left over (`slice::as_chunks`).
    fn blocks(bytes: &[u8]) -> (&[Self::Block], &[u8]);
    /// One block, in memory order.
    unsafe fn load(block: &Self::Block) -> Self;
    /// Asks the cache for the line holding `p` ahead of its load: a hint, which reads
    /// nothing into the program and never faults, whatever `p` is. Nothing where the
    /// instruction set has none the kernels use (only x86's take it, `fold::body`'s `AHEAD`).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn prefetch(p: *const u8) {
        let _ = p;
    }
    /// The 16 bytes of every lane reversed: an msb CRC's polynomial order.
    unsafe fn bswap_lanes(self) -> Self;
    /// `load(block).bswap_lanes()`: an msb CRC's block, in one step where the instruction
    /// set loads either byte order.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn load_swapped(block: &Self::Block) -> Self {
        // SAFETY: the caller guarantees the instructions.
        unsafe { Self::load(block).bswap_lanes() }
    }
    /// The 8 bits of every byte reversed.
    unsafe fn bitrev_bytes(self) -> Self;
    /// `[q0, q1]` in every lane.
    unsafe fn splat(q0: u64, q1: u64) -> Self;
    /// Whether [`clmul`](Self::clmul) takes either qword of each operand at no cost (x86's
    /// immediate); where not (aarch64's PMULL takes qword 0, PMULL2 qword 1), an msb CRC
    /// swaps each constant pair once instead of crossing qwords in every fold (`fold.rs`).
    const SELECTS_QWORDS: bool;

    /// Per lane: qword `A` of `a` times qword `B` of `b`, 128 bits.
    unsafe fn clmul<const A: i32, const B: i32>(a: Self, b: Self) -> Self;
    /// `clmul::<0, 0>(a, b) ⊕ clmul::<1, 1>(a, b) ⊕ c`: the fold's step, one instruction
    /// where the instruction set multiplies and sums (s390x VGFMA, POWER `vpmsumd`).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn clmul_sum_xor(a: Self, b: Self, c: Self) -> Self {
        // SAFETY: the caller's.
        unsafe { Self::xor3(Self::clmul::<0, 0>(a, b), Self::clmul::<1, 1>(a, b), c) }
    }
    /// `a ⊕ b`.
    unsafe fn xor(a: Self, b: Self) -> Self;
    /// `a ⊕ b ⊕ c`.
    unsafe fn xor3(a: Self, b: Self, c: Self) -> Self;
    /// `lane` in lane 0, the other lanes zero.
    unsafe fn widen(lane: Self::Lane) -> Self;
    /// Lane 0 (for a 128-bit vector, the vector).
    unsafe fn low_lane(self) -> Self::Lane;
    /// The earlier and the later half (lanes `0..n/2` and `n/2..n`).
    unsafe fn halves(self) -> (Self::Half, Self::Half);

    /// Whether [`shift_in`](Self::shift_in) exists here (a byte permute across lanes, as
    /// AVX-512 VBMI's `vpermb`): then the fold body folds the bytes after the last whole
    /// vector in one step on the whole vector rather than on 128-bit lanes one after another.
    const SHIFTS_ACROSS_LANES: bool = false;
    /// For the `n` (`1..BYTES`) input bytes after the block `self` stands for, with `last`
    /// the input's final `BYTES` bytes, both in memory order: `(high, low)`, the input's two
    /// final blocks. `low` is `self` moved down `n` bytes with `last`'s top `n` bytes above,
    /// `high` holds the `n` bytes moved out in its top bytes and zeros below.
    ///
    /// Only where [`SHIFTS_ACROSS_LANES`](Self::SHIFTS_ACROSS_LANES) is true.
    unsafe fn shift_in(self, last: Self, n: usize) -> (Self, Self) {
        let _ = (last, n);
        unreachable!("no byte shift across lanes here")
    }
}

/// A 128-bit vector, with what the last blocks and the Barrett reduction need besides the
/// fold itself.
pub(crate) trait Lane: Vector<Lane = Self, Half = Self, Block = [u8; 16]> {
    /// Qword 1 moved to qword 0, qword 1 zeroed (the 128-bit value shifted down 64 bits).
    unsafe fn down(a: Self) -> Self;
    /// Qword 0 moved to qword 1, qword 0 zeroed.
    unsafe fn up(a: Self) -> Self;
    /// `[q0, q1]`.
    unsafe fn pair(q0: u64, q1: u64) -> Self;
    /// Qword `I`.
    unsafe fn qword<const I: i32>(a: Self) -> u64;
    /// Byte `i` of the result is byte `mask[i]` of `a`, or zero where `mask[i]`'s top bit is
    /// set (`pshufb`, `tbl`).
    unsafe fn shuffle(a: Self, mask: &[u8; 16]) -> Self;
    /// Byte `i` from `b` where `mask[i]`'s top bit is set, else from `a`.
    unsafe fn blend(a: Self, b: Self, mask: &[u8; 16]) -> Self;
}

/// A CPU's CRC instruction for one polynomial, on the reflected 32-bit register (its
/// operand layout: bit i is x^(31 − i)), with a carry-less multiply to join streams.
pub(crate) trait CrcInstruction {
    /// The polynomial the instruction computes.
    const HW: crcstamp_layout::HwCrc;
    /// Eight bytes (a little-endian word) into the register held in the low half of a u64,
    /// as x86's instruction returns it: no zero-extension between steps.
    unsafe fn step8(c: u64, word: u64) -> u64;
    /// Four bytes.
    unsafe fn step4(c: u32, word: u32) -> u32;
    /// One byte.
    unsafe fn step1(c: u32, byte: u8) -> u32;
    /// `r · x^(8m) mod G` for `k = x^(8m − 33) mod G`: one carry-less multiply and one
    /// 8-byte step from a zero register (`spec/engine.md`, "Fusion").
    unsafe fn shift(r: u32, k: u32) -> u32;
}
