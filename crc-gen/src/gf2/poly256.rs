//! [`Poly256`], a polynomial of degree below 256 on two `u128` halves, and the arithmetic the
//! generator derives its constants with: [`clmul`], [`divmod`], [`rem`], [`xpow_mod`] and
//! [`generator`].
//!
//! 256 bits are enough: every operand is a residue mod a generator of degree at most 128
//! (so at most 128 bits), a product of two of them (at most 255 bits), or a power of `x`
//! below `x^256` (Barrett's `x^(63+n)`, the residue's `x'·x^n`). A fixed width needs no
//! allocation and no big-integer crate, and an overflow is a panic, never a wrong bit.

use core::fmt;
use core::ops::{BitOr, BitXor, BitXorAssign, Shl};

/// A polynomial over GF(2) of degree below 256: bit `i` is the coefficient of `x^i`, bits
/// 0..128 in the low half and 128..256 in the high half.
///
/// ```
/// use crc_gen::gf2::Poly256;
/// let p = Poly256::monomial(200) ^ Poly256::from(0b101u8); // x^200 + x^2 + 1
/// assert_eq!(p.bits(), 201);
/// assert!(p.bit(200) && p.bit(2) && !p.bit(1));
/// assert_eq!(p.halves(), (0b101, 1 << 72));
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Poly256 {
    lo: u128,
    hi: u128,
}

impl Poly256 {
    /// The zero polynomial.
    pub const ZERO: Poly256 = Poly256 { lo: 0, hi: 0 };
    /// The polynomial 1.
    pub const ONE: Poly256 = Poly256 { lo: 1, hi: 0 };

    /// The polynomial with coefficients `lo` (`x^0..x^127`) and `hi` (`x^128..x^255`).
    ///
    /// ```
    /// use crc_gen::gf2::Poly256;
    /// assert_eq!(Poly256::from_halves(0, 1), Poly256::monomial(128));
    /// ```
    pub const fn from_halves(lo: u128, hi: u128) -> Poly256 {
        Poly256 { lo, hi }
    }

    /// The coefficients as `(lo, hi)`, the inverse of [`Poly256::from_halves`].
    ///
    /// ```
    /// use crc_gen::gf2::Poly256;
    /// assert_eq!(Poly256::monomial(129).halves(), (0, 2));
    /// ```
    pub const fn halves(self) -> (u128, u128) {
        (self.lo, self.hi)
    }

    /// `x^n`. Panics if `n` is 256 or more.
    ///
    /// ```
    /// use crc_gen::gf2::Poly256;
    /// assert_eq!(Poly256::monomial(3), Poly256::from(8u8));
    /// ```
    pub fn monomial(n: u32) -> Poly256 {
        assert!(n < 256, "x^{n} has more than 256 bits");
        Poly256::ONE << n
    }

    /// The number of significant bits: the degree plus one, 0 for the zero polynomial.
    ///
    /// ```
    /// use crc_gen::gf2::Poly256;
    /// assert_eq!((Poly256::ZERO.bits(), Poly256::ONE.bits()), (0, 1));
    /// ```
    pub const fn bits(self) -> u32 {
        if self.hi != 0 {
            256 - self.hi.leading_zeros()
        } else {
            128 - self.lo.leading_zeros()
        }
    }

    /// The coefficient of `x^i` (`false` for `i` of 256 or more).
    ///
    /// ```
    /// use crc_gen::gf2::Poly256;
    /// assert!(Poly256::monomial(255).bit(255) && !Poly256::ONE.bit(300));
    /// ```
    pub const fn bit(self, i: u32) -> bool {
        match i {
            0..128 => (self.lo >> i) & 1 == 1,
            128..256 => (self.hi >> (i - 128)) & 1 == 1,
            _ => false,
        }
    }

    /// Whether this is the zero polynomial.
    ///
    /// ```
    /// use crc_gen::gf2::Poly256;
    /// assert!(Poly256::ZERO.is_zero() && !Poly256::ONE.is_zero());
    /// ```
    pub const fn is_zero(self) -> bool {
        self.lo == 0 && self.hi == 0
    }

    /// The polynomial as a `u128`, `None` if it has a term `x^128` or above.
    ///
    /// ```
    /// use crc_gen::gf2::Poly256;
    /// assert_eq!(Poly256::from(0x1021u16).to_u128(), Some(0x1021));
    /// assert_eq!(Poly256::monomial(128).to_u128(), None);
    /// ```
    pub const fn to_u128(self) -> Option<u128> {
        if self.hi == 0 {
            Some(self.lo)
        } else {
            None
        }
    }
}

macro_rules! from_unsigned {
    ($($t:ty),*) => {$(
        /// The polynomial whose bit `i` is bit `i` of the number.
        impl From<$t> for Poly256 {
            fn from(v: $t) -> Poly256 {
                Poly256 { lo: u128::from(v), hi: 0 }
            }
        }
    )*};
}
from_unsigned!(u8, u16, u32, u64, u128);

