//! The unsigned integer types a CRC register can live in.

use core::fmt::{Binary, Debug, LowerHex, UpperHex};
use core::hash::Hash;
use core::ops::{BitAnd, BitOr, BitXor, Not, Shl, Shr};

mod sealed {
    pub trait Sealed {}
}

/// A register word: `u8`, `u16`, `u32`, `u64` or `u128`, the smallest that holds the width.
///
/// Sealed: the engine relies on exactly these five types.
///
/// ```
/// use crcstamp::Word;
/// assert_eq!(<u16 as Word>::BITS, 16);
/// assert_eq!(0x1234u16.byte_at(0), 0x34);
/// ```
pub trait Word:
    sealed::Sealed
    + Copy
    + Default
    + Eq
    + Hash
    + Debug
    + LowerHex
    + UpperHex
    + Binary
    + Send
    + Sync
    + 'static
    + BitXor<Output = Self>
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// Bits in the word.
    const BITS: u32;
    /// Zero.
    const ZERO: Self;
    /// One.
    const ONE: Self;
    /// `b` as a word.
    fn from_u8(b: u8) -> Self;
    /// Byte `i`, counting from the least significant (`i < BITS / 8`).
    fn byte_at(self, i: u32) -> u8;
    /// Reverses the order of all `BITS` bits.
    fn reverse(self) -> Self;
    /// The low 64 bits (all of them for words up to 64 bits).
    fn low_u64(self) -> u64;
    /// `v` as a word, keeping its low `BITS` bits.
    fn from_u64(v: u64) -> Self;
    /// `v` as a word, keeping its low `BITS` bits.
    fn from_u128(v: u128) -> Self;
    /// The value, widened.
    fn to_u128(self) -> u128;
    /// Whether bit `i` is set.
    fn bit(self, i: u32) -> bool;
    /// All ones if bit `i` is set, else zero: a select without a branch.
    #[doc(hidden)]
    fn bit_mask(self, i: u32) -> Self;
}

macro_rules! impl_word {
    ($($t:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl Word for $t {
            const BITS: u32 = <$t>::BITS;
            const ZERO: Self = 0;
            const ONE: Self = 1;
            #[inline(always)]
            fn from_u8(b: u8) -> Self {
                b as $t
            }
            #[inline(always)]
            fn byte_at(self, i: u32) -> u8 {
                (self >> (8 * i)) as u8
            }
            #[inline(always)]
            fn reverse(self) -> Self {
                self.reverse_bits()
            }
            #[inline(always)]
            fn low_u64(self) -> u64 {
                self as u64
            }
            #[inline(always)]
            fn from_u64(v: u64) -> Self {
                v as $t
            }
            #[inline(always)]
            fn from_u128(v: u128) -> Self {
                v as $t
            }
            #[inline(always)]
            fn to_u128(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn bit(self, i: u32) -> bool {
                (self >> i) & 1 == 1
            }
            #[inline(always)]
            fn bit_mask(self, i: u32) -> Self {
                ((self >> i) & 1).wrapping_neg()
            }
        }
    )*};
}
impl_word!(u8, u16, u32, u64, u128);
