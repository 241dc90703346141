//! What the search tests (and `examples/search_speed.rs`) share: deterministic random
//! numbers.

/// xorshift64*: deterministic pseudo-random numbers.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    pub fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
    pub fn bits(&mut self, w: u32) -> u128 {
        let v = (u128::from(self.next()) << 64) | u128::from(self.next());
        v >> (128 - w)
    }
}