/// The sum (XOR).
impl BitXor for Poly256 {
    type Output = Poly256;
    fn bitxor(self, b: Poly256) -> Poly256 {
        Poly256 {
            lo: self.lo ^ b.lo,
            hi: self.hi ^ b.hi,
        }
    }
}

impl BitXorAssign for Poly256 {
    fn bitxor_assign(&mut self, b: Poly256) {
        *self = *self ^ b;
    }
}

/// Every term of either (OR), as setting `x^n` in [`generator`] needs.
impl BitOr for Poly256 {
    type Output = Poly256;
    fn bitor(self, b: Poly256) -> Poly256 {
        Poly256 {
            lo: self.lo | b.lo,
            hi: self.hi | b.hi,
        }
    }
}

/// `self · x^s`. Panics if a term would pass `x^255`: a dropped coefficient would be a wrong
/// constant, not a smaller one.
impl Shl<u32> for Poly256 {
    type Output = Poly256;
    fn shl(self, s: u32) -> Poly256 {
        if self.is_zero() {
            return self;
        }
        assert!(
            s < 256 && self.bits() + s <= 256,
            "x^{s} times a polynomial of degree {} passes x^255",
            self.bits() - 1
        );
        match s {
            0 => self,
            1..128 => Poly256 {
                lo: self.lo << s,
                hi: (self.hi << s) | (self.lo >> (128 - s)),
            },
            _ => Poly256 {
                lo: 0,
                hi: self.lo << (s - 128),
            },
        }
    }
}

/// Hex, high half first when it is non-zero: `0x1_04c11db7`-style numbers read as polynomials.
impl fmt::Debug for Poly256 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.hi == 0 {
            write!(f, "{:#x}", self.lo)
        } else {
            write!(f, "{:#x}{:032x}", self.hi, self.lo)
        }
    }
}

