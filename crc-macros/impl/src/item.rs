//! The item under `#[crc]`: a plain unit struct (its attributes, visibility and name), or an
//! error saying what else is there. The macro replaces the struct's body with the register,
//! so fields, generics and other items cannot work.

use proc_macro2::{Delimiter, Ident, Spacing, TokenStream, TokenTree};

use crate::cursor::{is_keyword, is_punct, Cursor};
use crate::errors::{self, Error};

/// The struct, as the expansion writes it again.
pub(crate) struct Struct {
    /// Its outer attributes (doc comments included), each `#[...]`, as written.
    pub(crate) attrs: TokenStream,
    /// `pub`, `pub(crate)`, `pub(in path)`, ... or nothing.
    pub(crate) vis: TokenStream,
    pub(crate) ident: Ident,
}

const HINT: &str = "`#[crc]` goes on a unit struct, like `pub struct Crc32;`";

/// Reads the item; every way it is not a plain unit struct is an error, reported in the
/// order a reader would fix them.
pub(crate) fn parse(item: TokenStream) -> Result<Struct, Error> {
    let mut input = Cursor::new(item);
    let attrs = attributes(&mut input);
    let vis = visibility(&mut input)?;
    if !input.peek_ident("struct") {
        return Err(Error::new(input.span(), HINT));
    }
    input.bump();
    let ident = match input.peek() {
        Some(TokenTree::Ident(i)) if !is_keyword(i) => i.clone(),
        _ => return Err(Error::new(input.span(), HINT)),
    };
    input.bump();
    let generics = generics(&mut input)?;
    let (fields, where_clause) = body(&mut input)?;
    if !input.is_empty() {
        return Err(Error::new(
            input.span(),
            "unexpected token after the struct",
        ));
    }
    // `<>` declares no parameters, as syn read it.
    if generics.len() > 2 {
        let msg = "a stamped CRC cannot be generic: remove the generic parameters";
        return Err(Error::spanned(&generics, msg));
    }
    if !where_clause.is_empty() {
        let msg = "a stamped CRC cannot have a `where` clause: remove it";
        return Err(Error::spanned(&where_clause, msg));
    }
    no_second_crc(&attrs)?;
    if let Some(fields) = fields {
        let msg = format!("{HINT}: the macro supplies the fields (the CRC register)");
        return Err(Error::new(fields.span(), msg));
    }
    no_provided_derives(&attrs)?;
    Ok(Struct {
        attrs: attrs.into_iter().flatten().collect(),
        vis,
        ident,
    })
}

/// Each outer attribute's tokens: `#` and its `[...]`.
fn attributes(input: &mut Cursor) -> Vec<Vec<TokenTree>> {
    let mut attrs = Vec::new();
    while input.peek_punct('#') && bracketed(input.peek_nth(1)) {
        let hash = input.bump();
        attrs.push(hash.into_iter().chain(input.bump()).collect());
    }
    attrs
}

fn bracketed(token: Option<&TokenTree>) -> bool {
    matches!(token, Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Bracket)
}

/// `pub`, optionally restricted: `pub(crate)`, `pub(self)`, `pub(super)`, `pub(in path)`.
fn visibility(input: &mut Cursor) -> Result<TokenStream, Error> {
    if !input.peek_ident("pub") {
        return Ok(TokenStream::new());
    }
    let mut vis: TokenStream = input.bump().into_iter().collect();
    if let Some(TokenTree::Group(g)) = input.peek() {
        if g.delimiter() == Delimiter::Parenthesis {
            let mut scope = Cursor::new(g.stream());
            let valid = match scope.bump() {
                Some(TokenTree::Ident(i)) if i == "crate" || i == "self" || i == "super" => true,
                Some(TokenTree::Ident(i)) if i == "in" => scope.eat_path().is_some(),
                _ => false,
            };
            if !valid || !scope.is_empty() {
                let msg = "a visibility is `pub`, `pub(crate)`, `pub(self)`, `pub(super)` or \
                           `pub(in path)`";
                return Err(Error::new(g.span(), msg));
            }
            vis.extend(input.bump());
        }
    }
    Ok(vis)
}

