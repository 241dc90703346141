//! Carry-less-multiply folding, written once for every vector width and instruction set:
//! the fast path for every CRC of width 1..=64.
//!
//! [`body`] folds any input of at least 16 bytes and reduces it to the register over the
//! primitives of `simd::Vector` and `simd::Lane`; `isa/<arch>/` instantiates it per
//! instruction set and width (128-bit PCLMULQDQ and PMULL, 256- and 512-bit VPCLMULQDQ, and
//! the emulated lanes of `isa/emulated/`). The constants come in by reference (scaled
//! layout, `spec/constants.md`), the bit order is a const parameter. The shape: inject the
//! register into the first lane, fold four accumulators (or three, [`body`]'s `N`) over the
//! input, reduce them to one vector and its lanes to one, fold any remaining 16-byte blocks
//! one at a time, fold a last partial block by an overlapping load of the input's final 16
//! bytes and two byte shuffles (as the Linux kernel's template does), then Barrett-reduce
//! 128 bits to the register. Where bytes move across lanes (512-bit vectors with VBMI), the
//! bytes after the last whole vector are folded the same way on the whole vector, before its
//! lanes are reduced.
//!
//! Each constant pair sits in a register so that, for either bit order, qword 0 multiplies
//! qword 0 of the accumulator and qword 1 multiplies qword 1: lsb keeps the accumulator's
//! x^64..x^127 half in the physically low qword, msb in the high one, and the pair is laid
//! out to match.
//!
//! A forward (msb) CRC can also run reflected: over input whose every byte is bit-reversed,
//! an lsb CRC with the same polynomial keeps the bit-reversed register
//! ([`Consts::fold_reflected`] holds its constants). That trades the byte shuffle per
//! vector for a bit reversal per vector, which GFNI does on other execution ports; it pays
//! from `plan::REFLECTED_MIN` bytes (`spec/decisions.md`, "Forward CRCs reflected").

pub(crate) use super::reduce::{Barrett, ByInstruction, Reduce};
use super::simd::{CrcInstruction, Lane, Vector};
use crcstamp_layout::FoldConsts;
use lanes::{lanes, to_lane};
use primitives::{fold, init_lane, load, one, splat, D128};

mod lanes;
mod primitives;

/// Work done alongside the fold loop, once per step of four vectors: fusion's CRC
/// instruction streams ([`super::fusion`]), or nothing.
pub(crate) trait Side {
    /// One step.
    ///
    /// # Safety
    /// The CPU must support the instructions the step uses.
    unsafe fn step(&mut self);
}

/// No work alongside: plain folding.
pub(crate) struct Alone;

impl Side for Alone {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn step(&mut self) {}
}

/// Folds `bytes` (at least 16) into `reg` on vectors `V`, reduced by `R`: [`body`] from the
/// register.
///
/// # Safety
/// The CPU must support `V`'s and `V::Lane`'s instructions.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) unsafe fn from_register<V: Vector, const LSB: bool, const BITREV: bool, R: Reduce>(
    f: &FoldConsts,
    width: u32,
    reg: u64,
    bytes: &[u8],
) -> u64 {
    // SAFETY: the caller guarantees the instructions.
    unsafe {
        let init = V::widen(init_lane::<V::Lane, LSB, BITREV>(width, reg));
        body::<V, LSB, BITREV, 0, _, R>(f, width, init, bytes, &mut Alone)
    }
}

/// [`from_register`] reading `AHEAD` bytes ahead, with the vector loads aligned where
/// `ALIGN` (the route's choice: `RouteStep::aligned`, from `Isa::aligns_from`): the bytes
/// before the first `V`-aligned address enter the first aligned vector as the vector that
/// precedes it. Where bytes move across lanes ([`Vector::shift_in`]) and the head holds the
/// register's bytes (at least 8), they are the input's first vector moved up to end at the
/// boundary, one permute and one fold; elsewhere they are folded on 128-bit lanes (plus one
/// vector when fewer than 16), a few folds one after another (`spec/decisions.md`, "The head
/// on the whole vector"). An input already aligned, or under two vectors, has no head.
///
/// # Safety
/// As [`from_register`].
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) unsafe fn from_register_aligned<
    V: Vector,
    const LSB: bool,
    const BITREV: bool,
    const AHEAD: usize,
    const ALIGN: bool,
    R: Reduce,
