//! Is the 256-bit fold loop bound by the carry-less multiplier? Bare VPCLMULQDQ loops over 64
//! KiB (no CRC, no shuffles, no reduction) with 2, 4, 6 and 8 accumulators, folding each
//! 32-byte vector with two multiplies (what every CRC fold needs) or with one (half the
//! multiplies, not a CRC). If the two-multiply loops run at one speed whatever the number of
//! accumulators, and the one-multiply loops much faster, the multiplier's throughput is the
//! limit, and no folding implementation can beat the `ceiling` column of `benches/peers/`
//! (`spec/decisions.md`, "The fold ceiling").
//!
//! `cargo bench --bench clmul_bound` (x86_64 with VPCLMULQDQ and AVX2; elsewhere it says so).

#[cfg(target_arch = "x86_64")]
mod x86 {
    use core::arch::x86_64::*;

    /// `A` accumulators; `M` multiplies per 32-byte vector (2: a real fold, 1: half of one).
    #[target_feature(enable = "avx2,vpclmulqdq")]
    fn fold<const A: usize, const M: usize>(data: &[u8]) -> u64 {
        let k = _mm256_set1_epi64x(0x1234_5678_9abc_def1);
        let (vectors, _) = data.as_chunks::<32>();
        let mut acc = [_mm256_setzero_si256(); 8];
        for group in vectors.chunks_exact(A) {
            for (a, v) in acc.iter_mut().zip(group) {
                // SAFETY: `v` is 32 readable bytes; loadu has no alignment requirement.
                let d = unsafe { _mm256_loadu_si256(v.as_ptr().cast()) };
                let lo = _mm256_clmulepi64_epi128::<0x00>(*a, k);
                let folded = if M == 2 {
                    _mm256_xor_si256(lo, _mm256_clmulepi64_epi128::<0x11>(*a, k))
                } else {
                    lo
                };
                *a = _mm256_xor_si256(folded, d);
            }
        }
        let r = acc
            .iter()
            .fold(_mm256_setzero_si256(), |r, a| _mm256_xor_si256(r, *a));
        _mm256_extract_epi64::<0>(r) as u64
    }

    /// A named loop.
    type Loop = (&'static str, fn(&[u8]) -> u64);

    pub fn run() {
        if !(is_x86_feature_detected!("vpclmulqdq") && is_x86_feature_detected!("avx2")) {
            println!("this CPU has no VPCLMULQDQ with AVX2");
            return;
        }
        // SAFETY (each call): the features were just checked.
        let loops: [Loop; 6] = [
            ("2 acc, 2 mul", |d| unsafe { fold::<2, 2>(d) }),
            ("4 acc, 2 mul", |d| unsafe { fold::<4, 2>(d) }),
            ("6 acc, 2 mul", |d| unsafe { fold::<6, 2>(d) }),
            ("8 acc, 2 mul", |d| unsafe { fold::<8, 2>(d) }),
            ("4 acc, 1 mul", |d| unsafe { fold::<4, 1>(d) }),
            ("8 acc, 1 mul", |d| unsafe { fold::<8, 1>(d) }),
        ];
        let data = vec![0x5a_u8; 1 << 16];
        let mut rates = vec![Vec::new(); loops.len()];
        for _ in 0..15 {
            for (i, (_, f)) in loops.iter().enumerate() {
                let t = std::time::Instant::now();
                for _ in 0..200 {
                    std::hint::black_box(f(std::hint::black_box(&data)));
                }
                let secs = t.elapsed().as_secs_f64();
                rates[i].push(200.0 * data.len() as f64 / secs / (1u64 << 30) as f64);
            }
        }
        println!("GiB/s over 64 KiB, median of 15 interleaved rounds");
        for ((name, _), mut r) in loops.iter().zip(rates) {
            r.sort_by(f64::total_cmp);
            println!("{name:>14} {:>7.2}", r[r.len() / 2]);
        }
    }
}

fn main() {
    #[cfg(target_arch = "x86_64")]
    x86::run();
    #[cfg(not(target_arch = "x86_64"))]
    println!("x86_64 only");
}
