//! One named view of the folding and Barrett constants: every emitter that writes them out
//! (standalone Rust and C, and whatever prints them) reads this list, so the names, the
//! order and the derivation text are written once.
//!
//! The layout itself is [`DerivedFolds`]'s (the scaled layout of `spec/constants.md`); this
//! module only names its values.

use crate::fold::{DerivedFolds, FOLD_DISTANCES};

/// One constant: a name usable as an identifier, its value and where it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedConst {
    /// Identifier-safe name: `k128_hi`, `k128_lo`, ..., `k2048_lo`, `barrett_b1`,
    /// `barrett_b2`.
    pub name: String,
    /// The 64-bit value in the scaled layout.
    pub value: u64,
    /// Its derivation with the width written in, e.g. `refl64((x^159 mod G)·x^32)`.
    pub formula: String,
}

impl DerivedFolds {
    /// Every constant by name, in a fixed order: for each fold distance D of
    /// [`FOLD_DISTANCES`] `kD_hi` then `kD_lo` (the multipliers of the accumulator's
    /// x^64..x^127 and x^0..x^63 halves), then `barrett_b1` and `barrett_b2`.
    ///
    /// ```
    /// use crc_gen::fold::DerivedFolds;
    /// let c = DerivedFolds::new(32, 0x04c11db7, true).unwrap(); // CRC-32
    /// let named = c.named();
    /// assert_eq!(named[0].name, "k128_hi");
    /// assert_eq!(named[0].value, 0xae689191);
    /// assert_eq!(named[0].formula, "refl64((x^159 mod G)·x^32)");
    /// assert_eq!(named.last().unwrap().name, "barrett_b2");
    /// assert_eq!(c.named_value("barrett_b1"), Some(0xb4e5b025f7011641));
    /// ```
    pub fn named(&self) -> Vec<NamedConst> {
        let mut out = Vec::with_capacity(2 * FOLD_DISTANCES.len() + 2);
        for pair in &self.folds {
            let d = pair.distance;
            out.push(NamedConst {
                name: format!("k{d}_hi"),
                value: pair.hi,
                formula: self.formula(pair.hi_exponent),
            });
            out.push(NamedConst {
                name: format!("k{d}_lo"),
                value: pair.lo,
                formula: self.formula(pair.lo_exponent),
            });
        }
        let (b1, b2) = self.barrett_formulas();
        out.push(NamedConst {
            name: "barrett_b1".into(),
            value: self.barrett_quotient,
            formula: b1,
        });
        out.push(NamedConst {
            name: "barrett_b2".into(),
            value: self.barrett_poly,
            formula: b2,
        });
        out
    }

    /// The value of the constant named `name` in [`DerivedFolds::named`], if there is one.
    pub fn named_value(&self, name: &str) -> Option<u64> {
        self.named()
            .into_iter()
            .find(|c| c.name == name)
            .map(|c| c.value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The view holds exactly the layout's values, each once, under distinct names.
    #[test]
    fn names_the_layout_values() {
        let c = DerivedFolds::new(16, 0x8bb7, false).unwrap();
        let named = c.named();
        assert_eq!(named.len(), 12);
        for (i, pair) in c.folds.iter().enumerate() {
            assert_eq!(named[2 * i].value, pair.hi);
            assert_eq!(named[2 * i + 1].value, pair.lo);
        }
        assert_eq!(named[10].value, c.barrett_quotient);
        assert_eq!(named[11].value, c.barrett_poly);
        assert_eq!(named[1].formula, "(x^80 mod G)·x^48");
        let mut names: Vec<_> = named.iter().map(|c| c.name.as_str()).collect();
        names.dedup();
        assert_eq!(names.len(), 12);
    }
}
