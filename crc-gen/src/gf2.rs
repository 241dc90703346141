//! GF(2)\[x\] arithmetic.
//!
//! Two representations, one per job:
//!
//! - [`Poly256`], a polynomial of degree below 256 on two `u128` halves (bit `i` is the
//!   coefficient of `x^i`), with [`clmul`], [`divmod`] and [`xpow_mod`]: the generator derives
//!   every constant the engine needs with these, where clarity wins over speed and every step
//!   can be checked by hand. Widths up to 128 need no more: residues have at most 128 bits,
//!   their products at most 255.
//! - [`Poly`] (64-bit words, for long polynomials: division and Euclid) and [`ModG`] (a
//!   register of at most 128 bits, for products and powers mod `G = x^W + poly`): the
//!   parameter search runs these millions of times, so they avoid allocation where they can.

mod poly256;

pub use poly256::{clmul, divmod, generator, rem, xpow_mod, Poly256};

/// Bit-reflects the low `bits` bits of `v` (bits above are dropped).
///
/// ```
/// use crc_gen::gf2::reflect;
/// assert_eq!(reflect(0b0001, 4), 0b1000);
/// assert_eq!(reflect(0x04c1_1db7, 32), 0xedb8_8320);
/// ```
pub fn reflect(v: u128, bits: u32) -> u128 {
    debug_assert!((1..=128).contains(&bits));
    v.reverse_bits() >> (128 - bits)
}

/// Converts a polynomial known to fit in 128 bits (a residue mod G) to `u128`.
pub(crate) fn to_u128(p: &Poly256) -> u128 {
    p.to_u128().expect("polynomial wider than 128 bits")
}

/// A polynomial over GF(2) in 64-bit words: bit `i % 64` of word `i / 64` is the coefficient
/// of `x^i`. Always trimmed (no zero top word), so equal polynomials compare equal.
///
/// ```
/// use crc_gen::gf2::Poly;
/// // gcd((x^2 + x + 1)(x + 1), (x^2 + x + 1)·x) = x^2 + x + 1
/// let g = Poly::gcd(Poly::from_u128(0b1001), Poly::from_u128(0b1110));
/// assert_eq!(g, Poly::from_u128(0b111));
/// assert_eq!(g.degree(), Some(2));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Poly(Vec<u64>);

impl Poly {
    /// The polynomial with these words, lowest first.
    pub fn from_words(mut words: Vec<u64>) -> Poly {
        while words.last() == Some(&0) {
            words.pop();
        }
        Poly(words)
    }

    /// The polynomial whose bit `i` is bit `i` of `v`.
    pub fn from_u128(v: u128) -> Poly {
        Poly::from_words(vec![v as u64, (v >> 64) as u64])
    }

    /// `x^d + low`, e.g. the generator `x^W + poly` of a width-`W` model.
    ///
    /// ```
    /// use crc_gen::gf2::Poly;
    /// assert_eq!(Poly::monic(16, 0x1021), Poly::from_u128(0x1_1021));
    /// ```
    pub fn monic(d: u64, low: u128) -> Poly {
        let mut words = vec![0u64; (d / 64) as usize + 1];
        words[0] = low as u64;
        if words.len() > 1 {
            words[1] ^= (low >> 64) as u64;
        }
        words[(d / 64) as usize] |= 1 << (d % 64);
        Poly::from_words(words)
    }

    /// The degree, `None` for the zero polynomial.
    pub fn degree(&self) -> Option<u64> {
        let top = self.0.last()?;
        Some(self.0.len() as u64 * 64 - 1 - u64::from(top.leading_zeros()))
    }

    /// The coefficient of `x^i`.
    pub fn bit(&self, i: u64) -> bool {
        self.0
            .get((i / 64) as usize)
            .is_some_and(|w| (w >> (i % 64)) & 1 == 1)
    }

    /// The coefficients of `x^0 .. x^(bits - 1)` as a number (`bits` at most 128).
    ///
    /// ```
    /// use crc_gen::gf2::Poly;
    /// assert_eq!(Poly::monic(16, 0x1021).low(16), 0x1021);
    /// ```
    pub fn low(&self, bits: u32) -> u128 {
        debug_assert!(bits <= 128);
        let word = |i: usize| u128::from(self.0.get(i).copied().unwrap_or(0));
        let v = word(0) | (word(1) << 64);
        if bits == 128 {
            v
        } else {
            v & ((1u128 << bits) - 1)
        }
    }

