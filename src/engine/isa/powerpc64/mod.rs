//! The powerpc64 entry points: the fold body on `vpmsumd`'s two-qword lanes (`pair.rs`),
//! one function per bit order, and the safe `fold` the route calls. The other kernels'
//! functions are `portable`'s: no CRC instruction or fusion runs here.

pub(crate) mod detect;
pub(crate) mod primitives;

use super::pair::kernels::pair_kernels;
use primitives::Vpmsum;

pair_kernels!(
    Vpmsum,
    Vpmsum,
    "POWER8 (ISA 2.07) vector crypto",
    vpmsum_lsb,
    vpmsum_msb
);
