//! Which folding kernels this CPU can run: detected once, at first use, and cached in one
//! atomic, so the hot path pays a single relaxed load.
//!
//! Detection happens at first use, not at build or load time (the kernel's crypto API once
//! picked its CRC-T10DIF implementation before the fast module was loaded and stayed slow).
//! Without `std` there is no runtime detection: the compile-time target features decide.

use core::sync::atomic::{AtomicU16, Ordering::Relaxed};

use crate::backend::Backend;

/// The accelerated kernels; the availability bit of `KERNELS[i]` is `1 << i`.
const KERNELS: [Backend; 6] = [
    Backend::Vpclmul256,
    Backend::Pclmul,
    Backend::PmullEor3,
    Backend::Pmull,
    Backend::HwCrc,
    Backend::Fusion,
];
/// Bits 0..=5: availability of each of `KERNELS`. Bit 15: detection done.
static FEATURES: AtomicU16 = AtomicU16::new(0);
const DETECTED: u16 = 1 << 15;

/// Whether the accelerated kernel `b` can run here: one load and one mask on the hot path
/// (the mask is a constant wherever `b` is).
#[inline]
pub(crate) fn available(b: Backend) -> bool {
    features() & bit(b) != 0
}

/// The availability bit of `b` (0 for the portable kernels, which are not listed).
#[inline]
const fn bit(b: Backend) -> u16 {
    let mut i = 0;
    while i < KERNELS.len() {
        if KERNELS[i] as u8 == b as u8 {
            return 1 << i;
        }
        i += 1;
    }
    0
}

/// The folding kernels of this architecture, best first: the hot path tries them in this
/// order on one load of the cached bits ([`features`], [`has`]).
#[cfg(target_arch = "x86_64")]
pub(crate) const FOLDING_ORDER: [Backend; 2] = [Backend::Vpclmul256, Backend::Pclmul];
#[cfg(target_arch = "aarch64")]
pub(crate) const FOLDING_ORDER: [Backend; 2] = [Backend::PmullEor3, Backend::Pmull];
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
pub(crate) const FOLDING_ORDER: [Backend; 0] = [];

/// Whether `bits` (from [`features`]) say the accelerated kernel `b` can run here.
#[inline(always)]
pub(crate) fn has(bits: u16, b: Backend) -> bool {
    bits & bit(b) != 0
}

/// The best folding kernel this CPU has, if any: the first of [`FOLDING_ORDER`] available.
#[inline]
pub(crate) fn best_folding() -> Option<Backend> {
    let bits = features();
    FOLDING_ORDER.into_iter().find(|&b| has(bits, b))
}

/// The cached bits, or `None` before the first detection: the hot path takes this one load
/// and leaves detection to a cold call it makes in tail position, so that no register of
/// the caller has to live across a call.
#[inline(always)]
pub(crate) fn cached() -> Option<u16> {
    let bits = FEATURES.load(Relaxed);
    (bits & DETECTED != 0).then_some(bits)
}

/// The cached availability bits, detecting them at the first call.
#[inline]
pub(crate) fn features() -> u16 {
    let bits = FEATURES.load(Relaxed);
    if bits & DETECTED != 0 {
        bits
    } else {
        detect_and_cache()
    }
}

/// Racing first uses compute the same value, so a plain store is enough.
#[cold]
fn detect_and_cache() -> u16 {
    let mut bits = 0u16;
    let max_tier = max_tier();
    for (i, &b) in KERNELS.iter().enumerate() {
        if b.tier() <= max_tier && !disabled(b) && cpu_has(b) {
            bits |= 1 << i;
        }
    }
    let bits = bits | DETECTED;
    FEATURES.store(bits, Relaxed);
    bits
}

#[cfg(all(feature = "std", target_arch = "x86_64"))]
macro_rules! has {
    ($f:tt) => {
        std::arch::is_x86_feature_detected!($f)
    };
}
#[cfg(all(feature = "std", target_arch = "aarch64"))]
macro_rules! has {
    ($f:tt) => {
        std::arch::is_aarch64_feature_detected!($f)
    };
}
#[cfg(all(
    not(feature = "std"),
    any(target_arch = "x86_64", target_arch = "aarch64")
))]
macro_rules! has {
    ($f:tt) => {
        cfg!(target_feature = $f)
    };
}

/// Every instruction set extension the kernel uses, checked on this CPU.
#[allow(unreachable_code)]
fn cpu_has(b: Backend) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        let clmul128 = has!("pclmulqdq") && has!("sse4.1") && has!("ssse3");
        return match b {
            Backend::Pclmul => clmul128,
            Backend::Vpclmul256 => clmul128 && has!("vpclmulqdq") && has!("avx2"),
            Backend::HwCrc => has!("sse4.2"),
            Backend::Fusion => clmul128 && has!("vpclmulqdq") && has!("avx2") && has!("sse4.2"),
            _ => false,
        };
    }
    #[cfg(target_arch = "aarch64")]
    {
        #[cfg(feature = "std")]
        let pmull = has!("pmull");
        #[cfg(not(feature = "std"))]
        let pmull = has!("aes");
        return match b {
            Backend::Pmull => pmull,
            Backend::PmullEor3 => pmull && has!("sha3"),
            Backend::HwCrc => has!("crc"),
            Backend::Fusion => pmull && has!("crc"),
            _ => false,
        };
    }
    let _ = b;
    false
}

/// The tier cap from `CRCSTAMP_MAX_TIER`, so tests can run the fallbacks on a CPU that has
/// the faster kernels: `portable` (0), `clmul128` (1), `clmul256` (2). Unset: no cap.
fn max_tier() -> u8 {
    #[cfg(feature = "std")]
    if let Some(v) = std::env::var_os("CRCSTAMP_MAX_TIER") {
        return match v.to_str() {
            Some("portable") => 0,
            Some("clmul128") => 1,
            Some("clmul256") => 2,
            _ => u8::MAX,
        };
    }
    u8::MAX
}

/// Whether `CRCSTAMP_DISABLE` (backend names, comma-separated) names `b`, so tests can run
/// the combinations no CPU at hand has: folding without the CRC instruction, say.
fn disabled(b: Backend) -> bool {
    #[cfg(feature = "std")]
    if let Some(v) = std::env::var_os("CRCSTAMP_DISABLE") {
        return v
            .to_str()
            .is_some_and(|v| v.split(',').any(|name| name == b.name()));
    }
    let _ = b;
    false
}

#[cfg(all(test, feature = "std", target_arch = "x86_64"))]
mod tests {
    use super::*;

    /// No kernel is ever offered whose instructions the CPU lacks.
    #[test]
    fn never_offers_what_the_cpu_lacks() {
        let pclmul = std::arch::is_x86_feature_detected!("pclmulqdq")
            && std::arch::is_x86_feature_detected!("sse4.1")
            && std::arch::is_x86_feature_detected!("ssse3");
        let vpclmul = std::arch::is_x86_feature_detected!("vpclmulqdq")
            && std::arch::is_x86_feature_detected!("avx2");
        assert!(!available(Backend::Pclmul) || pclmul);
        assert!(!available(Backend::Vpclmul256) || (pclmul && vpclmul));
        assert!(!available(Backend::Pmull) && !available(Backend::PmullEor3));
        let sse42 = std::arch::is_x86_feature_detected!("sse4.2");
        assert!(!available(Backend::HwCrc) || sse42);
        assert!(!available(Backend::Fusion) || (pclmul && vpclmul && sse42));
        if let Some(b) = best_folding() {
            assert!(available(b));
        }
    }
}
