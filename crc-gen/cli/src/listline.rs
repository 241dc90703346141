//! The lines of a checksum list, as `sum` writes them and `sum -c` reads them back: the one
//! place that knows the formats, their escaping and their parsing.
//!
//! File names are bytes (any name the OS allows, not only UTF-8). As GNU coreutils 9 does,
//! a name holding a backslash, a newline or a carriage return is written escaped (`\\`,
//! `\n`, `\r`) and its line starts with a backslash; `-z` ends lines with NUL instead and
//! escapes nothing. `-c`'s verdict lines escape a name only when it holds a newline (as
//! `sha256sum -c` does).

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use serde::Serialize;

/// The CRC formatted as `sum` prints it: lowercase hex, zero-padded to the width's digits.
pub fn hex(crc: u128, width: u32) -> String {
    format!("{crc:0digits$x}", digits = hex_digits(width))
}

/// Hex digits of a `width`-bit value.
pub fn hex_digits(width: u32) -> usize {
    width.div_ceil(4) as usize
}

/// A path's name as bytes (on Unix, exactly; elsewhere its UTF-8, lossily).
pub fn name_bytes(path: &Path) -> Vec<u8> {
    #[cfg(unix)]
    return std::os::unix::ffi::OsStrExt::as_bytes(path.as_os_str()).to_vec();
    #[cfg(not(unix))]
    return path.to_string_lossy().into_owned().into_bytes();
}

/// The path a list names (on Unix, any bytes; elsewhere the bytes must be UTF-8).
pub fn path_of(name: Vec<u8>) -> Result<PathBuf, String> {
    #[cfg(unix)]
    return Ok(PathBuf::from(
        <OsString as std::os::unix::ffi::OsStringExt>::from_vec(name),
    ));
    #[cfg(not(unix))]
    return String::from_utf8(name)
        .map(|s| PathBuf::from(OsString::from(s)))
        .map_err(|_| "a file name that is not UTF-8".to_string());
}

/// A file name in JSON: `name` as text (U+FFFD for bytes that are not UTF-8), and then
/// `name_hex`, the name's exact bytes in hex.
#[derive(Serialize)]
pub struct JsonName {
    /// The name as UTF-8, lossily.
    pub name: String,
    /// The name's bytes in hex, only when they are not UTF-8.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name_hex: Option<String>,
}

impl JsonName {
    /// The JSON form of a name's bytes.
    pub fn new(bytes: &[u8]) -> JsonName {
        match std::str::from_utf8(bytes) {
            Ok(s) => JsonName {
                name: s.to_owned(),
                name_hex: None,
            },
            Err(_) => JsonName {
                name: String::from_utf8_lossy(bytes).into_owned(),
                name_hex: Some(bytes.iter().map(|b| format!("{b:02x}")).collect()),
            },
        }
    }
}

/// `name` escaped for a list line when `when` holds, with whether it was.
fn escaped(name: &[u8], when: impl Fn(u8) -> bool) -> (bool, Vec<u8>) {
    if !name.iter().copied().any(when) {
        return (false, name.to_vec());
    }
    let mut out = Vec::with_capacity(name.len() + 4);
    for &b in name {
        match b {
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            _ => out.push(b),
        }
    }
    (true, out)
}

/// Undoes the escaping: `\\`, `\n` and `\r`; anything else after a backslash, a trailing
/// backslash or a NUL is not a name.
pub fn unescape(name: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(name.len());
    let mut bytes = name.iter();
    while let Some(&b) = bytes.next() {
        out.push(match b {
            b'\\' => match bytes.next()? {
                b'\\' => b'\\',
                b'n' => b'\n',
                b'r' => b'\r',
                _ => return None,
            },
            0 => return None,
            b => b,
        });
    }
    Some(out)
}

/// How `sum` writes a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style<'a> {
    /// `<crc hex>  <bytes>  <name>`.
    Plain,
    /// BSD, as `--tag`: `TAG (<name>) = <crc hex>`.
    Tag(&'a str),
    /// POSIX `cksum`: `<crc decimal> <bytes> <name>`, names as they are.
    Cksum,
}

