//! Every backend this machine has, against the bitwise reference, on the inputs that break
//! folding kernels: every length 0..=1024 at every start offset 0..63, random initial
//! registers, and buffers of every length 0..=4096 that end right at (or start right after)
//! an unreadable page; and that no kernel is offered that the CPU (or the tier cap) denies.

mod common;

use common::Owned;
use crc_gen::{reference, tables, Model, ModelSpec, Slice};
use crcstamp::{crc, Backend, Word};

/// A CRC wider than 64 bits: tables only.
#[crc(catalog = "CRC-82/DARC")]
struct Crc82Darc;

/// Models that take every path of the kernels and the reduction: both bit orders, crossed,
/// widths 1, 5, 8, 16, 32, 63, 64, odd and even polys (n = 64 lsb with g0 = 0 skips a XOR),
/// and the polynomials of the CPUs' CRC instructions.
fn models() -> Vec<Model> {
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
        ModelSpec::new(32, 0x1edc6f41).init(0x1234_5678).refin(true), // crossed, CRC instruction
        ModelSpec::new(16, 0x8bb7),
        ModelSpec::new(64, 0xad93d23594c93659)
            .init(u64::MAX.into())
            .reflected(true),
        ModelSpec::new(64, 0x42f0e1eba9ea3693),
        ModelSpec::new(64, 0x42f0e1eba9ea3692)
            .reflected(true)
            .init(0x1234),
        ModelSpec::new(64, 0x42f0e1eba9ea3692).init(0x1234),
        ModelSpec::new(63, 0x2b).refin(true).init(0x55),
        ModelSpec::new(12, 0x80f).refout(true),
        ModelSpec::new(8, 0x07),
        ModelSpec::new(5, 0x15).reflected(true).init(0x1f),
        ModelSpec::new(1, 1).init(1),
        ModelSpec::new(24, 0x864cfa).init(0xb704ce),
    ];
    specs.into_iter().map(|s| s.build().unwrap()).collect()
}

/// Runs one backend from an unreflected register; `None` where the backend is refused.
type Run<'a> = &'a dyn Fn(Backend, u128, &[u8]) -> Option<u128>;

fn for_each_model(f: &mut dyn FnMut(&Model, Run<'_>)) {
    for m in models() {
        match m.word_bits() {
            8 => with::<u8>(&m, f),
            16 => with::<u16>(&m, f),
            32 => with::<u32>(&m, f),
            _ => with::<u64>(&m, f),
        }
    }
}

/// Calls `f` with the model and a function running one backend from a register (unreflected,
/// as the reference keeps it) and returning the register after the data.
fn with<W: Word + TryFrom<u128> + Into<u128>>(m: &Model, f: &mut dyn FnMut(&Model, Run<'_>)) {
    let owned = Owned::<W>::new(&crc_gen::Consts::new(m, Slice::Sixteen));
    let c = owned.consts();
    let run = |b: Backend, register: u128, data: &[u8]| {
        let state = W::try_from(tables::to_state(m, register)).ok().unwrap();
        let after = c.update_with(b, state, data)?;
        Some(tables::from_state(m, after.into()))
    };
    f(m, &run);
}

fn backends() -> Vec<Backend> {
    Backend::all()
        .iter()
        .copied()
        .filter(|b| b.is_available())
        .collect()
}

#[test]
fn every_length_and_offset() {
    let data = common::pseudo_random(1024 + 64, 3);
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
            for b in backends() {
                if b == Backend::Bitwise && offset % 16 != 0 {
                    continue; // the oracle's twin; every 16th offset is plenty
                }
                for len in 0..=input.len() {
                    // `None`: this CRC lacks the backend's data (folding above 64 bits, a
                    // CRC instruction for another polynomial); tests/catalogue.rs checks that
                    // exactly the supported backends answer.
                    let Some(got) = run(b, start, &input[..len]) else {
                        break;
                    };
                    assert_eq!(got, want[len], "{b} {m} offset {offset} len {len}");
                }
            }
        }
    });
}

