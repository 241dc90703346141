//! Samples: a message and its CRC, parsed from `HEXDATA:HEXCRC` or split off a captured frame.

use super::outcome::SearchError;

/// One message and the CRC that was observed for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The message bytes.
    pub data: Vec<u8>,
    /// The CRC value, as a number (`0x1234` for the bytes `12 34` sent big-endian).
    pub crc: u128,
}

/// Where a CRC sits inside a captured message ([`Sample::embedded`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CrcAt {
    /// The CRC precedes the data.
    Start,
    /// The CRC follows the data (the usual codeword).
    End,
}

/// Byte order of a CRC embedded in a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Endian {
    /// Most significant byte first.
    Big,
    /// Least significant byte first.
    Little,
}

impl Sample {
    /// A sample from bytes and a CRC value.
    pub fn new(data: Vec<u8>, crc: u128) -> Self {
        Sample { data, crc }
    }

    /// Parses `HEXDATA:HEXCRC`, e.g. `313233:5a3f` (`0x` prefixes, spaces and `_` allowed;
    /// the data must be whole bytes, the CRC at most 128 bits).
    ///
    /// ```
    /// use crc_gen::search::Sample;
    /// let s = Sample::parse("0x3132 33:0xBEEF").unwrap();
    /// assert_eq!((s.data, s.crc), (b"123".to_vec(), 0xbeef));
    /// assert!(Sample::parse("313:00").is_err());
    /// assert!(Sample::parse("3132").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Sample, SearchError> {
        let (data, crc) = text.split_once(':').ok_or_else(|| SearchError::Syntax {
            sample: text.to_owned(),
            reason: "expected HEXDATA:HEXCRC".into(),
        })?;
        let data = parse_hex(data).map_err(|reason| SearchError::Syntax {
            sample: text.to_owned(),
            reason,
        })?;
        let crc = parse_number(crc).map_err(|reason| SearchError::Syntax {
            sample: text.to_owned(),
            reason,
        })?;
        Ok(Sample { data, crc })
    }

    /// Splits a captured message into data and the `width / 8` CRC bytes at its start or
    /// end, read in the given byte order. `width` must be a multiple of 8.
    ///
    /// ```
    /// use crc_gen::search::{CrcAt, Endian, Sample};
    /// let s = Sample::embedded(&[0x31, 0x32, 0xef, 0xbe], 16, CrcAt::End, Endian::Little).unwrap();
    /// assert_eq!((s.data, s.crc), (vec![0x31, 0x32], 0xbeef));
    /// ```
    pub fn embedded(
        message: &[u8],
        width: u32,
        at: CrcAt,
        endian: Endian,
    ) -> Result<Sample, SearchError> {
        if width == 0 || width > 128 || !width.is_multiple_of(8) {
            return Err(SearchError::EmbeddedWidth(width));
        }
        let n = (width / 8) as usize;
        if message.len() < n {
            return Err(SearchError::TooShort {
                len: message.len(),
                crc_bytes: n,
            });
        }
        let (data, crc) = match at {
            CrcAt::Start => (&message[n..], &message[..n]),
            CrcAt::End => (&message[..message.len() - n], &message[message.len() - n..]),
        };
        let fold = |acc: u128, &b: &u8| (acc << 8) | u128::from(b);
        let crc = match endian {
            Endian::Big => crc.iter().fold(0, fold),
            Endian::Little => crc.iter().rev().fold(0, fold),
        };
        Ok(Sample {
            data: data.to_vec(),
            crc,
        })
    }
}

/// Parses hex bytes (`0x` prefix, whitespace and `_` allowed); an odd number of digits or a
/// non-hex character is an error naming it.
///
/// ```
/// assert_eq!(crc_gen::search::parse_hex("0xdead BEEF").unwrap(), [0xde, 0xad, 0xbe, 0xef]);
/// assert!(crc_gen::search::parse_hex("abc").is_err());
/// ```
pub fn parse_hex(text: &str) -> Result<Vec<u8>, String> {
    let digits = strip(text);
    if let Some(c) = digits.chars().find(|c| !c.is_ascii_hexdigit()) {
        return Err(format!("`{c}` is not a hex digit"));
    }
    if !digits.len().is_multiple_of(2) {
        return Err(format!(
            "odd number of hex digits ({}): data must be whole bytes",
            digits.len()
        ));
    }
    let bytes = digits.as_bytes();
    let nibble = |c: u8| (c as char).to_digit(16).unwrap_or(0) as u8;
    Ok(bytes
        .chunks(2)
        .map(|p| (nibble(p[0]) << 4) | nibble(p[1]))
        .collect())
}

fn strip(text: &str) -> String {
    let t = text.trim();
    let t = t
        .strip_prefix("0x")
        .or_else(|| t.strip_prefix("0X"))
        .unwrap_or(t);
    t.chars()
        .filter(|c| !c.is_whitespace() && *c != '_')
        .collect()
}

fn parse_number(text: &str) -> Result<u128, String> {
    let digits = strip(text);
    if digits.is_empty() {
        return Err("missing CRC value".into());
    }
    if let Some(c) = digits.chars().find(|c| !c.is_ascii_hexdigit()) {
        return Err(format!("`{c}` is not a hex digit in the CRC"));
    }
    u128::from_str_radix(&digits, 16).map_err(|_| "CRC value wider than 128 bits".into())
}