/// One line of `sum`'s output, terminator included (NUL with `zero`). `name` is `None` for
/// direct input (`--hex`, `--string`) and for standard input in the cksum style.
pub fn sum_line(
    style: Style<'_>,
    crc: u128,
    width: u32,
    bytes: u64,
    name: Option<&[u8]>,
    zero: bool,
) -> Vec<u8> {
    let value = match style {
        Style::Cksum => crc.to_string(),
        _ => hex(crc, width),
    };
    value_line(style, &value, bytes, name, zero)
}

/// One line of `sum`'s output with the value already written out (hex, decimal, base64 or
/// S3's `…-N`), terminator included; as [`sum_line`] otherwise.
pub fn value_line(
    style: Style<'_>,
    value: &str,
    bytes: u64,
    name: Option<&[u8]>,
    zero: bool,
) -> Vec<u8> {
    let needs = |b| matches!(b, b'\\' | b'\n' | b'\r');
    let (esc, name) = match (name, zero || style == Style::Cksum) {
        (Some(n), false) => escaped(n, needs),
        (Some(n), true) => (false, n.to_vec()),
        (None, _) => (false, Vec::new()),
    };
    let mut line = Vec::with_capacity(name.len() + 48);
    if esc {
        line.push(b'\\');
    }
    match (style, name.is_empty()) {
        (Style::Plain, true) => line.extend(format!("{value}  {bytes}").bytes()),
        (Style::Plain, false) => line.extend(format!("{value}  {bytes}  ").bytes()),
        (Style::Tag(tag), _) => line.extend(format!("{tag} (").bytes()),
        (Style::Cksum, true) => line.extend(format!("{value} {bytes}").bytes()),
        (Style::Cksum, false) => line.extend(format!("{value} {bytes} ").bytes()),
    }
    line.extend_from_slice(&name);
    if let Style::Tag(_) = style {
        line.extend(format!(") = {value}").bytes());
    }
    line.push(if zero { 0 } else { b'\n' });
    line
}

/// One verdict line of `sum -c`: `<name>: OK`.
pub fn verdict_line(name: &[u8], verdict: &str) -> Vec<u8> {
    let (esc, name) = escaped(name, |b| b == b'\n');
    let mut line = Vec::with_capacity(name.len() + verdict.len() + 4);
    if esc {
        line.push(b'\\');
    }
    line.extend_from_slice(&name);
    line.extend(format!(": {verdict}\n").bytes());
    line
}

/// A line of a list, parsed: what it states, before a model gives its CRC a width.
#[derive(Debug, PartialEq, Eq)]
pub struct Line {
    /// The algorithm a BSD line names (`CRC-32/ISCSI (f) = …`); `None` for the other forms.
    pub tag: Option<String>,
    /// The CRC's hex digits, as written.
    pub digits: String,
    /// The size it states (not in GNU two-field or BSD lines).
    pub bytes: Option<u64>,
    /// The file name, unescaped.
    pub name: Vec<u8>,
}

impl Line {
    /// The stated CRC, for a model of `width` bits: as many hex digits as the width has.
    pub fn crc(&self, width: u32) -> Result<u128, String> {
        crc_value(self.digits.as_bytes(), width)
    }
}

/// How a list's untagged lines separate the CRC from the name. As in coreutils, the first
/// such line decides, for every list of the run: `<crc> <name>` (one space, as `md5 -r` and
/// hands write) or two spaces / ` *`, never both, so that a name starting with a space or
/// `*` cannot pass for the other form.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Spacing {
    /// No untagged line read yet.
    #[default]
    Unset,
    /// `<crc>  <name>`, `<crc> *<name>` and `sum`'s `<crc>  <bytes>  <name>`.
    Two,
    /// `<crc> <name>`: the name is all after the one space.
    One,
}

