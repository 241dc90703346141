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
    Family::Generic
}
