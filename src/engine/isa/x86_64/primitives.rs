//! x86_64's primitives for the generic kernels (`engine::simd`): SSE, AVX2 and
//! AVX-512 vectors with PCLMULQDQ / VPCLMULQDQ, and the SSE4.2 `crc32` instruction.
//! Intrinsics only; each method enables the extensions its instructions need, and the
//! entry points in `mod.rs` enable all of them for their width.

use core::arch::x86_64::*;

use crate::engine::simd::{CrcInstruction, Lane, Vector};

/// `vgf2p8affineqb`'s matrix that reverses the bits of every byte.
const BIT_REVERSE: i64 = 0x8040_2010_0804_0201_u64 as i64;

/// Reverses the 16 bytes of each 128-bit lane.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn bswap_mask() -> __m128i {
    // SAFETY: SSE2 is part of the x86_64 baseline.
    unsafe { _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) }
}

impl Vector for __m128i {
    one_lane!();

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn load(block: &[u8; 16]) -> Self {
        // SAFETY: `block` is 16 readable bytes; loadu has no alignment requirement.
        unsafe { _mm_loadu_si128(block.as_ptr().cast()) }
    }
    #[inline]
    #[target_feature(enable = "ssse3")]
    unsafe fn bswap_lanes(self) -> Self {
        _mm_shuffle_epi8(self, bswap_mask())
    }
    #[inline]
    #[target_feature(enable = "gfni")]
    unsafe fn bitrev_bytes(self) -> Self {
        _mm_gf2p8affine_epi64_epi8::<0>(self, _mm_set1_epi64x(BIT_REVERSE))
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn splat(q0: u64, q1: u64) -> Self {
        // SAFETY: SSE2 is part of the x86_64 baseline.
        unsafe { _mm_set_epi64x(q1 as i64, q0 as i64) }
    }
    const SELECTS_QWORDS: bool = true;

    #[inline]
    #[target_feature(enable = "pclmulqdq")]
    unsafe fn clmul<const A: i32, const B: i32>(a: Self, b: Self) -> Self {
        // The immediate: bit 0 picks a's qword, bit 4 b's.
        match (A, B) {
            (0, 0) => _mm_clmulepi64_si128::<0x00>(a, b),
            (1, 0) => _mm_clmulepi64_si128::<0x01>(a, b),
            (0, _) => _mm_clmulepi64_si128::<0x10>(a, b),
            _ => _mm_clmulepi64_si128::<0x11>(a, b),
        }
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn xor(a: Self, b: Self) -> Self {
        // SAFETY: SSE2 is part of the x86_64 baseline.
        unsafe { _mm_xor_si128(a, b) }
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn xor3(a: Self, b: Self, c: Self) -> Self {
        // SAFETY: SSE2 is part of the x86_64 baseline (with AVX-512VL enabled by the entry
        // point, LLVM merges the two into one `vpternlogq`).
        unsafe { _mm_xor_si128(_mm_xor_si128(a, b), c) }
    }
}

impl Lane for __m128i {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn down(a: Self) -> Self {
        // SAFETY: SSE2 is part of the x86_64 baseline.
        unsafe { _mm_srli_si128::<8>(a) }
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn up(a: Self) -> Self {
        // SAFETY: as above.
        unsafe { _mm_slli_si128::<8>(a) }
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn pair(q0: u64, q1: u64) -> Self {
        // SAFETY: as above.
        unsafe { _mm_set_epi64x(q1 as i64, q0 as i64) }
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn qword<const I: i32>(a: Self) -> u64 {
        // SAFETY: as above (`_mm_extract_epi64` would need SSE4.1; a shift and movq do not).
        unsafe {
            if I == 0 {
                _mm_cvtsi128_si64(a) as u64
            } else {
                _mm_cvtsi128_si64(_mm_srli_si128::<8>(a)) as u64
            }
        }
    }
    #[inline]
    #[target_feature(enable = "ssse3")]
    unsafe fn shuffle(a: Self, mask: &[u8; 16]) -> Self {
        // SAFETY: `mask` is 16 readable bytes.
        _mm_shuffle_epi8(a, unsafe { _mm_loadu_si128(mask.as_ptr().cast()) })
    }
    #[inline]
    #[target_feature(enable = "sse4.1")]
    unsafe fn blend(a: Self, b: Self, mask: &[u8; 16]) -> Self {
        // SAFETY: `mask` is 16 readable bytes.
        _mm_blendv_epi8(a, b, unsafe { _mm_loadu_si128(mask.as_ptr().cast()) })
    }
}

/// `Vector` on a vector of several 128-bit lanes (`__m256i`, `__m512i`): each method one
/// intrinsic (or two), compiled with the extensions named before it; `$($own)*`, the items
/// that differ more.
macro_rules! lanes {
    (
        $v:ty, $bytes:literal, half $half:ty;
        load $load_f:literal $load:ident;
        bswap_lanes $bswap_f:literal $shuffle:ident;
        bitrev_bytes $bitrev_f:literal $affine:ident, $set1:ident;
        splat $splat_f:literal $broadcast:ident;
        clmul $clmul_f:literal $clmul:ident;
        xor $xor_f:literal $xor:ident;
        widen $widen_f:literal $zext:ident;
        low_lane $low_f:literal $cast:ident;
        halves $halves_f:literal $low_half:ident, $high_half:ident;
        $($own:tt)*
    ) => {
        impl Vector for $v {
            type Block = [u8; $bytes];
            type Lane = __m128i;
            type Half = $half;
            const BYTES: usize = $bytes;

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn blocks(bytes: &[u8]) -> (&[[u8; $bytes]], &[u8]) {
                bytes.as_chunks()
            }
            #[inline]
            #[target_feature(enable = $load_f)]
            unsafe fn load(block: &[u8; $bytes]) -> Self {
                // SAFETY: `block` is `BYTES` readable bytes; loadu has no alignment requirement.
                unsafe { $load(block.as_ptr().cast()) }
            }
            #[inline]
            #[target_feature(enable = $bswap_f)]
            unsafe fn bswap_lanes(self) -> Self {
                $shuffle(self, $broadcast(bswap_mask()))
            }
            #[inline]
            #[target_feature(enable = $bitrev_f)]
            unsafe fn bitrev_bytes(self) -> Self {
                $affine::<0>(self, $set1(BIT_REVERSE))
            }
            #[inline]
            #[target_feature(enable = $splat_f)]
            unsafe fn splat(q0: u64, q1: u64) -> Self {
                $broadcast(_mm_set_epi64x(q1 as i64, q0 as i64))
            }
            const SELECTS_QWORDS: bool = true;

            #[inline]
            #[target_feature(enable = $clmul_f)]
            unsafe fn clmul<const A: i32, const B: i32>(a: Self, b: Self) -> Self {
                match (A, B) {
                    (0, 0) => $clmul::<0x00>(a, b),
                    (1, 0) => $clmul::<0x01>(a, b),
                    (0, _) => $clmul::<0x10>(a, b),
                    _ => $clmul::<0x11>(a, b),
                }
            }
            #[inline]
            #[target_feature(enable = $xor_f)]
            unsafe fn xor(a: Self, b: Self) -> Self {
                $xor(a, b)
            }
            #[inline]
            #[target_feature(enable = $widen_f)]
            unsafe fn widen(lane: __m128i) -> Self {
                $zext(lane)
            }
            #[inline]
            #[target_feature(enable = $low_f)]
            unsafe fn low_lane(self) -> __m128i {
                $cast(self)
            }
            #[inline]
            #[target_feature(enable = $halves_f)]
            unsafe fn halves(self) -> ($half, $half) {
                ($low_half(self), $high_half::<1>(self))
            }

            $($own)*
        }
    };
}

lanes! {
    __m256i, 32, half __m128i;
    load "avx" _mm256_loadu_si256;
    bswap_lanes "avx2" _mm256_shuffle_epi8;
    bitrev_bytes "gfni,avx" _mm256_gf2p8affine_epi64_epi8, _mm256_set1_epi64x;
    splat "avx2" _mm256_broadcastsi128_si256;
    clmul "vpclmulqdq,avx2" _mm256_clmulepi64_epi128;
    xor "avx2" _mm256_xor_si256;
    widen "avx" _mm256_zextsi128_si256;
    low_lane "avx" _mm256_castsi256_si128;
    halves "avx2" _mm256_castsi256_si128, _mm256_extracti128_si256;

    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn xor3(a: Self, b: Self, c: Self) -> Self {
        _mm256_xor_si256(_mm256_xor_si256(a, b), c)
    }
}

lanes! {
    __m512i, 64, half __m256i;
    load "avx512f" _mm512_loadu_si512;
    bswap_lanes "avx512bw" _mm512_shuffle_epi8;
    bitrev_bytes "gfni,avx512bw" _mm512_gf2p8affine_epi64_epi8, _mm512_set1_epi64;
    splat "avx512f" _mm512_broadcast_i32x4;
    clmul "vpclmulqdq,avx512f" _mm512_clmulepi64_epi128;
    xor "avx512f" _mm512_xor_si512;
    widen "avx512f" _mm512_zextsi128_si512;
    low_lane "avx512f" _mm512_castsi512_si128;
    halves "avx512f" _mm512_castsi512_si256, _mm512_extracti64x4_epi64;

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn prefetch(p: *const u8) {
        // SAFETY: a prefetch is a hint: it never faults and reads nothing into the program,
        // whatever the address; SSE, its extension, is part of x86_64.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(p.cast()) }
    }
    #[inline]
    #[target_feature(enable = "avx512f")]
    unsafe fn xor3(a: Self, b: Self, c: Self) -> Self {
        // 0x96: the truth table of a ⊕ b ⊕ c.
        _mm512_ternarylogic_epi64::<0x96>(a, b, c)
    }

    const SHIFTS_ACROSS_LANES: bool = true;
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    unsafe fn shift_in(self, last: Self, n: usize) -> (Self, Self) {
        debug_assert!((1..64).contains(&n));
        // Byte i of either result takes byte (i + n) mod 64 of `self` (`vpermb` reads an
        // index's low six bits); the mask of the bytes below 64 − n picks where.
        let Some(index) = ROTATE.get(n..).and_then(|t| t.first_chunk::<64>()) else {
            unreachable!("n < 64")
        };
        // SAFETY: `index` is 64 readable bytes.
        let index = unsafe { _mm512_loadu_si512(index.as_ptr().cast()) };
        let below = u64::MAX >> (n & 63);
        (
            _mm512_maskz_permutexvar_epi8(!below, index, self),
            _mm512_mask_permutexvar_epi8(last, below, index, self),
        )
    }
}

/// `i mod 64` at byte `i`: from offset `n`, the indices that rotate 64 bytes down by `n`.
const ROTATE: [u8; 128] = {
    let mut t = [0; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = (i % 64) as u8;
        i += 1;
    }
    t
};

/// The time-stamp counter, a constant-rate clock, read between two fences: the first waits
/// for every instruction before it to finish, the second keeps the ones after from starting
/// early, so that a timed stretch of work is all inside two readings (the race,
/// `engine::race`).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn ticks() -> u64 {
    // SAFETY: `lfence` (SSE2) and `rdtsc` are part of the x86_64 baseline and read no memory.
    unsafe {
        _mm_lfence();
        let t = _rdtsc();
        _mm_lfence();
        t
    }
}

/// SSE4.2's `crc32` (CRC-32C's polynomial), joined with PCLMULQDQ.
pub(crate) struct Sse42;

impl CrcInstruction for Sse42 {
    const HW: crcstamp_layout::HwCrc = crcstamp_layout::HwCrc::Crc32c;
    #[inline]
    #[target_feature(enable = "sse4.2")]
    unsafe fn step8(c: u64, word: u64) -> u64 {
        _mm_crc32_u64(c, word)
    }
    #[inline]
    #[target_feature(enable = "sse4.2")]
    unsafe fn step4(c: u32, word: u32) -> u32 {
        _mm_crc32_u32(c, word)
    }
    #[inline]
    #[target_feature(enable = "sse4.2")]
    unsafe fn step1(c: u32, byte: u8) -> u32 {
        _mm_crc32_u8(c, byte)
    }
    #[inline]
    #[target_feature(enable = "sse4.2,pclmulqdq")]
    unsafe fn shift(r: u32, k: u32) -> u32 {
        let p =
            _mm_clmulepi64_si128::<0x00>(_mm_cvtsi32_si128(r as i32), _mm_cvtsi32_si128(k as i32));
        _mm_crc32_u64(0, _mm_cvtsi128_si64(p) as u64) as u32
    }
}

/// CPUID's vendor string (leaf 0) and processor signature (leaf 1, EAX), for the routing
/// family. Miri cannot run CPUID.
#[cfg(not(miri))]
pub(crate) fn cpuid_vendor_signature() -> ([u8; 12], u32) {
    // SAFETY: CPUID leaves 0 and 1 exist on every x86_64 CPU. (Newer Rust declares
    // `__cpuid` safe; the block keeps it building on the MSRV, 1.89.)
    #[allow(unused_unsafe)]
    let (vendor, signature) = unsafe { (__cpuid(0), __cpuid(1).eax) };
    let mut v = [0u8; 12];
    v[..4].copy_from_slice(&vendor.ebx.to_le_bytes());
    v[4..8].copy_from_slice(&vendor.edx.to_le_bytes());
    v[8..].copy_from_slice(&vendor.ecx.to_le_bytes());
    (v, signature)
}

/// CPUID's brand string (leaves 0x8000_0002 to 0x8000_0004), NUL-padded, or `None` where the
/// CPU does not have those leaves. Miri cannot run CPUID.
#[cfg(not(miri))]
pub(crate) fn cpuid_brand() -> Option<[u8; 48]> {
    // SAFETY: CPUID exists on every x86_64 CPU, and leaf 0x8000_0000 (the highest extended
    // leaf) on every one since the first; the brand leaves are asked only when it lists them.
    #[allow(unused_unsafe)]
    let highest = unsafe { __cpuid(0x8000_0000).eax };
    if highest < 0x8000_0004 {
        return None;
    }
    let mut brand = [0u8; 48];
    for (leaf, chunk) in (0x8000_0002u32..).zip(brand.chunks_exact_mut(16)) {
        // SAFETY: as above; `highest` lists this leaf.
        #[allow(unused_unsafe)]
        let r = unsafe { __cpuid(leaf) };
        for (word, bytes) in [r.eax, r.ebx, r.ecx, r.edx]
            .iter()
            .zip(chunk.chunks_exact_mut(4))
        {
            bytes.copy_from_slice(&word.to_le_bytes());
        }
    }
    Some(brand)
}
