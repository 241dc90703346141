//! Slice-by-N lookup tables, in the engine's register layout.
//!
//! The engine keeps its register ("state") in the smallest unsigned word that holds the
//! width (see [`Model::word_bits`]): lsb-first models keep the *reflected* register in the low
//! `width` bits and shift right; msb-first models keep the register *left-aligned* in the word
//! and shift left. Either way the next byte to combine with the input is at the shifting end,
//! so one slice-by-N loop serves every width, including widths below 8 and above 64.

use crate::model::Model;
use crate::reference;

/// How many slice tables to emit: slice-by-1, -4, -8 or -16. Without `slice = N` the
/// emitter stamps [`Slice::fastest`] for the model's register word.
///
/// ```
/// use crc_gen::Slice;
/// assert_eq!(Slice::try_from(8).unwrap().count(), 8);
/// assert!(Slice::try_from(3).is_err());
/// assert_eq!(Slice::fastest(32), Slice::Sixteen);
/// assert_eq!(Slice::fastest(128), Slice::Eight);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slice {
    /// One table of 256 entries (bytewise).
    One,
    /// Four tables.
    Four,
    /// Eight tables.
    Eight,
    /// Sixteen tables.
    Sixteen,
}

impl Slice {
    /// The tables of the fastest slice kernel for a register of `word_bits` bits (8, 16, 32,
    /// 64 or 128; see [`Model::word_bits`]): sixteen up to 64 bits, eight for 128, whose
    /// sixteen tables (64 KiB) run at under half slice-8's speed. What `#[crc]` and `emit`
    /// stamp when `slice` is not given, and the kernel crcstamp's engine runs when more
    /// tables are present (measured: `spec/decisions.md`, "Slice kernel per register word").
    pub fn fastest(word_bits: u32) -> Slice {
        if word_bits > 64 {
            Slice::Eight
        } else {
            Slice::Sixteen
        }
    }

    /// The number of tables.
    pub fn count(self) -> usize {
        match self {
            Slice::One => 1,
            Slice::Four => 4,
            Slice::Eight => 8,
            Slice::Sixteen => 16,
        }
    }
}

impl TryFrom<u128> for Slice {
    type Error = String;
    fn try_from(n: u128) -> Result<Self, String> {
        match n {
            1 => Ok(Slice::One),
            4 => Ok(Slice::Four),
            8 => Ok(Slice::Eight),
            16 => Ok(Slice::Sixteen),
            _ => Err(format!("slice = {n} is not supported: use 1, 4, 8 or 16")),
        }
    }
}

/// A Williams register (unreflected, low `width` bits) in the engine's layout.
///
/// ```
/// use crc_gen::{tables::to_state, ModelSpec};
/// let msb = ModelSpec::new(12, 0x80f).build().unwrap();
/// assert_eq!(to_state(&msb, 0x801), 0x8010); // left-aligned in a u16
/// let lsb = ModelSpec::new(12, 0x80f).reflected(true).build().unwrap();
/// assert_eq!(to_state(&lsb, 0x801), 0x801); // reflected, low bits
/// ```
pub fn to_state(model: &Model, register: u128) -> u128 {
    if model.refin() {
        model.reflect(register)
    } else {
        register << (model.word_bits() - model.width())
    }
}

/// The inverse of [`to_state`].
pub fn from_state(model: &Model, state: u128) -> u128 {
    if model.refin() {
        model.reflect(state)
    } else {
        state >> (model.word_bits() - model.width())
    }
}

/// `count` tables: entry `i` of table `k` is the state after feeding byte `i` and then `k`
/// zero bytes into a zero register, i.e. `(b' · x^(n + 8k)) mod G` in the engine's layout.
///
/// ```
/// use crc_gen::{tables::slice_tables, ModelSpec};
/// let crc32 = ModelSpec::new(32, 0x04c11db7).reflected(true).build().unwrap();
/// let t = slice_tables(&crc32, 1);
/// assert_eq!(t[0][1], 0x77073096); // the familiar zlib table
/// ```
pub fn slice_tables(model: &Model, count: usize) -> Vec<[u128; 256]> {
    let mut tables = vec![[0u128; 256]; count];
    for byte in 0..=255u8 {
        let mut register = reference::feed(model, 0, &[byte]);
        for table in tables.iter_mut() {
            table[usize::from(byte)] = to_state(model, register);
            register = reference::feed(model, register, &[0]);
        }
    }
    tables
}
