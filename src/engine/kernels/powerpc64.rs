//! The powerpc64 entry points: the fold body on `vpmsumd`'s two-qword lanes (`pair.rs`),
//! one function per bit order, and the safe `fold` the route calls. The other kernels'
//! functions are `portable`'s: no CRC instruction or fusion runs here.

use super::pair::pair_kernels;
use crate::engine::arch::powerpc64::Vpmsum;

pair_kernels!(
    Vpmsum,
    Vpmsum,
    "POWER8 (ISA 2.07) vector crypto",
    vpmsum_lsb,
    vpmsum_msb
);