/// `<...>` after the name, `<` to `>` (empty when there is none). The brackets are single
/// puncts, so they are counted, and the `>` of a `->` inside (`F: Fn() -> u8`) is not one.
fn generics(input: &mut Cursor) -> Result<Vec<TokenTree>, Error> {
    if !input.peek_punct('<') {
        return Ok(Vec::new());
    }
    let start = input.pos();
    let open = input.span();
    let mut depth = 0usize;
    let mut after_dash = false;
    while let Some(token) = input.bump() {
        if let TokenTree::Punct(p) = &token {
            match p.as_char() {
                '<' => depth += 1,
                '>' if !after_dash => depth -= 1,
                _ => {}
            }
            after_dash = p.as_char() == '-' && p.spacing() == Spacing::Joint;
            if depth == 0 {
                return Ok(input.since(start).to_vec());
            }
        } else {
            after_dash = false;
        }
    }
    Err(Error::new(open, HINT))
}

/// The fields' group (`None` for a unit struct) and the `where` clause's tokens, through the
/// closing `;` where there is one.
fn body(input: &mut Cursor) -> Result<(Option<TokenTree>, Vec<TokenTree>), Error> {
    let mut fields = None;
    let mut where_clause = where_clause(input);
    match input.peek() {
        Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Brace => {
            fields = input.bump();
            return Ok((fields, where_clause));
        }
        Some(TokenTree::Group(g))
            if g.delimiter() == Delimiter::Parenthesis && where_clause.is_empty() =>
        {
            fields = input.bump();
            where_clause = self::where_clause(input);
        }
        _ => {}
    }
    if !input.peek_punct(';') {
        return Err(Error::new(input.span(), HINT));
    }
    input.bump();
    Ok((fields, where_clause))
}

/// `where ...` up to the `;` or the fields' `{`.
fn where_clause(input: &mut Cursor) -> Vec<TokenTree> {
    if !input.peek_ident("where") {
        return Vec::new();
    }
    let start = input.pos();
    loop {
        match input.peek() {
            None => break,
            Some(TokenTree::Punct(p)) if p.as_char() == ';' => break,
            Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Brace => break,
            Some(_) => {}
        }
        input.bump();
    }
    input.since(start).to_vec()
}

/// The path an attribute starts with (`derive`, `crcstamp::crc`) and its tokens after it.
fn attribute_path(attr: &[TokenTree]) -> Option<(Vec<Ident>, bool, Cursor)> {
    let [_, TokenTree::Group(body)] = attr else {
        return None;
    };
    let mut input = Cursor::new(body.stream());
    let leading_colons = is_punct(input.peek(), ':');
    let path = input.eat_path()?;
    Some((path, leading_colons, input))
}

/// A second `#[crc]` below this one would otherwise expand on the struct this one stamps,
/// and fail there with a message about fields. Any attribute path ending in `crc`
/// (`crc`, `crcstamp::crc`, a re-export's) counts.
fn no_second_crc(attrs: &[Vec<TokenTree>]) -> Result<(), Error> {
    let repeated = attrs.iter().filter(|a| {
        attribute_path(a).is_some_and(|(path, ..)| path.last().is_some_and(|i| i == "crc"))
    });
    errors::combine(repeated.map(|a| {
        Error::spanned(
            a,
            "`#[crc]` is repeated: a struct takes one `#[crc(...)]`; stamp a second CRC on \
             a struct of its own",
        )
    }))
}

/// `#[derive(Clone)]` and the like after `#[crc]` would clash with the macro's own impls.
fn no_provided_derives(attrs: &[Vec<TokenTree>]) -> Result<(), Error> {
    const PROVIDED: [&str; 4] = ["Clone", "Copy", "Debug", "Default"];
    let mut errors = Vec::new();
    for (path, leading_colons, mut rest) in attrs.iter().filter_map(|a| attribute_path(a)) {
        let is_derive = !leading_colons && path.len() == 1 && path[0] == "derive";
        let list = match rest.bump() {
            Some(TokenTree::Group(g)) if is_derive && g.delimiter() == Delimiter::Parenthesis => g,
            _ => continue,
        };
        // Each derived path in turn; a malformed derive is left for the compiler to report.
        let mut derives = Cursor::new(list.stream());
        loop {
            let start = derives.pos();
            let Some(derived) = derives.eat_path() else {
                break;
            };
            let name = derived.last().map(Ident::to_string).unwrap_or_default();
            if PROVIDED.contains(&name.as_str()) {
                let msg =
                    format!("`#[crc]` already implements `{name}`: remove it from the derive");
                errors.push(Error::spanned(derives.since(start), msg));
            }
            if !derives.peek_punct(',') {
                break;
            }
            derives.bump();
        }
    }
    errors::combine(errors)
}

