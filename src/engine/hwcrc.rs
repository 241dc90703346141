//! The CPUs' own CRC instructions, for the CRCs whose register update they compute (width
//! 32, reflected, polynomial 0x1edc6f41 — and on aarch64 also 0x04c11db7): one instruction
//! per 8 bytes, no tables, no setup, which beats folding on short inputs.
//!
//! The engine's state for these CRCs is exactly the instructions' operand: the reflected
//! register, no inversion (init and xorout are applied outside).

use crate::consts::HwCrc;

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
/// must have the instructions (`Backend::HwCrc.is_available()`).
#[allow(unused_variables, unreachable_code)]
pub(crate) fn update(hw: HwCrc, state: u32, bytes: &[u8]) -> u32 {
    debug_assert!(supports(hw) && crate::Backend::HwCrc.is_available());
    #[cfg(target_arch = "x86_64")]
    // SAFETY: the caller checked SSE4.2 (engine::dispatch), and x86_64 only offers CRC-32C.
    return unsafe { x86::crc32c(state, bytes) };
    #[cfg(target_arch = "aarch64")]
    // SAFETY: the caller checked the CRC extension (engine::dispatch).
    return unsafe {
        match hw {
            HwCrc::Crc32 => aarch64::crc32(state, bytes),
            HwCrc::Crc32c => aarch64::crc32c(state, bytes),
        }
    };
    unreachable!("no CRC instructions on this target")
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use core::arch::x86_64::{_mm_crc32_u64, _mm_crc32_u8};

    /// # Safety
    /// The CPU must support SSE4.2.
    #[target_feature(enable = "sse4.2")]
    pub(super) unsafe fn crc32c(state: u32, bytes: &[u8]) -> u32 {
        let (words, tail) = bytes.as_chunks::<8>();
        let mut c = u64::from(state);
        for w in words {
            c = _mm_crc32_u64(c, u64::from_le_bytes(*w));
        }
        tail.iter().fold(c as u32, |c, &b| _mm_crc32_u8(c, b))
    }
}

#[cfg(target_arch = "aarch64")]
mod aarch64 {
    use core::arch::aarch64::{__crc32b, __crc32cb, __crc32cd, __crc32d};

    /// # Safety
    /// The CPU must support the CRC extension.
    #[target_feature(enable = "crc")]
    pub(super) unsafe fn crc32(state: u32, bytes: &[u8]) -> u32 {
        let (words, tail) = bytes.as_chunks::<8>();
        let c = words
            .iter()
            .fold(state, |c, w| __crc32d(c, u64::from_le_bytes(*w)));
        tail.iter().fold(c, |c, &b| __crc32b(c, b))
    }

    /// # Safety
    /// The CPU must support the CRC extension.
    #[target_feature(enable = "crc")]
    pub(super) unsafe fn crc32c(state: u32, bytes: &[u8]) -> u32 {
        let (words, tail) = bytes.as_chunks::<8>();
        let c = words
            .iter()
            .fold(state, |c, w| __crc32cd(c, u64::from_le_bytes(*w)));
        tail.iter().fold(c, |c, &b| __crc32cb(c, b))
    }
}
