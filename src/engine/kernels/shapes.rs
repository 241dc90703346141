//! The kernels' shapes: how the bodies are cut (fusion's blocks, three streams' passes),
//! how far ahead the loops read, and from which length an entry aligns its loads. The
//! route plan (`plan`) decides which kernel runs where and in which shape; these are what
//! a kernel is, fixed when it is instantiated (const parameters), so they live with the
//! kernels, and the plan reads them, never the other way round.

use crate::backend::Backend;

/// Fusion's shape on 512-bit vectors, by how many of the instruction's words a step gives
/// each of its three streams (`isa::Isa::fusion`).
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

/// How far ahead of each step's vectors the 512-bit loops with no issue slot to spare ask the
/// cache for the lines they will load: the bit-reversed run of msb CRCs (two multiplies, a
/// three-way XOR and a bit reversal a vector, on two ports) and fusion. Where a line comes
/// late from L2 such a loop cannot catch up; the plain reflected fold has a slot a vector to
/// spare and ran as fast without (`spec/decisions.md`, "Reading ahead").
#[cfg(target_arch = "x86_64")]
pub(crate) const AHEAD: usize = 1024;

/// The 512-bit entries split inputs from this long on so that every vector load of the rest
/// is aligned to the vector's size: on Intel a 512-bit load that spans two cache lines costs
/// a fifth of the speed once the data comes from L2, and on a fast host up to a tenth from
/// L1 at 2–4 KiB (`spec/decisions.md`, "Aligned 512-bit loads", "Alignment from 2 KiB").
pub(crate) const ALIGN_MIN: usize = 2048;

/// The same for the 512-bit entry of CRC-32C, whose alignment head runs on the instruction:
/// past 1 KiB. At exactly 1 KiB (16 whole vectors, which aligned become 15 and a tail) the
/// head's dependent steps at the start of the chain cost more than the split loads they save
/// (0.90–0.94×); from 1040 bytes aligning ran 1.01–1.08× but at whole numbers of vectors
/// (0.98–1.01), and took CRC-32C at 1200 bytes from 0.93× to 1.02–1.04× crc-fast
/// (`spec/decisions.md`, "Alignment from 2 KiB").
pub(crate) const ALIGN_BY_INSTRUCTION_MIN: usize = 1025;

/// From which length the 512-bit entries align their loads (`by_instruction`: CRC-32C's
/// entry), for x86_64's and the emulated `Isa::aligns_from`; `None` for every other kernel.
pub(crate) const fn zmm_aligns_from(backend: Backend, by_instruction: bool) -> Option<usize> {
    match (backend, by_instruction) {
        (Backend::Vpclmul512, true) => Some(ALIGN_BY_INSTRUCTION_MIN),
        (Backend::Vpclmul512, false) => Some(ALIGN_MIN),
        _ => None,
    }
}

/// The shortest pass of the instruction's three streams: ten words a stream. The three-stream
/// entries run passes while this much is left, then one stream (`hwcrc::three_streams`).
pub(crate) const THREE_PASS_MIN: usize = 24 * 10;

/// Fusion's block shape on 128-bit lanes: words per stream per step of four vectors, and the
/// fewest and most steps in a block. Fixed at 64 steps: 4 KiB of vectors and three 1 KiB
/// streams, 7 KiB a block (`spec/decisions.md`, "Fusion"; the longer blocks that paid on x86
/// are unmeasured on aarch64, the only user of this shape).
pub(crate) const LANE_WORDS: usize = 2;
pub(crate) const LANE_STEPS: usize = 64;
/// The same where the CPU has SHA3 (aarch64's EOR3 entry: Neoverse V1/V2, N2, Apple M): one
/// word per stream per step, 80 steps (5 KiB of vectors and three 640-byte streams, 6.9 KiB
/// a block, within the 7 KiB fusion starts from). Those cores multiply on two pipes and run
/// the CRC instruction on one: a step's 8 multiplies take 4 cycles, two words a stream 6, one
/// word 3, so one word keeps the multiplies the bound: 21.9 bytes a cycle by llvm-mca on
/// Neoverse V2 against 18.6 with two (`spec/decisions.md`, "aarch64 by llvm-mca").
#[cfg(target_arch = "aarch64")]
pub(crate) const LANE_EOR3_WORDS: usize = 1;
#[cfg(target_arch = "aarch64")]
pub(crate) const LANE_EOR3_STEPS: usize = 80;
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
