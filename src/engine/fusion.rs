//! Fusion: the CPU's CRC instruction and carry-less-multiply folding in one loop, for the
//! CRCs whose register update an instruction computes ([`HwCrc`](crcstamp_layout::HwCrc)) on long
//! inputs.
//!
//! The two run on different execution units, so a loop that issues both goes faster than
//! either alone. A block of `s` steps is cut into a head of `4·s` vectors, folded by the
//! generic fold body (`fold::body`) from the current register, and three streams of
//! `WORDS·s` words at its end, each run through the CRC instruction from a zero register;
//! every step of the fold loop also advances each stream by `WORDS` words ([`Streams`], the
//! fold body's `Side`). The register after the block is then
//!
//! ```text
//! shift(v, 3·S) ⊕ shift(s1, 2·S) ⊕ shift(s2, S) ⊕ s3        (S: one stream's bytes)
//! ```
//!
//! (the register is linear in its initial value and the data), where `shift(r, m)` is the
//! register `r` advanced over `m` zero bytes, `r · x^(8m) mod G`: one carry-less multiply by
//! the constant `x^(8m − 33) mod G` and one CRC instruction on the 64-bit product, which
//! multiplies by `x^33` and reduces (`spec/engine.md`, "Fusion"). The constants for every
//! stream length come from the same compile-time table as the three-stream join
//! (`hwcrc::join_consts`), so a block can take any number of steps from `MIN` to `MAX`:
//! each instruction set's entry points (`isa/<arch>/`) fix the shape per width.

use super::fold::{body, ByInstruction, Side};
use super::hwcrc::{join_consts, JOIN_WORDS};
use super::simd::Lane;
use super::simd::{CrcInstruction, Vector};
use crcstamp_layout::FoldConsts;

/// Bytes of one step: four vectors and `WORDS` words of each of three streams.
pub(crate) const fn step_bytes<V: Vector, const WORDS: usize>() -> usize {
    step_bytes_of(V::BYTES, WORDS)
}

/// [`step_bytes`] for vectors of `vector_bytes` bytes, for the block lengths the plan reads
/// on every architecture (no vector type needed).
pub(crate) const fn step_bytes_of(vector_bytes: usize, words: usize) -> usize {
    4 * vector_bytes + 24 * words
}

/// Feeds the blocks at the start of `bytes` into the reflected register `state`, each of
/// `MIN` to `MAX` steps (as many as fit, up to `MAX`), and returns it with the bytes left
/// over (fewer than `MIN` steps').
///
/// With `ALIGN` (the shape of 512-bit vectors): the bytes before the first `V`-aligned
/// address go through the instruction first and every block but the last is a multiple of
/// the vector's size, so that every vector load is aligned (`kernels::shapes::ALIGN_MIN`).
///
/// # Safety
/// The CPU must support the instructions of `V` and `I`.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) unsafe fn update<
    'a,
    V: Vector,
    I: CrcInstruction,
    const WORDS: usize,
    const MIN: usize,
    const MAX: usize,
    const ALIGN: bool,
    const AHEAD: usize,
