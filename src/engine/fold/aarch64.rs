//! aarch64 folding kernel: PMULL on 128-bit lanes, compiled twice — plain NEON, and with the
//! SHA3 extension so the three-way XORs of each fold become EOR3.
//!
//! Same shape and constant layout as the x86 kernel (`x86.rs`): four accumulators, 4 → 2 → 1,
//! remaining blocks one at a time, a partial block by an overlapping load and TBL shuffles,
//! the shared Barrett reduction.

use core::arch::aarch64::*;

use super::{reduce, shuffle_masks, Lanes, D128, D256, D512};
use crate::consts::{FoldConsts, HwCrc};
use crate::engine::fusion;

/// NEON lanes and PMULL, for the shared Barrett reduction.
struct Pmull;

impl Lanes for Pmull {
    type V = uint64x2_t;
    #[inline]
    #[target_feature(enable = "neon,aes")]
    unsafe fn clmul<const A: i32, const B: i32>(a: uint64x2_t, b: uint64x2_t) -> uint64x2_t {
        vreinterpretq_u64_p128(vmull_p64(vgetq_lane_u64::<A>(a), vgetq_lane_u64::<B>(b)))
    }
    #[inline(always)]
    fn xor(a: uint64x2_t, b: uint64x2_t) -> uint64x2_t {
        // SAFETY: NEON is part of the aarch64 baseline.
        unsafe { veorq_u64(a, b) }
    }
    #[inline(always)]
    fn down(a: uint64x2_t) -> uint64x2_t {
        // SAFETY: as above.
        unsafe { vextq_u64::<1>(a, vdupq_n_u64(0)) }
    }
    #[inline(always)]
    fn up(a: uint64x2_t) -> uint64x2_t {
        // SAFETY: as above.
        unsafe { vextq_u64::<1>(vdupq_n_u64(0), a) }
    }
    #[inline(always)]
    fn pair(q0: u64, q1: u64) -> uint64x2_t {
        // SAFETY: as above.
        unsafe { vcombine_u64(vcreate_u64(q0), vcreate_u64(q1)) }
    }
    #[inline(always)]
    fn lane<const I: i32>(a: uint64x2_t) -> u64 {
        // SAFETY: as above.
        unsafe { vgetq_lane_u64::<I>(a) }
    }
}

/// A `[HI, LO]` pair in the physical order of the bit order.
#[inline(always)]
fn pair<const LSB: bool>([hi, lo]: [u64; 2]) -> uint64x2_t {
    let (q0, q1) = if LSB { (hi, lo) } else { (lo, hi) };
    // SAFETY: NEON is part of the aarch64 baseline.
    unsafe { vcombine_u64(vcreate_u64(q0), vcreate_u64(q1)) }
}

/// One 16-byte block as a lane in the engine's bit order (msb models: byte-reversed).
#[inline(always)]
fn load<const LSB: bool>(block: &[u8; 16]) -> uint64x2_t {
    // SAFETY: `block` is 16 readable bytes; NEON is part of the aarch64 baseline.
    unsafe {
        let v = vld1q_u8(block.as_ptr());
        let v = if LSB {
            v
        } else {
            let r = vrev64q_u8(v);
            vextq_u8::<8>(r, r)
        };
        vreinterpretq_u64_u8(v)
    }
}

/// `acc · x^D ⊕ data` with `k` the pair for distance D.
#[inline]
#[target_feature(enable = "neon,aes")]
fn fold(acc: uint64x2_t, data: uint64x2_t, k: uint64x2_t) -> uint64x2_t {
    let lo = vreinterpretq_u64_p128(vmull_p64(vgetq_lane_u64::<0>(acc), vgetq_lane_u64::<0>(k)));
    let hi = vreinterpretq_u64_p128(vmull_high_p64(
        vreinterpretq_p64_u64(acc),
        vreinterpretq_p64_u64(k),
    ));
    veorq_u64(veorq_u64(lo, hi), data)
}

/// The register placed where the first lane's highest-order coefficients are.
#[inline(always)]
fn init_lane<const LSB: bool>(width: u32, reg: u64) -> uint64x2_t {
    if LSB {
        pair::<true>([reg, 0])
    } else {
        pair::<true>([0, reg << (64 - width)])
    }
}

/// The kernel body, inlined into each feature-specific entry point below.
///
/// # Safety
/// The CPU must support PMULL (`aes`).
#[inline(always)]
unsafe fn body<const LSB: bool>(f: &FoldConsts, width: u32, reg: u64, bytes: &[u8]) -> u64 {
    let (blocks, _) = bytes.as_chunks::<16>();
    let Some((first, mut rest)) = blocks.split_first() else {
        return reg;
    };
    // SAFETY (every block below): the caller guarantees PMULL; NEON is baseline.
    let mut x0 = unsafe { veorq_u64(load::<LSB>(first), init_lane::<LSB>(width, reg)) };
    if let [b1, b2, b3, tail @ ..] = rest {
        let (mut x1, mut x2, mut x3) = (load::<LSB>(b1), load::<LSB>(b2), load::<LSB>(b3));
        rest = tail;
        let k512 = pair::<LSB>(f.folds[D512]);
        while let [d0, d1, d2, d3, tail @ ..] = rest {
            unsafe {
                x0 = fold(x0, load::<LSB>(d0), k512);
                x1 = fold(x1, load::<LSB>(d1), k512);
                x2 = fold(x2, load::<LSB>(d2), k512);
                x3 = fold(x3, load::<LSB>(d3), k512);
            }
            rest = tail;
        }
        let k256 = pair::<LSB>(f.folds[D256]);
        unsafe {
            x0 = fold(x0, x2, k256);
            x1 = fold(x1, x3, k256);
            x0 = fold(x0, x1, pair::<LSB>(f.folds[D128]));
        }
    }
    let k128 = pair::<LSB>(f.folds[D128]);
    for block in rest {
        x0 = unsafe { fold(x0, load::<LSB>(block), k128) };
    }
    let partial = bytes.len() % 16;
    if let (1.., Some(last)) = (partial, bytes.last_chunk::<16>()) {
        // The input's last 16 bytes overlap the blocks already folded: shift the register
        // so that only the `partial` new bytes are added (see x86.rs).
        let [shift, split] = shuffle_masks::<LSB>(partial);
        unsafe {
            let (shift, split) = (vld1q_u8(shift.as_ptr()), vld1q_u8(split.as_ptr()));
            let x = vreinterpretq_u8_u64(x0);
            let high = vqtbl1q_u8(x, split);
            // TBL zeroes out-of-range lanes like PSHUFB; the blend takes the new bytes where
            // the shift mask's top bit is set.
            let take_new = vcltzq_s8(vreinterpretq_s8_u8(shift));
            let low = vbslq_u8(
                take_new,
                vreinterpretq_u8_u64(load::<LSB>(last)),
                vqtbl1q_u8(x, shift),
            );
            x0 = fold(vreinterpretq_u64_u8(high), vreinterpretq_u64_u8(low), k128);
        }
    }
    // SAFETY: the caller guarantees PMULL.
    unsafe { reduce::<Pmull, LSB>(f, width, x0) }
}

