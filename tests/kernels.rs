//! Every backend this machine has through the kernel suites (`common/suites.rs`: every
//! length 0..=1024 at every start offset, 4 KiB inputs at every offset from a 64-byte
//! boundary, loop boundaries to 64 KiB and fusion's blocks to three of its longest (228
//! KiB), every length 0..=4096 against unreadable pages), against the bitwise reference;
//! that no kernel is offered that the CPU (or the tier cap) denies; and the automatic path
//! at every length across every routing threshold.

mod common;

use common::suites::{self, Kernel};
use crcstamp::{crc, Backend};

/// A CRC wider than 64 bits: tables only.
#[crc(catalog = "CRC-82/DARC")]
struct Crc82Darc;

/// The backends but the bitwise one, the oracle's twin.
fn fast_backends() -> Vec<Kernel> {
    suites::backends()
        .into_iter()
        .filter(|&k| k != Kernel::Backend(Backend::Bitwise))
        .collect()
}

#[test]
fn every_length_and_offset() {
    // The bit- and nibble-at-a-time kernels load byte by byte: every 16th offset will do.
    let bytewise = |k| matches!(k, Kernel::Backend(Backend::Bitwise | Backend::Nibble));
    suites::every_length_and_offset(&suites::backends(), &bytewise);
}

/// The folding kernels on every catalogue model of width 1..=64 (the others' data is the
/// tables, which `every_length_and_offset` and tests/catalogue.rs cover).
#[test]
fn every_catalogue_model_on_every_folding_kernel() {
    let folding: Vec<Kernel> = suites::backends()
        .into_iter()
        .filter(|&k| matches!(k, Kernel::Backend(b) if b.is_folding()))
        .collect();
    suites::every_catalogue_model_at_every_length(&folding);
}

#[test]
fn long_inputs_cross_every_loop_boundary() {
    suites::long_inputs_cross_every_loop_boundary(&fast_backends());
}

#[test]
fn aligned_loads_at_every_offset() {
    suites::aligned_loads_at_every_offset(&fast_backends());
}

