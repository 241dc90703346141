//! Carry-less-multiply folding and Barrett reduction constants (widths 1..=64).
//!
//! One 64-bit-lane engine serves every width through the *scaled* layout: each constant is
//! `(x^e mod G) · x^(64−n)`, and for lsb-first models stored bit-reflected over 64 bits.
//! The derivation and the known answers are in `spec/constants.md`, checked
//! by the reference simulation of the folding engine.

use crate::gf2::{self, to_u128, Poly256};

/// Fold distances in bits: one 16-byte lane, then the strides of 2, 4, 8 and 16 lanes that
/// the multi-accumulator loops of the 128/256/512-bit kernels use.
pub const FOLD_DISTANCES: [u32; 5] = crcstamp_layout::FoldConsts::DISTANCES;

/// The multiplier pair for one fold distance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FoldPair {
    /// Distance `D` in bits.
    pub distance: u32,
    /// Multiplies the accumulator's `x^64..x^127` half.
    pub hi: u64,
    /// Multiplies the accumulator's `x^0..x^63` half.
    pub lo: u64,
    /// `e` in `hi = (x^e mod G)·x^(64−n)`: `D + n` (msb) or `D + n − 1` (lsb).
    pub hi_exponent: u32,
    /// `e` in `lo = (x^e mod G)·x^(64−n)`: `D + n − 64` (msb) or `D + n − 65` (lsb).
    pub lo_exponent: u32,
}

/// Everything the folding kernels need for one model, in one bit order.
///
/// ```
/// use crc_gen::fold::DerivedFolds;
/// // CRC-32 (lsb): the published x^159 and x^95 constants.
/// let c = DerivedFolds::new(32, 0x04c11db7, true).unwrap();
/// assert_eq!((c.folds[0].hi, c.folds[0].lo), (0xae689191, 0xccaa009e));
/// assert!(DerivedFolds::new(65, 1, true).is_none()); // the 64-bit-lane engine stops at 64
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DerivedFolds {
    /// The model's width.
    pub width: u32,
    /// Bit order of the engine these constants serve (lsb-first when `true`).
    pub lsb: bool,
    /// One pair per entry of [`FOLD_DISTANCES`], in that order.
    pub folds: Vec<FoldPair>,
    /// Barrett `B1`: msb `floor(x^(63+n)/G)·x ⊕ x^64`, lsb `refl64(floor(x^(63+n)/G))`.
    pub barrett_quotient: u64,
    /// Barrett `B2`: msb `(G − x^n)·x^(64−n)`, lsb `refl64((G − x^n)·x^(63−n))`, and for lsb
    /// with n = 64 `refl64((G − x^64 − g0)/x)` (the kernel XORs the `g0` term separately).
    pub barrett_poly: u64,
    /// Whether G has an `x^0` term (custom models may have even polys).
    pub g0: bool,
}

impl DerivedFolds {
    /// Constants for width `width` (1..=64), generator `x^width + poly`, in the given order.
    /// `None` for widths above 64.
    pub fn new(width: u32, poly: u128, lsb: bool) -> Option<DerivedFolds> {
        if !(1..=64).contains(&width) {
            return None;
        }
        let g = gf2::generator(width, poly);
        let scale = 64 - width;
        let store = |v: u128| -> u64 {
            let v = u64::try_from(v).expect("scaled constant fits 64 bits");
            if lsb {
                v.reverse_bits()
            } else {
                v
            }
        };
        let scaled = |e: u32| store(to_u128(&gf2::xpow_mod(u128::from(e), &g)) << scale);
        let shift = u32::from(lsb);
        let folds = FOLD_DISTANCES
            .iter()
            .map(|&d| {
                let hi_exponent = d + width - shift;
                let lo_exponent = d + width - 64 - shift;
                FoldPair {
                    distance: d,
                    hi: scaled(hi_exponent),
                    lo: scaled(lo_exponent),
                    hi_exponent,
                    lo_exponent,
                }
            })
            .collect();

        let (q, _) = gf2::divmod(&Poly256::monomial(63 + width), &g);
        let q = to_u128(&q);
        debug_assert_eq!(128 - q.leading_zeros(), 64);
        let barrett_quotient = if lsb {
            store(q)
        } else {
            // B1·x − x^64: the x^64 term is supplied by XORing the operand back in.
            store((q << 1) ^ (1u128 << 64))
        };
        let g0 = poly & 1 == 1;
        let barrett_poly = if lsb && width == 64 {
            store((poly ^ u128::from(g0)) >> 1)
        } else {
            store(poly << (scale - shift))
        };
        Some(DerivedFolds {
            width,
            lsb,
            folds,
            barrett_quotient,
            barrett_poly,
            g0,
        })
    }

    /// The pair for distance `d` bits, if `d` is one of [`FOLD_DISTANCES`].
    pub fn pair(&self, d: u32) -> Option<&FoldPair> {
        self.folds.iter().find(|p| p.distance == d)
    }

