//! The generic kernels' primitives in plain Rust: vectors of 1, 2 and 4 128-bit lanes with a
//! software carry-less multiply, and the CRC instructions of both polynomials computed bit
//! by bit. Slow, and exact: `tests/emulated.rs` runs the 128-, 256- and 512-bit fold bodies
//! and fusion on them through the kernel suites on any CPU, so the logic of every width is
//! tested where the instructions are missing (`spec/testing.md`). Nothing here is `unsafe`
//! but the trait signatures.

use crate::engine::simd::{CrcInstruction, Lane, Vector};
use crcstamp_layout::HwCrc;

/// The 128-bit carry-less product of `a` and `b`, four bits of `b` at a time.
fn clmul64(a: u64, b: u64) -> u128 {
    let mut t = [0u128; 16];
    for i in 1..16 {
        t[i] = if i % 2 == 1 {
            t[i - 1] ^ u128::from(a)
        } else {
            t[i / 2] << 1
        };
    }
    (0..16)
        .rev()
        .fold(0, |r, i| (r << 4) ^ t[(b >> (4 * i)) as usize & 15])
}

/// One lane's 16 bytes in memory order.
fn bytes([q0, q1]: [u64; 2]) -> [u8; 16] {
    let mut b = [0; 16];
    b[..8].copy_from_slice(&q0.to_le_bytes());
    b[8..].copy_from_slice(&q1.to_le_bytes());
    b
}

fn from_bytes(b: [u8; 16]) -> [u64; 2] {
    let (lo, hi) = b.split_at(8);
    let q = |h: &[u8]| u64::from_le_bytes(h.try_into().unwrap_or_default());
    [q(lo), q(hi)]
}