#[cfg(test)]
mod tests {
    /// The struct's attributes, visibility and name, as the expansion writes them.
    fn read(item: &str) -> String {
        let s = super::parse(item.parse().unwrap()).unwrap();
        format!("{} | {} | {}", s.attrs, s.vis, s.ident)
    }

    fn errors(item: &str) -> Vec<String> {
        let err = super::parse(item.parse().unwrap()).err().unwrap();
        err.messages().map(String::from).collect()
    }

    #[test]
    fn visibility_attributes_and_name_are_kept() {
        for (item, read_back) in [
            ("struct Crc;", " |  | Crc"),
            ("pub struct Crc;", " | pub | Crc"),
            ("pub(crate) struct Crc;", " | pub (crate) | Crc"),
            ("pub(super) struct Crc;", " | pub (super) | Crc"),
            (
                "pub(in crate::a) struct Crc;",
                " | pub (in crate :: a) | Crc",
            ),
            ("struct r#Crc;", " |  | r#Crc"),
            ("struct Crc<>;", " |  | Crc"),
            (
                "/// Ours.\n#[allow(dead_code)]\n#[derive(PartialEq)]\npub struct Crc;",
                "# [doc = \" Ours.\"] # [allow (dead_code)] # [derive (PartialEq)] | pub | Crc",
            ),
        ] {
            assert_eq!(read(item), read_back, "{item}");
        }
    }

    #[test]
    fn what_is_not_a_plain_unit_struct() {
        const HINT: &str = "`#[crc]` goes on a unit struct, like `pub struct Crc32;`";
        let fields = format!("{HINT}: the macro supplies the fields (the CRC register)");
        let generic = "a stamped CRC cannot be generic: remove the generic parameters";
        let where_clause = "a stamped CRC cannot have a `where` clause: remove it";
        for (item, error) in [
            ("enum Crc {}", HINT),
            ("pub unsafe fn f() {}", HINT),
            ("union U { a: u8 }", HINT),
            ("struct fn;", HINT),
            ("struct Crc", HINT),
            ("struct Crc {}", &fields),
            ("struct Crc();", &fields),
            ("struct Crc<F: Fn() -> u8>(F);", generic),
            ("struct Crc<T: Iterator<Item = Vec<u8>>>;", generic),
            ("struct Crc<'a>;", generic),
            ("struct Crc where u8: Copy;", where_clause),
            ("struct Crc(u8) where u8: Copy;", where_clause),
            (
                "struct Crc; struct Other;",
                "unexpected token after the struct",
            ),
            (
                "pub(foo) struct Crc;",
                "a visibility is `pub`, `pub(crate)`, `pub(self)`, `pub(super)` or `pub(in path)`",
            ),
        ] {
            assert_eq!(errors(item), [error], "{item}");
        }
    }

    #[test]
    fn provided_derives_and_a_second_crc() {
        let item = "#[derive(PartialEq, ::core::default::Default, Hash, Copy)] struct Crc;";
        assert_eq!(
            errors(item),
            [
                "`#[crc]` already implements `Default`: remove it from the derive",
                "`#[crc]` already implements `Copy`: remove it from the derive",
            ]
        );
        let repeated = "`#[crc]` is repeated: a struct takes one `#[crc(...)]`; stamp a second \
                        CRC on a struct of its own";
        assert_eq!(
            errors("#[crcstamp::crc(width = 8)] struct Crc;"),
            [repeated]
        );
        assert_eq!(
            errors("#[my::crcs] #[derive(Debug = 1)] struct Crc;"),
            ["`#[crc]` already implements `Debug`: remove it from the derive"]
        );
    }
}