>(
    f: &FoldConsts,
    width: u32,
    reg: u64,
    bytes: &[u8],
) -> u64 {
    let skip = bytes.as_ptr().align_offset(V::BYTES);
    // SAFETY (every call): the caller guarantees the instructions.
    unsafe {
        let init = init_lane::<V::Lane, LSB, BITREV>(width, reg);
        let (init, bytes) = if !ALIGN || skip == 0 || skip >= V::BYTES || bytes.len() < 2 * V::BYTES
        {
            (V::widen(init), bytes)
        } else if V::SHIFTS_ACROSS_LANES && LSB && skip >= HEAD_ON_VECTOR_MIN {
            let zero = V::splat(0, 0);
            let Some(first) = V::blocks(bytes).0.first() else {
                unreachable!("the input holds a whole vector")
            };
            // The register in the first bytes, then the first `skip` bytes moved to the top:
            // the vector before the first aligned one, zeros before the input (which add
            // nothing to a zero register).
            let first = V::xor(load::<V, LSB, BITREV>(first), V::widen(init));
            let (head, _) = first.shift_in(zero, skip);
            let init = fold::<_, LSB>(head, zero, splat::<V, LSB>(f, one::<V>()));
            (init, &bytes[skip..])
        } else {
            let head = if skip >= 16 { skip } else { skip + V::BYTES };
            let (head, rest) = bytes.split_at(head);
            let (blocks, _) = head.as_chunks::<16>();
            let Some((first, blocks)) = blocks.split_first() else {
                unreachable!("the head is at least 16 bytes")
            };
            let k128 = splat::<V::Lane, LSB>(f, D128);
            let x = V::Lane::xor(load::<V::Lane, LSB, BITREV>(first), init);
            let x = lanes::<V::Lane, LSB, BITREV>(f, x, blocks, head);
            // The head's 128 bits move on by one lane to precede the rest's first lane.
            (V::widen(fold::<_, LSB>(x, V::Lane::pair(0, 0), k128)), rest)
        };
        body::<V, LSB, BITREV, AHEAD, _, R>(f, width, init, bytes, &mut Alone)
    }
}

/// The fewest bytes before the first aligned vector that join it on the whole vector
/// ([`from_register_aligned`]): the register's (up to 64 bits) must be among them.
const HEAD_ON_VECTOR_MIN: usize = 8;

/// For a CRC whose register update the instruction `I` computes (32 bits, lsb): where
/// `ALIGN` (`RouteStep::aligned`), the bytes before the first `V`-aligned address through
/// `I`; the rest folded on vectors `V` and reduced by `I` ([`ByInstruction`]).
///
/// # Safety
/// The CPU must support `V`'s, `V::Lane`'s and `I`'s instructions.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) unsafe fn from_register_by_instruction<
    V: Vector,
    I: CrcInstruction,
    const ALIGN: bool,
>(
    f: &FoldConsts,
    reg: u64,
    bytes: &[u8],
) -> u64 {
    let skip = bytes.as_ptr().align_offset(V::BYTES);
    // SAFETY (every call): the caller guarantees the instructions.
    unsafe {
        // An input under two vectors has no head, as in `from_register_aligned`.
        let (reg, bytes) = match ALIGN && skip < V::BYTES && bytes.len() >= 2 * V::BYTES {
            true => {
                let (head, rest) = bytes.split_at(skip);
                (
                    u64::from(super::hwcrc::one_stream::<I>(reg as u32, head, 0)),
                    rest,
                )
            }
            false => (reg, bytes),
        };
        let init = V::widen(init_lane::<V::Lane, true, false>(32, reg));
        body::<V, true, false, 0, _, ByInstruction<I>>(f, 32, init, bytes, &mut Alone)
    }
}

/// The most bytes after the last whole vector that are folded on 128-bit lanes even where
/// the vector can take them ([`Vector::shift_in`]): one block, or a partial one, costs less
/// there than the byte permute and the fold on the whole vector.
const TAIL_ON_LANES_MAX: usize = 16;

/// The fold loop of [`body`]: the accumulators `$x` over the vectors `$rest` while it holds
/// as many, one step at a time at distance their count (`$kn`), running `$side` once a step
/// and once for the first vectors; leaves in `$rest` the vectors after the last step. The
/// two lists name one step's vectors each: two steps an iteration halve the loop's counting
/// and branching, which shares ports with the vector work (`spec/decisions.md`, "Two steps
/// a loop iteration"). A macro, for slice patterns of each length: the same loop on lengths
/// compared at run time cost 9 instructions more a call.
macro_rules! fold_loop {
    ($x:ident, $rest:ident, $kn:ident, $side:ident, [$($a:ident),+], [$($b:ident),+]) => {
        $side.step();
        while let [$($a,)+ $($b,)+ tail @ ..] = $rest {
            $x = step::<V, LSB, BITREV, AHEAD, _, S>($x, [$($a),+], $kn, $side);
            $x = step::<V, LSB, BITREV, AHEAD, _, S>($x, [$($b),+], $kn, $side);
            $rest = tail;
        }
        if let [$($a,)+ tail @ ..] = $rest {
            $x = step::<V, LSB, BITREV, AHEAD, _, S>($x, [$($a),+], $kn, $side);
            $rest = tail;
        }
    };
}

/// Folds `bytes` (at least 16) on vectors `V` with four accumulators, `init` XORed into the
/// first vector (the register placed in its first lane, or the folded bytes before `bytes`),
/// running `side` once per step of four vectors; returns the register.
///
/// Inputs shorter than two vectors take half the width, down to 128 bits; `init` may have
/// lanes other than the first only where `bytes` holds two vectors or more. With `AHEAD`
/// above 0 each step asks the cache for the lines `AHEAD` bytes past its vectors
/// ([`Vector::prefetch`]; `kernels::shapes::AHEAD`).
///
/// # Safety
/// The CPU must support `V`'s and `V::Lane`'s instructions and `side`'s.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) unsafe fn body<
    V: Vector,
    const LSB: bool,
    const BITREV: bool,
    const AHEAD: usize,
    S: Side,
    R: Reduce,
