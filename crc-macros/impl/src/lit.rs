//! Literal tokens → values: integers (base prefix, `_`, suffix) and strings (escapes, raw).
//! The compiler has lexed them already, so this only reads what it accepted; anything else is
//! `None`, and the caller says what the key expected.

/// An integer literal as written: its value, `None` when it needs more than 128 bits.
pub(crate) struct Int<'a> {
    pub(crate) value: Option<u128>,
    pub(crate) suffix: &'a str,
}

/// Reads `0x1f`, `1_000u32`, `0b1010`, `0o17`; `None` for floats (`7.0`, `1e3`) and anything
/// that is not an integer. As in the lexer, an integer ends at the first character that is
/// not a digit of its base; the rest is its suffix (`0X07` is `0` with suffix `X07`).
pub(crate) fn int(text: &str) -> Option<Int<'_>> {
    let (base, digits) = match text.as_bytes() {
        [b'0', b'x', ..] => (16, &text[2..]),
        [b'0', b'o', ..] => (8, &text[2..]),
        [b'0', b'b', ..] => (2, &text[2..]),
        [b'0'..=b'9', ..] => (10, text),
        _ => return None,
    };
    let mut value = Some(0u128);
    let mut has_digit = false;
    let mut end = digits.len();
    for (i, ch) in digits.char_indices() {
        if ch == '_' {
            continue;
        }
        let float_part =
            base == 10 && (ch == '.' || (matches!(ch, 'e' | 'E') && exponent(&digits[i + 1..])));
        if float_part {
            return None;
        }
        let Some(digit) = ch
            .to_digit(16)
            .filter(|_| base == 16 || ch.is_ascii_digit())
        else {
            end = i;
            break;
        };
        // `0b12`, `0o8`: not an integer at all, as syn read them.
        if digit >= base {
            return None;
        }
        has_digit = true;
        value = value
            .and_then(|v| v.checked_mul(base.into()))
            .and_then(|v| v.checked_add(digit.into()));
    }
    let suffix = &digits[end..];
    let ident_like = suffix.chars().all(|c| c == '_' || c.is_alphanumeric())
        && !suffix.starts_with(|c: char| c.is_ascii_digit());
    (has_digit && ident_like).then_some(Int { value, suffix })
}

/// After an `e`: an exponent (`1e3`, `1e-3`, `1e_3`) rather than a suffix (`1em`).
fn exponent(rest: &str) -> bool {
    let rest = rest.trim_start_matches('_');
    rest.starts_with(|c: char| c.is_ascii_digit() || c == '+' || c == '-')
}

/// A string literal's value: `"..."` with its escapes, or `r#"..."#`. A suffix is ignored,
/// as syn ignored it. `None` for byte and C strings, characters and numbers.
pub(crate) fn string(text: &str) -> Option<String> {
    match text.as_bytes().first()? {
        b'"' => cooked(&text[1..]),
        b'r' => raw(&text[1..]),
        _ => None,
    }
}

fn raw(text: &str) -> Option<String> {
    let hashes = text.bytes().take_while(|&b| b == b'#').count();
    let body = text[hashes..].strip_prefix('"')?;
    let close = format!("\"{}", "#".repeat(hashes));
    body.find(&close).map(|end| body[..end].to_owned())
}

fn cooked(text: &str) -> Option<String> {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    loop {
        let ch = match chars.next()? {
            '"' => return Some(out),
            '\r' if chars.peek() == Some(&'\n') => continue,
            '\\' => match chars.next()? {
                'n' => '\n',
                'r' => '\r',
                't' => '\t',
                '0' => '\0',
                c @ ('\\' | '\'' | '"') => c,
                'x' => {
                    let hex: String = [chars.next()?, chars.next()?].into_iter().collect();
                    char::from(u8::from_str_radix(&hex, 16).ok().filter(|b| b.is_ascii())?)
                }
                'u' => {
                    (chars.next()? == '{').then_some(())?;
                    let hex: String = chars.by_ref().take_while(|&c| c != '}').collect();
                    char::from_u32(u32::from_str_radix(&hex.replace('_', ""), 16).ok()?)?
                }
                // A line continuation: the line break and the next line's indent go.
                '\n' | '\r' => {
                    while chars
                        .next_if(|c| matches!(c, ' ' | '\t' | '\n' | '\r'))
                        .is_some()
                    {}
                    continue;
                }
                _ => return None,
            },
            c => c,
        };
        out.push(ch);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers() {
        let read = |t| int(t).map(|i| (i.value, i.suffix));
        assert_eq!(read("0x1f"), Some((Some(0x1f), "")));
        assert_eq!(read("1_000u32"), Some((Some(1000), "u32")));
        assert_eq!(read("0b1010_i8"), Some((Some(10), "i8")));
        assert_eq!(read("0o17"), Some((Some(15), "")));
        assert_eq!(read("0X07"), Some((Some(0), "X07")));
        assert_eq!(read("0x07u9"), Some((Some(7), "u9")));
        assert_eq!(read("0xffi8"), Some((Some(255), "i8")));
        assert_eq!(read("1em"), Some((Some(1), "em")));
        let max = format!("{}", u128::MAX);
        assert_eq!(read(&max), Some((Some(u128::MAX), "")));
        let over = format!("0x1{}", "0".repeat(32));
        assert_eq!(read(&over), Some((None, "")));
        for not_int in [
            "7.0", "1e3", "1e-3", "0b12", "0x", "x1", "\"1\"", "'a'", "1.", "-1",
        ] {
            assert!(int(not_int).is_none(), "{not_int}");
        }
    }

    #[test]
    fn strings() {
        assert_eq!(string(r#""CRC-32/ISCSI""#).as_deref(), Some("CRC-32/ISCSI"));
        assert_eq!(
            string(r#""a\"b\\c\x41\u{1F600}\n""#).as_deref(),
            Some("a\"b\\cA\u{1F600}\n")
        );
        assert_eq!(string("\"a\\\n    b\"").as_deref(), Some("ab"));
        assert_eq!(string(r###"r##"a"#b"##"###).as_deref(), Some("a\"#b"));
        assert_eq!(string(r#""x"suffix"#).as_deref(), Some("x"));
        for not_str in [
            "b\"x\"",
            "c\"x\"",
            "'x'",
            "7",
            r#""\xff""#,
            r#""\q""#,
            "\"open",
        ] {
            assert!(string(not_str).is_none(), "{not_str}");
        }
    }
}
