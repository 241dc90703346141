//! x86_64 folding kernels: PCLMULQDQ on 128-bit lanes and VPCLMULQDQ on 256-bit vectors.
//!
//! One kernel per vector width serves every CRC of width 1..=64 in both bit orders: the
//! constants come in by reference (scaled layout, `spec/constants.md`) and the bit order is a
//! const parameter. The shape follows the reference model of the folding engine: inject the
//! register into the first lane, fold four accumulators over the input, reduce 4 → 2 → 1
//! vectors, fold any remaining 16-byte blocks one at a time, fold a last partial block by an
//! overlapping load of the input's final 16 bytes and two byte shuffles (as the Linux
//! kernel's template does), then Barrett-reduce 128 bits to the register (`super::reduce`,
//! shared with the other architectures).
//!
//! Each constant pair sits in a register so that, for either bit order, qword 0 multiplies
//! qword 0 of the accumulator and qword 1 multiplies qword 1 (`fold` uses immediates 0x00
//! and 0x11): lsb keeps the accumulator's x^64..x^127 half in the physically low qword, msb
//! in the high one, and the pair is laid out to match.

use core::arch::x86_64::*;

use super::{reduce, shuffle_masks, Lanes, D1024, D128, D256, D512};
use crate::consts::FoldConsts;
use crate::engine::fusion;

/// A `[HI, LO]` pair in the physical order of the bit order.
#[inline(always)]
fn pair<const LSB: bool>([hi, lo]: [u64; 2]) -> __m128i {
    let (q0, q1) = if LSB { (hi, lo) } else { (lo, hi) };
    // SAFETY: SSE2 is part of the x86_64 baseline.
    unsafe { _mm_set_epi64x(q1 as i64, q0 as i64) }
}

/// Reverses the 16 bytes of each 128-bit lane: msb models read their input big-endian.
#[inline(always)]
fn bswap_mask() -> __m128i {
    // SAFETY: SSE2 is part of the x86_64 baseline.
    unsafe { _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) }
}

/// One 16-byte block as a lane in the engine's bit order.
#[inline]
#[target_feature(enable = "sse4.1,ssse3")]
fn load128<const LSB: bool>(block: &[u8; 16]) -> __m128i {
    // SAFETY: `block` is 16 readable bytes; loadu has no alignment requirement.
    let v = unsafe { _mm_loadu_si128(block.as_ptr().cast()) };
    if LSB {
        v
    } else {
        _mm_shuffle_epi8(v, bswap_mask())
    }
}

/// `acc · x^D ⊕ data`, reduced to 128 bits, with `k` the pair for distance D.
#[inline]
#[target_feature(enable = "pclmulqdq,sse4.1")]
fn fold128(acc: __m128i, data: __m128i, k: __m128i) -> __m128i {
    let a = _mm_clmulepi64_si128::<0x00>(acc, k);
    let b = _mm_clmulepi64_si128::<0x11>(acc, k);
    _mm_xor_si128(_mm_xor_si128(a, b), data)
}

/// The register (lsb: reflected, low bits; msb: unreflected) placed where the first lane's
/// highest-order coefficients are.
#[inline]
#[target_feature(enable = "sse4.1")]
fn init_lane<const LSB: bool>(width: u32, reg: u64) -> __m128i {
    if LSB {
        _mm_set_epi64x(0, reg as i64)
    } else {
        // reg · x^(128 − n): a bit shift, since n need not be a multiple of 8.
        _mm_set_epi64x((reg << (64 - width)) as i64, 0)
    }
}

/// SSE lanes and PCLMULQDQ, for the shared Barrett reduction.
struct Pclmul;

