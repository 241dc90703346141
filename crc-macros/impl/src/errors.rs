//! The attribute's errors: each message with the tokens it underlines, all of them reported
//! at once as `compile_error!`s.

use std::fmt;

use proc_macro2::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};

/// Every error found in one `#[crc(...)]` and its item, in source order. `Display` shows the
/// first message; [`Error::to_compile_error`] gives them all to the compiler.
///
/// ```
/// let err = crcstamp_macros_impl::parse("width = 8, poly = -7, init".parse().unwrap())
///     .err()
///     .unwrap();
/// assert_eq!(err.to_string(), "`poly` expects a non-negative integer, like `poly = 0x04c11db7`");
/// assert_eq!(err.messages().count(), 2); // the bad value, then the key without one
/// ```
#[derive(Clone, Debug)]
pub struct Error {
    messages: Vec<Message>,
}

#[derive(Clone, Debug)]
struct Message {
    /// The first and last tokens underlined: rustc joins the two.
    start: Span,
    end: Span,
    text: String,
}

impl Error {
    /// An error at one token.
    pub(crate) fn new(span: Span, text: impl Into<String>) -> Error {
        Error::between(span, span, text)
    }

    /// An error underlining `tokens`, the first to the last (all of `-1`, not just `-`).
    pub(crate) fn spanned(tokens: &[TokenTree], text: impl Into<String>) -> Error {
        let start = tokens.first().map_or_else(Span::call_site, TokenTree::span);
        let end = tokens.last().map_or(start, TokenTree::span);
        Error::between(start, end, text)
    }

    fn between(start: Span, end: Span, text: impl Into<String>) -> Error {
        let text = text.into();
        Error {
            messages: vec![Message { start, end, text }],
        }
    }

    /// Adds `other`'s messages after these.
    pub(crate) fn combine(&mut self, other: Error) {
        self.messages.extend(other.messages);
    }

    /// Each message, in order.
    ///
    /// ```
    /// let err = crcstamp_macros_impl::parse("slice = 3".parse().unwrap()).err().unwrap();
    /// assert!(err.messages().next().unwrap().starts_with("`#[crc]` needs a model"));
    /// ```
    pub fn messages(&self) -> impl Iterator<Item = &str> {
        self.messages.iter().map(|m| m.text.as_str())
    }

    /// One `::core::compile_error! { "..." }` per message. The path carries the first
    /// underlined token's span and the braces the last's, so the compiler underlines the
    /// whole stretch (as syn's errors did).
    ///
    /// ```
    /// let err = crcstamp_macros_impl::parse("bogus = 1".parse().unwrap()).err().unwrap();
    /// assert!(err.to_compile_error().to_string().contains("compile_error"));
    /// ```
    pub fn to_compile_error(&self) -> TokenStream {
        self.messages.iter().flat_map(Message::tokens).collect()
    }
}

impl Message {
    fn tokens(&self) -> [TokenTree; 8] {
        let punct = |ch, spacing| {
            let mut p = Punct::new(ch, spacing);
            p.set_span(self.start);
            TokenTree::Punct(p)
        };
        let mut text = Literal::string(&self.text);
        text.set_span(self.end);
        let mut body = Group::new(Delimiter::Brace, TokenTree::Literal(text).into());
        body.set_span(self.end);
        [
            punct(':', Spacing::Joint),
            punct(':', Spacing::Alone),
            TokenTree::Ident(Ident::new("core", self.start)),
            punct(':', Spacing::Joint),
            punct(':', Spacing::Alone),
            TokenTree::Ident(Ident::new("compile_error", self.start)),
            punct('!', Spacing::Alone),
            TokenTree::Group(body),
        ]
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let first = self.messages.first().map_or("", |m| m.text.as_str());
        f.write_str(first)
    }
}

impl std::error::Error for Error {}

/// `Ok` when there are no errors, else all of them as one, so each is reported.
pub(crate) fn combine(errors: impl IntoIterator<Item = Error>) -> Result<(), Error> {
    let all = errors.into_iter().reduce(|mut all, e| {
        all.combine(e);
        all
    });
    all.map_or(Ok(()), Err)
}

/// Both values, or the errors of whichever failed.
pub(crate) fn both<A, B>(a: Result<A, Error>, b: Result<B, Error>) -> Result<(A, B), Error> {
    match (a, b) {
        (Ok(a), Ok(b)) => Ok((a, b)),
        (Err(mut e), Err(f)) => {
            e.combine(f);
            Err(e)
        }
        (Err(e), _) | (_, Err(e)) => Err(e),
    }
}