    /// The formulas of `B1` and `B2` with the width written in, e.g.
    /// `("refl64(floor(x^95/G))", "refl64((G − x^32)·x^31)")` for CRC-32.
    pub fn barrett_formulas(&self) -> (String, String) {
        let n = self.width;
        if self.lsb {
            let b2 = if n == 64 {
                let g0 = if self.g0 { " − 1" } else { "" };
                format!("refl64((G − x^64{g0})/x)")
            } else {
                format!("refl64((G − x^{n})·x^{})", 63 - n)
            };
            (format!("refl64(floor(x^{}/G))", 63 + n), b2)
        } else {
            (
                format!("floor(x^{}/G)·x ⊕ x^64", 63 + n),
                format!("(G − x^{n})·x^{}", 64 - n),
            )
        }
    }

    /// The constants in the layout crcstamp's kernels read: one `[hi, lo]` pair per
    /// distance, in named fields. Emitted code and `DynCrc` both take them from here.
    ///
    /// ```
    /// use crc_gen::fold::DerivedFolds;
    /// let f = DerivedFolds::new(32, 0x1edc6f41, true).unwrap().layout();
    /// assert_eq!(f.k128, [0xf20c0dfe, 0x493c7d27]);
    /// ```
    pub fn layout(&self) -> crcstamp_layout::FoldConsts {
        let pair = |d: u32| match self.pair(d) {
            Some(p) => [p.hi, p.lo],
            None => unreachable!("every distance has a pair"),
        };
        crcstamp_layout::FoldConsts {
            k128: pair(128),
            k256: pair(256),
            k512: pair(512),
            k1024: pair(1024),
            k2048: pair(2048),
            barrett: [self.barrett_quotient, self.barrett_poly],
            g0: self.g0,
        }
    }

    /// Human-readable formula of a fold constant, e.g. `refl64((x^159 mod G)·x^32)`.
    pub fn formula(&self, exponent: u32) -> String {
        let inner = format!("(x^{exponent} mod G)·x^{}", 64 - self.width);
        if self.lsb {
            format!("refl64({inner})")
        } else {
            inner
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The known answers of `spec/constants.md` (the kernel's and Intel's published constants).
    #[test]
    fn known_answers() {
        let c = DerivedFolds::new(32, 0x04c11db7, true).unwrap();
        assert_eq!((c.folds[0].hi_exponent, c.folds[0].lo_exponent), (159, 95));
        assert_eq!((c.folds[0].hi, c.folds[0].lo), (0xae689191, 0xccaa009e));
        let d2048 = c.pair(2048).unwrap();
        assert_eq!((d2048.hi_exponent, d2048.lo_exponent), (2079, 2015));
        assert_eq!((d2048.hi, d2048.lo), (0xce3371cb, 0xe95c1271));

        let c = DerivedFolds::new(32, 0x1edc6f41, true).unwrap();
        assert_eq!((c.folds[0].hi, c.folds[0].lo), (0xf20c0dfe, 0x493c7d27));

        let c = DerivedFolds::new(16, 0x8bb7, false).unwrap();
        assert_eq!((c.folds[0].hi_exponent, c.folds[0].lo_exponent), (144, 80));
        assert_eq!(
            (c.folds[0].hi, c.folds[0].lo),
            (0x06df000000000000, 0x2d56000000000000)
        );

        let nvme = 0x9a6c9329ac4bc9b5u64.reverse_bits();
        let c = DerivedFolds::new(64, u128::from(nvme), true).unwrap();
        assert_eq!(
            (c.folds[0].hi, c.folds[0].lo),
            (0xeadc41fd2ba3d420, 0x21e9761e252621ac)
        );

        let c = DerivedFolds::new(64, 0x42f0e1eba9ea3693, false).unwrap();
        assert_eq!(
            (c.folds[0].hi, c.folds[0].lo),
            (0x4eb938a7d257740e, 0x05f5c3c7eb52fab6)
        );
    }

    /// Barrett pairs (`spec/constants.md`, "Known answers"), from an independent simulation
    /// of the folding kernel; CRC-32's B1 is the Linux kernel's published 0xb4e5b025f7011641.
    #[test]
    fn barrett_known_answers() {
        let cases: [(u32, u128, bool, u64, u64); 4] = [
            (32, 0x04c11db7, true, 0xb4e5b025f7011641, 0x1db710640),
            (16, 0x8bb7, false, 0xf65a57f81d33a48a, 0x8bb7000000000000),
            (
                64,
                0x9a6c9329ac4bc9b5u64.reverse_bits() as u128,
                true,
                0x27ecfa329aef9f77,
                0x34d926535897936a,
            ),
            (
                64,
                0x42f0e1eba9ea3693,
                false,
                0x578d29d06cc4f872,
                0x42f0e1eba9ea3693,
            ),
        ];
        for (w, p, lsb, b1, b2) in cases {
            let c = DerivedFolds::new(w, p, lsb).unwrap();
            assert_eq!((c.barrett_quotient, c.barrett_poly), (b1, b2), "{w} {p:#x}");
        }
    }
}
