//! The s390x entry points: the fold body on VGFM's two-qword lanes (`pair.rs`), one
//! function per bit order, compiled with the vector facility, and the safe `fold` the route
//! calls. The other kernels' functions are `portable`'s: no CRC instruction or fusion runs
//! here.

use super::pair::pair_kernels;
use crate::engine::arch::s390x::Vgfm;

pair_kernels!(
    Vgfm,
    Vgfm,
    "the vector facility",
    vgfm_lsb,
    vgfm_msb,
    "vector"
);
