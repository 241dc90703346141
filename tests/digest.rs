//! The `digest` feature: RustCrypto's `Digest` and `DynDigest` on stamped types and
//! `DynDigest` on `DynCrc`, their output the CRC big-endian in the width's whole bytes,
//! checked against `crc-gen`'s bitwise reference on widths whose byte counts are odd
//! (1, 12, 24, 82 bits) and whole (64, 128), both bit orders and crossed.

use crcstamp::catalog::Crc32Iscsi;
use crcstamp::{crc, Crc, Word};
use digest::{Digest, DynDigest, FixedOutputReset};
use proptest::prelude::*;

#[crc(width = 1, poly = 0x1, init = 0x1)]
struct W1;
#[crc(catalog = "CRC-12/UMTS")] // refin = false, refout = true
struct Crc12Umts;
#[crc(catalog = "CRC-24/OPENPGP")]
struct Crc24Openpgp;
#[crc(catalog = "CRC-64/XZ")]
struct Crc64Xz;
#[crc(catalog = "CRC-82/DARC")]
struct Crc82Darc;
#[crc(
    width = 128,
    poly = 0x87,
    init = 0x1,
    refin = true,
    refout = true,
    slice = 1
)]
struct W128;

/// The reference model of a stamped type.
fn model<T: Crc>() -> crc_gen::Model {
    let m = T::MODEL;
    crc_gen::ModelSpec::new(m.width.into(), m.poly.to_u128())
        .init(m.init.to_u128())
        .refin(m.refin)
        .refout(m.refout)
        .xorout(m.xorout.to_u128())
        .build()
        .unwrap()
}

/// The reference CRC of `data`, big-endian in the width's whole bytes.
fn expected(model: &crc_gen::Model, data: &[u8]) -> Vec<u8> {
    let n = model.width().div_ceil(8) as usize;
    model.crc(data).to_be_bytes()[16 - n..].to_vec()
}

/// One-shot, streamed, reset and through `dyn DynDigest`: all the reference bytes.
fn verify<T: Crc + Digest + FixedOutputReset + Clone + 'static>(data: &[u8]) {
    let model = model::<T>();
    let want = expected(&model, data);
    assert_eq!(<T as Digest>::output_size(), want.len(), "{model}");
    assert_eq!(<T as Digest>::digest(data).to_vec(), want, "{model}");

    let (a, b) = data.split_at(data.len() / 3);
    let mut h = <T as Digest>::new();
    Digest::update(&mut h, a);
    let h = h.chain_update(b);
    assert_eq!(Digest::finalize(h).to_vec(), want, "{model}");

    let mut h = <T as Digest>::new_with_prefix(b"junk");
    Digest::reset(&mut h);
    Digest::update(&mut h, data);
    assert_eq!(h.finalize_reset().to_vec(), want, "{model}");
    assert_eq!(
        Digest::finalize(h).to_vec(),
        expected(&model, b""),
        "{model}"
    );

    let mut d: Box<dyn DynDigest> = Box::new(<T as Digest>::new());
    DynDigest::update(&mut *d, a);
    let copy = d.box_clone();
    DynDigest::update(&mut *d, b);
    assert_eq!(d.output_size(), want.len());
    assert_eq!(d.finalize_reset().to_vec(), want, "{model}");
    assert_eq!(copy.finalize().to_vec(), expected(&model, a), "{model}");
    let mut wrong = vec![0; want.len() + 1];
    assert!(d.finalize_into_reset(&mut wrong).is_err());
}

fn verify_all(data: &[u8]) {
    verify::<W1>(data);
    verify::<Crc12Umts>(data);
    verify::<Crc24Openpgp>(data);
    verify::<Crc32Iscsi>(data);
    verify::<Crc64Xz>(data);
    verify::<Crc82Darc>(data);
    verify::<W128>(data);
}

#[test]
fn crc32c_digest_is_its_check_value_big_endian() {
    assert_eq!(
        <Crc32Iscsi as Digest>::digest(b"123456789")[..],
        [0xe3, 0x06, 0x92, 0x83]
    );
}

#[test]
fn output_sizes_are_the_widths_whole_bytes() {
    assert_eq!(<W1 as Digest>::output_size(), 1);
    assert_eq!(<Crc12Umts as Digest>::output_size(), 2);
    assert_eq!(<Crc24Openpgp as Digest>::output_size(), 3);
    assert_eq!(<Crc82Darc as Digest>::output_size(), 11);
    assert_eq!(<W128 as Digest>::output_size(), 16);
    assert_eq!(
        <Crc82Darc as Digest>::digest(b"123456789")[..],
        0x09ea83f625023801fd612u128.to_be_bytes()[5..]
    );
}

#[test]
fn check_strings() {
    verify_all(b"123456789");
    verify_all(b"");
    verify_all(&[0xa5; 100]);
}

#[cfg(feature = "dynamic")]
mod dynamic {
    use super::*;
    use crcstamp::DynCrc;

    /// `DynCrc` as a `dyn DynDigest`, against the reference, for the same models.
    pub fn verify_dyn(model: &crc_gen::Model, data: &[u8]) {
        let want = super::expected(model, data);
        let mut d: Box<dyn DynDigest> = Box::new(DynCrc::from_model(model));
        assert_eq!(d.output_size(), want.len());
        let (a, b) = data.split_at(data.len() / 2);
        DynDigest::update(&mut *d, a);
        let copy = d.box_clone();
        DynDigest::update(&mut *d, b);
        let mut out = vec![0; want.len()];
        d.finalize_into_reset(&mut out).unwrap();
        assert_eq!(out, want, "{model}");
        assert_eq!(
            copy.finalize().to_vec(),
            super::expected(model, a),
            "{model}"
        );
        assert!(d.finalize_into_reset(&mut [0; 17]).is_err());
        DynDigest::update(&mut *d, data);
        assert_eq!(d.finalize().to_vec(), want, "{model}");
    }

    pub fn models() -> Vec<crc_gen::Model> {
        vec![
            model::<W1>(),
            model::<Crc12Umts>(),
            model::<Crc24Openpgp>(),
            model::<Crc32Iscsi>(),
            model::<Crc64Xz>(),
            model::<Crc82Darc>(),
            model::<W128>(),
        ]
    }

    #[test]
    fn dyn_crc_is_a_dyn_digest() {
        for m in models() {
            verify_dyn(&m, b"123456789");
            verify_dyn(&m, b"");
        }
        let mut crc = DynCrc::from_catalog("CRC-32/ISCSI").unwrap();
        digest::Update::update(&mut crc, b"123456789");
        assert_eq!(crc.finalize(), 0xe306_9283);
        digest::Reset::reset(&mut crc);
        assert_eq!(crc.finalize(), crc.checksum(b""));
    }
}

proptest! {
    #[test]
    fn digests_match_the_reference(data in proptest::collection::vec(any::<u8>(), 0..300)) {
        verify_all(&data);
        #[cfg(feature = "dynamic")]
        for m in dynamic::models() {
            dynamic::verify_dyn(&m, &data);
        }
    }
}
