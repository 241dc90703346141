//! The self-test at first use: a kernel whose result disagrees with the table kernel is never
//! offered, and every CRC stays right. `CRCSTAMP_FAIL_SELF_TEST` (the test hook) makes the
//! named kernels fail; it is set before anything in this process uses crcstamp, so this file
//! holds one test.

mod common;

use crcstamp::catalog::{Crc16T10Dif, Crc32Bzip2, Crc32Iscsi, Crc32IsoHdlc, Crc64Nvme};
use crcstamp::{Availability, Backend, Crc};

/// The kernels made to fail: the best folding kernel of each architecture and the CRC
/// instruction (`gfni`: the reflected run of msb CRCs on 512-bit vectors).
#[cfg(target_arch = "x86_64")]
const FAILING: [Backend; 2] = [Backend::Vpclmul512, Backend::HwCrc];
#[cfg(target_arch = "aarch64")]
const FAILING: [Backend; 2] = [Backend::PmullEor3, Backend::HwCrc];
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
const FAILING: [Backend; 0] = [];

#[test]
fn a_kernel_that_fails_its_self_test_is_never_offered() {
    let names: Vec<&str> = FAILING.iter().map(|b| b.name()).chain(["gfni"]).collect();
    // Before any use of crcstamp in this process, so detection sees it.
    std::env::set_var("CRCSTAMP_FAIL_SELF_TEST", names.join(","));
    std::env::remove_var("CRCSTAMP_DISABLE");

    for b in FAILING {
        let a = b.availability();
        // Where the CPU lacks the kernel (or a cap removes it) it never got to the test.
        assert!(
            matches!(
                a,
                Availability::FailedSelfTest | Availability::Unsupported | Availability::Capped
            ),
            "{b}: {a}"
        );
        if a == Availability::FailedSelfTest {
            assert!(!b.is_available(), "{b}");
            assert_eq!(Crc64Nvme::checksum_with(b, &[0; 100]), None, "{b}");
            assert_eq!(Crc32Iscsi::checksum_with(b, &[0; 100]), None, "{b}");
        }
    }
    // The others the CPU has pass theirs.
    for &b in Backend::all() {
        if !FAILING.contains(&b) {
            assert_ne!(b.availability(), Availability::FailedSelfTest, "{b}");
        }
    }
    // Every CRC right on the automatic path, which never picks a failed kernel.
    let data = common::pseudo_random(40_000, 11);
    fn each<T: Crc>(data: &[u8]) {
        let c = T::consts();
        for len in (0..2100).chain((2100..data.len()).step_by(997)) {
            let b = c.backend_for(len);
            assert!(b.is_available() && !FAILING.contains(&b), "{b} at {len}");
            let want = T::checksum_with(Backend::Bitwise, &data[..len]);
            assert_eq!(
                Some(T::checksum(&data[..len])),
                want,
                "{:?} len {len}",
                T::MODEL.name
            );
        }
    }
    each::<Crc32Iscsi>(&data);
    each::<Crc32IsoHdlc>(&data);
    each::<Crc32Bzip2>(&data);
    each::<Crc16T10Dif>(&data);
    each::<Crc64Nvme>(&data);
}
