//! The Rocksoft/Williams model: what a CRC is, validated.

use core::fmt;

use crate::error::{Field, ModelError};
use crate::gf2;
use crate::reference;

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

impl core::str::FromStr for ModelSpec {
    type Err = ModelError;

    /// Parses RevEng's one-line format, `width=16 poly=0x1021 init=0xffff refin=false
    /// refout=false xorout=0 check=0x29b1 residue=0 name="CRC-16/IBM-3740"`: `width` and
    /// `poly` are required, the rest optional; numbers in hex (`0x` optional) except `width`.
    ///
    /// ```
    /// use crc_gen::ModelSpec;
    /// let m: ModelSpec = "width=16 poly=0x1021 init=0xffff check=0x29b1".parse().unwrap();
    /// assert_eq!(m.build().unwrap().check(), 0x29b1);
    /// assert!("width=16 poly=0x1021 colour=blue".parse::<ModelSpec>().is_err());
    /// ```
    fn from_str(line: &str) -> Result<Self, ModelError> {
        let syntax = |message: String| ModelError::Syntax(message);
        let mut spec = ModelSpec::default();
        let mut seen: Vec<&str> = Vec::new();
        let mut rest = line.trim();
        while !rest.is_empty() {
            let (key, after) = rest
                .split_once('=')
                .ok_or_else(|| syntax(format!("expected key=value at `{rest}`")))?;
            let key = key.trim();
            // As in `#[crc(...)]`: a key given twice is a mistake, not "the last one wins".
            if seen.contains(&key) {
                return Err(syntax(format!("duplicate key `{key}`: give each key once")));
            }
            seen.push(key);
            let (value, tail) = if let Some(quoted) = after.strip_prefix('"') {
                let end = quoted
                    .find('"')
                    .ok_or_else(|| syntax(format!("unterminated string after `{key}=`")))?;
                (&quoted[..end], &quoted[end + 1..])
            } else {
                after.split_once(char::is_whitespace).unwrap_or((after, ""))
            };
            let hex = || {
                let digits = value
                    .strip_prefix("0x")
                    .or_else(|| value.strip_prefix("0X"))
                    .unwrap_or(value);
                u128::from_str_radix(digits, 16).map_err(|_| {
                    syntax(format!(
                        "{key}: `{value}` is not a hex number of at most 128 bits"
                    ))
                })
            };
            let boolean = || match value {
                "true" => Ok(true),
                "false" => Ok(false),
                _ => Err(syntax(format!(
                    "{key}: expected true or false, not `{value}`"
                ))),
            };
            match key {
                "width" => {
                    spec.width = value
                        .parse()
                        .map_err(|_| syntax(format!("width: `{value}` is not a number")))?;
                }
                "poly" => spec.poly = hex()?,
                "init" => spec.init = hex()?,
                "refin" => spec.refin = Some(boolean()?),
                "refout" => spec.refout = Some(boolean()?),
                "xorout" => spec.xorout = hex()?,
                "check" => spec.check = Some(hex()?),
                "residue" => spec.residue = Some(hex()?),
                // `Display` writes the name in quotes, with no escapes: a name holding a quote
                // would print as a line that does not parse back.
                "name" if value.contains('"') => {
                    return Err(syntax(format!("name: `{value}` contains a `\"`")))
                }
                "name" => spec.name = Some(value.to_owned()),
                other => return Err(syntax(format!(
                    "unknown key `{other}`; expected width, poly, init, refin, refout, xorout, check, residue or name"
                ))),
            }
            rest = tail.trim_start();
        }
        for (key, field) in [("width", Field::Width), ("poly", Field::Poly)] {
            if !seen.contains(&key) {
                return Err(ModelError::Missing(field));
            }
        }
        Ok(spec)
    }
}

/// A validated CRC model: width 1..=128 and every value within the width.
///
/// ```
/// use crc_gen::ModelSpec;
/// let crc32 = ModelSpec::new(32, 0x04c11db7)
///     .init(0xffffffff).reflected(true).xorout(0xffffffff).build().unwrap();
/// assert_eq!(crc32.check(), 0xcbf43926);
/// assert_eq!(crc32.residue(), 0xdebb20e3);
/// assert_eq!(crc32.word_bits(), 32);
/// // Debug prints the values in hex, zero-padded to the width.
/// assert_eq!(
///     format!("{crc32:?}"),
///     "Model { width: 32, poly: 0x04c11db7, init: 0xffffffff, refin: true, refout: true, \
///      xorout: 0xffffffff, name: None }"
/// );
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Model {
    width: u32,
    poly: u128,
    init: u128,
    refin: bool,
    refout: bool,
    xorout: u128,
    name: Option<String>,
}