/// Carry-less product `a · b`. Panics if the product's degree passes 255 (two operands of at
/// most 128 bits never do).
///
/// ```
/// use crc_gen::gf2::clmul;
/// // (x + 1)^2 = x^2 + 1 in GF(2)[x]
/// assert_eq!(clmul(&3u8.into(), &3u8.into()), 5u8.into());
/// ```
pub fn clmul(a: &Poly256, b: &Poly256) -> Poly256 {
    let mut r = Poly256::ZERO;
    for i in (0..b.bits()).filter(|&i| b.bit(i)) {
        r ^= *a << i;
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
pub fn divmod(a: &Poly256, b: &Poly256) -> (Poly256, Poly256) {
    assert!(!b.is_zero(), "division by the zero polynomial");
    let db = b.bits();
    let (mut q, mut r) = (Poly256::ZERO, *a);
    while r.bits() >= db {
        let s = r.bits() - db;
        q = q | Poly256::monomial(s);
        r ^= *b << s;
    }
    (q, r)
}

/// `a mod b` (`b` must be non-zero).
///
/// ```
/// use crc_gen::gf2::{rem, Poly256};
/// // x^64 mod (x^32 + 0x04c11db7) = 0x490d678d
/// let g = Poly256::from(0x1_04c1_1db7u64);
/// assert_eq!(rem(&Poly256::monomial(64), &g), 0x490d_678du32.into());
/// ```
pub fn rem(a: &Poly256, b: &Poly256) -> Poly256 {
    divmod(a, b).1
}

/// `x^e mod g` by square-and-multiply, so exponents like 2^66 cost a few hundred products.
/// `g` must be non-zero, of degree at most 128.
///
/// ```
/// use crc_gen::gf2::xpow_mod;
/// // Known answer from the Intel PCLMULQDQ paper: x^64 mod 0x104C11DB7 = 0x490d678d
/// assert_eq!(xpow_mod(64, &0x1_04C1_1DB7u64.into()), 0x490d678du32.into());
/// ```
pub fn xpow_mod(mut e: u128, g: &Poly256) -> Poly256 {
    assert!(g.bits() <= 129, "generator of degree above 128");
    let mut result = rem(&Poly256::ONE, g);
    let mut base = rem(&Poly256::from(2u8), g);
    while e > 0 {
        if e & 1 == 1 {
            result = rem(&clmul(&result, &base), g);
        }
        base = rem(&clmul(&base, &base), g);
        e >>= 1;
    }
    result
}

/// `x^n + poly`: the generator polynomial G of a width-`n` model (`n` below 256).
///
/// ```
/// use crc_gen::gf2::{generator, Poly256};
/// assert_eq!(generator(16, 0x1021), Poly256::from(0x1_1021u32));
/// assert_eq!(generator(128, 0x87).halves(), (0x87, 1));
/// ```
pub fn generator(width: u32, poly: u128) -> Poly256 {
    Poly256::from(poly) | Poly256::monomial(width)
}

/// A plain reference for the tests: polynomials as one `bool` per coefficient, multiplied
/// and divided a bit at a time, with nothing in common with the code under test.
#[cfg(test)]
pub(super) mod bitwise {
    /// Coefficients, `x^0` first, no trailing `false`.
    pub type Bits = Vec<bool>;

    /// Drops the zero top coefficients.
    pub fn trim(mut p: Bits) -> Bits {
        while p.last() == Some(&false) {
            p.pop();
        }
        p
    }

    /// The coefficients of 64-bit words, lowest first.
    pub fn from_words(words: &[u64]) -> Bits {
        trim(
            (0..words.len() * 64)
                .map(|i| (words[i / 64] >> (i % 64)) & 1 == 1)
                .collect(),
        )
    }

    /// `a · b`, one coefficient pair at a time.
    pub fn mul(a: &[bool], b: &[bool]) -> Bits {
        let mut r = vec![false; a.len() + b.len()];
        for (i, _) in a.iter().enumerate().filter(|(_, &x)| x) {
            for (j, _) in b.iter().enumerate().filter(|(_, &y)| y) {
                r[i + j] ^= true;
            }
        }
        trim(r)
    }

    /// Long division, from the top coefficient down (`b` non-zero and trimmed).
    pub fn divmod(a: &[bool], b: &[bool]) -> (Bits, Bits) {
        let (mut q, mut r) = (vec![false; a.len()], a.to_vec());
        for top in (b.len() - 1..a.len()).rev() {
            if r[top] {
                let s = top + 1 - b.len();
                q[s] = true;
                for (k, &c) in b.iter().enumerate() {
                    r[s + k] ^= c;
                }
            }
        }
        (trim(q), trim(r))
    }
}

#[cfg(test)]
mod tests {
    use super::bitwise::{self, Bits};
    use super::*;
    use proptest::prelude::*;

    fn bits(p: Poly256) -> Bits {
        let (lo, hi) = p.halves();
        bitwise::from_words(&[lo as u64, (lo >> 64) as u64, hi as u64, (hi >> 64) as u64])
    }

    /// A value of at most `n` bits (`n` in 0..=256) from two random halves.
    fn masked(lo: u128, hi: u128, n: u32) -> Poly256 {
        let mask = |k: u32| match k {
            0 => 0,
            1..128 => (1u128 << k) - 1,
            _ => u128::MAX,
        };
        Poly256::from_halves(lo & mask(n), hi & mask(n.saturating_sub(128)))
    }

    proptest! {
        /// Products, shifts and division against the bitwise reference, for a generator of
        /// every width 1..=128 and operands of every size that fits.
        #[test]
        fn matches_the_bitwise_reference(
            width in 1u32..=128,
            poly: u128,
            (alo, ahi, an) in (any::<u128>(), any::<u128>(), 0u32..=128),
            (blo, bn) in (any::<u128>(), 0u32..=128),
            (clo, chi, cn) in (any::<u128>(), any::<u128>(), 0u32..=256),
            s in 0u32..=255,
            e in 0u32..600,
        ) {
            let g = generator(width, poly & (u128::MAX >> (128 - width)));
            let (a, b, c) = (masked(alo, ahi, an), masked(blo, 0, bn), masked(clo, chi, cn));
            prop_assert_eq!(bits(clmul(&a, &b)), bitwise::mul(&bits(a), &bits(b)));
            if a.bits() + s <= 256 {
                let x_s = bitwise::trim((0..=s).map(|i| i == s).collect());
                prop_assert_eq!(bits(a << s), bitwise::mul(&bits(a), &x_s));
            }
            let (q, r) = divmod(&c, &g);
            let (rq, rr) = bitwise::divmod(&bits(c), &bits(g));
            prop_assert_eq!((bits(q), bits(r)), (rq, rr));
            prop_assert!(r.bits() < g.bits());
            let x_e: Bits = (0..=e).map(|i| i == e).collect();
            prop_assert_eq!(bits(xpow_mod(e.into(), &g)), bitwise::divmod(&x_e, &bits(g)).1);
        }

        /// Exponents far past any bitwise reference: `x^(e1 + e2) = x^e1 · x^e2 mod G`.
        #[test]
        fn powers_add_exponents(width in 1u32..=128, poly: u128, e1 in 0u128..1 << 100, e2 in 0u128..1 << 100) {
            let g = generator(width, poly & (u128::MAX >> (128 - width)));
            let product = rem(&clmul(&xpow_mod(e1, &g), &xpow_mod(e2, &g)), &g);
            prop_assert_eq!(xpow_mod(e1 + e2, &g), product);
        }
    }

    #[test]
    fn overflow_panics_rather_than_dropping_terms() {
        let top = Poly256::monomial(255);
        assert_eq!(top << 0, top);
        assert!(std::panic::catch_unwind(|| top << 1).is_err());
        assert!(std::panic::catch_unwind(|| Poly256::monomial(256)).is_err());
        assert!(std::panic::catch_unwind(|| clmul(&top, &2u8.into())).is_err());
        assert_eq!(Poly256::ZERO << 1000, Poly256::ZERO);
    }

    #[test]
    fn debug_prints_hex() {
        assert_eq!(format!("{:?}", Poly256::from(0x1021u16)), "0x1021");
        assert_eq!(
            format!("{:?}", Poly256::monomial(128) ^ Poly256::ONE),
            "0x100000000000000000000000000000001"
        );
    }
}
