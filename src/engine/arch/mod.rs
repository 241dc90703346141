//! The instruction sets' primitives for the generic kernels (`super::simd`): one file per
//! architecture holding only intrinsics, and their emulation in plain Rust.

#[cfg(target_arch = "aarch64")]
pub(crate) mod aarch64;
pub(crate) mod emulated;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86_64;
