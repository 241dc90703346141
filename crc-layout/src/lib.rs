//! The data one CRC's kernels read, defined once for the two crates that meet over it:
//! [crc-gen] computes and writes these values, and crcstamp's engine reads them (crcstamp
//! re-exports every item here). No dependencies and `no_std`, so that both can take it.
//!
//! [crc-gen]: https://docs.rs/crc-gen
//!
//! ```
//! use crcstamp_layout::{FoldConsts, HwCrc};
//! assert_eq!(HwCrc::of(32, 0x1edc6f41, true), Some(HwCrc::Crc32c));
//! assert_eq!(FoldConsts::DISTANCES, [128, 256, 512, 1024, 2048]);
//! ```
#![no_std]

use core::fmt;

/// Folding and Barrett constants for the carry-less-multiply kernels (widths 1..=64), in the
/// scaled layout of crcstamp's `spec/constants.md`: each constant is `(x^e mod G) ·
/// x^(64−n)`, bit-reflected over 64 bits for lsb-first models. A pair `[HI, LO]` folds by
/// its distance: HI multiplies the accumulator's `x^64..x^127` half, LO the other.
///
/// ```
/// use crcstamp_layout::FoldConsts;
/// let f = FoldConsts {
///     k128: [1, 2],
///     k256: [3, 4],
///     k512: [5, 6],
///     k1024: [7, 8],
///     k2048: [9, 10],
///     barrett: [11, 12],
///     g0: true,
/// };
/// // The pair for 2^(7 + i) bits, as the kernels pick one by a vector's width.
/// assert_eq!(f.k(2), f.k512);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FoldConsts {
    /// Fold by 128 bits (one 16-byte lane): `[x^(128+n−s) mod G, x^(64+n−s) mod G]`,
    /// scaled, with `s` 1 for lsb and 0 for msb.
    pub k128: [u64; 2],
    /// Fold by 256 bits.
    pub k256: [u64; 2],
    /// Fold by 512 bits.
    pub k512: [u64; 2],
    /// Fold by 1024 bits.
    pub k1024: [u64; 2],
    /// Fold by 2048 bits (four accumulators of 512-bit vectors).
    pub k2048: [u64; 2],
    /// Barrett `[B1, B2]`: the quotient `floor(x^(63+n)/G)` and the polynomial, each in the
    /// kernels' layout.
    pub barrett: [u64; 2],
    /// Whether G has an `x^0` term (custom models may have even polynomials).
    pub g0: bool,
}

impl FoldConsts {
    /// The fold distances in bits, in the order of [`k`](Self::k)'s index.
    pub const DISTANCES: [u32; 5] = [128, 256, 512, 1024, 2048];

    /// The pair that folds by `DISTANCES[i]` bits.
    ///
    /// # Panics
    /// If `i` is 5 or more.
    #[inline(always)]
    pub const fn k(&self, i: usize) -> [u64; 2] {
        match i {
            0 => self.k128,
            1 => self.k256,
            2 => self.k512,
            3 => self.k1024,
            4 => self.k2048,
            _ => panic!("five fold distances"),
        }
    }
}

/// A CPU instruction family that performs a CRC's register update: width 32, reflected
/// input, and the instruction's polynomial.
///
/// ```
/// use crcstamp_layout::HwCrc;
/// assert_eq!(HwCrc::of(32, 0x04c11db7, true), Some(HwCrc::Crc32));
/// assert_eq!(HwCrc::of(32, 0x04c11db7, false), None); // CRC-32/BZIP2: msb-first
/// assert_eq!(HwCrc::Crc32c.poly(), 0x1edc6f41);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HwCrc {
    /// Polynomial 0x04c11db7: aarch64 `crc32b/h/w/x`.
    Crc32,
    /// Polynomial 0x1edc6f41: x86_64 SSE4.2 `crc32`, aarch64 `crc32cb/h/w/x`.
    Crc32c,
}

impl HwCrc {
    /// Every family.
    pub const ALL: [HwCrc; 2] = [HwCrc::Crc32, HwCrc::Crc32c];

    /// The instruction's polynomial (without the `x^32` term, unreflected).
    pub const fn poly(self) -> u32 {
        match self {
            HwCrc::Crc32 => 0x04c1_1db7,
            HwCrc::Crc32c => 0x1edc_6f41,
        }
    }

    /// The family whose instruction computes the register update of a CRC of `width` bits
    /// with polynomial `poly` (without the top term) and input reflection `refin`, if any.
    pub const fn of(width: u32, poly: u128, refin: bool) -> Option<HwCrc> {
        let mut i = 0;
        while i < HwCrc::ALL.len() {
            let hw = HwCrc::ALL[i];
            if width == 32 && refin && poly == hw.poly() as u128 {
                return Some(hw);
            }
            i += 1;
        }
        None
    }
}

/// The parameters of a CRC in the Rocksoft/Williams model, plus its check and residue.
///
/// Every stamped type of crcstamp has one as `T::MODEL`. `Debug` prints the values in hex, zero-padded
/// to the width, as the catalogue writes them.
///
/// ```
/// use crcstamp_layout::StampedModel;
/// let m = StampedModel {
///     width: 32,
///     poly: 0x04c11db7u32,
///     init: 0xffffffff,
///     refin: true,
///     refout: true,
///     xorout: 0xffffffff,
///     check: 0xcbf43926,
///     residue: 0xdebb20e3,
///     name: Some("CRC-32/ISO-HDLC"),
/// };
/// assert_eq!(
///     format!("{m:?}"),
///     "StampedModel { width: 32, poly: 0x04c11db7, init: 0xffffffff, refin: true, refout: true, \
///      xorout: 0xffffffff, check: 0xcbf43926, residue: 0xdebb20e3, name: Some(\"CRC-32/ISO-HDLC\") }"
/// );
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct StampedModel<W> {
    /// Degree of the generator polynomial, 1..=128.
    pub width: u8,
    /// Generator without its `x^width` term, msb-first (the catalogue's notation).
    pub poly: W,
    /// Initial register, unreflected.
    pub init: W,
    /// Input bytes processed lsb-first.
    pub refin: bool,
    /// Register reflected before `xorout`.
    pub refout: bool,
    /// XORed into the final register.
    pub xorout: W,
    /// CRC of ASCII `123456789`.
    pub check: W,
    /// Register after a message followed by its own CRC, before `xorout`.
    pub residue: W,
    /// Catalogue name, `None` for a custom model.
    pub name: Option<&'static str>,
}

impl<W: fmt::Debug> fmt::Debug for StampedModel<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = usize::from(self.width).div_ceil(4);
        let hex = |v| Hex(v, digits);
        f.debug_struct("StampedModel")
            .field("width", &self.width)
            .field("poly", &hex(&self.poly))
            .field("init", &hex(&self.init))
            .field("refin", &self.refin)
            .field("refout", &self.refout)
            .field("xorout", &hex(&self.xorout))
            .field("check", &hex(&self.check))
            .field("residue", &hex(&self.residue))
            .field("name", &self.name)
            .finish()
    }
}

/// A value as `0x` and `.1` hex digits, for `Debug`. Through the word's `Debug` (integers
/// honour `x?`), so that `StampedModel<W>: Debug` needs no more of `W` than the derives around it.
struct Hex<'a, W>(&'a W, usize);

impl<W: fmt::Debug> fmt::Debug for Hex<'_, W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#0w$x?}", self.0, w = self.1 + 2)
    }
}