impl Lanes for Pclmul {
    type V = __m128i;
    #[inline]
    #[target_feature(enable = "pclmulqdq,sse4.1")]
    unsafe fn clmul<const A: i32, const B: i32>(a: __m128i, b: __m128i) -> __m128i {
        // The immediate: bit 0 picks a's qword, bit 4 b's.
        match (A, B) {
            (0, 0) => _mm_clmulepi64_si128::<0x00>(a, b),
            (1, 0) => _mm_clmulepi64_si128::<0x01>(a, b),
            (0, _) => _mm_clmulepi64_si128::<0x10>(a, b),
            _ => _mm_clmulepi64_si128::<0x11>(a, b),
        }
    }
    #[inline(always)]
    fn xor(a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 is part of the x86_64 baseline.
        unsafe { _mm_xor_si128(a, b) }
    }
    #[inline(always)]
    fn down(a: __m128i) -> __m128i {
        // SAFETY: as above.
        unsafe { _mm_srli_si128::<8>(a) }
    }
    #[inline(always)]
    fn up(a: __m128i) -> __m128i {
        // SAFETY: as above.
        unsafe { _mm_slli_si128::<8>(a) }
    }
    #[inline(always)]
    fn pair(q0: u64, q1: u64) -> __m128i {
        // SAFETY: as above.
        unsafe { _mm_set_epi64x(q1 as i64, q0 as i64) }
    }
    #[inline(always)]
    fn lane<const I: i32>(a: __m128i) -> u64 {
        // SAFETY: as above (`_mm_extract_epi64` would need SSE4.1; a shift and movq do not).
        unsafe {
            if I == 0 {
                _mm_cvtsi128_si64(a) as u64
            } else {
                _mm_cvtsi128_si64(_mm_srli_si128::<8>(a)) as u64
            }
        }
    }
}

/// Folds `bytes` (at least 16) into `reg` on 128-bit lanes with four accumulators.
///
/// # Safety
/// The CPU must support PCLMULQDQ, SSE4.1 and SSSE3.
#[target_feature(enable = "pclmulqdq,sse4.1,ssse3")]
pub(crate) unsafe fn pclmul<const LSB: bool>(
    f: &FoldConsts,
    width: u32,
    reg: u64,
    bytes: &[u8],
) -> u64 {
    let (blocks, _) = bytes.as_chunks::<16>();
    let Some((first, mut rest)) = blocks.split_first() else {
        return reg;
    };
    let mut x0 = _mm_xor_si128(load128::<LSB>(first), init_lane::<LSB>(width, reg));
    if let [b1, b2, b3, tail @ ..] = rest {
        let (mut x1, mut x2, mut x3) = (load128::<LSB>(b1), load128::<LSB>(b2), load128::<LSB>(b3));
        rest = tail;
        let k512 = pair::<LSB>(f.folds[D512]);
        while let [d0, d1, d2, d3, tail @ ..] = rest {
            x0 = fold128(x0, load128::<LSB>(d0), k512);
            x1 = fold128(x1, load128::<LSB>(d1), k512);
            x2 = fold128(x2, load128::<LSB>(d2), k512);
            x3 = fold128(x3, load128::<LSB>(d3), k512);
            rest = tail;
        }
        let k256 = pair::<LSB>(f.folds[D256]);
        x0 = fold128(x0, x2, k256);
        x1 = fold128(x1, x3, k256);
        x0 = fold128(x0, x1, pair::<LSB>(f.folds[D128]));
    }
    finish::<LSB>(f, width, x0, rest, bytes)
}

/// The last whole blocks one at a time, the partial block, then Barrett.
#[inline]
#[target_feature(enable = "pclmulqdq,sse4.1,ssse3")]
fn finish<const LSB: bool>(
    f: &FoldConsts,
    width: u32,
    mut x0: __m128i,
    rest: &[[u8; 16]],
    bytes: &[u8],
) -> u64 {
    let k128 = pair::<LSB>(f.folds[D128]);
    for block in rest {
        x0 = fold128(x0, load128::<LSB>(block), k128);
    }
    let partial = bytes.len() % 16;
    if let (1.., Some(last)) = (partial, bytes.last_chunk::<16>()) {
        // The input's last 16 bytes overlap the blocks already folded: shift the register
        // so that only the `partial` new bytes are added.
        let [shift, split] = shuffle_masks::<LSB>(partial);
        // SAFETY: both masks are 16 readable bytes.
        let (shift, split) = unsafe {
            (
                _mm_loadu_si128(shift.as_ptr().cast()),
                _mm_loadu_si128(split.as_ptr().cast()),
            )
        };
        let high = _mm_shuffle_epi8(x0, split);
        let low = _mm_blendv_epi8(_mm_shuffle_epi8(x0, shift), load128::<LSB>(last), shift);
        x0 = fold128(high, low, k128);
    }
    // SAFETY: our caller has the features `Pclmul::clmul` needs.
    unsafe { reduce::<Pclmul, LSB>(f, width, x0) }
}

