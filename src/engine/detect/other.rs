//! The targets without accelerated kernels: nothing to detect.

use crate::backend::Backend;
use crate::engine::plan::Family;

pub(super) fn has(_: Backend) -> bool {
    false
}

pub(super) fn has_gfni() -> bool {
    false
}

pub(super) fn family() -> Family {
    Family::GENERIC
}

/// No extension the kernels use.
pub(super) type Features = [(&'static str, bool); 0];

/// None to report.
pub(super) fn features() -> Features {
    []
}