    /// `self ^= b · x^s` for `b·x^s` of degree at most `self`'s (division steps), trimmed.
    fn xor_shifted(&mut self, b: &Poly, s: u64) {
        let (ws, bs) = ((s / 64) as usize, (s % 64) as u32);
        let len = self.0.len();
        for (i, &w) in b.0.iter().enumerate() {
            self.0[i + ws] ^= w << bs;
            if bs > 0 && i + ws + 1 < len {
                self.0[i + ws + 1] ^= w >> (64 - bs);
            }
        }
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    /// `self = self mod b` in place.
    fn reduce(&mut self, b: &Poly) {
        let db = b.degree().expect("division by the zero polynomial");
        while let Some(d) = self.degree().filter(|&d| d >= db) {
            self.xor_shifted(b, d - db);
        }
    }

    /// Quotient and remainder of `self / b` (`b` must be non-zero).
    ///
    /// ```
    /// use crc_gen::gf2::Poly;
    /// // x^3 = (x + 1)(x^2 + x + 1) + 1
    /// let (q, r) = Poly::from_u128(8).divmod(&Poly::from_u128(7));
    /// assert_eq!((q, r), (Poly::from_u128(3), Poly::from_u128(1)));
    /// ```
    pub fn divmod(&self, b: &Poly) -> (Poly, Poly) {
        let db = b.degree().expect("division by the zero polynomial");
        let mut q = Vec::new();
        let mut r = self.clone();
        while let Some(dr) = r.degree().filter(|&dr| dr >= db) {
            let s = dr - db;
            let word = (s / 64) as usize;
            if q.len() <= word {
                q.resize(word + 1, 0);
            }
            q[word] |= 1 << (s % 64);
            r.xor_shifted(b, s);
        }
        (Poly::from_words(q), r)
    }

    /// `self mod b` (`b` must be non-zero).
    ///
    /// ```
    /// use crc_gen::gf2::Poly;
    /// // x^64 mod (x^32 + 0x04c11db7) = 0x490d678d
    /// assert_eq!(Poly::monic(64, 0).rem(&Poly::monic(32, 0x04c1_1db7)).low(32), 0x490d_678d);
    /// ```
    pub fn rem(&self, b: &Poly) -> Poly {
        let mut r = self.clone();
        r.reduce(b);
        r
    }

    /// `self += b · x^s`, growing `self` as needed.
    ///
    /// ```
    /// use crc_gen::gf2::Poly;
    /// let mut p = Poly::from_u128(0b1);
    /// p.add_shifted(&Poly::from_u128(0b11), 100);
    /// assert_eq!(p, Poly::monic(101, 0).add(&Poly::monic(100, 1)));
    /// ```
    pub fn add_shifted(&mut self, b: &Poly, s: u64) {
        let Some(db) = b.degree() else { return };
        let need = ((db + s) / 64) as usize + 1;
        if self.0.len() < need {
            self.0.resize(need, 0);
        }
        let (ws, bs) = ((s / 64) as usize, (s % 64) as u32);
        for (i, &w) in b.0.iter().enumerate() {
            self.0[i + ws] ^= w << bs;
            if bs > 0 && i + ws + 1 < need {
                self.0[i + ws + 1] ^= w >> (64 - bs);
            }
        }
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    /// The sum `self + b` (XOR).
    ///
    /// ```
    /// use crc_gen::gf2::Poly;
    /// assert_eq!(Poly::from_u128(0b110).add(&Poly::from_u128(0b011)), Poly::from_u128(0b101));
    /// ```
    pub fn add(&self, b: &Poly) -> Poly {
        let mut r = self.clone();
        r.add_shifted(b, 0);
        r
    }

    /// The carry-less product `self · b` (schoolbook: one shifted add per set bit of `b`).
    ///
    /// ```
    /// use crc_gen::gf2::Poly;
    /// // (x + 1)^2 = x^2 + 1
    /// assert_eq!(Poly::from_u128(3).mul(&Poly::from_u128(3)), Poly::from_u128(5));
    /// ```
    pub fn mul(&self, b: &Poly) -> Poly {
        let mut r = Poly::default();
        let Some(db) = b.degree() else { return r };
        for i in (0..=db).filter(|&i| b.bit(i)) {
            r.add_shifted(self, i);
        }
        r
    }

    /// `self` with every factor `x` divided out, and how many there were (`(0, 0)` for 0).
    ///
    /// ```
    /// use crc_gen::gf2::Poly;
    /// assert_eq!(Poly::from_u128(0b1100).without_x(), (Poly::from_u128(0b11), 2));
    /// ```
    pub fn without_x(&self) -> (Poly, u64) {
        let Some(first) = self.0.iter().position(|&w| w != 0) else {
            return (Poly::default(), 0);
        };
        let k = first as u64 * 64 + u64::from(self.0[first].trailing_zeros());
        let (ws, bs) = ((k / 64) as usize, (k % 64) as u32);
        let words: Vec<u64> = (ws..self.0.len())
            .map(|i| {
                let hi = if bs > 0 {
                    self.0.get(i + 1).map_or(0, |&w| w << (64 - bs))
                } else {
                    0
                };
                (self.0[i] >> bs) | hi
            })
            .collect();
        (Poly::from_words(words), k)
    }

    /// The greatest common divisor, by Euclid (`gcd(0, 0) = 0`).
    pub fn gcd(mut a: Poly, mut b: Poly) -> Poly {
        while b.degree().is_some() {
            a.reduce(&b);
            core::mem::swap(&mut a, &mut b);
        }
        a
    }
}

/// Arithmetic modulo a generator `G = x^W + poly` (`W` in 1..=128) on `W`-bit registers: bit
/// `i` of a register is the coefficient of `x^i` of a residue.
///
/// ```
/// use crc_gen::gf2::{xpow_mod, generator, ModG};
/// let g = ModG::new(32, 0x04c1_1db7);
/// assert_eq!(g.xpow(64), 0x490d_678d);
/// assert_eq!(g.mul(g.xpow(40), g.xpow(24)), g.xpow(64));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModG {
    width: u32,
    poly: u128,
    mask: u128,
}

impl ModG {
    /// The generator `x^width + poly` (`width` in 1..=128, `poly` below `2^width`).
    pub fn new(width: u32, poly: u128) -> ModG {
        assert!((1..=128).contains(&width), "width {width} outside 1..=128");
        ModG {
            width,
            poly,
            mask: u128::MAX >> (128 - width),
        }
    }

