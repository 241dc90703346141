//! What the standalone emitters' tests share: test data and the cases run over it.

/// A deterministic byte stream (xorshift64*), the same in every run.
pub fn random_bytes(n: usize, mut seed: u64) -> Vec<u8> {
    (0..n)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 56) as u8
        })
        .collect()
}

/// (start, len, split) cases over a data file of at least 3 KiB: every length 0..=40 at
/// varied offsets, then `random` lengths up to about 3 KiB drawn from `seed`.
pub fn random_cases(random: usize, seed: u64) -> Vec<(usize, usize, usize)> {
    let mut cases: Vec<_> = (0..=40).map(|n| (n % 13, n, n / 3)).collect();
    for w in random_bytes(3 * random, seed).chunks(3) {
        let len = usize::from(w[0]) * 11 + usize::from(w[1]);
        cases.push((usize::from(w[2]) % 16, len, usize::from(w[1]) % (len + 1)));
    }
    cases
}
