//! A bare 4-accumulator VPCLMULQDQ fold loop: no byte shuffles, no reduction. On 512-bit
//! vectors with aligned loads where the CPU has AVX-512 (the multiplier's limit there), else
//! on 256-bit ones.

#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

pub fn available() -> bool {
    #[cfg(target_arch = "x86_64")]
    return is_x86_feature_detected!("vpclmulqdq") && is_x86_feature_detected!("avx2");
    #[allow(unreachable_code)]
    false
}

#[cfg(target_arch = "x86_64")]
fn zmm() -> bool {
    is_x86_feature_detected!("vpclmulqdq") && is_x86_feature_detected!("avx512f")
}

pub fn fold_loop(data: &[u8]) -> u64 {
    #[cfg(not(target_arch = "x86_64"))]
    let _ = data;
    #[cfg(target_arch = "x86_64")]
    // SAFETY: only called when `available()`; the 512-bit loop only where `zmm()`.
    return unsafe {
        if zmm() {
            fold_avx512(data)
        } else {
            fold_avx2(data)
        }
    };
    #[allow(unreachable_code)]
    0
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "vpclmulqdq,avx2")]
fn fold_avx2(data: &[u8]) -> u64 {
    let (v, _) = data.as_chunks::<32>();
    if v.len() < 4 {
        return 0;
    }
    let load = |i: usize| {
        // SAFETY: `v[i]` is 32 readable bytes.
        unsafe { _mm256_loadu_si256(v[i].as_ptr().cast()) }
    };
    let k = _mm256_set1_epi64x(0x1234_5678_9abc_def1);
    let fold = |x: __m256i, y: __m256i| {
        _mm256_xor_si256(
            _mm256_xor_si256(
                _mm256_clmulepi64_epi128::<0x00>(x, k),
                _mm256_clmulepi64_epi128::<0x11>(x, k),
            ),
            y,
        )
    };
    let (mut a, mut b, mut c, mut d) = (load(0), load(1), load(2), load(3));
    let mut i = 4;
    while i + 4 <= v.len() {
        a = fold(a, load(i));
        b = fold(b, load(i + 1));
        c = fold(c, load(i + 2));
        d = fold(d, load(i + 3));
        i += 4;
    }
    let x = _mm256_xor_si256(_mm256_xor_si256(a, b), _mm256_xor_si256(c, d));
    _mm256_extract_epi64::<0>(x) as u64
}

/// From the first 64-byte boundary: a 512-bit load across two cache lines costs a fifth
/// of the speed from L2, and crcstamp's kernel aligns its loads too.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "vpclmulqdq,avx512f")]
fn fold_avx512(data: &[u8]) -> u64 {
    let skip = data.as_ptr().align_offset(64).min(data.len());
    let (v, _) = data[skip..].as_chunks::<64>();
    if v.len() < 4 {
        return 0;
    }
    let load = |i: usize| {
        // SAFETY: `v[i]` is 64 readable bytes.
        unsafe { _mm512_loadu_si512(v[i].as_ptr().cast()) }
    };
    let k = _mm512_set1_epi64(0x1234_5678_9abc_def1);
    let fold = |x: __m512i, y: __m512i| {
        _mm512_ternarylogic_epi64::<0x96>(
            _mm512_clmulepi64_epi128::<0x00>(x, k),
            _mm512_clmulepi64_epi128::<0x11>(x, k),
            y,
        )
    };
    let (mut a, mut b, mut c, mut d) = (load(0), load(1), load(2), load(3));
    let mut i = 4;
    while i + 4 <= v.len() {
        a = fold(a, load(i));
        b = fold(b, load(i + 1));
        c = fold(c, load(i + 2));
        d = fold(d, load(i + 3));
        i += 4;
    }
    let x = _mm512_ternarylogic_epi64::<0x96>(a, b, _mm512_xor_si512(c, d));
    _mm_cvtsi128_si64(_mm512_castsi512_si128(x)) as u64
}