/// Parses one line (without its newline). Four forms: `sum`'s own `<crc hex>  <bytes>
/// <name>`; GNU's `<crc hex>  <name>` (or ` *<name>`); `<crc hex> <name>`, with one space,
/// when `spacing` allows it; BSD's `TAG (<name>) = <crc hex>`, told from the others by the
/// `(` after its first word. A leading backslash marks an escaped name. The error says what
/// is wrong.
pub fn parse(line: &[u8], spacing: &mut Spacing) -> Result<Line, String> {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let start = line
        .iter()
        .position(|b| !b" \t".contains(b))
        .unwrap_or(line.len());
    let (escaped, line) = match &line[start..] {
        [b'\\', rest @ ..] => (true, rest),
        rest => (false, rest),
    };
    let word = line
        .iter()
        .position(|b| b" (".contains(b))
        .unwrap_or(line.len());
    let after = &line[word..];
    let (tag, (crc, bytes, name)) = match after.strip_prefix(b" ").unwrap_or(after) {
        [b'(', rest @ ..] if word > 0 => {
            let tag = String::from_utf8_lossy(&line[..word]).into_owned();
            (Some(tag), bsd(rest)?)
        }
        _ => (None, gnu(line, spacing)?),
    };
    let name = if escaped {
        unescape(name).ok_or("bad escape in the file name")?
    } else {
        name.to_vec()
    };
    if name.is_empty() {
        return Err("no file name".into());
    }
    if crc.is_empty() || !crc.iter().copied().all(value_char) {
        return Err(format!(
            "`{}` is not a hex CRC",
            String::from_utf8_lossy(crc)
        ));
    }
    Ok(Line {
        tag,
        digits: String::from_utf8_lossy(crc).into_owned(),
        bytes,
        name,
    })
}

/// Whether `b` may be part of a stated value: hex digits, base64 (`+/=`), S3's `-N`.
fn value_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"+/=-".contains(&b)
}

/// Whether a line's first word can be a stated value, before the width is known: hex
/// digits, or base64 (with one of `+/=`, or in whole 4-character groups), either with S3's
/// `-N` after it. A word such as `not` is neither, so the line is no CRC line and sets no
/// spacing; base64 of the wrong length is refused later, by the width.
fn looks_like_value(word: &[u8]) -> bool {
    let value = match word.iter().rposition(|&b| b == b'-') {
        Some(dash) if dash + 1 < word.len() && word[dash + 1..].iter().all(u8::is_ascii_digit) => {
            &word[..dash]
        }
        _ => word,
    };
    let base64 = |b: &u8| b.is_ascii_alphanumeric() || b"+/=".contains(b);
    !value.is_empty()
        && (value.iter().all(u8::is_ascii_hexdigit)
            || (value.iter().all(base64)
                && (value.len() % 4 == 0 || value.iter().any(|b| b"+/=".contains(b)))))
}

/// A line's CRC digits, stated size and (still escaped) name.
type Fields<'a> = (&'a [u8], Option<u64>, &'a [u8]);

/// `<name>) = <crc>` after `TAG (`: the name runs to the last `) = `.
fn bsd(rest: &[u8]) -> Result<Fields<'_>, String> {
    let at = rest
        .windows(4)
        .rposition(|w| w == b") = ")
        .ok_or("malformed BSD line, expected `TAG (<name>) = <crc hex>`")?;
    Ok((&rest[at + 4..], None, &rest[..at]))
}

/// `<crc>  <bytes>  <name>`, `<crc>  <name>` / `<crc> *<name>`, or `<crc> <name>`.
fn gnu<'a>(line: &'a [u8], spacing: &mut Spacing) -> Result<Fields<'a>, String> {
    let malformed = "malformed line, expected `<crc hex>  <bytes>  <name>` or `<crc hex>  <name>`";
    let sp = line.iter().position(|&b| b == b' ').ok_or(malformed)?;
    let (crc, rest) = (&line[..sp], &line[sp + 1..]);
    // coreutils' test: one space unless a space or `*` follows with more after it.
    let one = rest.len() == 1 || !matches!(rest.first(), Some(b' ' | b'*'));
    // A line that is no CRC line decides no spacing.
    if !looks_like_value(crc) {
        return Err(match one {
            true => malformed.into(),
            false => format!("`{}` is not a hex CRC", String::from_utf8_lossy(crc)),
        });
    }
    match (*spacing, one) {
        (Spacing::Two, true) => {
            return Err("one space after the CRC, where an earlier line had two; \
                 the lists take one form"
                .into())
        }
        (Spacing::Unset | Spacing::One, true) => {
            *spacing = Spacing::One;
            return Ok((crc, None, rest));
        }
        // A list of one-space lines: a leading space or `*` is the name's.
        (Spacing::One, false) => return Ok((crc, None, rest)),
        (Spacing::Unset | Spacing::Two, false) => *spacing = Spacing::Two,
    }
    let rest = &rest[1..];
    // `sum`'s own form: a decimal size and two spaces before the name.
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits > 0 && rest[digits..].starts_with(b"  ") {
        let size = std::str::from_utf8(&rest[..digits]).unwrap_or_default();
        let size = size
            .parse()
            .map_err(|_| format!("the size `{size}` is not a number of bytes"))?;
        return Ok((crc, Some(size), &rest[digits + 2..]));
    }
    Ok((crc, None, rest))
}

