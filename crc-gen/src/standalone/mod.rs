//! Standalone source for any project: one model as a Rust file with no dependency
//! ([`rust::file`]), or as a C99 header and source ([`c::files`]), optionally with a
//! carry-less-multiply fold for long inputs.
//!
//! Both run the engine's register layout (`spec/constants.md`, "Derivation of every
//! constant"): the state is the smallest word holding the width; lsb models keep the
//! reflected register in its low bits and shift right, msb models keep the register
//! left-aligned and shift left. [`DerivedConsts`] holds the values both languages write out.

pub mod c;
mod c_simd;
pub mod rust;

use std::fmt::Write as _;

use crate::consts::DerivedConsts;
use crate::model::Model;

/// The licence line every standalone file starts with (`spec/cli.md`, "Licence"): the
/// output is generated, so it may be used without restriction.
pub const SPDX: &str = "SPDX-License-Identifier: 0BSD";

/// What every standalone file says after [`SPDX`].
const LICENCE_NOTE: &str = "Generated code: it may be used for any purpose, without restriction.";

/// The two licence lines a file starts with, each between `open` and `close` (`"// "` and
/// `""` in Rust, `"/* "` and `" */"` in C).
fn licence(open: &str, close: &str) -> String {
    format!("{open}{SPDX}{close}\n{open}{LICENCE_NOTE}{close}\n")
}

/// The names the emitted Rust file cannot have as a module: Rust's keywords, strict and
/// reserved, in lower case (the rule below only makes lower-case names).
const RUST_KEYWORDS: &[&str] = &[
    "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "crate",
    "do", "dyn", "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if", "impl",
    "in", "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub", "ref",
    "return", "self", "static", "struct", "super", "trait", "true", "try", "type", "typeof",
    "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

/// The prefix of a model's standalone files and names (`P.rs`; `P.h`, `P.c` and `P_...`
/// in C), by the rule `crc-gen emit` names types with (`crate::model::type_name`), written
/// in snake case:
///
/// 1. the name is split at every character that is not an ASCII letter or digit, and the
///    parts are written in lower case joined by `_`, `crc` joined to the width that
///    follows it (`CRC-32/ISCSI` → `crc32_iscsi`, `CRC-16/IBM-3740` → `crc16_ibm_3740`;
///    `ü`, `-`, `_` and `$` only separate parts);
/// 2. if that is empty, starts with a digit or is a Rust keyword, `crc` goes in front:
///    `""`, `_` and `ü` → `crc`, `9x` → `crc_9x`, `self` → `crc_self`.
///
/// A model without a name is `crc`. The result passes [`check_prefix`]: never a C-reserved
/// name (no leading `_`, no `__`) nor a Rust keyword.
///
/// ```
/// use crc_gen::{catalogue, standalone::default_prefix, ModelSpec};
/// let iscsi = &catalogue::lookup("CRC-32C").unwrap().model;
/// assert_eq!(default_prefix(iscsi), "crc32_iscsi");
/// let custom = ModelSpec::new(8, 7).build().unwrap();
/// assert_eq!(default_prefix(&custom), "crc");
/// assert_eq!(default_prefix(&custom.clone().with_name("fn")), "crc_fn");
/// assert_eq!(default_prefix(&custom.with_name("ü")), "crc");
/// ```
pub fn default_prefix(model: &Model) -> String {
    let parts: Vec<String> = model
        .name()
        .unwrap_or("")
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|part| !part.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    let mut s = parts.join("_");
    if s.starts_with("crc_") && s[4..].starts_with(|c: char| c.is_ascii_digit()) {
        s.remove(3);
    }
    if s.is_empty() {
        "crc".into()
    } else if s.starts_with(|c: char| c.is_ascii_digit()) || is_keyword(&s) {
        format!("crc_{s}")
    } else {
        s
    }
}

/// Whether `s` is a Rust keyword (strict or reserved).
fn is_keyword(s: &str) -> bool {
    RUST_KEYWORDS.contains(&s)
}

/// Checks a `--prefix`: it must be usable as the Rust module `P` and as the start of C's
/// `P_...` and `P_H` without making a name C reserves. So: ASCII letters, digits and `_`,
/// starting with a letter, no `__` and no `_` at the end (C and C++ reserve names with a
/// leading `_` and `__`, and `P_` would make `P__checksum`), and not a Rust keyword.
///
/// ```
/// use crc_gen::standalone::check_prefix;
/// assert!(check_prefix("crc32_iscsi").is_ok() && check_prefix("MyCrc").is_ok());
/// for bad in ["9x", "a-b", "", "_x", "a__b", "a_", "fn", "self"] {
///     assert!(check_prefix(bad).is_err(), "{bad}");
/// }
/// ```
pub fn check_prefix(s: &str) -> Result<(), String> {
    let why = if !s.starts_with(|c: char| c.is_ascii_alphabetic()) {
        "must start with an ASCII letter"
    } else if !s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        "may hold only ASCII letters, digits and _"
    } else if s.contains("__") || s.ends_with('_') {
        "may not hold __ or end in _ (C reserves names with __)"
    } else if is_keyword(s) {
        "is a Rust keyword"
    } else {
        return Ok(());
    };
    Err(format!("prefix {s:?} {why}"))
}

/// `s` made safe inside a C `/* */` or a Rust `//` comment, in ASCII: the product, minus
/// and GF(2) sum of `crc_gen::fold`'s formulas become `*`, `-` and `+`, every other
/// character that is not printable ASCII is written as a Rust-style escape (`ü` →
/// `\u{fc}`, a line break → `\n`), and `*/` is split so it cannot close the comment.
fn comment_text(s: &str) -> String {
    let ascii: String = s
        .chars()
        .map(|c| match c {
            ' '..='~' => c.to_string(),
            '·' => "*".into(),
            '−' => "-".into(),
            '⊕' => "+".into(),
            _ => c.escape_default().to_string(),
        })
        .collect();
    ascii.replace("*/", "* /")
}

/// The model's name for a file's header comment ([`comment_text`]), or `A custom CRC`.
fn display_name(model: &Model) -> String {
    model.name().map_or("A custom CRC".into(), comment_text)
}

/// How the model is named in a regeneration command: its catalogue name, or its model
/// line in single quotes.
fn model_argument(model: &Model) -> String {
    match model.name() {
        Some(name) if crate::catalogue::lookup(name).is_ok() => name.to_string(),
        _ => format!("'{}'", model_line(model)),
    }
}

/// The model as a RevEng line without the name (custom names may not survive quoting).
fn model_line(model: &Model) -> String {
    let line = model.to_string();
    match line.find(" name=") {
        Some(at) => line[..at].to_string(),
        None => line,
    }
}

/// `values` as rows of `per_line` literals, each row indented by `indent` and ending in
/// `,`; literals padded to the state word, with `suffix` appended (C's `u`/`ull`).
fn literal_rows(layout: &DerivedConsts, values: &[u128], indent: &str, suffix: &str) -> String {
    let per_line = match layout.word_bits {
        8 | 16 => 8,
        32 => 6,
        64 => 4,
        _ => 2,
    };
    let mut out = String::new();
    for row in values.chunks(per_line) {
        out.push_str(indent);
        for (i, v) in row.iter().enumerate() {
            let sep = if i + 1 == row.len() { "," } else { ", " };
            let _ = write!(out, "{}{suffix}{sep}", layout.hex(*v));
        }
        out.push('\n');
    }
    out
}