>(
    f: &FoldConsts,
    width: u32,
    init: V,
    bytes: &[u8],
    side: &mut S,
) -> u64 {
    // SAFETY (every call below): the caller guarantees the instructions.
    unsafe {
        let (vectors, _) = V::blocks(bytes);
        let one = one::<V>();
        let load = |b: &V::Block| load::<V, LSB, BITREV>(b);
        let lane0 = init.low_lane();
        let k1 = splat::<V, LSB>(f, one);
        let (acc, mut rest) = match vectors {
            [v0, v1, v2, v3, rest @ ..] => {
                let kn = splat::<V, LSB>(f, one + 2);
                let mut x = [V::xor(load(v0), init), load(v1), load(v2), load(v3)];
                let mut rest = rest;
                fold_loop!(x, rest, kn, side, [d0, d1, d2, d3], [d4, d5, d6, d7]);
                let [x0, x1, x2, x3] = x;
                // 4 → 2 → 1, two more vectors on the 2.
                let k2 = splat::<V, LSB>(f, one + 1);
                let mut y0 = fold::<_, LSB>(x0, x2, k2);
                let mut y1 = fold::<_, LSB>(x1, x3, k2);
                if let [d0, d1, tail @ ..] = rest {
                    y0 = fold::<_, LSB>(y0, load(d0), k2);
                    y1 = fold::<_, LSB>(y1, load(d1), k2);
                    rest = tail;
                }
                (fold::<_, LSB>(y0, y1, k1), rest)
            }
            // Two or three vectors: the first two folded at once (half the multiplies of
            // four vectors of half the width), then at most one more.
            [v0, v1, rest @ ..] => (fold::<_, LSB>(V::xor(load(v0), init), load(v1), k1), rest),
            [v0, rest @ ..] if V::BYTES == 16 => (V::xor(load(v0), init), rest),
            // No whole block: not called (`update` takes the tables under 17 bytes).
            [] if V::BYTES == 16 => return R::reduce::<V::Lane, LSB, BITREV>(f, width, lane0),
            _ => {
                let init = V::Half::widen(lane0);
                return body::<V::Half, LSB, BITREV, AHEAD, S, R>(f, width, init, bytes, side);
            }
        };
        let mut acc = acc;
        if let [d0, tail @ ..] = rest {
            acc = fold::<_, LSB>(acc, load(d0), k1);
            rest = tail;
        }
        let done = V::BYTES * (vectors.len() - rest.len());
        // Where bytes can move across lanes, the bytes after the last whole vector join it
        // in one step, as the lanes' partial block does below: the input's last vector,
        // overlapping, and the accumulator moved down by their count. From a block and a
        // partial one on, that is a shorter chain than the lanes' folds one after another
        // (`spec/decisions.md`, "The tail on the whole vector"). Memory order only: msb CRCs
        // reverse each lane.
        let tail = bytes.len() - done;
        if V::SHIFTS_ACROSS_LANES && LSB && tail > TAIL_ON_LANES_MAX {
            if let [.., last] = V::blocks(&bytes[tail..]).0 {
                let (high, low) = acc.shift_in(load(last), tail);
                let lane = to_lane::<V, LSB>(f, fold::<_, LSB>(high, low, k1));
                return R::reduce::<V::Lane, LSB, BITREV>(f, width, lane);
            }
        }
        let lane = to_lane::<V, LSB>(f, acc);
        let (blocks, _) = bytes[done..].as_chunks::<16>();
        let x = lanes::<V::Lane, LSB, BITREV>(f, lane, blocks, bytes);
        R::reduce::<V::Lane, LSB, BITREV>(f, width, x)
    }
}

/// One step of the fold loop: each of the `N` accumulators folded over its next vector at
/// distance `N` vectors (`kn`), and the side's step.
///
/// # Safety
/// As [`body`].
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
unsafe fn step<
    V: Vector,
    const LSB: bool,
    const BITREV: bool,
    const AHEAD: usize,
    const N: usize,
    S: Side,
>(
    x: [V; N],
    d: [&V::Block; N],
    kn: V,
    side: &mut S,
) -> [V; N] {
    // SAFETY: the caller guarantees the instructions.
    unsafe {
        if AHEAD > 0 {
            // The step's vectors are consecutive: one prefetch per cache line of them. A
            // line past the input's end costs a hint, nothing more.
            let start = (d[0] as *const V::Block).cast::<u8>();
            for line in (0..N * V::BYTES).step_by(64) {
                V::prefetch(start.wrapping_add(AHEAD + line));
            }
        }
        let mut y = x;
        for i in 0..N {
            y[i] = fold::<_, LSB>(x[i], load::<V, LSB, BITREV>(d[i]), kn);
        }
        side.step();
        y
    }
}