impl Model {
    /// Degree of the generator, 1..=128.
    pub fn width(&self) -> u32 {
        self.width
    }
    /// Generator without its `x^width` term, msb-first.
    pub fn poly(&self) -> u128 {
        self.poly
    }
    /// Initial register, unreflected.
    pub fn init(&self) -> u128 {
        self.init
    }
    /// Input bytes processed lsb-first.
    pub fn refin(&self) -> bool {
        self.refin
    }
    /// Register reflected before `xorout`.
    pub fn refout(&self) -> bool {
        self.refout
    }
    /// XORed into the final register.
    pub fn xorout(&self) -> u128 {
        self.xorout
    }
    /// The name this model was built with, if any.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }
    /// `refin != refout` (CRC-12/UMTS is the catalogue's one such model).
    pub fn is_crossed(&self) -> bool {
        self.refin != self.refout
    }
    /// All-ones in the low `width` bits.
    pub fn mask(&self) -> u128 {
        u128::MAX >> (128 - self.width)
    }
    /// Bits of the smallest of u8/u16/u32/u64/u128 that holds the width: the Rust type of
    /// the stamped CRC value.
    pub fn word_bits(&self) -> u32 {
        self.width.next_power_of_two().max(8)
    }
    /// Bit-reflects a `width`-bit value.
    pub fn reflect(&self, v: u128) -> u128 {
        gf2::reflect(v, self.width)
    }
    /// The same model with another name.
    pub fn with_name(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }

    /// The CRC of `data`, computed one bit at a time: the reference every backend is tested
    /// against.
    pub fn crc(&self, data: &[u8]) -> u128 {
        self.finish(reference::feed(self, self.init, data))
    }

    /// Turns a Williams register (unreflected, as the bitwise reference keeps it) into the
    /// CRC value: reflect if `refout`, then XOR `xorout`.
    pub fn finish(&self, register: u128) -> u128 {
        let r = if self.refout {
            self.reflect(register)
        } else {
            register
        };
        r ^ self.xorout
    }

    /// The CRC of ASCII `123456789`.
    pub fn check(&self) -> u128 {
        self.crc(b"123456789")
    }

    /// The register after any message followed by its own CRC, before `xorout`: closed form
    /// `(x' · x^n) mod G` with `x'` = xorout (reflected when refout), reflected back when
    /// refout. See `spec/model.md` for the readings of "reflected".
    pub fn residue(&self) -> u128 {
        let x = if self.refout {
            self.reflect(self.xorout)
        } else {
            self.xorout
        };
        let g = gf2::generator(self.width, self.poly);
        let r = gf2::to_u128(&gf2::rem(&(num_bigint::BigUint::from(x) << self.width), &g));
        if self.refout {
            self.reflect(r)
        } else {
            r
        }
    }

    /// A Rust type name for the name, by [`type_name`]'s rule: `CRC-32/ISO-HDLC` becomes
    /// `Crc32IsoHdlc`, `9lives` becomes `Crc9lives`. `None` for a model without a name.
    pub fn type_name(&self) -> Option<String> {
        self.name.as_deref().map(type_name)
    }
}

/// The type name `crc-gen emit` gives an algorithm, always a Rust identifier:
///
/// 1. the name is split at every character that is not an ASCII letter or digit, and each
///    part is written with its first letter upper case and the rest lower case
///    (`CRC-32/ISO-HDLC` → `Crc32IsoHdlc`; `ü`, `-`, `_` and `$` only separate parts);
/// 2. if that is empty, starts with a digit, or is a keyword (`Self`), `Crc` goes in front:
///    `9lives` → `Crc9lives`, `self` → `CrcSelf`, and `""`, `_` or `---` → `Crc`.
///
/// ```
/// use crc_gen::model::type_name;
/// assert_eq!(type_name("CRC-16/T10-DIF"), "Crc16T10Dif");
/// assert_eq!(type_name("9lives"), "Crc9lives");
/// assert_eq!(type_name("self"), "CrcSelf");
/// assert_eq!(type_name("ü"), "Crc");
/// ```
pub fn type_name(name: &str) -> String {
    let camel: String = name
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut cs = w.chars();
            let first = cs.next().map(|c| c.to_ascii_uppercase());
            first
                .into_iter()
                .chain(cs.map(|c| c.to_ascii_lowercase()))
                .collect::<String>()
        })
        .collect();
    // Each part starts upper case, so `Self` is the one keyword the result can be.
    let is_ident = camel.starts_with(|c: char| c.is_ascii_alphabetic()) && camel != "Self";
    if is_ident {
        camel
    } else {
        format!("Crc{camel}")
    }
}

