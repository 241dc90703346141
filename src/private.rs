//! Items the generated code names; not part of the public API.

#[cfg(feature = "std")]
pub use crate::std;

/// A kernel on emulated vectors and instructions (plain Rust, any CPU): the same generic
/// bodies as the real kernels, for the test suites (`tests/emulated.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emulated {
    /// The fold body on vectors of `bits` (128, 256 or 512) bits; `reflected`: an msb CRC
    /// run reflected over bit-reversed bytes.
    Fold {
        /// Vector width.
        bits: u32,
        /// Reflected run (msb CRCs only).
        reflected: bool,
    },
    /// Fusion on vectors of `bits` bits, in the block shape of that width, then three
    /// instruction streams on the rest.
    Fusion {
        /// Vector width.
        bits: u32,
        /// The wide 512-bit shape (twice the instruction's words a step; AMD).
        wide: bool,
    },
    /// The CRC instruction: one stream, or three where the input is long enough.
    Instruction {
        /// Three streams.
        three: bool,
    },
}

/// Feeds `bytes` into `state` with an emulated kernel; `None` where `c` lacks its data
/// (folding constants, a CRC instruction, reflected constants).
pub fn update_emulated<W: crate::Word>(
    c: &crate::Consts<'_, W>,
    kernel: Emulated,
    state: W,
    bytes: &[u8],
) -> Option<W> {
    crate::engine::update_emulated(c, kernel, state, bytes)
}

/// Formats a CRC value in hex for `Debug`.
pub struct Hex<W>(pub W);

impl<W: core::fmt::LowerHex> core::fmt::Debug for Hex<W> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{:#x}", self.0)
    }
}

macro_rules! slice_tables {
    ($($name:ident: $t:ty),*) => {$(
        /// Slice tables 0..N from table 0, evaluated at compile time by the stamped code:
        /// entry `i` of table `k` is entry `i` of table `k − 1` advanced by one zero byte
        /// (the table kernel's byte step). Emitting only table 0 keeps a stamp's tokens
        /// small (`spec/decisions.md`, "Compile cost").
        pub const fn $name<const N: usize>(t0: &[$t; 256], lsb: bool) -> [[$t; 256]; N] {
            let mut t = [[0; 256]; N];
            let mut row = *t0;
            let mut k = 0;
            while k < N {
                t[k] = row;
                let mut i = 0;
                while i < 256 {
                    let s = row[i];
                    // `>> 4 >> 4` is 0 for u8, whose register is all one byte.
                    row[i] = if lsb {
                        (s >> 4 >> 4) ^ t0[(s & 0xff) as usize]
                    } else {
                        (s << 4 << 4) ^ t0[(s >> (<$t>::BITS - 8)) as usize]
                    };
                    i += 1;
                }
                k += 1;
            }
            t
        }
    )*};
}
slice_tables!(
    slice_tables_u8: u8,
    slice_tables_u16: u16,
    slice_tables_u32: u32,
    slice_tables_u64: u64,
    slice_tables_u128: u128
);

#[cfg(test)]
mod tests {
    /// The derived tables are the generator's, entry for entry, for every catalogue model
    /// (words u8..u128, both bit orders).
    #[test]
    fn derived_slice_tables_match_the_generator() {
        use crc_gen::{catalogue, tables, Slice};
        use std::vec::Vec;
        fn widen<W: Into<u128> + Copy>(t: [[W; 256]; 16]) -> Vec<[u128; 256]> {
            t.iter().map(|row| row.map(Into::into)).collect()
        }
        for entry in catalogue::entries() {
            let m = &entry.model;
            let want = tables::slice_tables(m, Slice::Sixteen.count());
            let (t0, lsb) = (&want[0], m.refin());
            let got = match m.word_bits() {
                8 => widen(super::slice_tables_u8::<16>(&t0.map(|v| v as u8), lsb)),
                16 => widen(super::slice_tables_u16::<16>(&t0.map(|v| v as u16), lsb)),
                32 => widen(super::slice_tables_u32::<16>(&t0.map(|v| v as u32), lsb)),
                64 => widen(super::slice_tables_u64::<16>(&t0.map(|v| v as u64), lsb)),
                _ => widen(super::slice_tables_u128::<16>(t0, lsb)),
            };
            assert_eq!(got, want, "{m}");
        }
    }
}
