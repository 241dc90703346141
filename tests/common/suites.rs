//! The kernel suites: every kernel given, against the bitwise reference, on the inputs that
//! break folding kernels — every length 0..=1024 at every start offset 0..63 from random
//! registers, lengths around every loop and block boundary to 64 KiB, and every length
//! 0..=4096 ending right at (and starting right after) an unreadable page. `tests/kernels.rs`
//! runs them on the backends this machine has, `tests/emulated.rs` on the emulated kernels.

use std::fmt;

use crc_gen::{reference, tables, Model, ModelSpec, Slice};
use crcstamp::__emulated::{update_emulated, Emulated};
use crcstamp::{Backend, Word};

use super::Owned;

/// A kernel under test.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kernel {
    /// A backend, through `update_with`.
    Backend(Backend),
    /// An emulated kernel, through `__emulated::update_emulated`.
    Emulated(Emulated),
}

impl fmt::Display for Kernel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Kernel::Backend(b) => write!(f, "{b}"),
            Kernel::Emulated(e) => write!(f, "emulated {e:?}"),
        }
    }
}

/// Every backend available here, as kernels.
pub fn backends() -> Vec<Kernel> {
    Backend::all()
        .iter()
        .copied()
        .filter(|b| b.is_available())
        .map(Kernel::Backend)
        .collect()
}

/// Models that take every path of the kernels and the reduction: both bit orders, crossed,
/// widths 1, 5, 8, 16, 32, 63, 64, odd and even polys (n = 64 lsb with g0 = 0 skips a XOR),
/// and the polynomials of the CPUs' CRC instructions.
pub fn models() -> Vec<Model> {
    let specs = [
        ModelSpec::new(32, 0x04c11db7)
            .init(0xffff_ffff)
            .reflected(true)
            .xorout(0xffff_ffff),
        ModelSpec::new(32, 0x04c11db7)
            .init(0xffff_ffff)
            .xorout(0xffff_ffff),
        ModelSpec::new(32, 0x1edc6f41)
            .init(0xffff_ffff)
            .reflected(true)
            .xorout(0xffff_ffff),
        ModelSpec::new(32, 0x1edc6f41)
            .init(0x1234_5678)
            .refin(true)
            .refout(false), // crossed, CRC instruction
        ModelSpec::new(16, 0x8bb7),
        ModelSpec::new(64, 0xad93d23594c93659)
            .init(u64::MAX.into())
            .reflected(true),
        ModelSpec::new(64, 0x42f0e1eba9ea3693),
        ModelSpec::new(64, 0x42f0e1eba9ea3692)
            .reflected(true)
            .init(0x1234),
        ModelSpec::new(64, 0x42f0e1eba9ea3692).init(0x1234),
        ModelSpec::new(63, 0x2b)
            .refin(true)
            .refout(false)
            .init(0x55),
        ModelSpec::new(12, 0x80f).refin(false).refout(true),
        ModelSpec::new(8, 0x07),
        ModelSpec::new(5, 0x15).reflected(true).init(0x1f),
        ModelSpec::new(1, 1).init(1),
        ModelSpec::new(24, 0x864cfa).init(0xb704ce),
    ];
    specs.into_iter().map(|s| s.build().unwrap()).collect()
}

/// Runs one kernel from an unreflected register; `None` where the kernel is refused.
pub type Run<'a> = &'a dyn Fn(Kernel, u128, &[u8]) -> Option<u128>;

