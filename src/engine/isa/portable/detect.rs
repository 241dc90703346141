//! The targets without accelerated kernels: nothing to detect.

use crate::backend::Backend;
use crate::engine::plan::Family;

pub(crate) fn has(_: Backend) -> bool {
    false
}

pub(crate) fn has_gfni() -> bool {
    false
}

pub(crate) fn family() -> Family {
    Family::Generic
}

/// No extension the kernels use.
pub(crate) type Features = [(&'static str, bool); 0];

/// None to report.
pub(crate) fn features() -> Features {
    []
}