macro_rules! emulated {
    ($(#[$doc:meta])* $name:ident, $lanes:literal, $half:ident, $selects:literal, $shifts:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub(crate) struct $name([[u64; 2]; $lanes]);

        impl $name {
            fn map(self, f: impl Fn([u64; 2]) -> [u64; 2]) -> Self {
                $name(self.0.map(f))
            }
            fn zip(a: Self, b: Self, f: impl Fn([u64; 2], [u64; 2]) -> [u64; 2]) -> Self {
                $name(core::array::from_fn(|i| f(a.0[i], b.0[i])))
            }
            fn from_block(block: &[u8; 16 * $lanes]) -> Self {
                $name(core::array::from_fn(|i| {
                    let lane = block[16 * i..].first_chunk::<16>().copied().unwrap_or_default();
                    from_bytes(lane)
                }))
            }
            fn to_block(self) -> [u8; 16 * $lanes] {
                let mut b = [0; 16 * $lanes];
                for (i, lane) in self.0.iter().enumerate() {
                    b[16 * i..16 * i + 16].copy_from_slice(&bytes(*lane));
                }
                b
            }
        }

        impl Vector for $name {
            type Block = [u8; 16 * $lanes];
            type Lane = Emulated128;
            type Half = $half;
            const BYTES: usize = 16 * $lanes;

            fn blocks(bytes: &[u8]) -> (&[Self::Block], &[u8]) {
                bytes.as_chunks()
            }
            unsafe fn load(block: &Self::Block) -> Self {
                Self::from_block(block)
            }
            unsafe fn bswap_lanes(self) -> Self {
                self.map(|[q0, q1]| [q1.swap_bytes(), q0.swap_bytes()])
            }
            unsafe fn bitrev_bytes(self) -> Self {
                self.map(|q| q.map(|x| x.reverse_bits().swap_bytes()))
            }
            unsafe fn splat(q0: u64, q1: u64) -> Self {
                $name([[q0, q1]; $lanes])
            }
            const SELECTS_QWORDS: bool = $selects;

            unsafe fn clmul<const A: i32, const B: i32>(a: Self, b: Self) -> Self {
                Self::zip(a, b, |a, b| {
                    let p = clmul64(a[A as usize & 1], b[B as usize & 1]);
                    [p as u64, (p >> 64) as u64]
                })
            }
            unsafe fn xor(a: Self, b: Self) -> Self {
                Self::zip(a, b, |a, b| [a[0] ^ b[0], a[1] ^ b[1]])
            }
            unsafe fn xor3(a: Self, b: Self, c: Self) -> Self {
                let ab = Self::zip(a, b, |a, b| [a[0] ^ b[0], a[1] ^ b[1]]);
                Self::zip(ab, c, |a, b| [a[0] ^ b[0], a[1] ^ b[1]])
            }
            unsafe fn widen(lane: Emulated128) -> Self {
                let mut v = [[0; 2]; $lanes];
                v[0] = lane.0[0];
                $name(v)
            }
            unsafe fn low_lane(self) -> Emulated128 {
                Emulated128([self.0[0]])
            }
            unsafe fn halves(self) -> ($half, $half) {
                let half = |from: usize| {
                    $half(core::array::from_fn(|i| {
                        self.0.get(from + i).copied().unwrap_or_default()
                    }))
                };
                (half(0), half($lanes / 2))
            }

            const SHIFTS_ACROSS_LANES: bool = $shifts;
            unsafe fn shift_in(self, last: Self, n: usize) -> (Self, Self) {
                let (v, last) = (self.to_block(), last.to_block());
                let keep = 16 * $lanes - n;
                let low = core::array::from_fn(|i| if i < keep { v[i + n] } else { last[i] });
                let high = core::array::from_fn(|i| if i < keep { 0 } else { v[i - keep] });
                (Self::from_block(&high), Self::from_block(&low))
            }
        }
    };
}

// The 128-bit lane multiplies as PMULL does, the wider vectors as VPCLMULQDQ, so that the
// suites run both ways of folding an msb CRC (`fold.rs`) on any CPU.
emulated!(
    /// One 128-bit lane.
    Emulated128, 1, Emulated128, false, false
);
emulated!(
    /// Two lanes, as AVX2 vectors.
    Emulated256, 2, Emulated128, true, false
);
emulated!(
    /// Four lanes, as AVX-512 vectors (with VBMI's byte permute).
    Emulated512, 4, Emulated256, true, true
);

impl Lane for Emulated128 {
    unsafe fn down(a: Self) -> Self {
        a.map(|[_, q1]| [q1, 0])
    }
    unsafe fn up(a: Self) -> Self {
        a.map(|[q0, _]| [0, q0])
    }
    unsafe fn pair(q0: u64, q1: u64) -> Self {
        Emulated128([[q0, q1]])
    }
    unsafe fn qword<const I: i32>(a: Self) -> u64 {
        a.0[0][I as usize & 1]
    }
    unsafe fn shuffle(a: Self, mask: &[u8; 16]) -> Self {
        let b = bytes(a.0[0]);
        let out = mask.map(|m| {
            if m & 0x80 != 0 {
                0
            } else {
                b[usize::from(m & 15)]
            }
        });
        Emulated128([from_bytes(out)])
    }
    unsafe fn blend(a: Self, b: Self, mask: &[u8; 16]) -> Self {
        let (a, b) = (bytes(a.0[0]), bytes(b.0[0]));
        let out = core::array::from_fn(|i| if mask[i] & 0x80 != 0 { b[i] } else { a[i] });
        Emulated128([from_bytes(out)])
    }
}

/// A CRC instruction computed bit by bit, for CRC-32C's polynomial or (`CRC32C` false) CRC-32's.
pub(crate) struct EmulatedCrc<const CRC32C: bool>;

impl<const CRC32C: bool> EmulatedCrc<CRC32C> {
    /// The instruction's polynomial, reflected.
    const POLY: u64 = <Self as CrcInstruction>::HW.poly().reverse_bits() as u64;
    /// `bits` bits of `x` (the register XORed with the data) through the reflected register.
    fn feed(mut x: u64, bits: u32) -> u64 {
        for _ in 0..bits {
            x = (x >> 1) ^ (Self::POLY & (x & 1).wrapping_neg());
        }
        x
    }
}

impl<const CRC32C: bool> CrcInstruction for EmulatedCrc<CRC32C> {
    const HW: HwCrc = if CRC32C { HwCrc::Crc32c } else { HwCrc::Crc32 };
    unsafe fn step8(c: u64, word: u64) -> u64 {
        Self::feed((c & 0xffff_ffff) ^ word, 64)
    }
    unsafe fn step4(c: u32, word: u32) -> u32 {
        Self::feed(u64::from(c ^ word), 32) as u32
    }
    unsafe fn step1(c: u32, byte: u8) -> u32 {
        Self::feed(u64::from(c ^ u32::from(byte)), 8) as u32
    }
    unsafe fn shift(r: u32, k: u32) -> u32 {
        Self::feed(clmul64(u64::from(r), u64::from(k)) as u64, 64) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The software carry-less multiply against the schoolbook definition.
    #[test]
    fn clmul64_is_carry_less() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200 {
            x = x.rotate_left(17).wrapping_mul(0xbf58_476d_1ce4_e5b9) ^ 0x94d0_49bb;
            let y = x.rotate_right(29) ^ 0x1234_5678;
            let want = (0..64)
                .filter(|i| y >> i & 1 != 0)
                .fold(0u128, |r, i| r ^ (u128::from(x) << i));
            assert_eq!(clmul64(x, y), want, "{x:#x} · {y:#x}");
        }
    }
}