>(
    f: &FoldConsts,
    mut state: u32,
    mut bytes: &'a [u8],
) -> (u32, &'a [u8]) {
    // With `ALIGN` the last block may have up to `MAX + MIN` steps and a step's bytes
    // more, as words.
    const {
        assert!(0 < MIN && MIN <= MAX);
        let longest = match ALIGN {
            true => (MAX + MIN) * WORDS + step_bytes::<V, WORDS>() / 24,
            false => MAX * WORDS,
        };
        assert!(longest <= JOIN_WORDS);
    };
    let step = step_bytes::<V, WORDS>();
    // Steps in multiples of `whole`, so that blocks are whole vectors.
    let whole = const {
        match ALIGN {
            true => V::BYTES / gcd(step_bytes::<V, WORDS>(), V::BYTES),
            false => 1,
        }
    };
    let shortest = MIN.next_multiple_of(whole) * step;
    let skip = bytes.as_ptr().align_offset(V::BYTES);
    if ALIGN && skip < V::BYTES && bytes.len() >= skip + shortest {
        let (head, rest) = bytes.split_at(skip);
        // SAFETY: the caller guarantees the instructions.
        state = unsafe { super::hwcrc::one_stream::<I>(state, head, 0) };
        bytes = rest;
    }
    while bytes.len() >= shortest {
        let steps = (bytes.len() / step).min(MAX) / whole * whole;
        if ALIGN && bytes.len() < steps * step + shortest {
            // No block fits after this one: it takes every byte left, and needs no whole
            // vectors since nothing follows.
            // SAFETY: the caller guarantees the instructions.
            state = unsafe { fused::<V, I, WORDS, AHEAD>(f, state, bytes, bytes.len() / step) };
            return (state, &bytes[bytes.len()..]);
        }
        let (block, rest) = bytes.split_at(steps * step);
        // SAFETY: the caller guarantees the instructions.
        state = unsafe { fused::<V, I, WORDS, AHEAD>(f, state, block, steps) };
        bytes = rest;
    }
    (state, bytes)
}

/// The greatest common divisor.
const fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// One block of `steps` steps (`block.len() >= steps · step_bytes`): three streams of
/// `WORDS · steps` words at its end, and before them a head of `4 · steps` vectors. What a
/// block has beyond its steps (the last block of a call) goes into the streams as whole
/// words, which they take after the fold loop, and the last few bytes into the head, which
/// the fold body finishes after its loop; the loop itself runs exactly the steps.
///
/// # Safety
/// As [`update`].
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
unsafe fn fused<V: Vector, I: CrcInstruction, const WORDS: usize, const AHEAD: usize>(
    f: &FoldConsts,
    state: u32,
    block: &[u8],
    steps: usize,
) -> u32 {
    let over = block.len() - steps * step_bytes::<V, WORDS>();
    let m = WORDS * steps + over / 24;
    let (head, streams) = block.split_at(block.len() - 24 * m);
    let (words, _) = streams.as_chunks::<8>();
    let (s1, rest) = words.split_at(m);
    let (s2, s3) = rest.split_at(m);
    let mut side = Streams::<I, WORDS>::new([s1, s2, s3]);
    // SAFETY (every call): the caller guarantees the instructions.
    unsafe {
        let init = V::Lane::pair(u64::from(state), 0); // the register where lsb folding puts it
        let v = body::<V, true, false, AHEAD, _, ByInstruction<I>>(
            f,
            32,
            V::widen(init),
            head,
            &mut side,
        ) as u32;
        // The words beyond the steps.
        side.finish();
        let [k1, k2, k3] = join_consts(I::HW, m);
        let [r1, r2, r3] = side.regs.map(|r| r as u32);
        I::shift(v, k3) ^ I::shift(r1, k2) ^ I::shift(r2, k1) ^ r3
    }
}

/// The three streams' words in steps of `WORDS` words each.
type Steps<'a, const WORDS: usize> = core::iter::Zip<
    core::iter::Zip<
        core::slice::Iter<'a, [[u8; 8]; WORDS]>,
        core::slice::Iter<'a, [[u8; 8]; WORDS]>,
    >,
    core::slice::Iter<'a, [[u8; 8]; WORDS]>,
>;

/// Three streams of 8-byte words of one length, each from a zero register, advanced `WORDS`
/// words a step.
struct Streams<'a, I, const WORDS: usize> {
    /// The whole steps, zipped: one index and one compare a step (the zip of slice
    /// iterators indexes all three), where three slices each checked and advanced cost a
    /// dozen scalar instructions a step, which compete with the instruction for its port.
    steps: Steps<'a, WORDS>,
    /// The words after the whole steps, per stream.
    rest: [&'a [[u8; 8]]; 3],
    /// Each register in the low half of a u64, as the 8-byte step keeps it.
    regs: [u64; 3],
    instruction: core::marker::PhantomData<I>,
}