/// Calls `f` for each of [`models`] with a function running one kernel.
pub fn for_each_model(f: &mut dyn FnMut(&Model, Run<'_>)) {
    for m in models() {
        with_word(&m, f);
    }
}

/// [`with`] in the word `m`'s register takes.
fn with_word(m: &Model, f: &mut dyn FnMut(&Model, Run<'_>)) {
    match m.word_bits() {
        8 => with::<u8>(m, f),
        16 => with::<u16>(m, f),
        32 => with::<u32>(m, f),
        _ => with::<u64>(m, f),
    }
}

/// Every catalogue model of width 1..=64 on each kernel given, at every length 0..=1024
/// from its initial register, the start moving through every offset 0..15 from the
/// buffer's (16-byte aligned) start as the length grows: each folding kernel sees every
/// model's constants on every path of its body, aligned and not.
pub fn every_catalogue_model_at_every_length(kernels: &[Kernel]) {
    let data = super::pseudo_random(1024 + 32, 11);
    let base = data.as_ptr().align_offset(16);
    let models = crc_gen::catalogue::entries()
        .iter()
        .filter(|e| e.model.width() <= 64);
    for entry in models {
        with_word(&entry.model, &mut |m, run| {
            for offset in 0..16 {
                // The reference registers of every prefix from this offset, in one pass.
                let input = &data[base + offset..base + offset + 1024];
                let mut want = vec![m.init()];
                for &byte in input {
                    let last = *want.last().unwrap();
                    want.push(reference::feed(m, last, &[byte]));
                }
                for len in (0..=1024).filter(|len| len * 7 % 16 == offset) {
                    for &k in kernels {
                        let got = run(k, m.init(), &input[..len]);
                        let name = entry.name();
                        assert_eq!(got, Some(want[len]), "{k} {name} offset {offset} len {len}");
                    }
                }
            }
        });
    }
}

/// Calls `f` with the model and a function running one kernel from a register (unreflected,
/// as the reference keeps it) and returning the register after the data.
fn with<W: Word + TryFrom<u128> + Into<u128>>(m: &Model, f: &mut dyn FnMut(&Model, Run<'_>)) {
    // Slice-16 tables and the nibble kernel's table, so every portable kernel runs.
    let mut generated = crc_gen::DerivedConsts::new(m, Slice::Sixteen);
    generated.nibble = Some(tables::nibble_table(m));
    let owned = Owned::<W>::new(&generated);
    let c = owned.consts();
    let run = |k: Kernel, register: u128, data: &[u8]| {
        let state = W::try_from(tables::to_state(m, register)).ok().unwrap();
        let after = match k {
            Kernel::Backend(b) => c.update_with(b, state, data)?,
            Kernel::Emulated(e) => update_emulated(&c, e, state, data)?,
        };
        Some(tables::from_state(m, after.into()))
    };
    f(m, &run);
}

/// Every length 0..=1024 at every start offset 0..63, from a register that differs per
/// offset. `sparse` kernels (the bitwise oracle's twin, and the emulated ones, whose loads
/// do not depend on alignment) take every 16th offset.
pub fn every_length_and_offset(kernels: &[Kernel], sparse: &dyn Fn(Kernel) -> bool) {
    let data = super::pseudo_random(1024 + 64, 3);
    for_each_model(&mut |m, run| {
        for offset in 0..64 {
            let input = &data[offset..offset + 1024];
            // Reference registers of every prefix, in one pass.
            let start = m.init() ^ ((offset as u128 * 0x9e37_79b9_7f4a_7c15) & m.mask());
            let mut want = vec![start];
            for &byte in input {
                let last = *want.last().unwrap();
                want.push(reference::feed(m, last, &[byte]));
            }
            for &k in kernels {
                if sparse(k) && offset % 16 != 0 {
                    continue;
                }
                for len in 0..=input.len() {
                    // `None`: this CRC lacks the kernel's data (folding above 64 bits, a
                    // CRC instruction for another polynomial); tests/catalogue.rs checks that
                    // exactly the supported backends answer.
                    let Some(got) = run(k, start, &input[..len]) else {
                        break;
                    };
                    assert_eq!(got, want[len], "{k} {m} offset {offset} len {len}");
                }
            }
        }
    });
}

/// Inputs from where the 512-bit kernels align their loads (`plan::ALIGN_MIN`, 2 KiB, and
/// for CRC-32C `plan::ALIGN_BY_INSTRUCTION_MIN`, past 1 KiB), at every start offset from a
/// 64-byte boundary: every head length before the first aligned vector, each from a
/// register that differs per offset.
pub fn aligned_loads_at_every_offset(kernels: &[Kernel]) {
    let lengths = [1025, 2048, 4096 + 64 + 17];
    let data = super::pseudo_random(lengths[2] + 128, 5);
    let base = data.as_ptr().align_offset(64);
    for_each_model(&mut |m, run| {
        for offset in 0..64 {
            let start = m.init() ^ ((offset as u128 * 0x9e37_79b9_7f4a_7c15) & m.mask());
            for len in lengths {
                let input = &data[base + offset..base + offset + len];
                let want = reference::feed(m, start, input);
                for &k in kernels {
                    if let Some(got) = run(k, start, input) {
                        assert_eq!(got, want, "{k} {m} offset {offset} len {len}");
                    }
                }
            }
        }
    });
}

/// The longest block of fusion on 256-bit vectors: 128 steps of 224 bytes.
pub const YMM_LONGEST_BLOCK: usize = 128 * 224;
/// The longest block of fusion on 512-bit vectors: 256 steps of 304 bytes.
const ZMM_LONGEST_BLOCK: usize = 256 * 304;
/// The longest block of the wide 512-bit shape: 112 steps of 352 bytes.
const ZMM_WIDE_LONGEST_BLOCK: usize = 112 * 352;

/// The block sizes of fusion's shapes, shortest and longest: 7 KiB (128-bit lanes: always;
/// 256-bit vectors: the shortest, 32 steps of 224 bytes), 9728 bytes (512-bit vectors: 32
/// steps of 304 bytes), 2816 bytes (the wide 512-bit shape: 8 steps of 352 bytes), and the
/// three longest.
/// 7040 bytes: aarch64's lanes where the CPU has SHA3, 80 steps of 88 bytes.
pub const FUSION_BLOCKS: [usize; 7] = [
    7168,
    7040,
    9728,
    2816,
    YMM_LONGEST_BLOCK,
    ZMM_WIDE_LONGEST_BLOCK,
    ZMM_LONGEST_BLOCK,
];

/// Inputs up to this long cross the fold bodies' boundaries with every kernel; longer ones,
/// around fusion's longest blocks, run fusion alone (no other kernel has blocks).
const EVERY_KERNEL_MAX: usize = 70_000;

/// Lengths around the 4-, 2- and 1-vector steps of the 128-, 256- and 512-bit bodies, and
/// around one to three of each of fusion's blocks (and what follows them: a tail under the
/// instruction's threshold, a shorter last block, a last block that takes the rest).
pub fn long_inputs_cross_every_loop_boundary(kernels: &[Kernel]) {
    let mut lengths: Vec<usize> = (1..=20)
        .flat_map(|k| [k * 64 - 1, k * 64, k * 64 + 17])
        .collect();
    lengths.extend([4095, 4096, 4097, 65_535, 65_536, 69_999]);
    for block in FUSION_BLOCKS {
        lengths.extend((1..=3).flat_map(|k| {
            [-1, 0, 1, 255, 256, 4099, 4864].map(|d| (k * block).saturating_add_signed(d))
        }));
    }
    let data = super::pseudo_random(lengths.iter().copied().max().unwrap_or(0), 4);
    let fusion = |k: &Kernel| {
        matches!(
            k,
            Kernel::Backend(Backend::Fusion) | Kernel::Emulated(Emulated::Fusion { .. })
        )
    };
    for_each_model(&mut |m, run| {
        for &len in &lengths {
            // The reference only where some kernel answers: fusion only CRCs with an
            // instruction of their own.
            let mut want = None;
            for k in kernels
                .iter()
                .filter(|k| len <= EVERY_KERNEL_MAX || fusion(k))
            {
                if let Some(got) = run(*k, m.init(), &data[..len]) {
                    let want =
                        *want.get_or_insert_with(|| reference::feed(m, m.init(), &data[..len]));
                    assert_eq!(got, want, "{k} {m} len {len}");
                }
            }
        }
    });
}

/// Pages that fault when touched, around a readable region, so a kernel that reads one byte
/// past either end of its input crashes the test.
#[cfg(unix)]
mod guard {
    use core::ptr::NonNull;

    pub struct Guarded {
        base: NonNull<u8>,
        page: usize,
    }

    impl Guarded {
        /// Three pages: unreadable, readable, unreadable.
        pub fn new() -> Guarded {
            // SAFETY: plain anonymous mapping and protection changes on memory we own.
            unsafe {
                let page = libc::sysconf(libc::_SC_PAGESIZE) as usize;
                let p = libc::mmap(
                    core::ptr::null_mut(),
                    3 * page,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                    -1,
                    0,
                );
                assert_ne!(p, libc::MAP_FAILED);
                let base = p.cast::<u8>();
                assert_eq!(libc::mprotect(p, page, libc::PROT_NONE), 0);
                assert_eq!(
                    libc::mprotect(base.add(2 * page).cast(), page, libc::PROT_NONE),
                    0
                );
                Guarded {
                    base: NonNull::new(base).unwrap(),
                    page,
                }
            }
        }

        /// The size of the readable page between the guards.
        pub fn page(&self) -> usize {
            self.page
        }

        /// `len` bytes of `fill` ending exactly at the upper guard page.
        pub fn at_end(&mut self, fill: &[u8]) -> &[u8] {
            let len = fill.len();
            assert!(len <= self.page);
            // SAFETY: the middle page is ours, readable and writable.
            unsafe {
                let p = self.base.as_ptr().add(2 * self.page - len);
                core::ptr::copy_nonoverlapping(fill.as_ptr(), p, len);
                core::slice::from_raw_parts(p, len)
            }
        }

        /// `len` bytes of `fill` starting right after the lower guard page.
        pub fn at_start(&mut self, fill: &[u8]) -> &[u8] {
            let len = fill.len();
            assert!(len <= self.page);
            // SAFETY: as above.
            unsafe {
                let p = self.base.as_ptr().add(self.page);
                core::ptr::copy_nonoverlapping(fill.as_ptr(), p, len);
                core::slice::from_raw_parts(p, len)
            }
        }
    }

    impl Drop for Guarded {
        fn drop(&mut self) {
            // SAFETY: unmapping exactly what `new` mapped.
            unsafe { libc::munmap(self.base.as_ptr().cast(), 3 * self.page) };
        }
    }
}

/// The longest input the guard-page suite places against a guard page: every length up to it.
pub const GUARDED_MAX: usize = 4096;

/// Every kernel on every length 0..=4096, with the input ending exactly at an unreadable
/// page and starting right after one: a kernel that reads a byte outside its input (an
/// overlapping tail load gone wrong, a vector load rounded up) faults. The reference
/// registers of all prefixes come from one bitwise pass per model, and each placement is
/// written once per length and run on every kernel.
#[cfg(unix)]
pub fn no_read_outside_the_input(kernels: &[Kernel]) {
    let data = super::pseudo_random(GUARDED_MAX, 5);
    let mut g = guard::Guarded::new();
    assert!(g.page() >= GUARDED_MAX, "a page of {} bytes", g.page());
    for_each_model(&mut |m, run| {
        let mut want = Vec::with_capacity(GUARDED_MAX + 1);
        want.push(m.init());
        for &byte in &data {
            let last = *want.last().unwrap();
            want.push(reference::feed(m, last, &[byte]));
        }
        // Kernels this CRC cannot run (`None`) drop out at length 0.
        let runs: Vec<Kernel> = kernels
            .iter()
            .copied()
            .filter(|&k| run(k, m.init(), &[]).is_some())
            .collect();
        for len in 0..=GUARDED_MAX {
            let end = g.at_end(&data[..len]);
            for &k in &runs {
                let got = run(k, m.init(), end);
                assert_eq!(
                    got,
                    Some(want[len]),
                    "{k} {m} len {len} at the end of a page"
                );
            }
            let start = g.at_start(&data[..len]);
            for &k in &runs {
                let got = run(k, m.init(), start);
                assert_eq!(
                    got,
                    Some(want[len]),
                    "{k} {m} len {len} at the start of a page"
                );
            }
        }
    });
}
