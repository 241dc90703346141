//! The instruction sets' primitives for the generic kernels (`super::simd`): one file per
//! architecture holding only intrinsics (or the `asm!` of one instruction), the two-qword
//! lane those without vector intrinsics multiply on (`pair.rs`), and their emulation in
//! plain Rust.

#[cfg(target_arch = "aarch64")]
pub(crate) mod aarch64;
#[cfg(feature = "emulated")]
pub(crate) mod emulated;
#[cfg(any(
    target_arch = "riscv64",
    target_arch = "s390x",
    target_arch = "powerpc64"
))]
pub(crate) mod pair;
#[cfg(target_arch = "powerpc64")]
pub(crate) mod powerpc64;
#[cfg(target_arch = "riscv64")]
pub(crate) mod riscv64;
#[cfg(target_arch = "s390x")]
pub(crate) mod s390x;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86_64;