#[cfg(unix)]
#[test]
fn no_read_outside_the_input() {
    suites::no_read_outside_the_input(&fast_backends());
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

/// POWER8 (ISA 2.07) with vector crypto, from the auxiliary vector through libc.
#[cfg(target_arch = "powerpc64")]
fn power8_crypto() -> bool {
    const ARCH_2_07: libc::c_ulong = 0x8000_0000;
    const VEC_CRYPTO: libc::c_ulong = 0x0200_0000;
    // SAFETY: getauxval only reads the process's auxiliary vector.
    let hwcap2 = unsafe { libc::getauxval(libc::AT_HWCAP2) };
    hwcap2 & ARCH_2_07 != 0 && hwcap2 & VEC_CRYPTO != 0
}

/// Every instruction-set extension each kernel's `#[target_feature]`s enable, asked of the
/// CPU here rather than through the crate's dispatch, and the kernel's tier.
fn cpu_allows(b: Backend) -> (bool, u8) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as has;
        let clmul128 = has!("pclmulqdq") && has!("sse4.1") && has!("ssse3");
        let clmul256 = clmul128 && has!("vpclmulqdq") && has!("avx2");
        let avx512 = has!("avx512f") && has!("avx512vl") && has!("avx512bw") && has!("avx512vbmi");
        match b {
            Backend::Pclmul => (clmul128, 1),
            Backend::Vpclmul256 => (clmul256, 2),
            Backend::Vpclmul512 => (clmul256 && avx512, 3),
            Backend::HwCrc => (has!("sse4.2"), 1),
            Backend::Fusion => (clmul256 && has!("sse4.2"), 2),
            Backend::Pmull | Backend::PmullEor3 => (false, 1),
            Backend::Zbc | Backend::Vgfm | Backend::Vpmsum => (false, 1),
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
            Backend::Zbc | Backend::Vgfm | Backend::Vpmsum => (false, 1),
            _ => (true, 0),
        }
    }
    #[cfg(target_arch = "riscv64")]
    if b == Backend::Zbc {
        return (std::arch::is_riscv_feature_detected!("zbc"), 1);
    }
    #[cfg(target_arch = "s390x")]
    if b == Backend::Vgfm {
        return (std::arch::is_s390x_feature_detected!("vector"), 1);
    }
    #[cfg(target_arch = "powerpc64")]
    if b == Backend::Vpmsum {
        return (power8_crypto(), 1);
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        match b {
            Backend::Bitwise
            | Backend::Nibble
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
    // The best folding kernel is the one chosen for long inputs of a width it folds; the
    // generic profile never takes 512-bit vectors (`spec/decisions.md`).
    let zmm = crcstamp::cpu_profile() != "generic";
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

/// The automatic path (`checksum`, `update`) against the bitwise kernel, at every length to
/// 1100 bytes and within 300 bytes of every length where the route changes
/// (`Consts::backend_for`) or a fusion block of any shape ends, to past two of the 256-bit
/// shape's longest blocks (the 512-bit shape's longer ones: the kernel suites, fusion alone),
/// for CRCs of each dispatch route: the CRC instruction and fusion (CRC-32C),
/// folding in both bit orders and widths (CRC-32, CRC-32/BZIP2, CRC-16/T10-DIF,
/// CRC-64/NVME), the tables alone (CRC-82, width above 64), and these with CRC-12/UMTS at
/// run time (`DynCrc`, across its decided-once lengths, whole, streamed and on each kernel
/// forced). Whatever
/// kernels this run has (`CRCSTAMP_MAX_TIER`, `CRCSTAMP_DISABLE`) and whichever CPU profile
/// routes (`CRCSTAMP_CPU`), every threshold between them is crossed.
#[test]
fn automatic_path_at_every_length() {
    use crcstamp::catalog::{Crc16T10Dif, Crc32Bzip2, Crc32Iscsi, Crc32IsoHdlc, Crc64Nvme};
    let data = common::pseudo_random(2 * suites::YMM_LONGEST_BLOCK + 5000, 9);
    fn each<T: crcstamp::Crc>(data: &[u8]) {
        let c = T::consts();
        let mut marks: Vec<usize> = suites::FUSION_BLOCKS
            .iter()
            .flat_map(|&b| (b..=data.len()).step_by(b))
            .collect();
        for len in 1..=data.len() {
            if c.backend_for(len) != c.backend_for(len - 1) {
                marks.push(len);
            }
        }
        let wanted = |len: usize| len <= 1100 || marks.iter().any(|&m| len.abs_diff(m) <= 300);
        // The bitwise register of every prefix, in one pass.
        let mut state = c.init_state;
        for len in 0..=data.len() {
            if wanted(len) {
                assert_eq!(
                    T::checksum(&data[..len]),
                    c.finalize(state),
                    "{:?} len {len} ({})",
                    T::MODEL.name,
                    c.backend_for(len)
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
    // Run-time constants: the route decided once under 4 KiB (`bands::Memo`), the whole
    // route each call past it, and the streaming register across both.
    for name in [
        "CRC-32/ISCSI",
        "CRC-32/ISO-HDLC",
        "CRC-32/BZIP2",
        "CRC-16/T10-DIF",
        "CRC-64/NVME",
        "CRC-82/DARC",
        "CRC-12/UMTS",
    ] {
        let dynamic = crcstamp::DynCrc::from_catalog(name).unwrap();
        let mut stream = dynamic.clone();
        let mut fed = 0;
        let lengths = (0..=1100).chain(3800..=4400).chain([5000]);
        for len in lengths {
            let want = dynamic.checksum_with(Backend::Bitwise, &data[..len]);
            assert_eq!(
                Some(dynamic.checksum(&data[..len])),
                want,
                "{name} len {len}"
            );
            stream.update(&data[fed..len]);
            fed = len;
            assert_eq!(Some(stream.finalize()), want, "{name} streamed to {len}");
            // Each kernel forced, as `crc-gen route --measure` times them.
            if len <= 300 || len % 97 == 0 {
                for &b in Backend::all().iter().filter(|&&b| dynamic.supports(b)) {
                    let got = dynamic.checksum_with(b, &data[..len]);
                    assert_eq!(got, want, "{name} on {b}, len {len}");
                }
            }
        }
        let unsupported = Backend::all().iter().find(|&&b| !dynamic.supports(b));
        if let Some(&b) = unsupported {
            assert_eq!(
                dynamic.checksum_with(b, &data[..100]),
                None,
                "{name} on {b}"
            );
        }
    }
}

/// CI states what the machine (or emulator) it runs on must offer, so a run that silently
/// fell back to the portable kernels cannot pass as a test of the folding ones:
/// `CRCSTAMP_EXPECT_AVAILABLE` and `CRCSTAMP_EXPECT_UNAVAILABLE`, comma-separated names (any
/// case); an unknown name fails the test.
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
                    .find(|b| b.name().eq_ignore_ascii_case(name.trim()))
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
