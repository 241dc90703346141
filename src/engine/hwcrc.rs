//! The CPUs' own CRC instructions, for the CRCs whose register update they compute (width
//! 32, reflected, polynomial 0x1edc6f41 — and on aarch64 also 0x04c11db7): one instruction
//! per 8 bytes, no tables, no setup, which beats folding on short inputs.
//!
//! The engine's state for these CRCs is exactly the instructions' operand: the reflected
//! register, no inversion (init and xorout are applied outside).
//!
//! One instruction stream is latency-bound (3 cycles an instruction on current x86 and Arm
//! cores, one issued per cycle). Where the CPU also has a carry-less multiply, inputs of
//! [`THREE_MIN`] bytes or more run three streams of k words side by side, from the register
//! and two zero registers, and join them: `shift(a, 16k) ⊕ shift(b, 8k) ⊕ c` with
//! `shift(r, m) = crc(0, clmul(r, x^(8m − 33) mod G))` (the same join as fusion,
//! `spec/engine.md`), the constants for every k up to [`THREE_WORDS`] computed at compile
//! time.

use crate::consts::HwCrc;

/// The shortest input that takes three streams (`spec/decisions.md`).
pub(crate) const THREE_MIN: usize = 24 * 10;
/// The most words per stream in one three-stream pass (a pass covers 24·k bytes).
pub(crate) const THREE_WORDS: usize = 128;

