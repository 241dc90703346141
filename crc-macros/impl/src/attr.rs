//! Tokens of `#[crc(...)]` → [`Args`]: syntax and value types only; meaning is checked in
//! `valid`.
//!
//! The grammar is `key = value` pairs. A value is meant to be one literal, but whatever
//! expression was written is read to its end (`0x04 | 0x03`, `-1`, `foo.bar()`), so that the
//! error underlines all of it and a missing comma is found where it is missing.

use proc_macro2::{Delimiter, Ident, Literal, Span, TokenStream, TokenTree};

use crate::ast::{Arg, Args, Expect, Key, Value};
use crate::cursor::{is_punct, unraw, Cursor};
use crate::errors::{self, Error};
use crate::lit;

/// Parses the attribute's arguments. Every bad key and value is reported, not just the
/// first; a syntax error ends the parse, and is reported along with those before it.
pub(crate) fn parse(tokens: TokenStream) -> Result<Args, Error> {
    let mut input = Cursor::new(tokens);
    let mut args = Vec::new();
    let mut errors = Vec::new();
    while !input.is_empty() {
        match next(&mut input) {
            Ok(Ok(a)) => args.push(a),
            Ok(Err(e)) => errors.push(e),
            Err(e) => {
                errors.push(e);
                break;
            }
        }
    }
    errors::combine(errors)?;
    Ok(Args { args })
}

/// One `key = value` and its comma. The outer error is a syntax error, after which parsing
/// cannot go on; the inner one is a bad key or value, after which it can.
fn next(input: &mut Cursor) -> Result<Result<Arg, Error>, Error> {
    let Some(TokenTree::Ident(key_ident)) = input.peek().cloned() else {
        let msg = format!("expected a key: {}", known_keys());
        return Err(Error::new(input.span(), msg));
    };
    input.bump();
    let key = key(&key_ident);
    let needs_value = |key: Key| {
        let example = key.example();
        let msg = format!("`{key_ident}` needs a value, like `{key_ident} = {example}`");
        Error::new(key_ident.span(), msg)
    };
    if !input.peek_punct('=') {
        return Err(key.map_or_else(|e| e, needs_value));
    }
    input.bump();
    if input.is_empty() || input.peek_punct(',') {
        return Err(key.map_or_else(|e| e, needs_value));
    }
    let start = input.pos();
    if !expression(input) {
        // Not an expression (`|x| x`, `0..`): the value runs to the comma, and `arg` says
        // what the key expects instead.
        while !input.is_empty() && !input.peek_punct(',') {
            input.bump();
        }
    }
    let value = peel(input.since(start).to_vec());
    if !input.is_empty() {
        if !input.peek_punct(',') {
            return Err(Error::new(input.span(), "expected `,`"));
        }
        input.bump();
    }
    Ok(key.and_then(|key| arg(key, &key_ident, &value)))
}

fn known_keys() -> String {
    let known: Vec<_> = Key::ALL.iter().map(|k| k.name()).collect();
    format!("one of {}", known.join(", "))
}

fn key(key_ident: &Ident) -> Result<Key, Error> {
    let name = unraw(key_ident);
    Key::from_name(&name).ok_or_else(|| {
        let msg = format!("unknown key `{name}`; expected {}", known_keys());
        Error::new(key_ident.span(), msg)
    })
}

fn arg(key: Key, key_ident: &Ident, value: &[TokenTree]) -> Result<Arg, Error> {
    let name = key.name();
    // The error underlines the whole value, even when it is several tokens (`-1`).
    let wrong = |what: &str| {
        let example = key.example();
        let msg = format!("`{name}` expects {what}, like `{name} = {example}`");
        Error::spanned(value, msg)
    };
    let literal = match value {
        [TokenTree::Literal(l)] => Some((l, l.to_string())),
        _ => None,
    };
    let int = literal
        .as_ref()
        .and_then(|(l, text)| Some((*l, lit::int(text)?)));
    let string = literal.as_ref().and_then(|(_, text)| lit::string(text));
    let negative = match (value, &literal) {
        (_, Some((_, text))) => text.starts_with('-'),
        ([first, ..], None) => is_punct(Some(first), '-') && is_one_operand(value),
        ([], None) => false,
    };
    let boolean = match value {
        [TokenTree::Ident(i)] if i == "true" => Some(true),
        [TokenTree::Ident(i)] if i == "false" => Some(false),
        _ => None,
    };
    let parsed = match (key.expects(), int, string, boolean) {
        (Expect::Int | Expect::IntOrStr, Some((l, i)), ..) => Value::Int(int_value(key, l, &i)?),
        (Expect::IntOrStr, _, Some(s), _) => Value::Str(s),
        (Expect::IntOrStr, ..) => {
            return Err(wrong(&format!("one of {}", crc_gen::Slice::ACCEPTED)))
        }
        (Expect::Int, ..) if negative => return Err(wrong("a non-negative integer")),
        (Expect::Int, ..) => return Err(wrong("an integer literal")),
        (Expect::Bool, .., Some(b)) => Value::Bool(b),
        (Expect::Bool, ..) => return Err(wrong("`true` or `false`")),
        (Expect::Str, _, Some(s), _) => Value::Str(s),
        (Expect::Str, ..) => return Err(wrong("a string literal")),
    };
    Ok(Arg {
        key,
        key_span: key_ident.span(),
        value: parsed,
        value_span: value.first().map_or_else(Span::call_site, TokenTree::span),
    })
}

