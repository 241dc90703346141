//! The CPUs' own CRC instructions, for the CRCs whose register update they compute (width
//! 32, reflected, polynomial 0x1edc6f41 — and on aarch64 also 0x04c11db7): one instruction
//! per 8 bytes, no tables, no setup, which beats folding on short inputs.
//!
//! The engine's state for these CRCs is exactly the instructions' operand: the reflected
//! register, no inversion (init and xorout are applied outside). The streams below are
//! written once over `simd::CrcInstruction`; `isa/<arch>/` instantiates them per instruction.
//!
//! One instruction stream is latency-bound (3 cycles an instruction on current x86 and Arm cores,
//! one issued per cycle). Where the CPU also has a carry-less multiply, inputs of `plan::THREE_MIN`
//! bytes (`kernels::shapes::THREE_PASS_MIN`) or more run three streams of k words side by side,
//! from the register and two zero registers, and join them: `shift(a, 16k) ⊕ shift(b, 8k) ⊕ c` with
//! `shift(r, m) = crc(0, clmul(r, x^(8m − 33) mod G))` (the same join as fusion, `spec/engine.md`),
//! the constants for every k up to [`JOIN_WORDS`] computed at compile time.

use super::simd::CrcInstruction;
use crcstamp_layout::HwCrc;

/// The most words per stream in one three-stream pass (a pass covers 24·k bytes).
const THREE_WORDS: usize = 128;
/// The longest stream, in words, that the join constants cover (three-stream passes and
/// fusion's blocks; the longest: a last 512-bit block of up to 288 steps of 2 words and a
/// step's bytes more, 588 words, which `fusion::update` asserts). 7 KiB a table.
pub(crate) const JOIN_WORDS: usize = 600;

/// The instruction's polynomial, reflected (its operand layout: bit i is x^(31 − i)).
const fn poly_reflected(hw: HwCrc) -> u32 {
    hw.poly().reverse_bits()
}

/// `r · x^e mod G` in the reflected 32-bit layout, where multiplying by x is a right shift.
const fn mul_xpow(hw: HwCrc, mut r: u32, e: u32) -> u32 {
    let poly = poly_reflected(hw);
    let mut i = 0;
    while i < e {
        r = if r & 1 != 0 { (r >> 1) ^ poly } else { r >> 1 };
        i += 1;
    }
    r
}

/// `x^e mod G`, reflected.
pub(crate) const fn xpow(hw: HwCrc, e: u32) -> u32 {
    mul_xpow(hw, 1 << 31, e)
}

/// For k = 0..=JOIN_WORDS words a stream: `[x^(64k − 33), x^(128k − 33), x^(192k − 33)] mod
/// G` (entry 0 unused): the shifts past one, two and three streams of k words. All are terms
/// of one sequence, `u(n) = x^(64n − 33)` for n up to three streams' words (entry i of row
/// k is `u((i + 1)k)`), each term the one before times x^64, a byte at a time. The table is
/// built at compile time, where every step is interpreted: one product of two powers per
/// entry, a call per bit, made it over a third of this crate's build.
const fn join_table(hw: HwCrc) -> [[u32; 3]; JOIN_WORDS + 1] {
    // `r · x^8` of the reflected register's low byte r: the bits a byte shifts out.
    let mut times_x8 = [0u32; 256];
    let mut b = 0;
    while b < 256 {
        times_x8[b] = mul_xpow(hw, b as u32, 8);
        b += 1;
    }
    let mut t = [[0; 3]; JOIN_WORDS + 1];
    let mut u = xpow(hw, 64 - 33);
    let mut n = 1;
    while n <= 3 * JOIN_WORDS {
        if n <= JOIN_WORDS {
            t[n][0] = u;
        }
        if n % 2 == 0 && n / 2 <= JOIN_WORDS {
            t[n / 2][1] = u;
        }
        if n % 3 == 0 {
            t[n / 3][2] = u;
        }
        let mut i = 0;
        while i < 8 {
            u = (u >> 8) ^ times_x8[(u & 0xff) as usize];
            i += 1;
        }
        n += 1;
    }
    t
}

const JOIN_CRC32: [[u32; 3]; JOIN_WORDS + 1] = join_table(HwCrc::Crc32);
const JOIN_CRC32C: [[u32; 3]; JOIN_WORDS + 1] = join_table(HwCrc::Crc32c);

/// The join constants for streams of k words (1 ≤ k ≤ [`JOIN_WORDS`]): the shifts past one,
/// two and three streams.
pub(crate) fn join_consts(hw: HwCrc, k: usize) -> [u32; 3] {
    let t = match hw {
        HwCrc::Crc32 => &JOIN_CRC32,
        HwCrc::Crc32c => &JOIN_CRC32C,
    };
    t.get(k).copied().unwrap_or_default()
}