/// The instruction's polynomial, reflected (its operand layout: bit i is x^(31 − i)).
const fn poly_reflected(hw: HwCrc) -> u32 {
    match hw {
        HwCrc::Crc32 => 0xedb8_8320,
        HwCrc::Crc32c => 0x82f6_3b78,
    }
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

/// For k = 0..=THREE_WORDS words a stream: `[x^(64k − 33), x^(128k − 33)] mod G` (entry 0
/// unused), each from the previous one by 64 or 128 more steps.
const fn three_way(hw: HwCrc) -> [[u32; 2]; THREE_WORDS + 1] {
    let mut t = [[0; 2]; THREE_WORDS + 1];
    t[1] = [xpow(hw, 64 - 33), xpow(hw, 128 - 33)];
    let mut k = 2;
    while k <= THREE_WORDS {
        t[k] = [
            mul_xpow(hw, t[k - 1][0], 64),
            mul_xpow(hw, t[k - 1][1], 128),
        ];
        k += 1;
    }
    t
}

const THREE_WAY_CRC32: [[u32; 2]; THREE_WORDS + 1] = three_way(HwCrc::Crc32);
const THREE_WAY_CRC32C: [[u32; 2]; THREE_WORDS + 1] = three_way(HwCrc::Crc32c);

/// The join constants for streams of k words (1 ≤ k ≤ [`THREE_WORDS`]).
#[allow(dead_code)] // no three-stream kernel on other architectures
fn three_way_consts(hw: HwCrc, k: usize) -> [u32; 2] {
    let t = match hw {
        HwCrc::Crc32 => &THREE_WAY_CRC32,
        HwCrc::Crc32c => &THREE_WAY_CRC32C,
    };
    t.get(k).copied().unwrap_or_default()
}

/// Runs `bytes` through three streams while at least [`THREE_MIN`] remain, then one
/// ([`one_stream`]). `step` is the 8-byte instruction on a register held in the low half of
/// a u64 (as x86's instruction returns it: no zero-extension between steps), `step4` and
/// `byte` the 4- and 1-byte ones, `shift` the join's multiply-and-reduce.
#[allow(dead_code)]
#[inline(always)]
fn three_streams(
    hw: HwCrc,
    mut state: u32,
    all: &[u8],
    step: impl Fn(u64, u64) -> u64,
    step4: impl Fn(u32, u32) -> u32,
    byte: impl Fn(u32, u8) -> u32,
    shift: impl Fn(u32, u32) -> u32,
) -> u32 {
    let word = |w: &[u8; 8]| u64::from_le_bytes(*w);
    let mut bytes = all;
    while bytes.len() >= THREE_MIN {
        let k = (bytes.len() / 24).min(THREE_WORDS);
        let (streams, rest) = bytes.split_at(24 * k);
        let (words, _) = streams.as_chunks::<8>();
        let (a, bc) = words.split_at(k);
        let (b, c) = bc.split_at(k);
        let (mut x, mut y, mut z) = (u64::from(state), 0, 0);
        for ((p, q), r) in a.iter().zip(b).zip(c) {
            x = step(x, word(p));
            y = step(y, word(q));
            z = step(z, word(r));
        }
        let [k1, k2] = three_way_consts(hw, k);
        state = shift(x as u32, k2) ^ shift(y as u32, k1) ^ z as u32;
        bytes = rest;
    }
    one_stream(state, all, all.len() - bytes.len(), step, step4, byte)
}

/// One stream over `bytes[start..]`: 8-byte words, then the last `r` < 8 bytes in one more
/// 8-byte step when `bytes` has 8 to read back from. That step feeds `(tail ⊕ state) ·
/// x^(64 − 8r)`, i.e. 8 − r zero bytes then the tail XORed with the register, into a zero
/// register (leading zeros leave a zero register at zero); for r < 4 the register's bytes
/// past the tail are shifted along instead. One 3-cycle step replaces a chain of up to three
/// (4-, 2-, 1-byte). An input of 4 to 7 bytes takes a 4-byte step and the same read-back on
/// 4 bytes. `step` is the 8-byte instruction, `step4` the 4-byte one, `byte` the 1-byte one.
#[allow(dead_code)]
#[inline(always)]
fn one_stream(
    state: u32,
    bytes: &[u8],
    start: usize,
    step: impl Fn(u64, u64) -> u64,
    step4: impl Fn(u32, u32) -> u32,
    byte: impl Fn(u32, u8) -> u32,
) -> u32 {
    let rest = bytes.get(start..).unwrap_or_default();
    let (words, tail) = rest.as_chunks::<8>();
    let c = words
        .iter()
        .fold(u64::from(state), |c, w| step(c, u64::from_le_bytes(*w))) as u32;
    let r = tail.len() as u32;
    if r == 0 {
        return c;
    }
    if let Some(last) = bytes.last_chunk::<8>() {
        return read_back(c, u64::from_le_bytes(*last), r, |v| step(0, v) as u32);
    }
    // Fewer than 8 bytes in all (so `start` was 0 and `tail` is `bytes`).
    match (tail.first_chunk::<4>(), tail.last_chunk::<4>()) {
        (Some(first), Some(last)) => {
            let c = step4(c, u32::from_le_bytes(*first));
            match r - 4 {
                0 => c,
                r => read_back(c, u64::from(u32::from_le_bytes(*last)) << 32, r, |v| {
                    step4(0, (v >> 32) as u32)
                }),
            }
        }
        _ => tail.iter().fold(c, |c, &b| byte(c, b)),
    }
}

/// The register `c` advanced over the last `r` (1..=7) bytes of the little-endian word
/// `window` with one 8-byte step from a zero register (`step(v)`, see [`one_stream`]).
#[inline(always)]
fn read_back(c: u32, window: u64, r: u32, step: impl Fn(u64) -> u32) -> u32 {
    let shift = 64 - 8 * r;
    let v = ((window >> shift) ^ u64::from(c)) << shift;
    let kept = if r < 4 { c >> (8 * r) } else { 0 };
    kept ^ step(v)
}

/// Whether this target has an instruction for `hw`.
pub(crate) fn supports(hw: HwCrc) -> bool {
    #[cfg(target_arch = "x86_64")]
    return hw == HwCrc::Crc32c;
    #[cfg(target_arch = "aarch64")]
    return {
        let _ = hw;
        true
    };
    #[allow(unreachable_code)]
    {
        let _ = hw;
        false
    }
}

/// Feeds `bytes` into the reflected register `state`; `hw` must be `supports`ed and the CPU
/// must have the instructions (`Backend::HwCrc.is_available()`). Three streams where the
/// input is long enough and the CPU has a carry-less multiply to join them.
pub(crate) fn update(hw: HwCrc, state: u32, bytes: &[u8]) -> u32 {
    update_with_bits(hw, crate::engine::dispatch::features(), state, bytes)
}

/// [`update`] with the CPU's availability bits already at hand (`dispatch::cached`): inlined
/// into the engine's hot path, so that a call site calls its kernel directly.
#[allow(unused_variables, unreachable_code)]
#[inline(always)]
pub(crate) fn update_with_bits(hw: HwCrc, bits: u16, state: u32, bytes: &[u8]) -> u32 {
    #[allow(unused_imports)] // used by the kernels of x86_64 and aarch64
    use crate::{engine::dispatch::has, Backend};
    debug_assert!(supports(hw) && has(bits, Backend::HwCrc));
    #[cfg(target_arch = "x86_64")]
    // SAFETY: the caller checked SSE4.2 (engine::dispatch), and x86_64 only offers CRC-32C;
    // the three-stream kernel also needs PCLMULQDQ, checked here.
    return unsafe {
        if bytes.len() >= THREE_MIN && has(bits, Backend::Pclmul) {
            x86::crc32c_three(state, bytes)
        } else {
            x86::crc32c(state, bytes)
        }
    };
    #[cfg(target_arch = "aarch64")]
    // SAFETY: the caller checked the CRC extension (engine::dispatch); the three-stream
    // kernel also needs PMULL, checked here.
    return unsafe {
        if bytes.len() >= THREE_MIN && has(bits, Backend::Pmull) {
            aarch64::three(hw, state, bytes)
        } else {
            match hw {
                HwCrc::Crc32 => aarch64::crc32(state, bytes),
                HwCrc::Crc32c => aarch64::crc32c(state, bytes),
            }
        }
    };
    unreachable!("no CRC instructions on this target")
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use core::arch::x86_64::{
        _mm_clmulepi64_si128, _mm_crc32_u32, _mm_crc32_u64, _mm_crc32_u8, _mm_cvtsi128_si64,
        _mm_cvtsi32_si128,
    };

    use crate::consts::HwCrc;

    /// Three streams (module docs), then one.
    ///
    /// # Safety
    /// The CPU must support SSE4.2 and PCLMULQDQ.
    #[target_feature(enable = "sse4.2,pclmulqdq")]
    pub(super) unsafe fn crc32c_three(state: u32, bytes: &[u8]) -> u32 {
        let step = |c: u64, w: u64| _mm_crc32_u64(c, w);
        let shift = |r: u32, k: u32| {
            let p = _mm_clmulepi64_si128::<0x00>(
                _mm_cvtsi32_si128(r as i32),
                _mm_cvtsi32_si128(k as i32),
            );
            step(0, _mm_cvtsi128_si64(p) as u64) as u32
        };
        let step4 = |c: u32, w: u32| _mm_crc32_u32(c, w);
        let byte = |c: u32, b: u8| _mm_crc32_u8(c, b);
        super::three_streams(HwCrc::Crc32c, state, bytes, step, step4, byte, shift)
    }

    /// # Safety
    /// The CPU must support SSE4.2.
    #[target_feature(enable = "sse4.2")]
    pub(super) unsafe fn crc32c(state: u32, bytes: &[u8]) -> u32 {
        let step = |c: u64, w: u64| _mm_crc32_u64(c, w);
        let step4 = |c: u32, w: u32| _mm_crc32_u32(c, w);
        super::one_stream(state, bytes, 0, step, step4, |c, b| _mm_crc32_u8(c, b))
    }
}

#[cfg(target_arch = "aarch64")]
mod aarch64 {
    use core::arch::aarch64::{
        __crc32b, __crc32cb, __crc32cd, __crc32cw, __crc32d, __crc32w, vmull_p64,
    };

    use crate::consts::HwCrc;

    /// Three streams (module docs), then one.
    ///
    /// # Safety
    /// The CPU must support the CRC extension and PMULL (`aes`).
    #[target_feature(enable = "crc,neon,aes")]
    pub(super) unsafe fn three(hw: HwCrc, state: u32, bytes: &[u8]) -> u32 {
        let step = |c: u64, w: u64| {
            u64::from(match hw {
                HwCrc::Crc32 => __crc32d(c as u32, w),
                HwCrc::Crc32c => __crc32cd(c as u32, w),
            })
        };
        let step4 = |c: u32, w: u32| match hw {
            HwCrc::Crc32 => __crc32w(c, w),
            HwCrc::Crc32c => __crc32cw(c, w),
        };
        let byte = |c: u32, b: u8| match hw {
            HwCrc::Crc32 => __crc32b(c, b),
            HwCrc::Crc32c => __crc32cb(c, b),
        };
        let shift = |r: u32, k: u32| step(0, vmull_p64(u64::from(r), u64::from(k)) as u64) as u32;
        super::three_streams(hw, state, bytes, step, step4, byte, shift)
    }

    /// # Safety
    /// The CPU must support the CRC extension.
    #[target_feature(enable = "crc")]
    pub(super) unsafe fn crc32(state: u32, bytes: &[u8]) -> u32 {
        super::one_stream(
            state,
            bytes,
            0,
            |c, w| u64::from(__crc32d(c as u32, w)),
            |c, w| __crc32w(c, w),
            |c, b| __crc32b(c, b),
        )
    }

    /// # Safety
    /// The CPU must support the CRC extension.
    #[target_feature(enable = "crc")]
    pub(super) unsafe fn crc32c(state: u32, bytes: &[u8]) -> u32 {
        super::one_stream(
            state,
            bytes,
            0,
            |c, w| u64::from(__crc32cd(c as u32, w)),
            |c, w| __crc32cw(c, w),
            |c, b| __crc32cb(c, b),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The incrementally built join constants equal direct powers of x (themselves checked
    /// against square-and-multiply in `fusion`'s tests).
    #[test]
    fn three_way_constants_are_powers_of_x() {
        for hw in [HwCrc::Crc32, HwCrc::Crc32c] {
            for k in 1..=THREE_WORDS {
                let e = 64 * k as u32;
                let want = [xpow(hw, e - 33), xpow(hw, 2 * e - 33)];
                assert_eq!(three_way_consts(hw, k), want, "{hw:?} k = {k}");
            }
        }
    }
}