/// A value passed through a `macro_rules!` fragment (`$name:literal`, `$v:expr`) arrives
/// wrapped in invisible delimiters; look through them.
fn peel(value: Vec<TokenTree>) -> Vec<TokenTree> {
    match value.as_slice() {
        [TokenTree::Group(g)] if g.delimiter() == Delimiter::None => {
            peel(g.stream().into_iter().collect())
        }
        _ => value,
    }
}

/// An integer literal's value. The compiler never sees the literal (the macro consumes it),
/// so its suffix is checked here: `0X07` lexes as `0` with suffix `X07`, and must not
/// silently mean 0.
fn int_value(key: Key, lit: &Literal, parsed: &lit::Int) -> Result<u128, Error> {
    let name = key.name();
    let suffix = parsed.suffix;
    let max = match suffix {
        "" | "u128" => u128::MAX,
        "u64" | "usize" => u64::MAX.into(),
        "u32" => u32::MAX.into(),
        "u16" => u16::MAX.into(),
        "u8" => u8::MAX.into(),
        "i128" => i128::MAX as u128,
        "i64" | "isize" => i64::MAX as u128,
        "i32" => i32::MAX as u128,
        "i16" => i16::MAX as u128,
        "i8" => i8::MAX as u128,
        _ => {
            let hint = if parsed.value == Some(0) && suffix.starts_with(['X', 'B', 'O']) {
                format!(
                    "; base prefixes are lower case, as in `0{}`",
                    suffix.to_lowercase()
                )
            } else {
                String::from("; expected an integer type like `u32`, or no suffix")
            };
            return Err(Error::new(
                lit.span(),
                format!("invalid suffix `{suffix}` on `{name} = {lit}`{hint}"),
            ));
        }
    };
    match parsed.value {
        Some(v) if v <= max => Ok(v),
        Some(_) => Err(Error::new(
            lit.span(),
            format!("`{name} = {lit}` is out of range for `{suffix}`"),
        )),
        None => Err(Error::new(
            lit.span(),
            format!("`{name} = {lit}` does not fit in 128 bits"),
        )),
    }
}

/// Whether `tokens` are one operand with its prefix and postfix operators (`-1`, `-f(x)`),
/// not a binary expression (`-1 | 2`) or a cast.
fn is_one_operand(tokens: &[TokenTree]) -> bool {
    let mut input = Cursor::new(tokens.iter().cloned().collect());
    operand(&mut input) && input.is_empty()
}

/// Reads an expression: operands joined by binary operators. It stops at a token that cannot
/// continue one (a `,`, or the next key when the comma is missing); `false` when what it
/// read is not an expression.
fn expression(input: &mut Cursor) -> bool {
    if !operand(input) {
        return false;
    }
    while binary_operator(input) {
        if !operand(input) {
            return false;
        }
    }
    true
}

/// Prefix operators, a literal, group or path, then calls, indexing, fields, `?` and macro
/// bangs; `false` when there is no literal, group or path.
fn operand(input: &mut Cursor) -> bool {
    while ['-', '!', '*', '&'].iter().any(|&ch| input.peek_punct(ch)) {
        input.bump();
    }
    match input.peek() {
        Some(TokenTree::Literal(_) | TokenTree::Group(_)) => {
            input.bump();
        }
        _ => {
            if input.eat_path().is_none() {
                return false;
            }
        }
    }
    loop {
        match input.peek() {
            Some(TokenTree::Group(g)) if g.delimiter() != Delimiter::Brace => {}
            Some(TokenTree::Punct(p)) if p.as_char() == '?' => {}
            Some(TokenTree::Punct(p)) if p.as_char() == '!' && group(input.peek_nth(1)) => {
                input.bump();
            }
            Some(TokenTree::Punct(p))
                if p.as_char() == '.'
                    && !is_punct(input.peek_nth(1), '.')
                    && field(input.peek_nth(1)) =>
            {
                input.bump();
            }
            _ => return true,
        }
        input.bump();
    }
}

fn group(token: Option<&TokenTree>) -> bool {
    matches!(token, Some(TokenTree::Group(_)))
}

fn field(token: Option<&TokenTree>) -> bool {
    matches!(token, Some(TokenTree::Ident(_) | TokenTree::Literal(_)))
}