/// One 32-byte vector (two lanes) in the engine's bit order.
#[inline]
#[target_feature(enable = "avx2")]
fn load256<const LSB: bool>(v: &[u8; 32]) -> __m256i {
    // SAFETY: `v` is 32 readable bytes; loadu has no alignment requirement.
    let x = unsafe { _mm256_loadu_si256(v.as_ptr().cast()) };
    if LSB {
        x
    } else {
        _mm256_shuffle_epi8(x, _mm256_broadcastsi128_si256(bswap_mask()))
    }
}

/// The pair for one distance in both lanes.
#[inline]
#[target_feature(enable = "avx2")]
fn pair256<const LSB: bool>(p: [u64; 2]) -> __m256i {
    _mm256_broadcastsi128_si256(pair::<LSB>(p))
}

/// `fold128` on both lanes at once.
#[inline]
#[target_feature(enable = "vpclmulqdq,avx2")]
fn fold256(acc: __m256i, data: __m256i, k: __m256i) -> __m256i {
    let a = _mm256_clmulepi64_epi128::<0x00>(acc, k);
    let b = _mm256_clmulepi64_epi128::<0x11>(acc, k);
    _mm256_xor_si256(_mm256_xor_si256(a, b), data)
}

/// Folds `bytes` (at least 16) into `reg` on 256-bit vectors with four accumulators (128
/// bytes a step). Inputs shorter than 64 bytes go to [`pclmul`].
///
/// # Safety
/// The CPU must support VPCLMULQDQ, AVX2, PCLMULQDQ, SSE4.1 and SSSE3.
#[target_feature(enable = "vpclmulqdq,avx2,pclmulqdq,sse4.1,ssse3")]
pub(crate) unsafe fn vpclmul256<const LSB: bool>(
    f: &FoldConsts,
    width: u32,
    reg: u64,
    bytes: &[u8],
) -> u64 {
    let (vectors, _) = bytes.as_chunks::<32>();
    let init = _mm256_zextsi128_si256(init_lane::<LSB>(width, reg));
    let k256 = pair256::<LSB>(f.folds[D256]);
    let (mut y0, mut rest) = match vectors {
        [v0, v1, v2, v3, rest @ ..] => {
            let mut rest = rest;
            let mut y0 = _mm256_xor_si256(load256::<LSB>(v0), init);
            let (mut y1, mut y2, mut y3) =
                (load256::<LSB>(v1), load256::<LSB>(v2), load256::<LSB>(v3));
            let k1024 = pair256::<LSB>(f.folds[D1024]);
            while let [d0, d1, d2, d3, tail @ ..] = rest {
                y0 = fold256(y0, load256::<LSB>(d0), k1024);
                y1 = fold256(y1, load256::<LSB>(d1), k1024);
                y2 = fold256(y2, load256::<LSB>(d2), k1024);
                y3 = fold256(y3, load256::<LSB>(d3), k1024);
                rest = tail;
            }
            let k512 = pair256::<LSB>(f.folds[D512]);
            y0 = fold256(y0, y2, k512);
            y1 = fold256(y1, y3, k512);
            if let [d0, d1, tail @ ..] = rest {
                y0 = fold256(y0, load256::<LSB>(d0), k512);
                y1 = fold256(y1, load256::<LSB>(d1), k512);
                rest = tail;
            }
            (fold256(y0, y1, k256), rest)
        }
        // 64 to 127 bytes: two vectors folded at once (half the multiply instructions of
        // the four 128-bit lanes `pclmul` would fold), then at most one more.
        [v0, v1, rest @ ..] => (
            fold256(
                _mm256_xor_si256(load256::<LSB>(v0), init),
                load256::<LSB>(v1),
                k256,
            ),
            rest,
        ),
        // SAFETY: the caller guarantees the features `pclmul` needs (a subset of ours).
        _ => return unsafe { pclmul::<LSB>(f, width, reg, bytes) },
    };
    if let [d0, tail @ ..] = rest {
        y0 = fold256(y0, load256::<LSB>(d0), k256);
        rest = tail;
    }
    // Two lanes → one: the earlier lane folds 128 bits forward onto the later one.
    let x0 = fold128(
        _mm256_castsi256_si128(y0),
        _mm256_extracti128_si256::<1>(y0),
        pair::<LSB>(f.folds[D128]),
    );
    let done = 32 * (vectors.len() - rest.len());
    let (blocks, _) = bytes[done..].as_chunks::<16>();
    finish::<LSB>(f, width, x0, blocks, bytes)
}

