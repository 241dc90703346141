//! The instruction sets' primitives for the generic kernels (`super::simd`): one file per
//! architecture holding only intrinsics (or the `asm!` of one instruction), the two-qword
//! lane those without vector intrinsics multiply on (`pair.rs`), and their emulation in
//! plain Rust.

/// Two entry points of one fold body, one per bit order (`lsb` and `msb`), each the code a
/// generic instantiation would be, with no test of the order at entry.
/// `by_order!(LSB, lsb, msb, args..)` calls one of them by a const parameter.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
macro_rules! by_order {
    (
        $(#[doc = $doc:literal])*
        #[target_feature(enable = $features:literal)]
        fn $lsb:ident / $msb:ident = $body:ident::<$v:ty, _ $(, $arg:tt)*>;
    ) => {
        $(#[doc = $doc])*
        #[target_feature(enable = $features)]
        unsafe fn $lsb(f: &FoldConsts, width: u32, reg: u64, bytes: &[u8]) -> u64 {
            // SAFETY: our features are the body's requirement.
            unsafe { $body::<$v, true $(, $arg)*>(f, width, reg, bytes) }
        }
        $(#[doc = $doc])*
        #[target_feature(enable = $features)]
        unsafe fn $msb(f: &FoldConsts, width: u32, reg: u64, bytes: &[u8]) -> u64 {
            // SAFETY: as above.
            unsafe { $body::<$v, false $(, $arg)*>(f, width, reg, bytes) }
        }
    };
    ($lsb_order:expr, $lsb:path, $msb:path, $($arg:expr),*) => {
        match $lsb_order {
            true => $lsb($($arg),*),
            false => $msb($($arg),*),
        }
    };
}

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
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
pub(crate) mod portable;
#[cfg(target_arch = "powerpc64")]
pub(crate) mod powerpc64;
#[cfg(target_arch = "riscv64")]
pub(crate) mod riscv64;
#[cfg(target_arch = "s390x")]
pub(crate) mod s390x;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86_64;