#[test]
fn long_inputs_cross_every_loop_boundary() {
    // Lengths around the 4-, 2- and 1-vector steps of the 128- and 256-bit kernels, and
    // around fusion's 7 KiB blocks (a tail under 256 bytes takes the CRC instruction).
    let data = common::pseudo_random(70_000, 4);
    let mut lengths: Vec<usize> = (1..=20)
        .flat_map(|k| [k * 64 - 1, k * 64, k * 64 + 17])
        .collect();
    lengths.extend([4095, 4096, 4097, 65_535, 65_536, 69_999]);
    const FUSION_BLOCK: usize = 7168;
    lengths.extend((1..=3).flat_map(|k| {
        [-1, 0, 1, 255, 256, 4099].map(|d| (k * FUSION_BLOCK).saturating_add_signed(d))
    }));
    for_each_model(&mut |m, run| {
        for &len in &lengths {
            let want = reference::feed(m, m.init(), &data[..len]);
            for b in backends() {
                if b == Backend::Bitwise {
                    continue;
                }
                if let Some(got) = run(b, m.init(), &data[..len]) {
                    assert_eq!(got, want, "{b} {m} len {len}");
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

/// The longest input the guard-page test places against a guard page: every length up to it.
const GUARDED_MAX: usize = 4096;

/// Every backend but the oracle, on every length 0..=4096, with the input ending exactly at
/// an unreadable page and starting right after one: a kernel that reads a byte outside its
/// input (an overlapping tail load gone wrong, a vector load rounded up) faults. The
/// reference registers of all prefixes come from one bitwise pass per model, and each
/// placement is written once per length and run on every backend.
#[cfg(unix)]
#[test]
fn no_read_outside_the_input() {
    let data = common::pseudo_random(GUARDED_MAX, 5);
    let mut g = guard::Guarded::new();
    assert!(g.page() >= GUARDED_MAX, "a page of {} bytes", g.page());
    let backends: Vec<Backend> = backends()
        .into_iter()
        .filter(|&b| b != Backend::Bitwise)
        .collect();
    for_each_model(&mut |m, run| {
        let mut want = Vec::with_capacity(GUARDED_MAX + 1);
        want.push(m.init());
        for &byte in &data {
            let last = *want.last().unwrap();
            want.push(reference::feed(m, last, &[byte]));
        }
        // Backends this CRC cannot run (`None`) drop out at length 0.
        let runs: Vec<Backend> = backends
            .iter()
            .copied()
            .filter(|&b| run(b, m.init(), &[]).is_some())
            .collect();
        for len in 0..=GUARDED_MAX {
            let end = g.at_end(&data[..len]);
            for &b in &runs {
                let got = run(b, m.init(), end);
                assert_eq!(
                    got,
                    Some(want[len]),
                    "{b} {m} len {len} at the end of a page"
                );
            }
            let start = g.at_start(&data[..len]);
            for &b in &runs {
                let got = run(b, m.init(), start);
                assert_eq!(
                    got,
                    Some(want[len]),
                    "{b} {m} len {len} at the start of a page"
                );
            }
        }
    });
}

/// The tier cap `CRCSTAMP_MAX_TIER` sets (see `Backend::is_available`), read here on its own.
fn max_tier() -> u8 {
    match std::env::var("CRCSTAMP_MAX_TIER").as_deref() {
        Ok("portable") => 0,
        Ok("clmul128") => 1,
        Ok("clmul256") => 2,
        Ok("clmul512") => 3,
        _ => u8::MAX,
    }
}

/// Every instruction-set extension each kernel's `#[target_feature]`s enable, asked of the
/// CPU here rather than through the crate's dispatch, and the kernel's tier.
fn cpu_allows(b: Backend) -> (bool, u8) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as has;
        let clmul128 = has!("pclmulqdq") && has!("sse4.1") && has!("ssse3");
        let clmul256 = clmul128 && has!("vpclmulqdq") && has!("avx2");
        let avx512 = has!("avx512f") && has!("avx512vl") && has!("avx512bw");
        match b {
            Backend::Pclmul => (clmul128, 1),
            Backend::Vpclmul256 => (clmul256, 2),
            Backend::Vpclmul512 => (clmul256 && avx512, 3),
            Backend::HwCrc => (has!("sse4.2"), 1),
            Backend::Fusion => (clmul256 && has!("sse4.2"), 2),
            Backend::Pmull | Backend::PmullEor3 => (false, 1),
            _ => (true, 0),
        }
    }
    #[cfg(target_arch = "aarch64")]
    {
        use std::arch::is_aarch64_feature_detected as has;
        match b {
            Backend::Pmull => (has!("neon") && has!("aes") && has!("pmull"), 1),
            Backend::PmullEor3 => (
                has!("neon") && has!("aes") && has!("pmull") && has!("sha3"),
                1,
            ),
            Backend::HwCrc => (has!("crc"), 1),
            Backend::Fusion => (
                has!("neon") && has!("aes") && has!("pmull") && has!("crc"),
                1,
            ),
            Backend::Pclmul | Backend::Vpclmul256 | Backend::Vpclmul512 => (false, 1),
            _ => (true, 0),
        }
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        match b {
            Backend::Bitwise
            | Backend::Slice1
            | Backend::Slice4
            | Backend::Slice8
            | Backend::Slice16 => (true, 0),
            _ => (false, 1),
        }
    }
}

/// A kernel is offered exactly when the CPU has every extension it uses and the tier cap
/// allows it: never one the CPU denies (the SIGILL a peer shipped), and never a silent
/// fallback from one it has. What `checksum` dispatches to, stamped or dynamic, is one of
/// the offered ones. CI runs this uncapped (512-bit VPCLMULQDQ where the CPU has it), capped
/// at `clmul256`, `clmul128` and `portable`, under each CPU profile, under
/// `qemu-x86_64 -cpu Nehalem` and on aarch64.
#[test]
fn offers_exactly_what_the_cpu_and_the_cap_allow() {
    let cap = max_tier();
    // Disabled, or made to fail its self-test.
    let off: Vec<String> = ["CRCSTAMP_DISABLE", "CRCSTAMP_FAIL_SELF_TEST"]
        .iter()
        .flat_map(|v| {
            std::env::var(v)
                .unwrap_or_default()
                .split(',')
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect();
    for &b in Backend::all() {
        let (cpu, tier) = cpu_allows(b);
        let off = off.iter().any(|name| name == b.name());
        let want = cpu && tier <= cap && !off;
        assert_eq!(
            b.is_available(),
            want,
            "{b}: CPU allows {cpu}, tier {tier}, cap {cap}, disabled {off}"
        );
    }
    let dynamic = crcstamp::DynCrc::from_catalog("CRC-64/NVME").unwrap();
    for chosen in [
        crcstamp::catalog::Crc32IsoHdlc::backend(),
        crcstamp::catalog::Crc32Iscsi::backend(),
        crcstamp::catalog::Crc64Nvme::backend(),
        dynamic.backend(),
    ] {
        assert!(chosen.is_available(), "dispatch chose {chosen}");
    }
    // The best folding kernel is the one chosen for long inputs of a width it folds; only
    // the Intel profile takes 512-bit vectors (`spec/decisions.md`).
    let zmm = crcstamp::cpu_profile() == "intel";
    let best = Backend::all()
        .iter()
        .copied()
        .filter(|b| b.is_folding() && b.is_available())
        .filter(|&b| zmm || b != Backend::Vpclmul512)
        .max_by_key(|&b| cpu_allows(b).1);
    if let Some(best) = best {
        assert_eq!(dynamic.backend(), best);
    }
}

/// The automatic path (`checksum`, `update`) at every length to past two fusion blocks,
/// against the bitwise kernel, for CRCs of each dispatch route: the CRC instruction and
/// fusion (CRC-32C), folding in both bit orders and widths (CRC-32, CRC-32/BZIP2,
/// CRC-16/T10-DIF, CRC-64/NVME), the tables alone (CRC-82, width above 64) and a runtime
/// model. Whatever kernels this run has (`CRCSTAMP_MAX_TIER`, `CRCSTAMP_DISABLE`), every
/// threshold between them is crossed.
#[test]
fn automatic_path_at_every_length() {
    use crcstamp::catalog::{Crc16T10Dif, Crc32Bzip2, Crc32Iscsi, Crc32IsoHdlc, Crc64Nvme};
    let data = common::pseudo_random(2 * 7168 + 300, 9);
    fn each<T: crcstamp::Crc>(data: &[u8]) {
        // Every length to 1100 bytes, and within ~250 bytes of each fusion block boundary.
        let wanted = |len: usize| {
            let r = len % 7168;
            len <= 1100 || r >= 6900 || (len >= 7168 && r <= 300)
        };
        // The bitwise register of every prefix, in one pass.
        let c = T::consts();
        let mut state = c.init_state;
        for len in 0..=data.len() {
            if wanted(len) {
                assert_eq!(
                    T::checksum(&data[..len]),
                    c.finalize(state),
                    "{:?} len {len}",
                    T::MODEL.name
                );
            }
            if let Some(byte) = data.get(len..=len) {
                state = c.update_with(Backend::Bitwise, state, byte).unwrap();
            }
        }
    }
    each::<Crc32Iscsi>(&data);
    each::<Crc32IsoHdlc>(&data);
    each::<Crc32Bzip2>(&data);
    each::<Crc16T10Dif>(&data);
    each::<Crc64Nvme>(&data);
    each::<Crc82Darc>(&data);
    let dynamic = crcstamp::DynCrc::from_catalog("CRC-32/ISCSI").unwrap();
    for len in 0..=1100 {
        assert_eq!(
            Some(dynamic.checksum(&data[..len])),
            dynamic.checksum_with(Backend::Bitwise, &data[..len]),
            "dynamic CRC-32/ISCSI len {len}"
        );
    }
}

/// CI states what the machine (or emulator) it runs on must offer, so a run that silently
/// fell back to the portable kernels cannot pass as a test of the folding ones:
/// `CRCSTAMP_EXPECT_AVAILABLE` and `CRCSTAMP_EXPECT_UNAVAILABLE`, comma-separated names.
#[test]
fn expected_backends() {
    let named = |var: &str| -> Vec<Backend> {
        std::env::var(var)
            .unwrap_or_default()
            .split(',')
            .filter(|s| !s.is_empty())
            .map(|name| {
                *Backend::all()
                    .iter()
                    .find(|b| b.name() == name)
                    .unwrap_or_else(|| panic!("{var}: no backend named {name}"))
            })
            .collect()
    };
    for b in named("CRCSTAMP_EXPECT_AVAILABLE") {
        assert!(b.is_available(), "{b} should be available here");
    }
    for b in named("CRCSTAMP_EXPECT_UNAVAILABLE") {
        assert!(!b.is_available(), "{b} should not be available here");
    }
}