/// One fused block for CRC-32C (`super::super::fusion`): the 256-bit fold loop over the
/// vector region, and in the same iterations the SSE4.2 `crc32` instruction on three streams.
/// `state` is the reflected register.
///
/// # Safety
/// The CPU must support VPCLMULQDQ, AVX2, PCLMULQDQ, SSE4.2, SSE4.1 and SSSE3.
#[target_feature(enable = "vpclmulqdq,avx2,pclmulqdq,sse4.2,sse4.1,ssse3")]
pub(crate) unsafe fn fusion(f: &FoldConsts, state: u32, block: &[u8; fusion::BLOCK]) -> u32 {
    use fusion::{STREAM, VECTOR};
    /// 128 bytes of vectors per iteration, so each stream takes STREAM / ITERS bytes.
    const ITERS: usize = VECTOR / 128;
    const WORDS: usize = STREAM / 8 / ITERS;
    let Some((vector, streams)) = block.split_first_chunk::<VECTOR>() else {
        unreachable!("BLOCK > VECTOR")
    };
    let (vectors, _) = vector.as_chunks::<128>();
    let (words, _) = streams.as_chunks::<8>();
    let (s1, rest) = words.split_at(STREAM / 8);
    let (s2, s3) = rest.split_at(STREAM / 8);
    let word = |w: &[u8; 8]| u64::from_le_bytes(*w);
    let quarter = |v: &[u8; 128], i: usize| match v[32 * i..].first_chunk::<32>() {
        Some(q) => load256::<true>(q),
        None => unreachable!("i < 4"),
    };

    let init = _mm256_zextsi128_si256(init_lane::<true>(32, u64::from(state)));
    let first = &vectors[0];
    let mut y0 = _mm256_xor_si256(quarter(first, 0), init);
    let (mut y1, mut y2, mut y3) = (quarter(first, 1), quarter(first, 2), quarter(first, 3));
    let k1024 = pair256::<true>(f.folds[D1024]);
    let (mut c1, mut c2, mut c3) = (0u64, 0u64, 0u64);
    for (i, v) in vectors.iter().enumerate() {
        if i > 0 {
            y0 = fold256(y0, quarter(v, 0), k1024);
            y1 = fold256(y1, quarter(v, 1), k1024);
            y2 = fold256(y2, quarter(v, 2), k1024);
            y3 = fold256(y3, quarter(v, 3), k1024);
        }
        for j in WORDS * i..WORDS * (i + 1) {
            c1 = _mm_crc32_u64(c1, word(&s1[j]));
            c2 = _mm_crc32_u64(c2, word(&s2[j]));
            c3 = _mm_crc32_u64(c3, word(&s3[j]));
        }
    }
    // 4 → 2 → 1 vectors, 2 lanes → 1, as in `vpclmul256`.
    let k512 = pair256::<true>(f.folds[D512]);
    y0 = fold256(y0, y2, k512);
    y1 = fold256(y1, y3, k512);
    y0 = fold256(y0, y1, pair256::<true>(f.folds[D256]));
    let x = fold128(
        _mm256_castsi256_si128(y0),
        _mm256_extracti128_si256::<1>(y0),
        pair::<true>(f.folds[D128]),
    );
    // The 128 bits stand for 16 message bytes still to enter a zero register: two
    // instructions replace the Barrett reduction.
    let lo = _mm_cvtsi128_si64(x) as u64;
    let hi = _mm_extract_epi64::<1>(x) as u64;
    let v = _mm_crc32_u64(_mm_crc32_u64(0, lo), hi) as u32;
    let shift = |r: u32, k: u32| {
        let p =
            _mm_clmulepi64_si128::<0x00>(_mm_cvtsi32_si128(r as i32), _mm_cvtsi32_si128(k as i32));
        _mm_crc32_u64(0, _mm_cvtsi128_si64(p) as u64) as u32
    };
    fusion::join(
        fusion::shift_consts(crate::HwCrc::Crc32c),
        [v, c1 as u32, c2 as u32, c3 as u32],
        shift,
    )
}
