//! [`ModelSpec`], a model as the user wrote it, its builder methods and its validation;
//! [`reflections`], the rule for a reflection left out.

use super::validated::Model;
use crate::error::{Field, ModelError};

/// A model description as the user wrote it: every parameter, plus the `check` and `residue`
/// they claim. [`ModelSpec::build`] validates it into a [`Model`].
///
/// ```
/// use crc_gen::ModelSpec;
/// let m = ModelSpec::new(24, 0x864cfb).init(0xb704ce).check(0x21cf02).build().unwrap();
/// assert_eq!(m.check(), 0x21cf02);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ModelSpec {
    /// Degree of the generator, 1..=128.
    pub width: u32,
    /// Generator polynomial without its `x^width` term, msb-first (RevEng's notation).
    pub poly: u128,
    /// Initial register, unreflected.
    pub init: u128,
    /// Input bytes processed lsb-first; `None` when not written (see [`reflections`] for
    /// what a missing one means).
    pub refin: Option<bool>,
    /// Register reflected before `xorout`; `None` when not written.
    pub refout: Option<bool>,
    /// XORed into the final register.
    pub xorout: u128,
    /// Claimed CRC of `123456789`, verified by [`ModelSpec::build`].
    pub check: Option<u128>,
    /// Claimed residue, verified by [`ModelSpec::build`].
    pub residue: Option<u128>,
    /// Name to carry along (a catalogue name, or any label).
    pub name: Option<String>,
}

impl ModelSpec {
    /// A spec with the given width and poly; init, xorout 0 and both reflections unwritten
    /// (false).
    pub fn new(width: u32, poly: u128) -> Self {
        ModelSpec {
            width,
            poly,
            ..ModelSpec::default()
        }
    }

    /// Sets `init`.
    pub fn init(mut self, init: u128) -> Self {
        self.init = init;
        self
    }

    /// Sets `refin` and `refout` together (the common, uncrossed case).
    pub fn reflected(mut self, r: bool) -> Self {
        self.refin = Some(r);
        self.refout = Some(r);
        self
    }

    /// Sets `refin`. `refin(true)` alone is an error at [`build`](Self::build): a crossed
    /// model needs `refout(false)` written out too (see [`reflections`]).
    ///
    /// ```
    /// use crc_gen::ModelSpec;
    /// assert!(ModelSpec::new(16, 0x1021).refin(true).build().is_err());
    /// let crossed = ModelSpec::new(16, 0x1021).refin(true).refout(false).build().unwrap();
    /// assert_eq!(crossed.check(), 0x9184);
    /// ```
    pub fn refin(mut self, r: bool) -> Self {
        self.refin = Some(r);
        self
    }

    /// Sets `refout`. `refout(true)` alone is an error at [`build`](Self::build), as
    /// `refin(true)` is.
    pub fn refout(mut self, r: bool) -> Self {
        self.refout = Some(r);
        self
    }

    /// Sets `xorout`.
    pub fn xorout(mut self, x: u128) -> Self {
        self.xorout = x;
        self
    }

    /// Claims a `check` value to verify.
    pub fn check(mut self, c: u128) -> Self {
        self.check = Some(c);
        self
    }

    /// Claims a `residue` value to verify.
    pub fn residue(mut self, r: u128) -> Self {
        self.residue = Some(r);
        self
    }

    /// Attaches a name.
    pub fn name(mut self, n: impl Into<String>) -> Self {
        self.name = Some(n.into());
        self
    }

    /// Validates the spec: width in range, a non-zero poly, every value within the width, no
    /// reflection given without the other ([`reflections`]), and the claimed check and
    /// residue equal to what the model computes. A claim that fails where the bit-reversed
    /// poly would meet it is reported as a reflected poly.
    ///
    /// ```
    /// use crc_gen::{ModelError, ModelSpec};
    /// let crc32 = ModelSpec::new(32, 0xedb88320).init(0xffffffff).reflected(true)
    ///     .xorout(0xffffffff).check(0xcbf43926);
    /// let err = crc32.build().unwrap_err();
    /// assert!(matches!(err, ModelError::ReflectedPoly { poly: 0x04c11db7, .. }));
    /// assert!(err.to_string().contains("0xedb88320 is the reflected form; the model's poly is 0x04c11db7"));
    /// assert_eq!(ModelSpec::new(8, 0).build(), Err(ModelError::ZeroPoly));
    /// assert!(matches!(
    ///     ModelSpec::new(16, 0x1021).refin(true).build(),
    ///     Err(ModelError::LoneReflection { .. })
    /// ));
    /// ```
    pub fn build(self) -> Result<Model, ModelError> {
        let width = self.width;
        if !(1..=128).contains(&width) {
            return Err(ModelError::Width(width));
        }
        let (refin, refout) = reflections(self.refin, self.refout)?;
        let fits = |field, value: u128| {
            if width == 128 || value >> width == 0 {
                Ok(())
            } else {
                Err(ModelError::TooWide {
                    field,
                    value,
                    width,
                })
            }
        };
        fits(Field::Poly, self.poly)?;
        if self.poly == 0 {
            return Err(ModelError::ZeroPoly);
        }
        fits(Field::Init, self.init)?;
        fits(Field::Xorout, self.xorout)?;
        if let Some(c) = self.check {
            fits(Field::Check, c)?;
        }
        if let Some(r) = self.residue {
            fits(Field::Residue, r)?;
        }
        let model = Model {
            width,
            poly: self.poly,
            init: self.init,
            refin,
            refout,
            xorout: self.xorout,
            name: self.name,
        };
        let claims_hold = |m: &Model| {
            self.check.is_none_or(|c| m.check() == c)
                && self.residue.is_none_or(|r| m.residue() == r)
        };
        if claims_hold(&model) {
            return Ok(model);
        }
        let reflected = Model {
            poly: model.reflect(model.poly),
            ..model.clone()
        };
        // The first claim that fails; both are optional, and at least one failed.
        let (claim, claimed, computed) = match self.check {
            Some(c) if model.check() != c => (Field::Check, c, model.check()),
            _ => (Field::Residue, self.residue.unwrap_or(0), model.residue()),
        };
        if reflected.poly != model.poly && claims_hold(&reflected) {
            return Err(ModelError::ReflectedPoly {
                given: model.poly,
                poly: reflected.poly,
                width,
                claim,
                claimed,
            });
        }
        Err(if claim == Field::Check {
            ModelError::CheckMismatch { claimed, computed }
        } else {
            ModelError::ResidueMismatch { claimed, computed }
        })
    }
}

