//! What can be wrong with a model description, as values that name the culprit.

use core::fmt;

/// A parameter of the Rocksoft model, as written in `#[crc(...)]` or on the command line.
///
/// Errors carry the field they are about so the macro can point its compile error at the
/// offending key and the CLI can name the flag.
///
/// ```
/// use crc_gen::Field;
/// assert_eq!(Field::Xorout.to_string(), "xorout");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// `width`: the degree of the generator polynomial, 1..=128.
    Width,
    /// `poly`: the generator polynomial without its `x^width` term, msb-first.
    Poly,
    /// `init`: the register before the first bit, unreflected.
    Init,
    /// `refin`: whether input bytes are processed lsb-first.
    Refin,
    /// `refout`: whether the register is reflected before `xorout`.
    Refout,
    /// `xorout`: XORed into the result.
    Xorout,
    /// `check`: the CRC of ASCII `123456789`.
    Check,
    /// `residue`: the register after a message followed by its own CRC, before `xorout`.
    Residue,
    /// `catalog`: a catalogue name or alias.
    Catalog,
}

impl Field {
    /// The key as written in `#[crc(...)]` and on the command line.
    pub fn key(self) -> &'static str {
        match self {
            Field::Width => "width",
            Field::Poly => "poly",
            Field::Init => "init",
            Field::Refin => "refin",
            Field::Refout => "refout",
            Field::Xorout => "xorout",
            Field::Check => "check",
            Field::Residue => "residue",
            Field::Catalog => "catalog",
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// Why a model description was rejected.
///
/// ```
/// use crc_gen::{Field, ModelError, ModelSpec};
/// let err = ModelSpec::new(8, 0x107).build().unwrap_err();
/// assert_eq!(err.field(), Some(Field::Poly));
/// assert_eq!(err.to_string(), "poly = 0x107 does not fit in width = 8 bits");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModelError {
    /// A model line that does not follow RevEng's `key=value` format.
    Syntax(String),
    /// A required parameter was not given.
    Missing(Field),
    /// `width` outside 1..=128.
    Width(u32),
    /// `poly = 0`: no generator at all, so every message's CRC would be `xorout`.
    ZeroPoly,
    /// `refin` or `refout` given as `true` without the other, which would default to `false`
    /// and make a crossed model: nearly always a slip, so the other must be written out.
    LoneReflection {
        /// The key given.
        given: Field,
        /// The key left out.
        missing: Field,
    },
    /// A value with bits at or above `x^width`.
    TooWide {
        /// Which parameter.
        field: Field,
        /// The value given.
        value: u128,
        /// The model's width.
        width: u32,
    },
    /// The claimed `check` differs from the CRC of `123456789` under the model.
    CheckMismatch {
        /// The value given.
        claimed: u128,
        /// What the bitwise reference computes.
        computed: u128,
    },
    /// The claimed `check` (or `residue`) differs from the model's, but the model with the
    /// bit-reversed `poly` computes it: the poly was written in its reflected form.
    ReflectedPoly {
        /// The poly given.
        given: u128,
        /// Its bit reversal over the width, the poly that matches.
        poly: u128,
        /// The model's width.
        width: u32,
        /// Which claim the poly given fails: [`Field::Check`] or [`Field::Residue`].
        claim: Field,
        /// The claimed value.
        claimed: u128,
    },
    /// The claimed `residue` differs from the model's residue.
    ResidueMismatch {
        /// The value given.
        claimed: u128,
        /// What the model computes.
        computed: u128,
    },
    /// A catalogue name that matches no algorithm or alias.
    UnknownName {
        /// The name given.
        name: String,
        /// The closest catalogue names, best first.
        suggestions: Vec<String>,
    },
}

/// `value` in hex with `0x`, zero-padded to the width's digits (`0x04c11db7`).
fn hex(value: u128, width: u32) -> String {
    format!(
        "{value:#0digits$x}",
        digits = width.div_ceil(4) as usize + 2
    )
}

fn suggest(names: &[String]) -> String {
    match names {
        [] => String::from(" (`crc-gen list` shows the catalogue)"),
        [one] => format!("; did you mean `{one}`?"),
        many => format!("; did you mean one of: {}?", many.join(", ")),
    }
}

// By hand rather than derived: the derive's proc macro would put syn into every build of
// crc-gen, which its math alone (crcstamp's `dynamic` feature) does not need.
impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModelError::Syntax(message) => f.write_str(message),
            ModelError::Missing(field) => write!(
                f,
                "missing `{field}`: a model needs width and poly (init, refin, refout, xorout default to 0/false)"
            ),
            ModelError::Width(width) => write!(
                f,
                "width = {width} is out of range: crcstamp supports widths 1..=128"
            ),
            ModelError::ZeroPoly => f.write_str(
                "poly = 0 is not a generator: every message would get the same CRC (xorout); give the polynomial's terms below x^width, msb-first",
            ),
            ModelError::LoneReflection { given, missing } => write!(
                f,
                "{given} = true without {missing}: write {missing} = true, or {missing} = false for a crossed model"
            ),
            ModelError::TooWide {
                field,
                value,
                width,
            } => write!(f, "{field} = {value:#x} does not fit in width = {width} bits"),
            ModelError::CheckMismatch { claimed, computed } => write!(
                f,
                "check mismatch: the model computes check = {computed:#x}, but {claimed:#x} was given"
            ),
            ModelError::ReflectedPoly {
                given,
                poly,
                width,
                claim,
                claimed,
            } => write!(
                f,
                "{claim} mismatch: {} is the reflected form; the model's poly is {} (with it, {claim} = {} as given)",
                hex(*given, *width),
                hex(*poly, *width),
                hex(*claimed, *width)
            ),
            ModelError::ResidueMismatch { claimed, computed } => write!(
                f,
                "residue mismatch: the model computes residue = {computed:#x}, but {claimed:#x} was given"
            ),
            ModelError::UnknownName { name, suggestions } => write!(
                f,
                "unknown catalogue name `{name}`{}",
                suggest(suggestions)
            ),
        }
    }
}

impl std::error::Error for ModelError {}

impl ModelError {
    /// The parameter this error is about, if it is about one.
    pub fn field(&self) -> Option<Field> {
        match self {
            ModelError::Syntax(_) => None,
            ModelError::Missing(f) => Some(*f),
            ModelError::Width(_) => Some(Field::Width),
            ModelError::TooWide { field, .. } => Some(*field),
            ModelError::ZeroPoly | ModelError::ReflectedPoly { .. } => Some(Field::Poly),
            ModelError::LoneReflection { given, .. } => Some(*given),
            ModelError::CheckMismatch { .. } => Some(Field::Check),
            ModelError::ResidueMismatch { .. } => Some(Field::Residue),
            ModelError::UnknownName { .. } => Some(Field::Catalog),
        }
    }
}