/// The register's shape, for [`reference::feed`].
impl From<&Model> for reference::Params {
    fn from(m: &Model) -> reference::Params {
        (m.width, m.poly, m.refin).into()
    }
}

impl fmt::Debug for Model {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hex = |v| Hex(v, self.width.div_ceil(4) as usize);
        f.debug_struct("Model")
            .field("width", &self.width)
            .field("poly", &hex(self.poly))
            .field("init", &hex(self.init))
            .field("refin", &self.refin)
            .field("refout", &self.refout)
            .field("xorout", &hex(self.xorout))
            .field("name", &self.name)
            .finish()
    }
}

/// A value as `0x` and `.1` hex digits, for `Debug`.
struct Hex(u128, usize);

impl fmt::Debug for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#0w$x}", self.0, w = self.1 + 2)
    }
}

impl fmt::Display for Model {
    /// RevEng's one-line format, hex zero-padded to the width.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.width.div_ceil(4) as usize;
        write!(
            f,
            "width={} poly={:#0w$x} init={:#0w$x} refin={} refout={} xorout={:#0w$x} check={:#0w$x} residue={:#0w$x}",
            self.width,
            self.poly,
            self.init,
            self.refin,
            self.refout,
            self.xorout,
            self.check(),
            self.residue(),
            w = d + 2
        )?;
        if let Some(n) = &self.name {
            write!(f, " name=\"{n}\"")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by the `model_line` fuzz target: `name=` followed by a quote-holding unquoted
    /// value was accepted, and the model then printed as a line that did not parse back.
    #[test]
    fn a_name_with_a_quote_is_an_error() {
        let line = "width=15 poly=0x6815 name=\u{91}CRC-15/MPT1327\"";
        let err = line.parse::<ModelSpec>().unwrap_err().to_string();
        assert!(err.contains("contains a `\"`"), "{err}");
    }

    /// A key given twice is an error (as in `#[crc]`), not "the last one wins".
    #[test]
    fn duplicate_keys_in_a_line_are_errors() {
        for (line, key) in [
            ("width=16 poly=0x1021 poly=0x8005", "poly"),
            ("width=16 width=8 poly=0x07", "width"),
            (
                "width=8 poly=0x07 refin=true refout=true refin=false",
                "refin",
            ),
            ("width=8 poly=0x07 name=a name=\"b\"", "name"),
        ] {
            let err = line.parse::<ModelSpec>().unwrap_err().to_string();
            assert_eq!(
                err,
                format!("duplicate key `{key}`: give each key once"),
                "{line}"
            );
        }
    }

    /// `refin=true` or `refout=true` alone would default the other to false: an error
    /// saying what to write. Written out, a crossed model is fine.
    #[test]
    fn a_lone_reflection_in_a_line_is_an_error() {
        let err = "width=32 poly=0x04c11db7 refin=true".parse::<ModelSpec>();
        assert_eq!(
            err.unwrap().build().unwrap_err().to_string(),
            "refin = true without refout: write refout = true, or refout = false for a crossed model"
        );
        let err = "width=12 poly=0x80f refout=true".parse::<ModelSpec>();
        assert_eq!(
            err.unwrap().build().unwrap_err().to_string(),
            "refout = true without refin: write refin = true, or refin = false for a crossed model"
        );
        let m = "width=12 poly=0x80f refin=false refout=true".parse::<ModelSpec>();
        assert!(m.unwrap().build().unwrap().is_crossed());
        let m = "width=12 poly=0x80f refin=false".parse::<ModelSpec>();
        assert!(!m.unwrap().build().unwrap().is_crossed());
    }

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

    /// Every model prints as a line that parses back to it, names with spaces included.
    #[test]
    fn display_parses_back() {
        for line in [
            "width=16 poly=0x1021 init=0xffff",
            "width=5 poly=0x15 init=0x1f refin=true refout=false xorout=0x3",
            "width=128 poly=0x87 name=\"two words\"",
            "width=8 poly=0x7 name=",
            "width=8 poly=0x7 name=\"\"",
        ] {
            let m = line.parse::<ModelSpec>().unwrap().build().unwrap();
            let again = m.to_string().parse::<ModelSpec>().unwrap().build().unwrap();
            assert_eq!(again, m, "{line}");
        }
    }
}
