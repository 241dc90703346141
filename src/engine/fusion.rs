//! Fusion: the CPU's CRC instruction and carry-less-multiply folding in one loop, for the
//! CRCs whose register update an instruction computes ([`HwCrc`]) on long inputs.
//!
//! The two run on different execution units, so a loop that issues both goes faster than
//! either alone. Each [`BLOCK`] of input is cut into a vector region of [`VECTOR`] bytes,
//! folded by the vector kernel from the current register, and three scalar streams of
//! [`STREAM`] bytes, each run through the CRC instruction from a zero register; every loop
//! iteration advances all of them. The register after the block is then
//!
//! ```text
//! shift(v, 3·STREAM) ⊕ shift(s1, 2·STREAM) ⊕ shift(s2, STREAM) ⊕ s3
//! ```
//!
//! (the register is linear in its initial value and the data), where `shift(r, m)` is the
//! register `r` advanced over `m` zero bytes, `r · x^(8m) mod G`: one carry-less multiply by
//! the constant `x^(8m − 33) mod G` and one CRC instruction on the 64-bit product, which
//! multiplies by `x^33` and reduces (`spec/engine.md`, "Fusion"). The block geometry is fixed,
//! so these constants are computed here at compile time, per instruction polynomial.

use super::hwcrc::xpow;
use crate::consts::{FoldConsts, HwCrc};

/// Bytes of one fused block.
pub(crate) const BLOCK: usize = VECTOR + 3 * STREAM;
/// Bytes of a block folded by the vector kernel.
pub(crate) const VECTOR: usize = 4096;
/// Bytes of each of the three scalar streams of a block.
pub(crate) const STREAM: usize = 1024;

/// `[x^(8m − 33) mod G]` for m = STREAM, 2·STREAM, 3·STREAM bytes.
const fn shifts(hw: HwCrc) -> [u32; 3] {
    let bits = 8 * STREAM as u32;
    [
        xpow(hw, bits - 33),
        xpow(hw, 2 * bits - 33),
        xpow(hw, 3 * bits - 33),
    ]
}

const SHIFTS_CRC32: [u32; 3] = shifts(HwCrc::Crc32);
const SHIFTS_CRC32C: [u32; 3] = shifts(HwCrc::Crc32c);

/// The shift constants of `hw`'s polynomial (see [`shifts`]).
#[allow(dead_code)] // no fusion kernel on other architectures
pub(super) fn shift_consts(hw: HwCrc) -> &'static [u32; 3] {
    match hw {
        HwCrc::Crc32 => &SHIFTS_CRC32,
        HwCrc::Crc32c => &SHIFTS_CRC32C,
    }
}

/// Joins a block's four partial registers (see the module docs); `shift(r, k)` multiplies
/// by the constant `k` and reduces with the CRC instruction.
#[allow(dead_code)]
#[inline(always)]
pub(super) fn join(
    k: &[u32; 3],
    [v, s1, s2, s3]: [u32; 4],
    shift: impl Fn(u32, u32) -> u32,
) -> u32 {
    shift(v, k[2]) ^ shift(s1, k[1]) ^ shift(s2, k[0]) ^ s3
}

/// Feeds the whole blocks at the start of `bytes` into the reflected register `state` and
/// returns it with the bytes left over (fewer than [`BLOCK`]). The caller has checked that
/// [`Backend::Fusion`](crate::Backend::Fusion) is available and `hw` is supported here.
pub(super) fn update<'a>(
    hw: HwCrc,
    f: &FoldConsts,
    state: u32,
    bytes: &'a [u8],
) -> (u32, &'a [u8]) {
    debug_assert!(crate::Backend::Fusion.is_available());
    let (blocks, rest) = bytes.as_chunks::<BLOCK>();
    let state = blocks
        .iter()
        .fold(state, |s, block| kernel(hw, f, s, block));
    (state, rest)
}

/// This architecture's fused block kernel.
#[allow(unused_variables, unreachable_code)]
#[inline(always)]
fn kernel(hw: HwCrc, f: &FoldConsts, state: u32, block: &[u8; BLOCK]) -> u32 {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: Fusion's availability checked VPCLMULQDQ, AVX2 and SSE4.2; on x86_64 only
    // CRC-32C has an instruction (hwcrc::supports).
    return unsafe { super::fold::x86::fusion(f, state, block) };
    #[cfg(target_arch = "aarch64")]
    // SAFETY: Fusion's availability checked PMULL and the CRC extension.
    return unsafe { super::fold::aarch64::fusion(f, hw, state, block) };
    unreachable!("no fusion kernel on this target")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The compile-time constants agree with the generator's GF(2) arithmetic.
    #[test]
    fn shift_constants_match_the_generator() {
        for (hw, poly) in [(HwCrc::Crc32, 0x04c1_1db7u32), (HwCrc::Crc32c, 0x1edc_6f41)] {
            for (i, &k) in shift_consts(hw).iter().enumerate() {
                let e = 8 * STREAM as u32 * (i as u32 + 1) - 33;
                // x^e mod G, unreflected, by square-and-multiply on the generator's side.
                let g = (1u128 << 32) | u128::from(poly);
                let want = square_and_multiply(e, g) as u32;
                assert_eq!(k, want.reverse_bits(), "{hw:?} m = {}", STREAM * (i + 1));
            }
        }
    }

    /// An independent x^e mod G (square and multiply on unreflected polynomials).
    fn square_and_multiply(e: u32, g: u128) -> u128 {
        let mulmod = |a: u128, b: u128| {
            let mut r = 0u128;
            for i in (0..32).rev() {
                r <<= 1;
                if r >> 32 & 1 != 0 {
                    r ^= g;
                }
                if b >> i & 1 != 0 {
                    r ^= a;
                }
            }
            r
        };
        let (mut result, mut base, mut e) = (1u128, 2u128, e);
        while e > 0 {
            if e & 1 != 0 {
                result = mulmod(result, base);
            }
            base = mulmod(base, base);
            e >>= 1;
        }
        result
    }
}
