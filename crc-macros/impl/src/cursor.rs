//! A cursor over a token stream, and the one piece of Rust grammar that both the attribute
//! and the item need: a path (`derive`, `crcstamp::crc`, `::crcstamp`).

use proc_macro2::{Ident, Spacing, Span, TokenStream, TokenTree};

/// Tokens and a position in them. Nothing here fails: callers look ahead and decide.
pub(crate) struct Cursor {
    tokens: Vec<TokenTree>,
    pos: usize,
}

impl Cursor {
    pub(crate) fn new(tokens: TokenStream) -> Cursor {
        Cursor {
            tokens: tokens.into_iter().collect(),
            pos: 0,
        }
    }

    pub(crate) fn peek(&self) -> Option<&TokenTree> {
        self.tokens.get(self.pos)
    }

    pub(crate) fn peek_nth(&self, n: usize) -> Option<&TokenTree> {
        self.tokens.get(self.pos + n)
    }

    /// The next token, consumed.
    pub(crate) fn bump(&mut self) -> Option<TokenTree> {
        let next = self.tokens.get(self.pos).cloned();
        self.pos += usize::from(next.is_some());
        next
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.pos >= self.tokens.len()
    }

    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    /// The tokens consumed since position `start`.
    pub(crate) fn since(&self, start: usize) -> &[TokenTree] {
        &self.tokens[start.min(self.pos)..self.pos]
    }

    /// Where an error about the next token goes: a group's opening delimiter; past the end,
    /// the whole attribute (as syn reported both).
    pub(crate) fn span(&self) -> Span {
        match self.peek() {
            Some(TokenTree::Group(g)) => g.span_open(),
            Some(token) => token.span(),
            None => Span::call_site(),
        }
    }

    pub(crate) fn peek_punct(&self, ch: char) -> bool {
        is_punct(self.peek(), ch)
    }

    pub(crate) fn peek_ident(&self, name: &str) -> bool {
        matches!(self.peek(), Some(TokenTree::Ident(i)) if i == name)
    }

    /// `::` next (two `:` puncts, the first joined to the second).
    fn peek_path_sep(&self) -> bool {
        matches!(self.peek(), Some(TokenTree::Punct(p)) if p.as_char() == ':' && p.spacing() == Spacing::Joint)
            && is_punct(self.peek_nth(1), ':')
    }

    /// Eats a path, `::`? ident (`::` ident)*, and returns its segments; eats nothing and
    /// returns `None` when no identifier follows. A `::` with no identifier after it is left.
    pub(crate) fn eat_path(&mut self) -> Option<Vec<Ident>> {
        let start = self.pos;
        if self.peek_path_sep() {
            self.pos += 2;
        }
        let mut segments = Vec::new();
        loop {
            match self.peek() {
                Some(TokenTree::Ident(i)) => segments.push(i.clone()),
                _ if segments.is_empty() => {
                    self.pos = start;
                    return None;
                }
                // A dangling `::`: give it back.
                _ => {
                    self.pos -= 2;
                    return Some(segments);
                }
            }
            self.pos += 1;
            if !self.peek_path_sep() {
                return Some(segments);
            }
            self.pos += 2;
        }
    }
}

pub(crate) fn is_punct(token: Option<&TokenTree>, ch: char) -> bool {
    matches!(token, Some(TokenTree::Punct(p)) if p.as_char() == ch)
}

/// An identifier with any `r#` taken off: `r#crate` → `crate`.
pub(crate) fn unraw(ident: &Ident) -> String {
    let name = ident.to_string();
    match name.strip_prefix("r#") {
        Some(bare) => bare.to_owned(),
        None => name,
    }
}

/// A keyword that cannot name an item (a struct, a crate): Rust's strict and reserved
/// keywords, as syn refused them. A raw identifier (`r#type`) is not one.
pub(crate) fn is_keyword(ident: &Ident) -> bool {
    const KEYWORDS: [&str; 52] = [
        "_", "abstract", "as", "async", "await", "become", "box", "break", "const", "continue",
        "crate", "do", "dyn", "else", "enum", "extern", "false", "final", "fn", "for", "if",
        "impl", "in", "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv",
        "pub", "ref", "return", "Self", "self", "static", "struct", "super", "trait", "true",
        "try", "type", "typeof", "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
    ];
    KEYWORDS.contains(&ident.to_string().as_str())
}
