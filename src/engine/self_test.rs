//! The kernels' self-test, run once at first use before any accelerated kernel is offered
//! (as Linux has run one for its crc32c since 2011): each kernel the CPU offers computes a
//! reflected and two forward CRCs over a fixed buffer at a few odd lengths, and a kernel
//! whose result differs from the table kernel's is withdrawn. A wrong CRC is silent data
//! corruption, a slow one is not; this guards the CPUs no test of ours has run on.
//!
//! `CRCSTAMP_FAIL_SELF_TEST` (kernel names, and `gfni` for the reflected run of msb CRCs on
//! 512-bit vectors; comma-separated) corrupts the named kernels' results here, so a test
//! can show that a failing kernel is not offered and every CRC stays right.

use super::dispatch::{self, env_lists, Cpu, FOLDING_ORDER};
use super::{fold, kernels, table};
use crate::backend::Backend;
use crate::catalog::{Crc16T10Dif, Crc32Iscsi, Crc32IsoHdlc, Crc64Ecma182};
use crate::consts::Consts;
use crate::word::Word;

/// The buffer: past the shortest fusion block of every shape and its alignment head, with
/// an odd tail.
const LEN: usize = kernels::FUSION_MIN_LONGEST + 64 + 1031;
/// The lengths each folding kernel and the instruction run: every path of the fold body
/// (one to four vectors, the loop, a partial block) at each width, and three streams.
const LENGTHS: [usize; 7] = [16, 31, 100, 257, 300, 1027, 4099];

/// `cpu` without the kernels that fail.
pub(super) fn run(mut cpu: Cpu) -> Cpu {
    let mut data = [0u8; LEN];
    let mut x = 0x2545_f491_4f6c_dd1du64;
    for b in data.iter_mut() {
        x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        *b = (x >> 56) as u8;
    }
    for b in FOLDING_ORDER {
        if !cpu.has(b) {
            continue;
        }
        if !folds_right(dispatch::without_gfni(cpu), b, b.name(), &data) {
            cpu = dispatch::withdraw(cpu, b);
        } else if kernels::runs_reflected(b, cpu) && !folds_right(cpu, b, "gfni", &data) {
            cpu = dispatch::without_gfni(cpu);
        }
    }
    for b in [Backend::HwCrc, Backend::Fusion] {
        if cpu.has(b) && !instruction_right(cpu, b, &data) {
            cpu = dispatch::withdraw(cpu, b);
        }
    }
    cpu
}

/// `result`, corrupted if `CRCSTAMP_FAIL_SELF_TEST` names `name`.
fn hooked<W: Word>(name: &str, result: W) -> W {
    if env_lists("CRCSTAMP_FAIL_SELF_TEST", name) {
        result ^ W::from_u64(1)
    } else {
        result
    }
}

/// The slice-16 kernel, the reference.
fn tables<W: Word>(c: &Consts<'_, W>, state: W, bytes: &[u8]) -> W {
    table::update::<W, 16>(c.tables, c.model.refin, state, bytes)
}

/// Whether the folding kernel `b` agrees with the tables on CRC-32C (lsb), CRC-16/T10-DIF and
/// CRC-64/ECMA-182 (msb) at every length.
fn folds_right(cpu: Cpu, b: Backend, name: &str, data: &[u8; LEN]) -> bool {
    fn check<W: Word>(cpu: Cpu, b: Backend, name: &str, c: &Consts<'_, W>, data: &[u8]) -> bool {
        let Some(f) = c.fold else { return false };
        // A register that is not the initial one, in the engine's layout.
        let start = tables(c, c.init_state, &data[..5]);
        LENGTHS.iter().all(|&len| {
            let bytes = &data[5..5 + len];
            hooked(name, fold::update(c, f, b, cpu, start, bytes)) == tables(c, start, bytes)
        })
    }
    check(cpu, b, name, Crc32Iscsi::consts(), data)
        && check(cpu, b, name, Crc16T10Dif::consts(), data)
        && check(cpu, b, name, Crc64Ecma182::consts(), data)
}

/// Whether the CRC instruction (`HwCrc`) or fusion agrees with the tables for each CRC this
/// target has an instruction for.
fn instruction_right(cpu: Cpu, b: Backend, data: &[u8; LEN]) -> bool {
    [Crc32Iscsi::consts(), Crc32IsoHdlc::consts()]
        .iter()
        .all(|c| {
            let (Some(hw), Some(f)) = (c.hw.filter(|&hw| super::hwcrc::supports(hw)), c.fold)
            else {
                return true;
            };
            let start = tables(c, c.init_state, &data[..5]);
            if b == Backend::Fusion {
                let (state, rest) = kernels::fusion(hw, f, cpu, start, &data[5..]);
                return rest.len() < LEN - 5
                    && hooked(b.name(), tables(c, state, rest)) == tables(c, start, &data[5..]);
            }
            LENGTHS.iter().chain(&[1, 4, 7, 8, 13]).all(|&len| {
                let bytes = &data[5..5 + len];
                hooked(b.name(), kernels::hw(hw, cpu, start, bytes)) == tables(c, start, bytes)
            })
        })
}
