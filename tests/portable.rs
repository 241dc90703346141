//! The portable backends, dispatch, streaming and combine on small inputs: a suite small
//! enough for Miri (`cargo +nightly miri test -p crcstamp --test portable`), which checks the
//! engine for undefined behaviour. Folding kernels use SIMD intrinsics Miri cannot run; under
//! Miri dispatch reports none of them and this suite covers the rest.

use crcstamp::catalog::{Crc16T10Dif, Crc32Iscsi, Crc32IsoHdlc, Crc64Nvme};
use crcstamp::{crc, Backend, Crc};

#[crc(catalog = "CRC-82/DARC", slice = 4)]
struct Crc82;

#[crc(
    width = 5,
    poly = 0x15,
    init = 0x1f,
    refin = true,
    refout = false,
    xorout = 0x3
)]
struct Crossed5;

fn check<T: Crc>(data: &[u8])
where
    T::Word: Into<u128>,
{
    let want = T::checksum_with(Backend::Bitwise, data).unwrap();
    for &b in Backend::all() {
        if T::consts().supports(b) {
            assert_eq!(T::checksum_with(b, data), Some(want), "{b}");
        }
    }
    assert_eq!(T::checksum(data), want);
    for split in [0, 1.min(data.len()), data.len() / 2, data.len()] {
        let (a, b) = data.split_at(split);
        let mut d = T::new();
        d.update(a);
        d.update(b);
        assert_eq!(d.finalize(), want, "split {split}");
        assert_eq!(
            T::combine(T::checksum(a), T::checksum(b), b.len() as u64),
            want
        );
    }
}

#[test]
fn small_inputs_on_every_supported_backend() {
    let data: Vec<u8> = (0..40u8).map(|i| i.wrapping_mul(37) ^ 0x5a).collect();
    for len in [0, 1, 7, 15, 16, 17, 33, 40] {
        let d = &data[..len];
        check::<Crc32IsoHdlc>(d);
        check::<Crc32Iscsi>(d);
        check::<Crc16T10Dif>(d);
        check::<Crc64Nvme>(d);
        check::<Crc82>(d);
        check::<Crossed5>(d);
    }
    assert_eq!(Crc32IsoHdlc::checksum(b"123456789"), 0xcbf43926);
    assert_eq!(Crc82::checksum(b"123456789"), Crc82::MODEL.check);
}

/// `backend_for` names a kernel this CRC can run, the table kernel its tables allow below the
/// folding threshold (32 bytes; unless the CPU has the CRC's instruction), and `backend()`
/// for long inputs (beyond fusion's 7 KiB blocks).
#[test]
fn backend_for_names_a_supported_kernel() {
    fn each<T: Crc>(widest_table: Backend) {
        let c = T::consts();
        for len in [
            0,
            1,
            15,
            16,
            31,
            32,
            63,
            64,
            255,
            256,
            4096,
            1 << 16,
            usize::MAX,
        ] {
            let b = c.backend_for(len);
            assert!(c.supports(b), "{b} at {len}");
            if len < 32 && b != Backend::HwCrc {
                assert_eq!(b, widest_table, "at {len}");
            }
            if len >= 1 << 16 {
                assert_eq!(b, c.backend(), "at {len}");
            }
        }
    }
    each::<Crc32IsoHdlc>(Backend::Slice16);
    each::<Crc32Iscsi>(Backend::Slice16);
    each::<Crc82>(Backend::Slice4);
    each::<Crossed5>(Backend::Slice16);
}