/// `refin` and `refout` as written, either possibly left out. An absent one defaults to
/// `false`, but `true` for one without the other would make a crossed model (refin ≠
/// refout), which is rare and nearly always a slip: that is an error asking for the other
/// key. [`ModelSpec::build`] applies it, so `#[crc(...)]`, model lines, the CLI's flags and
/// the builder methods (hence `DynCrc`) share the one rule.
///
/// ```
/// use crc_gen::{model::reflections, Field, ModelError};
/// assert_eq!(reflections(Some(true), Some(true)), Ok((true, true)));
/// assert_eq!(reflections(Some(false), None), Ok((false, false)));
/// assert_eq!(reflections(Some(true), Some(false)), Ok((true, false))); // crossed, written out
/// let err = reflections(Some(true), None).unwrap_err();
/// assert_eq!(err, ModelError::LoneReflection { given: Field::Refin, missing: Field::Refout });
/// assert_eq!(
///     err.to_string(),
///     "refin = true without refout: write refout = true, or refout = false for a crossed model"
/// );
/// ```
pub fn reflections(refin: Option<bool>, refout: Option<bool>) -> Result<(bool, bool), ModelError> {
    match (refin, refout) {
        (Some(true), None) => Err(ModelError::LoneReflection {
            given: Field::Refin,
            missing: Field::Refout,
        }),
        (None, Some(true)) => Err(ModelError::LoneReflection {
            given: Field::Refout,
            missing: Field::Refin,
        }),
        (i, o) => Ok((i.unwrap_or(false), o.unwrap_or(false))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A check or residue that the bit-reversed poly meets names the reflected form; one
    /// that it does not meet either stays a plain mismatch.
    #[test]
    fn a_reflected_poly_is_named() {
        // CRC-16/KERMIT (poly 0x1021, reflected) written with 0x8408.
        let kermit = ModelSpec::new(16, 0x8408).reflected(true);
        let err = kermit.clone().check(0x2189).build().unwrap_err();
        assert_eq!(
            err.to_string(),
            "check mismatch: 0x8408 is the reflected form; the model's poly is 0x1021 (with it, check = 0x2189 as given)"
        );
        assert_eq!(err.field(), Some(Field::Poly));
        // The residue alone (CRC-32/ISO-HDLC's, 0xdebb20e3), poly reflected.
        let crc32 = ModelSpec::new(32, 0xedb88320)
            .init(0xffffffff)
            .reflected(true)
            .xorout(0xffffffff);
        let err = crc32.clone().residue(0xdebb20e3).build().unwrap_err();
        assert!(
            matches!(
                err,
                ModelError::ReflectedPoly {
                    claim: Field::Residue,
                    poly: 0x04c11db7,
                    ..
                }
            ),
            "{err}"
        );
        // Right check, wrong residue: the residue is what failed.
        let err = ModelSpec::new(16, 0x1021)
            .check(0x31c3)
            .residue(1)
            .build()
            .unwrap_err();
        assert_eq!(
            err,
            ModelError::ResidueMismatch {
                claimed: 1,
                computed: 0
            }
        );
        // Neither form gives the check: a plain mismatch.
        let err = kermit.check(0x1234).build().unwrap_err();
        assert!(
            matches!(
                err,
                ModelError::CheckMismatch {
                    claimed: 0x1234,
                    ..
                }
            ),
            "{err}"
        );
    }

    #[test]
    fn poly_zero_is_an_error() {
        for width in [1, 8, 64, 128] {
            let err = ModelSpec::new(width, 0).build().unwrap_err();
            assert_eq!(err, ModelError::ZeroPoly);
            assert_eq!(err.field(), Some(Field::Poly));
        }
        assert!("width=8 poly=0x0"
            .parse::<ModelSpec>()
            .unwrap()
            .build()
            .is_err());
    }
}