    /// `r · x mod G`: one step of a Williams register fed a zero bit.
    #[inline]
    pub fn mulx(&self, r: u128) -> u128 {
        let top = (r >> (self.width - 1)) & 1 == 1;
        let r = (r << 1) & self.mask;
        if top {
            r ^ self.poly
        } else {
            r
        }
    }

    /// `a · b mod G` for reduced `a`, `b`.
    pub fn mul(&self, a: u128, b: u128) -> u128 {
        let mut r = 0u128;
        for i in (0..self.width).rev() {
            r = self.mulx(r);
            if (b >> i) & 1 == 1 {
                r ^= a;
            }
        }
        r
    }

    /// `x^e mod G`, by square-and-multiply (for `W = 1` and `poly = 0`, `x ≡ 0`).
    pub fn xpow(&self, mut e: u128) -> u128 {
        let mut result = 1;
        let mut base = self.mulx(1);
        while e > 0 {
            if e & 1 == 1 {
                result = self.mul(result, base);
            }
            base = self.mul(base, base);
            e >>= 1;
        }
        result
    }

    /// `p mod G`, by shifting `p`'s bits through the register.
    ///
    /// ```
    /// use crc_gen::gf2::{ModG, Poly};
    /// let g = ModG::new(32, 0x04c1_1db7);
    /// assert_eq!(g.rem(&Poly::monic(64, 0)), g.xpow(64));
    /// ```
    pub fn rem(&self, p: &Poly) -> u128 {
        let Some(d) = p.degree() else { return 0 };
        (0..=d)
            .rev()
            .fold(0, |r, i| self.mulx(r) ^ u128::from(p.bit(i)))
    }
}

#[cfg(test)]
mod tests {
    use super::poly256::bitwise::{self, Bits};
    use super::*;

    /// `p · x^s` in the bitwise reference.
    fn shifted(p: &[bool], s: u64) -> Bits {
        let mut r = vec![false; s as usize];
        r.extend_from_slice(p);
        bitwise::trim(r)
    }