/// Eats a binary operator (`|`, `<<=`, `..`, `as`) if one is next.
fn binary_operator(input: &mut Cursor) -> bool {
    const OPERATORS: &str = "+-*/%^&|<>=!.";
    match input.peek() {
        Some(TokenTree::Ident(i)) if i == "as" => {}
        Some(TokenTree::Punct(p)) if OPERATORS.contains(p.as_char()) => {
            // A multi-character operator is one punct per character, all but the last joined.
            while let Some(TokenTree::Punct(p)) = input.peek() {
                let joined = p.spacing() == proc_macro2::Spacing::Joint;
                input.bump();
                if !joined
                    || !matches!(input.peek(), Some(TokenTree::Punct(q)) if OPERATORS.contains(q.as_char()))
                {
                    break;
                }
            }
            return true;
        }
        _ => return false,
    }
    input.bump();
    true
}

#[cfg(test)]
mod tests {
    use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};

    use crate::errors::Error;
    use crate::valid::{self, Valid};

    fn parse(args: TokenStream) -> Result<Valid, Error> {
        super::parse(args).and_then(|a| valid::args(&a))
    }

    fn errors(args: TokenStream) -> Vec<String> {
        match parse(args) {
            Ok(_) => Vec::new(),
            Err(e) => e.messages().map(String::from).collect(),
        }
    }

    fn errors_of(args: &str) -> Vec<String> {
        errors(args.parse().unwrap())
    }

    #[test]
    fn raw_keys_and_escaped_strings_are_read() {
        let attr = parse(r#"r#catalog = "CRC-32\u{2f}ISC\x53I""#.parse().unwrap()).unwrap();
        assert_eq!(attr.model.name(), Some("CRC-32/ISCSI"));
        let attr = parse(
            r##"catalog = r#"CRC-16/ARC"#, slice = 0x4_u8"##
                .parse()
                .unwrap(),
        )
        .unwrap();
        assert_eq!(attr.model.check(), 0xbb3d);
        assert_eq!(attr.slice, crc_gen::Slice::Four);
    }

    /// `$v:literal` and `$v:expr` arrive in invisible groups: the value inside is read.
    #[test]
    fn values_in_invisible_groups() {
        let wrapped = |value: &str| {
            let group = Group::new(Delimiter::None, value.parse().unwrap());
            let mut args: TokenStream = "width = 8, poly = ".parse().unwrap();
            args.extend([TokenTree::Group(group)]);
            errors(args)
        };
        assert_eq!(wrapped("0x07"), Vec::<String>::new());
        let negative = "`poly` expects a non-negative integer, like `poly = 0x04c11db7`";
        assert_eq!(wrapped("-7"), [negative]);
        let not_int = "`poly` expects an integer literal, like `poly = 0x04c11db7`";
        assert_eq!(wrapped("7 | 1"), [not_int]);
    }

    /// An expression is read to its end, so it is one error about the value, and a missing
    /// comma is found where it is missing.
    #[test]
    fn a_value_ends_where_the_expression_does() {
        let not_int = "`poly` expects an integer literal, like `poly = 0x04c11db7`";
        for value in [
            "0x04 | 0x03",
            "-1 | 2",
            "7 as u8",
            "f(1).g[2]?",
            "m!(x)",
            "|x| x",
            "0..",
            "{ 7 }",
        ] {
            assert_eq!(
                errors_of(&format!("width = 8, poly = {value}")),
                [not_int],
                "{value}"
            );
        }
        assert_eq!(errors_of("width = 8 poly = 7"), ["expected `,`"]);
        assert_eq!(errors_of("width = 8, poly = 7 {}"), ["expected `,`"]);
        let negative = "`init` expects a non-negative integer, like `init = 0xffffffff`";
        assert_eq!(errors_of("width = 8, poly = 7, init = -f(1)"), [negative]);
    }

    #[test]
    fn a_key_without_a_value() {
        let needs = "`init` needs a value, like `init = 0xffffffff`";
        assert_eq!(errors_of("width = 8, poly = 7, init ="), [needs]);
        assert_eq!(
            errors_of("width = 8, poly = 7, init = , xorout = 1"),
            [needs]
        );
    }

    #[test]
    fn crate_paths() {
        let path = |p: &str| {
            let args = format!("width = 8, poly = 7, crate = {p:?}");
            parse(args.parse().unwrap()).map(|a| a.krate.to_string())
        };
        assert_eq!(path("::crcstamp").unwrap(), ":: crcstamp");
        assert_eq!(path("crate").unwrap(), "crate");
        assert_eq!(path("self::re::export").unwrap(), "self :: re :: export");
        assert_eq!(path("r#type").unwrap(), "r#type");
        for bad in ["", "a b", "a::", "struct", "a::<T>", "::", "a::fn"] {
            let err = path(bad).err().unwrap().to_string();
            assert!(err.starts_with("`crate` expects a path"), "{bad}: {err}");
        }
    }
}