/// Folds `bytes` (at least 16) into `reg` with PMULL.
///
/// # Safety
/// The CPU must support PMULL (`aes`).
#[target_feature(enable = "neon,aes")]
pub(crate) unsafe fn pmull<const LSB: bool>(
    f: &FoldConsts,
    width: u32,
    reg: u64,
    bytes: &[u8],
) -> u64 {
    // SAFETY: our own features are the body's requirement.
    unsafe { body::<LSB>(f, width, reg, bytes) }
}

/// Folds `bytes` (at least 16) into `reg` with PMULL, the XOR triples compiled to EOR3.
///
/// # Safety
/// The CPU must support PMULL (`aes`) and SHA3.
#[target_feature(enable = "neon,aes,sha3")]
pub(crate) unsafe fn pmull_eor3<const LSB: bool>(
    f: &FoldConsts,
    width: u32,
    reg: u64,
    bytes: &[u8],
) -> u64 {
    // SAFETY: our own features include the body's requirement.
    unsafe { body::<LSB>(f, width, reg, bytes) }
}

/// One fused block (`super::super::fusion`): the PMULL fold loop over the vector region, and
/// in the same iterations the CRC32 instruction for `hw` on three streams. `state` is the
/// reflected register.
///
/// # Safety
/// The CPU must support PMULL (`aes`) and the CRC extension.
#[target_feature(enable = "neon,aes,crc")]
pub(crate) unsafe fn fusion(
    f: &FoldConsts,
    hw: HwCrc,
    state: u32,
    block: &[u8; fusion::BLOCK],
) -> u32 {
    use fusion::{STREAM, VECTOR};
    /// 64 bytes of lanes per iteration, so each stream takes STREAM / ITERS bytes.
    const ITERS: usize = VECTOR / 64;
    const WORDS: usize = STREAM / 8 / ITERS;
    let Some((vector, streams)) = block.split_first_chunk::<VECTOR>() else {
        unreachable!("BLOCK > VECTOR")
    };
    let (lanes, _) = vector.as_chunks::<16>();
    let (words, _) = streams.as_chunks::<8>();
    let (s1, rest) = words.split_at(STREAM / 8);
    let (s2, s3) = rest.split_at(STREAM / 8);
    let word = |w: &[u8; 8]| u64::from_le_bytes(*w);
    // The instruction for `hw`, chosen once: both are one 8-byte step of the register.
    let crc = |c: u32, w: u64| match hw {
        HwCrc::Crc32 => __crc32d(c, w),
        HwCrc::Crc32c => __crc32cd(c, w),
    };

    let mut x0 = veorq_u64(
        load::<true>(&lanes[0]),
        init_lane::<true>(32, u64::from(state)),
    );
    let (mut x1, mut x2, mut x3) = (
        load::<true>(&lanes[1]),
        load::<true>(&lanes[2]),
        load::<true>(&lanes[3]),
    );
    let k512 = pair::<true>(f.folds[D512]);
    let (mut c1, mut c2, mut c3) = (0u32, 0u32, 0u32);
    for i in 0..ITERS {
        if i > 0 {
            x0 = fold(x0, load::<true>(&lanes[4 * i]), k512);
            x1 = fold(x1, load::<true>(&lanes[4 * i + 1]), k512);
            x2 = fold(x2, load::<true>(&lanes[4 * i + 2]), k512);
            x3 = fold(x3, load::<true>(&lanes[4 * i + 3]), k512);
        }
        for j in WORDS * i..WORDS * (i + 1) {
            c1 = crc(c1, word(&s1[j]));
            c2 = crc(c2, word(&s2[j]));
            c3 = crc(c3, word(&s3[j]));
        }
    }
    let k256 = pair::<true>(f.folds[D256]);
    x0 = fold(x0, x2, k256);
    x1 = fold(x1, x3, k256);
    x0 = fold(x0, x1, pair::<true>(f.folds[D128]));
    // The 128 bits stand for 16 message bytes still to enter a zero register: two
    // instructions replace the Barrett reduction.
    let v = crc(crc(0, vgetq_lane_u64::<0>(x0)), vgetq_lane_u64::<1>(x0));
    let shift = |r: u32, k: u32| crc(0, vmull_p64(u64::from(r), u64::from(k)) as u64);
    fusion::join(fusion::shift_consts(hw), [v, c1, c2, c3], shift)
}
