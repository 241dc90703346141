//! The kernels' self-test, run once at first use before any accelerated kernel is offered
//! (as Linux has run one for its crc32c since 2011): each kernel the CPU offers computes a
//! reflected and two forward CRCs over a fixed buffer at a few odd lengths, and a kernel
//! whose result differs from the table kernel's is withdrawn. A wrong CRC is silent data
//! corruption, a slow one is not; this guards the CPUs no test of ours has run on.
//!
//! `CRCSTAMP_FAIL_SELF_TEST` (kernel names, and `gfni` for the reflected run of msb CRCs on
//! 512-bit vectors; comma-separated) corrupts the named kernels' results here, so a test
//! can show that a failing kernel is not offered and every CRC stays right.

use super::overrides::EnvList;
use super::plan::{self, Cpu, FOLDING_ORDER};
use super::route::{self, Ask};
use super::{kernels, run, table};
use crate::backend::Backend;
use crate::consts::Consts;
use crate::word::Word;
use models::{CRC32, CRC32C, ECMA182, SLICES, T10DIF};

mod models;

/// The buffer: past the shortest fusion block of every shape and its alignment head, with
/// an odd tail.
const LEN: usize = kernels::FUSION_BLOCK_LONGEST + 64 + 1031;
/// The lengths each folding kernel and the instruction run: every path of the fold body
/// (one to four vectors, the loop, a partial block) at each width, and three streams. The
/// last two are long enough for the reflected run of msb CRCs (`plan::REFLECTED_MIN`):
/// its loop with a tail on the whole vector, and the aligned head with a partial block.
const LENGTHS: [usize; 7] = [16, 31, 100, 257, 300, 1579, 4099];
const _: () = assert!(
    LENGTHS[5] >= plan::REFLECTED_MIN && LENGTHS[5] % 64 > 16 && LENGTHS[6] >= plan::REFLECTED_MIN
);

/// The lengths the CRC instruction runs besides [`LENGTHS`]: one 8-byte step, the 4-byte
/// step and the read-backs.
const SHORT: [usize; 5] = [1, 4, 7, 8, 13];

/// One CRC's reference: a register that is not the initial one (the tables' over the
/// buffer's first 5 bytes) and the tables' register from it after each length of `lens`
/// (bytes from offset 5).
struct Reference<'a, W: Word, const N: usize> {
    c: &'a Consts<'a, W>,
    start: W,
    want: [W; N],
}

impl<'a, W: Word, const N: usize> Reference<'a, W, N> {
    fn new(c: &'a Consts<'a, W>, data: &[u8], lens: [usize; N]) -> Self {
        let start = tables(c, c.init_state, &data[..5]);
        let want = lens.map(|len| tables(c, start, &data[5..5 + len]));
        Reference { c, start, want }
    }

    /// Whether `kernel` (from a register, over bytes) gives every reference register;
    /// `corrupt`: the test hook's flipped bit.
    fn all(
        &self,
        data: &[u8],
        lens: [usize; N],
        corrupt: bool,
        kernel: impl Fn(W, &[u8]) -> W,
    ) -> bool {
        let flip = W::from_u64(u64::from(corrupt));
        lens.iter()
            .zip(self.want)
            .all(|(&len, want)| kernel(self.start, &data[5..5 + len]) ^ flip == want)
    }
}