/// The CRC from its hex digits, which must be as many as the width has, or from the base64
/// of its width's bytes (as `cksum -c` tells them apart: by their length and alphabet; the two
/// lengths never agree for one width).
fn crc_value(crc: &[u8], width: u32) -> Result<u128, String> {
    let text = String::from_utf8_lossy(crc);
    let hex_form = !crc.is_empty() && crc.iter().all(u8::is_ascii_hexdigit);
    let base64_len = width.div_ceil(8).div_ceil(3) as usize * 4;
    if !hex_form || (crc.len() != hex_digits(width) && crc.len() == base64_len) {
        return crate::base64::decode_crc(crc, width).map_err(|why| {
            format!(
                "`{text}` is not a hex CRC, nor base64 of {} bytes ({why})",
                width.div_ceil(8)
            )
        });
    }
    let digits = hex_digits(width);
    if crc.len() != digits {
        return Err(format!(
            "the CRC `{text}` has {} hex digits, a {width}-bit CRC has {digits} \
             (was the list made with another algorithm?)",
            crc.len()
        ));
    }
    u128::from_str_radix(&text, 16).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A parsed line as (tag, CRC for `width`, size, name).
    type Parsed = (Option<String>, u128, Option<u64>, Vec<u8>);

    fn p32(s: &[u8]) -> Result<Parsed, String> {
        let l = parse(s, &mut Spacing::Unset)?;
        Ok((l.tag.clone(), l.crc(32)?, l.bytes, l.name))
    }

    fn want(tag: Option<&str>, crc: u128, bytes: Option<u64>, name: &[u8]) -> Parsed {
        (tag.map(str::to_owned), crc, bytes, name.to_vec())
    }

    #[test]
    fn parses_every_form_sum_and_coreutils_write() {
        let p = p32;
        let hdlc = Some("CRC-32/ISO-HDLC");
        assert_eq!(
            p(b"cbf43926  9  a b  c"),
            Ok(want(None, 0xcbf43926, Some(9), b"a b  c"))
        );
        assert_eq!(
            p(b"cbf43926  a b"),
            Ok(want(None, 0xcbf43926, None, b"a b"))
        );
        assert_eq!(
            p(b"cbf43926 *bin"),
            Ok(want(None, 0xcbf43926, None, b"bin"))
        );
        assert_eq!(
            p(b"CRC-32/ISO-HDLC (x) = y) = cbf43926"),
            Ok(want(hdlc, 0xcbf43926, None, b"x) = y"))
        );
        assert_eq!(
            p(b"\\CRC-32/ISO-HDLC (n\\nl\\\\) = cbf43926"),
            Ok(want(hdlc, 0xcbf43926, None, b"n\nl\\"))
        );
        assert_eq!(
            p(b"crc32c (x) = cbf43926"),
            Ok(want(Some("crc32c"), 0xcbf43926, None, b"x"))
        );
        assert_eq!(
            p(b"CRC(x) = cbf43926"),
            Ok(want(Some("CRC"), 0xcbf43926, None, b"x"))
        );
        assert_eq!(
            p(b"\\cbf43926  0  new\\nline\\\\\\r"),
            Ok(want(None, 0xcbf43926, Some(0), b"new\nline\\\r"))
        );
        assert_eq!(
            p(b"cbf43926  1  \xff"),
            Ok(want(None, 0xcbf43926, Some(1), b"\xff"))
        );
        assert_eq!(
            p(b"cbf43926 9  x"),
            Ok(want(None, 0xcbf43926, None, b"9  x"))
        );
        assert_eq!(p(b"cbf43926 *"), Ok(want(None, 0xcbf43926, None, b"*")));
        assert!(p(b"cbf4392  9  x").unwrap_err().contains("7 hex digits"));
        assert!(p(b"cbf4392g  9  x").unwrap_err().contains("not a hex"));
        assert!(p(b"cbf43926  9  ").is_err());
        assert!(p(b"\\cbf43926  9  a\\q").is_err());
        assert!(p(b"CRC-32/ISCSI (x) = cbf4392z").is_err());
        assert!(p(b"(x) = cbf43926").is_err());
        // Base64, as `cksum --base64` writes it, told from hex by its length and alphabet.
        assert_eq!(
            p(b"y/Q5Jg==  9  x"),
            Ok(want(None, 0xcbf43926, Some(9), b"x"))
        );
        assert_eq!(
            p(b"CRC-32/ISO-HDLC (x) = y/Q5Jg=="),
            Ok(want(hdlc, 0xcbf43926, None, b"x"))
        );
        assert!(p(b"y/Q5Jg=  9  x")
            .unwrap_err()
            .contains("nor base64 of 4 bytes"));
        assert!(p(b"y/Q5Jg!=  9  x").is_err());
        let l = parse(b"ABCD  x", &mut Spacing::Unset).unwrap();
        assert_eq!(l.crc(24), Ok(0x001083));
        assert_eq!(l.crc(16), Ok(0xabcd));
    }

    /// The first untagged line sets the spacing for the lines after it, as in coreutils:
    /// after a one-space line a leading space or `*` is the name's; after a two-space line a
    /// one-space line is malformed. BSD lines leave it as it is.
    #[test]
    fn the_first_line_sets_the_spacing() {
        let names = |lines: &[&[u8]]| {
            let mut spacing = Spacing::Unset;
            let names: Vec<_> = lines
                .iter()
                .map(|l| parse(l, &mut spacing).map(|l| l.name))
                .collect();
            (names, spacing)
        };
        let (got, spacing) = names(&[b"CRC (t) = 00", b"00 a", b"00  b", b"00 *c", b"00 d"]);
        assert_eq!(spacing, Spacing::One);
        let want: [&[u8]; 5] = [b"t", b"a", b" b", b"*c", b"d"];
        assert_eq!(got, want.map(|n| Ok(n.to_vec())));
        let (got, spacing) = names(&[b"00 *a", b"00  1  b", b"00 c"]);
        assert_eq!(spacing, Spacing::Two);
        assert_eq!(got[..2], [Ok(b"a".to_vec()), Ok(b"b".to_vec())]);
        assert!(
            got[2].as_ref().unwrap_err().contains("one space"),
            "{got:?}"
        );
        // A line that is no CRC line at all decides nothing.
        let (_, spacing) = names(&[b"not a line"]);
        assert_eq!(spacing, Spacing::Unset);
    }

    /// Every name written is read back to the same bytes, in each style that escapes.
    #[test]
    fn names_round_trip() {
        let names: [&[u8]; 6] = [
            b"plain",
            b"a\\b",
            b"new\nline",
            b"cr\r",
            b"\xff\xfe",
            b"x) = y",
        ];
        for name in names {
            for style in [Style::Plain, Style::Tag("CRC-8/SMBUS")] {
                let text = sum_line(style, 0xab, 8, 3, Some(name), false);
                let text = text.strip_suffix(b"\n").unwrap();
                let back = parse(text, &mut Spacing::Unset).unwrap();
                assert_eq!(
                    back.name,
                    name,
                    "{style:?} {:?}",
                    String::from_utf8_lossy(text)
                );
                assert_eq!(back.crc(8), Ok(0xab));
            }
        }
        assert_eq!(
            sum_line(Style::Plain, 0xab, 8, 3, Some(b"a\\b"), true),
            b"ab  3  a\\b\0"
        );
        assert_eq!(
            sum_line(Style::Cksum, 7, 32, 3, Some(b"a\nb"), false),
            b"7 3 a\nb\n"
        );
        assert_eq!(sum_line(Style::Cksum, 7, 32, 3, None, false), b"7 3\n");
        assert_eq!(verdict_line(b"c\\d", "OK"), b"c\\d: OK\n");
        assert_eq!(verdict_line(b"h\\i\nj", "OK"), b"\\h\\\\i\\nj: OK\n");
    }
}
