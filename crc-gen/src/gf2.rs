//! GF(2)\[x\] arithmetic on arbitrary-precision integers.
//!
//! A polynomial is a [`BigUint`] whose bit `i` is the coefficient of `x^i`. Only the
//! generator uses this module, so clarity wins over speed: every constant the engine needs is
//! derived here from first principles and can be checked by hand.

use num_bigint::BigUint;
use num_traits::{One, Zero};

/// Carry-less product `a · b`.
///
/// ```
/// use crc_gen::gf2::clmul;
/// // (x + 1)^2 = x^2 + 1 in GF(2)[x]
/// assert_eq!(clmul(&3u8.into(), &3u8.into()), 5u8.into());
/// ```
pub fn clmul(a: &BigUint, b: &BigUint) -> BigUint {
    let mut r = BigUint::zero();
    for i in 0..b.bits() {
        if b.bit(i) {
            r ^= a << i;
        }
    }
    r
}

/// Quotient and remainder of `a / b` (`b` must be non-zero).
///
/// ```
/// use crc_gen::gf2::divmod;
/// // x^3 = (x + 1)(x^2 + x + 1) + 1
/// let (q, r) = divmod(&8u8.into(), &7u8.into());
/// assert_eq!((q, r), (3u8.into(), 1u8.into()));
/// ```
pub fn divmod(a: &BigUint, b: &BigUint) -> (BigUint, BigUint) {
    assert!(!b.is_zero(), "division by the zero polynomial");
    let db = b.bits();
    let mut q = BigUint::zero();
    let mut r = a.clone();
    while r.bits() >= db {
        let s = r.bits() - db;
        q.set_bit(s, true);
        r ^= b << s;
    }
    (q, r)
}

/// `a mod b`.
pub fn rem(a: &BigUint, b: &BigUint) -> BigUint {
    divmod(a, b).1
}

/// `x^e mod g` by square-and-multiply, so exponents like 2^66 cost a few hundred products.
///
/// ```
/// use crc_gen::gf2::xpow_mod;
/// // Known answer from the Intel PCLMULQDQ paper: x^64 mod 0x104C11DB7 = 0x490d678d
/// assert_eq!(xpow_mod(64, &0x1_04C1_1DB7u64.into()), 0x490d678du32.into());
/// ```
pub fn xpow_mod(mut e: u128, g: &BigUint) -> BigUint {
    let mut result = rem(&BigUint::one(), g);
    let mut base = rem(&BigUint::from(2u8), g);
    while e > 0 {
        if e & 1 == 1 {
            result = rem(&clmul(&result, &base), g);
        }
        base = rem(&clmul(&base, &base), g);
        e >>= 1;
    }
    result
}

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

/// Converts a polynomial known to fit in 128 bits to `u128`.
pub(crate) fn to_u128(p: &BigUint) -> u128 {
    let digits = p.to_u64_digits();
    assert!(digits.len() <= 2, "polynomial wider than 128 bits");
    digits
        .iter()
        .rev()
        .fold(0u128, |acc, &d| (acc << 64) | u128::from(d))
}

/// `x^n + poly`: the generator polynomial G of a width-`n` model.
pub fn generator(width: u32, poly: u128) -> BigUint {
    let mut g = BigUint::from(poly);
    g.set_bit(u64::from(width), true);
    g
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let (q, _) = divmod(&(BigUint::one() << 64u32), &g);
        assert_eq!(to_u128(&q), 0x1_04d1_01df);
    }

    #[test]
    fn xpow_matches_repeated_multiplication() {
        let g = generator(13, 0x1cf5);
        let mut p = BigUint::one();
        for e in 0..300u128 {
            assert_eq!(xpow_mod(e, &g), rem(&p, &g), "x^{e}");
            p <<= 1u32;
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
