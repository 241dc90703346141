//! The portable backends, dispatch, streaming and combine on small inputs: a suite small
//! enough for Miri (`cargo +nightly miri test -p crcstamp --test portable`), which checks the
//! engine for undefined behaviour. Folding kernels use SIMD intrinsics Miri cannot run; CI
//! caps them away (`CRCSTAMP_MAX_TIER=portable`) and this suite covers the rest. Every value
//! is checked against `crc_gen`'s bitwise reference.

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

#[crc(width = 12, poly = 0x80f, refin = false, refout = true, slice = 1)]
struct Crossed12Slice1;

/// The model of a stamped type, for `crc_gen`.
fn model<T: Crc>() -> crc_gen::Model
where
    T::Word: Into<u128>,
{
    let m = T::MODEL;
    crc_gen::ModelSpec::new(m.width.into(), m.poly.into())
        .init(m.init.into())
        .refin(m.refin)
        .refout(m.refout)
        .xorout(m.xorout.into())
        .build()
        .unwrap()
}

/// The bitwise reference CRC of `data` under `T`'s model.
fn reference<T: Crc>(data: &[u8]) -> u128
where
    T::Word: Into<u128>,
{
    model::<T>().crc(data)
}

fn data(len: usize) -> Vec<u8> {
    (0..len)
        .map(|i| (i as u8).wrapping_mul(37) ^ 0x5a)
        .collect()
}

/// Runs `f` for every type of this suite: four catalogue types (two with CRC instructions
/// on some CPUs), a width above 64 with four slice tables, two crossed models.
macro_rules! for_each_type {
    ($f:ident) => {
        $f::<Crc32IsoHdlc>();
        $f::<Crc32Iscsi>();
        $f::<Crc16T10Dif>();
        $f::<Crc64Nvme>();
        $f::<Crc82>();
        $f::<Crossed5>();
        $f::<Crossed12Slice1>();
    };
}

#[test]
fn every_supported_backend_on_small_inputs() {
    fn check<T: Crc>()
    where
        T::Word: Into<u128>,
    {
        let all = data(40);
        for len in [0, 1, 7, 15, 16, 17, 33, 40] {
            let d = &all[..len];
            let want = reference::<T>(d);
            let mut ran = 0;
            for &b in Backend::all() {
                let got = T::checksum_with(b, d);
                assert_eq!(got.is_some(), T::consts().supports(b), "{b}");
                if let Some(got) = got {
                    assert_eq!(got.into(), want, "{b} len {len}");
                    ran += 1;
                }
            }
            assert!(ran >= 2, "bitwise and at least one table kernel");
            assert_eq!(T::checksum(d).into(), want, "checksum len {len}");
        }
        assert_eq!(T::checksum(b"123456789"), T::MODEL.check);
    }
    for_each_type!(check);
}

#[test]
fn unaligned_starts() {
    fn check<T: Crc>()
    where
        T::Word: Into<u128>,
    {
        let all = data(40);
        for start in 0..8 {
            let d = &all[start..start + 25];
            assert_eq!(T::checksum(d).into(), reference::<T>(d), "start {start}");
        }
    }
    for_each_type!(check);
}

#[test]
fn dispatch_chooses_an_available_backend() {
    fn check<T: Crc>() {
        let b = T::backend();
        assert!(b.is_available(), "{b}");
        assert!(T::consts().supports(b), "{b}");
    }
    for_each_type!(check);
}

#[test]
fn streaming_at_every_split() {
    fn check<T: Crc>()
    where
        T::Word: Into<u128>,
    {
        let d = data(24);
        let want = reference::<T>(&d);
        for split in 0..=d.len() {
            let (a, b) = d.split_at(split);
            let mut digest = T::new();
            digest.update(a);
            digest.update(b);
            assert_eq!(digest.finalize().into(), want, "split {split}");
            digest.reset();
            assert_eq!(digest.finalize(), T::checksum(b""), "reset");
        }
        // Three pieces, one of them empty.
        let mut digest = T::new();
        for piece in [&d[..5], &d[5..5], &d[5..]] {
            digest.update(piece);
        }
        assert_eq!(digest.finalize().into(), want);
    }
    for_each_type!(check);
}

#[test]
fn combine_at_every_split() {
    fn check<T: Crc>()
    where
        T::Word: Into<u128> + TryFrom<u128>,
    {
        let d = data(24);
        let want = reference::<T>(&d);
        let word = |v: u128| T::Word::try_from(v).ok().unwrap();
        for split in 0..=d.len() {
            let (a, b) = d.split_at(split);
            let (ca, cb) = (word(reference::<T>(a)), word(reference::<T>(b)));
            assert_eq!(
                T::combine(ca, cb, b.len() as u64).into(),
                want,
                "split {split}"
            );
        }
    }
    for_each_type!(check);
}

#[test]
fn hasher_and_io_write() {
    use core::hash::Hasher;
    use std::io::Write;

    fn check<T: Crc + Write>()
    where
        T::Word: Into<u128>,
    {
        let d = data(30);
        let want = reference::<T>(&d);
        let mut h = T::new();
        Hasher::write(&mut h, &d[..10]);
        Hasher::write(&mut h, &d[10..]);
        assert_eq!(u128::from(h.finish()), want & u128::from(u64::MAX));
        let mut w = T::new();
        w.write_all(&d).unwrap();
        w.flush().unwrap();
        assert_eq!(w.finalize().into(), want);
    }
    for_each_type!(check);
}

/// `backend_for` names a kernel this CRC can run, the table kernel its tables allow up to one
/// slice-16 block (16 bytes, the folding threshold; 11 for a CRC with an instruction of its
/// own), and `backend()` for long inputs (beyond fusion's 7 KiB blocks).
#[test]
fn backend_for_names_a_supported_kernel() {
    fn each<T: Crc>(widest_table: Backend) {
        let c = T::consts();
        for len in [
            0,
            1,
            3,
            4,
            7,
            8,
            11,
            12,
            15,
            16,
            17,
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
            // The CRC instruction takes every input but the empty one where the CPU has it.
            if len == 0 || (len <= 16 && b != Backend::HwCrc) {
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
