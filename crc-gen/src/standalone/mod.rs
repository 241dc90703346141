//! Standalone source for any project: one model as a Rust file with no dependency
//! ([`rust::file`]), or as a C99 header and source ([`c::files`]), optionally with a
//! carry-less-multiply fold for long inputs.
//!
//! Both run the engine's register layout (`spec/constants.md`, "Derivation of every
//! constant"): the state is the smallest word holding the width; lsb models keep the
//! reflected register in its low bits and shift right, msb models keep the register
//! left-aligned and shift left. [`Layout`] holds the values both languages write out.

pub mod c;
mod c_simd;
pub mod rust;

use std::fmt::Write as _;

use crate::combine::combine_table;
use crate::model::Model;
use crate::tables::{nibble_table, slice_tables, to_state, Slice};

/// The values a standalone file writes out for one model, in the engine's state layout.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The model.
    pub model: Model,
    /// Bits of the state word: 8, 16, 32, 64 or 128.
    pub word: u32,
    /// `init` as a state.
    pub init_state: u128,
    /// `poly` as a state (reflected for lsb, left-aligned for msb): the bitwise step's XOR.
    pub poly_state: u128,
    /// The CRC of no bytes, `finish(init)`: what `combine` removes from `crc(A)`.
    pub empty: u128,
    /// The slice tables (`slice.count()` of them).
    pub tables: Vec<[u128; 256]>,
    /// The 16-entry table, for [`Slice::Nibble`] only.
    pub nibble: Option<[u128; 16]>,
    /// `x^(8·2^j) mod G`, unreflected (`crate::combine`).
    pub combine: Vec<u128>,
}

impl Layout {
    /// Derives the layout of `model` with `slice` tables.
    pub fn new(model: &Model, slice: Slice) -> Layout {
        let word = model.word_bits();
        let poly_state = if model.refin() {
            model.reflect(model.poly())
        } else {
            model.poly() << (word - model.width())
        };
        Layout {
            model: model.clone(),
            word,
            init_state: to_state(model, model.init()),
            poly_state,
            empty: model.finish(model.init()),
            tables: slice_tables(model, slice.count()),
            nibble: (slice == Slice::Nibble).then(|| nibble_table(model)),
            combine: combine_table(model),
        }
    }

    /// Bits of the state word not used by the register (msb models shift them out).
    pub fn unused(&self) -> u32 {
        self.word - self.model.width()
    }

    /// `v` as a hex literal padded to the state word.
    pub fn hex(&self, v: u128) -> String {
        format!("{v:#0w$x}", w = self.word as usize / 4 + 2)
    }
}

/// The C prefix and Rust module name for a model: its catalogue name in snake case, with
/// the `crc` and the width joined (`CRC-32/ISCSI` → `crc32_iscsi`, `CRC-16/IBM-3740` →
/// `crc16_ibm_3740`); `crc` for a model without a name.
///
/// ```
/// use crc_gen::{catalogue, standalone::default_prefix, ModelSpec};
/// let iscsi = &catalogue::lookup("CRC-32C").unwrap().model;
/// assert_eq!(default_prefix(iscsi), "crc32_iscsi");
/// assert_eq!(default_prefix(&ModelSpec::new(8, 7).build().unwrap()), "crc");
/// ```
pub fn default_prefix(model: &Model) -> String {
    let Some(name) = model.name() else {
        return "crc".into();
    };
    let mut s: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    if s.starts_with("crc_") && s[4..].starts_with(|c: char| c.is_ascii_digit()) {
        s.remove(3);
    }
    if !is_identifier(&s) {
        s.insert_str(0, "crc_");
    }
    s
}

/// Whether `s` is a C (and Rust) identifier: ASCII letters, digits and `_`, not starting
/// with a digit.
///
/// ```
/// use crc_gen::standalone::is_identifier;
/// assert!(is_identifier("crc32_iscsi") && is_identifier("_x9"));
/// assert!(!is_identifier("9x") && !is_identifier("a-b") && !is_identifier(""));
/// ```
pub fn is_identifier(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
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
fn literal_rows(layout: &Layout, values: &[u128], indent: &str, suffix: &str) -> String {
    let per_line = match layout.word {
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
