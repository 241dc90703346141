//! The riscv64 entry points: the fold body on Zbc's two-qword lanes (`pair.rs`), one
//! function per bit order, and the safe `fold` the route calls. The other kernels'
//! functions are `portable`'s: RISC-V has no CRC instruction and no fusion. A misaligned
//! `ld` is slow here, so the kernel aligns its loads. Compiled with Zbb, whose `rev8` is an
//! msb CRC's byte reversal in one instruction (about 17 without).

pub(crate) mod detect;
pub(crate) mod primitives;

use super::pair::kernels::pair_kernels;
use primitives::Zbc;

pair_kernels!(Zbc, Zbc, "Zbc and Zbb", zbc_lsb, zbc_msb, "zbb");
