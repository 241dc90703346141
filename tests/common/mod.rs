//! Helpers shared by the integration tests.
#![allow(dead_code)]

/// Constants built at run time from `crc-gen`, for models not known at compile time.
#[cfg(feature = "dynamic")]
#[allow(unused_imports)]
pub use crcstamp::dynamic::OwnedConsts as Owned;

#[cfg(feature = "dynamic")]
pub mod suites;

/// Deterministic bytes (xorshift), different per seed.
pub fn pseudo_random(len: usize, seed: u32) -> Vec<u8> {
    let mut x = 0x9e37_79b9_7f4a_7c15u64 ^ u64::from(seed).wrapping_mul(0xff51_afd7_ed55_8ccd);
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}