/// `cpu` without the kernels that fail.
pub(super) fn run(mut cpu: Cpu) -> Cpu {
    let tested = FOLDING_ORDER
        .into_iter()
        .chain([Backend::HwCrc, Backend::Fusion]);
    if !tested.into_iter().any(|b| cpu.has(b)) {
        return cpu;
    }
    let mut data = [0u8; LEN];
    let mut x = 0x2545_f491_4f6c_dd1du64;
    for word in data.chunks_mut(8) {
        x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        word.copy_from_slice(&x.to_le_bytes()[..word.len()]);
    }
    // The references, once: CRC-32C (lsb), CRC-16/T10-DIF and CRC-64/ECMA-182 (msb).
    let lsb = Reference::new(&CRC32C, &data, LENGTHS);
    let msb16 = Reference::new(&T10DIF, &data, LENGTHS);
    let msb64 = Reference::new(&ECMA182, &data, LENGTHS);
    let failing = EnvList::read("CRCSTAMP_FAIL_SELF_TEST");
    let folds_right = |cpu: Cpu, b: Backend, name: &str| {
        let corrupt = failing.names(name);
        fn check<W: Word>(
            r: &Reference<'_, W, 7>,
            data: &[u8],
            corrupt: bool,
            b: Backend,
            cpu: Cpu,
        ) -> bool {
            if r.c.fold.is_none() {
                return false;
            }
            r.all(data, LENGTHS, corrupt, |s, bytes| {
                let step = route::step(r.c, bytes.len(), cpu, Ask::Kernel(b));
                run::kernel(r.c, &step, s, bytes)
            })
        }
        check(&lsb, &data, corrupt, b, cpu)
            && check(&msb16, &data, corrupt, b, cpu)
            && check(&msb64, &data, corrupt, b, cpu)
    };
    for b in FOLDING_ORDER {
        if !cpu.has(b) {
            continue;
        }
        if !folds_right(plan::without_gfni(cpu), b, b.name()) {
            cpu = plan::withdraw(cpu, b);
        } else if plan::runs_reflected(b, cpu, plan::REFLECTED_MIN) && !folds_right(cpu, b, "gfni")
        {
            cpu = plan::without_gfni(cpu);
        }
    }
    for b in [Backend::HwCrc, Backend::Fusion] {
        if cpu.has(b) && !instruction_right(cpu, b, failing.names(b.name()), &data) {
            cpu = plan::withdraw(cpu, b);
        }
    }
    cpu
}

/// The table kernel, the reference.
fn tables<W: Word>(c: &Consts<'_, W>, state: W, bytes: &[u8]) -> W {
    table::update::<W, SLICES>(c.tables, c.model.refin, state, bytes)
}

/// Whether the CRC instruction (`HwCrc`) or fusion agrees with the tables for each CRC this
/// target has an instruction for: the instruction at every length of [`LENGTHS`] and
/// [`SHORT`], fusion on the whole buffer (one block and more of every shape).
fn instruction_right(cpu: Cpu, b: Backend, corrupt: bool, data: &[u8; LEN]) -> bool {
    [&CRC32C, &CRC32].iter().all(|c| {
        let (Some(hw), Some(f)) = (c.hw.filter(|&hw| super::hwcrc::supports(hw)), c.fold) else {
            return true;
        };
        if b == Backend::Fusion {
            let r = Reference::new(c, data, [LEN - 5]);
            return r.all(data, [LEN - 5], corrupt, |s, bytes| {
                let step = route::step(c, bytes.len(), cpu, Ask::Kernel(Backend::Fusion));
                let (state, rest) = run::fusion(hw, f, &step, s, bytes);
                // Something must have been fused, or this tests the tables.
                match rest.len() < bytes.len() {
                    true => tables(c, state, rest),
                    false => !s,
                }
            });
        }
        let lens = [
            LENGTHS[0], LENGTHS[1], LENGTHS[2], LENGTHS[3], LENGTHS[4], LENGTHS[5], LENGTHS[6],
        ];
        let r = Reference::new(c, data, lens);
        let short = Reference::new(c, data, SHORT);
        let hw_run = |s: u32, bytes: &[u8]| {
            let step = route::step(c, bytes.len(), cpu, Ask::Kernel(Backend::HwCrc));
            run::kernel(c, &step, s, bytes)
        };
        r.all(data, LENGTHS, corrupt, hw_run) && short.all(data, SHORT, corrupt, hw_run)
    })
}