impl<'a, I: CrcInstruction, const WORDS: usize> Streams<'a, I, WORDS> {
    fn new(words: [&'a [[u8; 8]]; 3]) -> Self {
        let split = |w: &'a [[u8; 8]]| w.as_chunks::<WORDS>();
        let [(a, ra), (b, rb), (c, rc)] = words.map(split);
        Streams {
            steps: a.iter().zip(b).zip(c),
            rest: [ra, rb, rc],
            regs: [0; 3],
            instruction: core::marker::PhantomData,
        }
    }

    /// One step's words into the registers.
    ///
    /// # Safety
    /// As [`Side::step`].
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn take(&mut self, [a, b, c]: [&[[u8; 8]; WORDS]; 3]) {
        let [mut x, mut y, mut z] = self.regs;
        for j in 0..WORDS {
            // SAFETY: the caller guarantees `I`'s instructions.
            unsafe {
                x = I::step8(x, u64::from_le_bytes(a[j]));
                y = I::step8(y, u64::from_le_bytes(b[j]));
                z = I::step8(z, u64::from_le_bytes(c[j]));
            }
        }
        self.regs = [x, y, z];
    }

    /// The steps the fold loop left (none, as `fused` cuts a block), then the words
    /// after the whole steps, one at a time.
    ///
    /// # Safety
    /// As [`Side::step`].
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn finish(&mut self) {
        while let Some(((a, b), c)) = self.steps.next() {
            // SAFETY: the caller guarantees `I`'s instructions.
            unsafe { self.take([a, b, c]) };
        }
        for (r, words) in self.regs.iter_mut().zip(self.rest) {
            for w in words {
                // SAFETY: the caller guarantees `I`'s instructions.
                *r = unsafe { I::step8(*r, u64::from_le_bytes(*w)) };
            }
        }
    }
}

impl<I: CrcInstruction, const WORDS: usize> Side for Streams<'_, I, WORDS> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn step(&mut self) {
        if let Some(((a, b), c)) = self.steps.next() {
            // SAFETY: the caller guarantees `I`'s instructions.
            unsafe { self.take([a, b, c]) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::hwcrc::join_consts;
    use crcstamp_layout::HwCrc;

    /// The compile-time join constants agree with an independent square-and-multiply on
    /// unreflected polynomials, for streams of every length the table covers.
    #[test]
    fn join_constants_match_square_and_multiply() {
        for (hw, poly) in [(HwCrc::Crc32, 0x04c1_1db7u32), (HwCrc::Crc32c, 0x1edc_6f41)] {
            for k in [1, 2, 3, 17, 96, 128, 200, 256, 300, 512, 588, 600] {
                for (i, &c) in join_consts(hw, k).iter().enumerate() {
                    let e = 64 * k as u32 * (i as u32 + 1) - 33;
                    let g = (1u128 << 32) | u128::from(poly);
                    let want = square_and_multiply(e, g) as u32;
                    assert_eq!(c, want.reverse_bits(), "{hw:?} k = {k}, {} streams", i + 1);
                }
            }
        }
    }

    /// An independent x^e mod G (square and multiply on unreflected polynomials).
    fn square_and_multiply(e: u32, g: u128) -> u128 {
        let mulmod = |a: u128, b: u128| {
            let mut r = 0u128;
            for i in (0..32).rev() {
                r <<= 1;
                if r >> 32 & 1 != 0 {
                    r ^= g;
                }
                if b >> i & 1 != 0 {
                    r ^= a;
                }
            }
            r
        };
        let (mut result, mut base, mut e) = (1u128, 2u128, e);
        while e > 0 {
            if e & 1 != 0 {
                result = mulmod(result, base);
            }
            base = mulmod(base, base);
            e >>= 1;
        }
        result
    }
}
