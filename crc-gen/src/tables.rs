//! Slice-by-N lookup tables, in the engine's register layout.
//!
//! The engine keeps its register ("state") in the smallest unsigned word that holds the
//! width (see [`Model::word_bits`]): lsb-first models keep the *reflected* register in the low
//! `width` bits and shift right; msb-first models keep the register *left-aligned* in the word
//! and shift left. Either way the next byte to combine with the input is at the shifting end,
//! so one slice-by-N loop serves every width, including widths below 8 and above 64.

use crate::model::Model;
use crate::reference;

/// Which tables to stamp: none (bitwise), one 16-entry table (a nibble at a time), or
/// slice-by-1, -4, -8 or -16 sets of 256-entry tables. Without `slice = ...` the emitter
/// stamps [`Slice::fastest`] for the model's register word.
///
/// ```
/// use crc_gen::Slice;
/// assert_eq!(Slice::try_from(8).unwrap().count(), 8);
/// assert_eq!("nibble".parse::<Slice>(), Ok(Slice::Nibble));
/// assert_eq!(Slice::Nibble.count(), 0); // no 256-entry table
/// assert!(Slice::try_from(3).is_err());
/// assert!("byte".parse::<Slice>().is_err());
/// assert_eq!(Slice::fastest(32), Slice::Sixteen);
/// assert_eq!(Slice::fastest(128), Slice::Eight);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slice {
    /// No table: the CRC runs bit by bit.
    Zero,
    /// One table of 16 entries, a nibble (half a byte) at a time.
    Nibble,
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
    /// The accepted spellings, as an error message lists them.
    pub const ACCEPTED: &'static str = "0, \"nibble\", 1, 4, 8 or 16";

    /// Every choice, smallest first.
    pub const ALL: [Slice; 6] = [
        Slice::Zero,
        Slice::Nibble,
        Slice::One,
        Slice::Four,
        Slice::Eight,
        Slice::Sixteen,
    ];

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

    /// The number of 256-entry tables (0 for [`Slice::Zero`] and [`Slice::Nibble`]).
    pub fn count(self) -> usize {
        match self {
            Slice::Zero | Slice::Nibble => 0,
            Slice::One => 1,
            Slice::Four => 4,
            Slice::Eight => 8,
            Slice::Sixteen => 16,
        }
    }

    /// The attribute's spelling: `0`, `"nibble"`, `1`, `4`, `8` or `16`.
    pub fn name(self) -> &'static str {
        match self {
            Slice::Zero => "0",
            Slice::Nibble => "nibble",
            Slice::One => "1",
            Slice::Four => "4",
            Slice::Eight => "8",
            Slice::Sixteen => "16",
        }
    }
}

impl core::fmt::Display for Slice {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

impl TryFrom<u128> for Slice {
    type Error = String;
    fn try_from(n: u128) -> Result<Self, String> {
        match n {
            0 => Ok(Slice::Zero),
            1 => Ok(Slice::One),
            4 => Ok(Slice::Four),
            8 => Ok(Slice::Eight),
            16 => Ok(Slice::Sixteen),
            _ => Err(format!(
                "slice = {n} is not supported: use {}",
                Slice::ACCEPTED
            )),
        }
    }
}

/// Parses the attribute's and the CLI's spelling: a count or `nibble` (any case).
impl core::str::FromStr for Slice {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("nibble") {
            return Ok(Slice::Nibble);
        }
        match t.parse::<u128>() {
            Ok(n) => Slice::try_from(n),
            Err(_) => Err(format!(
                "slice = {s:?} is not supported: use {}",
                Slice::ACCEPTED
            )),
        }
    }
}

/// The 16-entry table of the nibble kernel: entry `n` is the state after feeding the four
/// bits `n` into a zero register, in the engine's layout. One step is
/// `state = (state >> 4) ^ T[(state ^ nibble) & 0xf]` for lsb models (low nibble first) and
/// `state = (state << 4) ^ T[(state >> (word − 4)) ^ nibble]` for msb models (high nibble
/// first, the register left-aligned). Entry `n` is the byte table's entry `n << 4` (lsb: four
/// trivial steps bring `n` down, four real ones follow) or `n` (msb: the same from the top).
///
/// ```
/// use crc_gen::{tables::{nibble_table, slice_tables}, ModelSpec};
/// let crc32 = ModelSpec::new(32, 0x04c11db7).reflected(true).build().unwrap();
/// assert_eq!(nibble_table(&crc32)[1], 0x1db71064); // zlib's 4-bit table
/// assert_eq!(nibble_table(&crc32)[1], slice_tables(&crc32, 1)[0][0x10]);
/// ```
pub fn nibble_table(model: &Model) -> [u128; 16] {
    let bytes = &slice_tables(model, 1)[0];
    core::array::from_fn(|n| {
        if model.refin() {
            bytes[n << 4]
        } else {
            bytes[n]
        }
    })
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
