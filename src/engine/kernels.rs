//! The kernels' shapes (`shapes`) and fusion's shortest blocks, which the plan reads. The
//! entry points, the generic bodies (`fold::from_register` and its aligned forms,
//! `fusion::update`, `hwcrc::one_stream` and `three_streams`) instantiated per instruction
//! set and width with the `#[target_feature]`s their primitives need, are each instruction
//! set's (`isa/<arch>/`), behind the safe functions of `isa::Isa` (`Isa::fold` and the
//! rest), which take every choice the route made (the kernel, the shape, reading ahead,
//! three streams) as arguments and look nothing up: the route plan (`plan`) decides.
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
