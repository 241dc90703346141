//! The s390x entry points: the fold body on VGFM's two-qword lanes (`pair.rs`), one
//! function per bit order, compiled with the vector facility, and the safe `fold` the route
//! calls. The other kernels' functions are `portable`'s: no CRC instruction or fusion runs
//! here.

pub(crate) mod detect;
pub(crate) mod primitives;

use super::pair::kernels::pair_kernels;
use primitives::Vgfm;

pair_kernels!(
    Vgfm,
    Vgfm,
    "the vector facility",
    vgfm_lsb,
    vgfm_msb,
    "vector"
);
