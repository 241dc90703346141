//! Every kernel entry point: the generic bodies (`fold::from_register` and its aligned
//! forms, `fusion::update`, `hwcrc::one_stream` and `three_streams`) instantiated per
//! instruction set and width, each with the `#[target_feature]`s its primitives need, one
//! module per architecture (`x86_64`, `aarch64`, and `portable` for the targets with
//! neither), and the emulated instantiations (plain Rust, any CPU) for the test suites.
//!
//! Each architecture offers the same five safe functions ([`fold`], [`fold_by_instruction`],
//! [`fold_reflected`], [`fusion`], [`hw`]). They take every choice the route made (the
//! kernel, the shape, reading ahead, three streams) as arguments and look nothing up: the
//! route plan (`plan`) decides. Their shapes (`shapes`) are fixed here, and the plan reads them.
//!
//! The entry points are not generic: each bit order is a function of its own (`by_order!`),
//! and the shape and reading ahead of the kernels that run only long inputs are arguments,
//! matched at entry. A generic item (const parameters too) is compiled again in every crate
//! whose code reaches it, and these bodies were most of a user's release build
//! (`spec/decisions.md`, "A small head inlined, the rest one call").

use super::fusion::step_bytes_of;
use shapes::{
    LANE_STEPS, LANE_WORDS, YMM_MIN_STEPS, YMM_WORDS, ZMM_MIN_STEPS, ZMM_WIDE_MIN_STEPS,
    ZMM_WIDE_WORDS, ZMM_WORDS,
};

pub(crate) mod shapes;

/// The shortest block of fusion on 256-bit vectors, and on 128-bit lanes (the same: 7 KiB).
pub(crate) const FUSION_BLOCK: usize = {
    let ymm = YMM_MIN_STEPS * step_bytes_of(32, YMM_WORDS);
    assert!(ymm == LANE_STEPS * step_bytes_of(16, LANE_WORDS));
    ymm
};

/// The shortest block of fusion on 512-bit vectors, in the narrow and the wide shape.
pub(crate) const ZMM_FUSION_BLOCK: usize = ZMM_MIN_STEPS * step_bytes_of(64, ZMM_WORDS);
pub(crate) const ZMM_WIDE_FUSION_BLOCK: usize =
    ZMM_WIDE_MIN_STEPS * step_bytes_of(64, ZMM_WIDE_WORDS);

/// The longest of the shortest inputs fusion takes, in any shape (the self-test's buffer must
/// hold it, plus an alignment head).
pub(super) const FUSION_BLOCK_LONGEST: usize = {
    let mut longest = FUSION_BLOCK;
    if ZMM_FUSION_BLOCK > longest {
        longest = ZMM_FUSION_BLOCK;
    }
    if ZMM_WIDE_FUSION_BLOCK > longest {
        longest = ZMM_WIDE_FUSION_BLOCK;
    }
    longest
};

#[cfg(target_arch = "aarch64")]
pub(super) use super::isa::aarch64::{
    aligns_from, fold, fold_by_instruction, fold_reflected, fusion, hw, reduces_by_instruction,
};
#[cfg(not(any(
    target_arch = "x86_64",
    target_arch = "aarch64",
    target_arch = "riscv64",
    target_arch = "s390x",
    target_arch = "powerpc64"
)))]
pub(super) use super::isa::portable::{aligns_from, fold};
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
pub(super) use super::isa::portable::{
    fold_by_instruction, fold_reflected, fusion, hw, reduces_by_instruction,
};
#[cfg(target_arch = "powerpc64")]
pub(super) use super::isa::powerpc64::{aligns_from, fold};
#[cfg(target_arch = "riscv64")]
pub(super) use super::isa::riscv64::{aligns_from, fold};
#[cfg(target_arch = "s390x")]
pub(super) use super::isa::s390x::{aligns_from, fold};
#[cfg(target_arch = "x86_64")]
pub(super) use super::isa::x86_64::{
    aligns_from, fold, fold_by_instruction, fold_reflected, fusion, hw, reduces_by_instruction,
};
