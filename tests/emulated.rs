//! The generic kernel bodies on emulated vectors and instructions (`src/engine/isa/
//! emulated/`: plain Rust, a software carry-less multiply), through the same kernel suites
//! as the real kernels: the 128-, 256- and 512-bit fold body in both bit orders and the
//! reflected run of msb CRCs, fusion in the block shape of each width with the CRC instruction of both polynomials,
//! and the instruction's one and three streams. This is how
//! the logic of a width is tested on a machine whose CPU lacks it: only the thin intrinsic
//! layer stays tied to the CPU, and `tests/kernels.rs` runs it wherever the CPU has it.

mod common;

use common::suites::{self, Kernel};
use crcstamp::__emulated::Emulated;

/// Every emulated kernel.
fn kernels() -> Vec<Kernel> {
    let mut k = Vec::new();
    for bits in [128, 256, 512] {
        for reflected in [false, true] {
            k.push(Kernel::Emulated(Emulated::Fold { bits, reflected }));
        }
        k.push(Kernel::Emulated(Emulated::Fusion { bits, wide: false }));
    }
    k.push(Kernel::Emulated(Emulated::Fusion {
        bits: 512,
        wide: true,
    }));
    for three in [false, true] {
        k.push(Kernel::Emulated(Emulated::Instruction { three }));
    }
    k
}

#[test]
fn every_length_and_offset() {
    // Emulated loads do not depend on alignment: every 16th offset (each a new register).
    suites::every_length_and_offset(&kernels(), &|_| true);
}

#[test]
fn long_inputs_cross_every_loop_boundary() {
    suites::long_inputs_cross_every_loop_boundary(&kernels());
}

/// The emulated 512-bit kernel aligns its loads as the real one does.
#[test]
fn aligned_loads_at_every_offset() {
    suites::aligned_loads_at_every_offset(&kernels());
}

#[cfg(unix)]
#[test]
fn every_length_to_4096() {
    suites::no_read_outside_the_input(&kernels());
}

/// The emulated kernels refuse exactly what the real ones do: folding above 64 bits, the
/// reflected run for lsb CRCs, fusion and the instruction for other polynomials.
#[test]
fn refuse_what_a_crc_lacks() {
    use crcstamp::__emulated::update_emulated;
    let c = crcstamp::catalog::Crc32Iscsi::consts();
    let fold = Emulated::Fold {
        bits: 512,
        reflected: false,
    };
    let reflected = Emulated::Fold {
        bits: 512,
        reflected: true,
    };
    let data = [7u8; 40];
    assert!(update_emulated(c, fold, c.init_state, &data).is_some());
    assert!(update_emulated(c, reflected, c.init_state, &data).is_none()); // lsb
    let bzip2 = crcstamp::catalog::Crc32Bzip2::consts();
    assert!(update_emulated(bzip2, reflected, bzip2.init_state, &data).is_some());
    for wide in [false, true] {
        let fusion = Emulated::Fusion { bits: 512, wide };
        assert!(update_emulated(bzip2, fusion, 0, &data).is_none());
    }
    assert!(update_emulated(bzip2, Emulated::Instruction { three: true }, 0, &data).is_none());
}
