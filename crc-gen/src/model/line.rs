//! RevEng's one-line format: [`ModelSpec`] parsed from a line, [`Model`] printed as one.

use core::fmt;

use super::spec::ModelSpec;
use super::validated::Model;
use crate::error::{Field, ModelError};

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
