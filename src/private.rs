//! Items the generated code names; not part of the public API.

#[cfg(feature = "std")]
pub use crate::std;

#[cfg(feature = "digest")]
pub use digest;

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

/// Writes the low `out.len()` bytes of `value` big-endian into `out`: the byte form of a CRC
/// for the `digest` traits (the width's whole bytes, most significant first).
pub fn be_bytes<W: crate::Word>(value: W, out: &mut [u8]) {
    for (i, o) in (0u32..).zip(out.iter_mut().rev()) {
        *o = value.byte_at(i);
    }
}

/// The const-evaluable CRC of one word type: `ConstEval::<u32>::checksum(&CONSTS, bytes)`.
/// A `const fn` can call neither trait methods nor generic code over [`Word`](crate::Word)
/// on the MSRV, so each word gets its own impl; `__stamp!` names it by the stamped word.
pub struct ConstEval<W>(core::marker::PhantomData<W>);

macro_rules! const_eval {
    ($($t:ty),*) => {$(
        impl ConstEval<$t> {
            /// The CRC of `bytes` from `c`, by slice-by-1 on table 0 where `c` has tables,
            /// else bit by bit. The same register layout and finalization as the engine
            /// (`engine::bitwise`, `engine::finalize`); `>> 4 >> 4` and `<< 4 << 4` are 0
            /// for u8, whose register is all one byte.
            pub const fn checksum(c: &crate::Consts<'_, $t>, bytes: &[u8]) -> $t {
                const TOP: u32 = <$t>::BITS - 8;
                let lsb = c.model.refin;
                let mut state = c.init_state;
                let mut i = 0;
                while i < bytes.len() {
                    let b = bytes[i];
                    if let [t0, ..] = c.tables {
                        state = if lsb {
                            (state >> 4 >> 4) ^ t0[((state as u8) ^ b) as usize]
                        } else {
                            (state << 4 << 4) ^ t0[(((state >> TOP) as u8) ^ b) as usize]
                        };
                    } else {
                        state ^= if lsb { b as $t } else { (b as $t) << TOP };
                        let mut k = 0;
                        while k < 8 {
                            let carry = if lsb { state & 1 } else { state >> (<$t>::BITS - 1) };
                            state = if lsb { state >> 1 } else { state << 1 };
                            if carry == 1 {
                                state ^= c.poly_state;
                            }
                            k += 1;
                        }
                    }
                    i += 1;
                }
                let m = &c.model;
                let unused = <$t>::BITS - m.width as u32;
                let out = match (m.refin, m.refout) {
                    (true, true) => state,
                    (true, false) => state.reverse_bits() >> unused,
                    (false, false) => state >> unused,
                    (false, true) => state.reverse_bits(),
                };
                out ^ m.xorout
            }
        }
    )*};
}
const_eval!(u8, u16, u32, u64, u128);

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