    #[test]
    fn known_answers_plain_crc32() {
        // `spec/constants.md`, "Known answers": x^e mod G for G = 0x104C11DB7, unscaled and
        // unreflected.
        let g = generator(32, 0x04c1_1db7);
        for (e, want) in [
            (576, 0x8833794cu32),
            (512, 0xe6228b11),
            (192, 0xc5b9cd4c),
            (128, 0xe8a45605),
            (96, 0xf200aa66),
            (64, 0x490d678d),
        ] {
            assert_eq!(to_u128(&xpow_mod(e, &g)), u128::from(want), "x^{e}");
        }
        let (q, _) = divmod(&Poly256::monomial(64), &g);
        assert_eq!(to_u128(&q), 0x1_04d1_01df);
    }

    #[test]
    fn xpow_matches_repeated_multiplication() {
        let g = generator(13, 0x1cf5);
        let mut p = Poly256::ONE;
        for e in 0..300u128 {
            assert_eq!(xpow_mod(e, &g), rem(&p, &g), "x^{e}");
            p = rem(&(p << 1), &g);
        }
    }

    #[test]
    fn modg_matches_xpow_mod() {
        for (w, poly) in [(32, 0x04c1_1db7u128), (13, 0x1cf5), (128, 0x87), (64, 0x1b)] {
            let (m, g) = (ModG::new(w, poly), generator(w, poly));
            for e in [0u128, 1, 7, 64, 100, 576, 1 << 40] {
                assert_eq!(m.xpow(e), to_u128(&xpow_mod(e, &g)), "w {w}: x^{e}");
            }
        }
        // width 1: G = x + 1 (poly 1): x ≡ 1; G = x (poly 0): x ≡ 0.
        assert_eq!(ModG::new(1, 1).xpow(5), 1);
        assert_eq!(ModG::new(1, 0).xpow(5), 0);
    }

    #[test]
    fn poly_division_matches_the_bitwise_reference() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..50 {
            let a: Vec<u64> = (0..1 + next() % 5).map(|_| next()).collect();
            let b: Vec<u64> = (0..1 + next() % 3)
                .map(|_| next() >> (next() % 64))
                .collect();
            let big = bitwise::from_words;
            let (pa, pb) = (Poly::from_words(a.clone()), Poly::from_words(b.clone()));
            if pb.degree().is_none() {
                continue;
            }
            let (q, r) = pa.divmod(&pb);
            let (bq, br) = bitwise::divmod(&big(&a), &big(&b));
            assert_eq!((big(&q.0), big(&r.0)), (bq, br));
            assert_eq!(pa.rem(&pb), r);
            let g = Poly::gcd(pa.clone(), pb.clone());
            assert!(pa.rem(&g).degree().is_none() && pb.rem(&g).degree().is_none());
        }
    }

    #[test]
    fn products_and_shifts_match_the_bitwise_reference() {
        let mut x = 0x0123_4567_89ab_cdefu64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let big = |p: &Poly| bitwise::from_words(&p.0);
        for _ in 0..50 {
            let a = Poly::from_words((0..1 + next() % 4).map(|_| next()).collect());
            let b = Poly::from_words((0..1 + next() % 3).map(|_| next()).collect());
            assert_eq!(big(&a.mul(&b)), bitwise::mul(&big(&a), &big(&b)));
            let s = next() % 200;
            let mut c = b.clone();
            c.add_shifted(&a, s);
            let mut sum = shifted(&big(&a), s);
            let b_bits = big(&b);
            sum.resize(sum.len().max(b_bits.len()), false);
            for (i, &bit) in b_bits.iter().enumerate() {
                sum[i] ^= bit;
            }
            assert_eq!(big(&c), bitwise::trim(sum));
            let mut p = Poly::default();
            p.add_shifted(&a, s);
            let (odd, k) = p.without_x();
            assert!(odd.bit(0) && k >= s);
            assert_eq!(shifted(&big(&odd), k), big(&p));
        }
    }

    #[test]
    fn reflect_round_trips() {
        for bits in 1..=128 {
            let v = 0x0123_4567_89ab_cdef_fedc_ba98_7654_3210u128 & (u128::MAX >> (128 - bits));
            assert_eq!(reflect(reflect(v, bits), bits), v);
        }
    }
}