/// Runs `bytes` through three streams while at least `FROM` bytes remain (at least one
/// word per stream; `kernels::shapes::THREE_PASS_MIN`), then one ([`one_stream`]).
///
/// # Safety
/// The CPU must support `I`'s instructions.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) unsafe fn three_streams<I: CrcInstruction, const FROM: usize>(
    mut state: u32,
    all: &[u8],
) -> u32 {
    const { assert!(FROM >= 24) };
    let word = |w: &[u8; 8]| u64::from_le_bytes(*w);
    let mut bytes = all;
    // SAFETY (every call): the caller guarantees `I`'s instructions.
    unsafe {
        while bytes.len() >= FROM {
            let k = (bytes.len() / 24).min(THREE_WORDS);
            let (streams, rest) = bytes.split_at(24 * k);
            let (words, _) = streams.as_chunks::<8>();
            let (a, bc) = words.split_at(k);
            let (b, c) = bc.split_at(k);
            let (mut x, mut y, mut z) = (u64::from(state), 0, 0);
            for ((p, q), r) in a.iter().zip(b).zip(c) {
                x = I::step8(x, word(p));
                y = I::step8(y, word(q));
                z = I::step8(z, word(r));
            }
            let [k1, k2, _] = join_consts(I::HW, k);
            state = I::shift(x as u32, k2) ^ I::shift(y as u32, k1) ^ z as u32;
            bytes = rest;
        }
        one_stream::<I>(state, all, all.len() - bytes.len())
    }
}

/// One stream over `bytes[start..]`: 8-byte words, then the last `r` < 8 bytes in one more
/// 8-byte step when `bytes` has 8 to read back from. That step feeds `(tail ⊕ state) ·
/// x^(64 − 8r)`, i.e. 8 − r zero bytes then the tail XORed with the register, into a zero
/// register (leading zeros leave a zero register at zero); for r < 4 the register's bytes
/// past the tail are shifted along instead. One 3-cycle step replaces a chain of up to three
/// (4-, 2-, 1-byte). An input of 4 to 7 bytes takes a 4-byte step and the same read-back on
/// 4 bytes.
///
/// # Safety
/// The CPU must support `I`'s step instructions.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) unsafe fn one_stream<I: CrcInstruction>(state: u32, bytes: &[u8], start: usize) -> u32 {
    let rest = bytes.get(start..).unwrap_or_default();
    let (words, tail) = rest.as_chunks::<8>();
    // SAFETY (every call): the caller guarantees `I`'s instructions.
    unsafe {
        let c = words
            .iter()
            .fold(u64::from(state), |c, w| I::step8(c, u64::from_le_bytes(*w)))
            as u32;
        let r = tail.len() as u32;
        if r == 0 {
            return c;
        }
        if let Some(last) = bytes.last_chunk::<8>() {
            return read_back(c, u64::from_le_bytes(*last), r, |v| I::step8(0, v) as u32);
        }
        // Fewer than 8 bytes in all (so `start` was 0 and `tail` is `bytes`).
        match (tail.first_chunk::<4>(), tail.last_chunk::<4>()) {
            (Some(first), Some(last)) => {
                let c = I::step4(c, u32::from_le_bytes(*first));
                match r - 4 {
                    0 => c,
                    r => read_back(c, u64::from(u32::from_le_bytes(*last)) << 32, r, |v| {
                        I::step4(0, (v >> 32) as u32)
                    }),
                }
            }
            _ => tail.iter().fold(c, |c, &b| I::step1(c, b)),
        }
    }
}

/// The register `c` advanced over the last `r` (1..=7) bytes of the little-endian word
/// `window` with one 8-byte step from a zero register (`step(v)`, see [`one_stream`]).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn read_back(c: u32, window: u64, r: u32, step: impl Fn(u64) -> u32) -> u32 {
    let shift = 64 - 8 * r;
    let v = ((window >> shift) ^ u64::from(c)) << shift;
    let kept = if r < 4 { c >> (8 * r) } else { 0 };
    kept ^ step(v)
}

/// Whether this target has an instruction for `hw`: x86_64 for CRC-32C, aarch64 for both.
pub(crate) const fn supports(hw: HwCrc) -> bool {
    match hw {
        HwCrc::Crc32c => cfg!(any(target_arch = "x86_64", target_arch = "aarch64")),
        HwCrc::Crc32 => cfg!(target_arch = "aarch64"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The incrementally built join constants equal direct powers of x (themselves checked
    /// against square-and-multiply in `fusion`'s tests).
    #[test]
    fn join_constants_are_powers_of_x() {
        for hw in [HwCrc::Crc32, HwCrc::Crc32c] {
            for k in 1..=JOIN_WORDS {
                let e = 64 * k as u32;
                let want = [xpow(hw, e - 33), xpow(hw, 2 * e - 33), xpow(hw, 3 * e - 33)];
                assert_eq!(join_consts(hw, k), want, "{hw:?} k = {k}");
            }
        }
    }
}
