//! The exact public API, from outside the workspace, against crc-gen's bitwise reference for
//! every length up to 300 and every split point.

use crcstamp::{crc, Backend, Crc};
use crcstamp_external_user::{inherent_api, Crc24, Crc32c};

#[crc(catalog = "CRC-12/UMTS")] // crossed reflection
struct Crc12Umts;

#[crc(catalog = "CRC-82/DARC")] // u128
struct Crc82;

#[crc(catalog = "CRC-3/GSM", slice = 4)]
struct Crc3;

#[crc(width = 1, poly = 1, init = 1)]
struct Parity;

#[crc(
    width = 64,
    poly = 0x42f0e1eba9ea3693,
    init = 0xffffffffffffffff,
    refin = true,
    refout = false,
    xorout = 0x5555555555555555
)]
struct Crossed64;

#[crc(
    width = 100,
    poly = 0x8_0000_0000_0000_0000_0000_0005,
    refin = true,
    refout = true,
    init = 0x123456789,
    crate = "::crcstamp"
)]
struct Wide100;

fn reference<T: Crc>() -> crc_gen::Model
where
    T::Word: Into<u128>,
{
    let m = T::MODEL;
    let spec = crc_gen::ModelSpec {
        width: m.width.into(),
        poly: m.poly.into(),
        init: m.init.into(),
        refin: Some(m.refin),
        refout: Some(m.refout),
        xorout: m.xorout.into(),
        check: Some(m.check.into()),
        ..Default::default()
    };
    spec.build()
        .expect("the stamped model is valid and its check right")
}

fn every_length_and_split<T: Crc>()
where
    T::Word: Into<u128>,
{
    let model = reference::<T>();
    let data: Vec<u8> = (0..300u32).map(|i| (i * 167 + 13) as u8).collect();
    for len in 0..=data.len() {
        let msg = &data[..len];
        let want = model.crc(msg);
        assert_eq!(T::checksum(msg).into(), want, "len {len}");
        for &b in Backend::all() {
            if let Some(got) = T::checksum_with(b, msg) {
                assert_eq!(got.into(), want, "{b} len {len}");
            }
        }
        for split in 0..=len {
            let (a, b) = msg.split_at(split);
            let mut d = T::new();
            d.update(a);
            d.update(b);
            assert_eq!(d.finalize().into(), want, "len {len} split {split}");
            let joined = T::combine(T::checksum(a), T::checksum(b), b.len() as u64);
            assert_eq!(joined.into(), want, "combine len {len} split {split}");
        }
    }
}

#[test]
fn catalogue_and_custom_models_match_the_reference() {
    every_length_and_split::<Crc32c>();
    every_length_and_split::<Crc24>();
    every_length_and_split::<Crc12Umts>();
    every_length_and_split::<Crc82>();
    every_length_and_split::<Crc3>();
    every_length_and_split::<Parity>();
    every_length_and_split::<Crossed64>();
    every_length_and_split::<Wide100>();
}

#[test]
fn api_surface() {
    assert_eq!(inherent_api(), (0xe306_9283, 0x21cf02));
    assert_eq!(Crc32c::CHECK, 0xe306_9283);
    assert_eq!(Crc32c::MODEL.name, Some("CRC-32/ISCSI"));
    assert_eq!(Crc24::MODEL.name, None);
    let _: u16 = Crc12Umts::checksum(b"");
    let _: u128 = Crc82::checksum(b"");
    let _: u8 = Crc3::checksum(b"");
    // slice = 4 stamps four tables: slice-8 and slice-16 are not available for Crc3.
    assert_eq!(Crc3::checksum_with(Backend::Slice16, b"x"), None);
    // Long inputs fold where the CPU can (widths up to 64), else use the widest tables.
    let b3 = Crc3::backend();
    assert!(
        b3 == Backend::Slice4 || (b3.is_folding() && b3.is_available()),
        "{b3}"
    );
    // CRC-32C has an instruction of its own: fusion or the instruction where they beat
    // folding, else what any 32-bit CRC with sixteen tables gets.
    let c = Crc32c::backend();
    assert!(
        c == b3.max(Backend::Slice16)
            || (matches!(c, Backend::Fusion | Backend::HwCrc) && c.is_available()),
        "{c}"
    );
    // 128-bit registers stamp and run slice-8 by default, their fastest table kernel.
    assert_eq!(Crc82::backend(), Backend::Slice8);
    assert_eq!(Crc82::checksum_with(Backend::Slice16, b"x"), None);
    let portable = [
        Backend::Bitwise,
        Backend::Slice1,
        Backend::Slice4,
        Backend::Slice8,
        Backend::Slice16,
    ];
    assert!(portable.iter().all(|b| b.is_available()));
    assert_eq!(format!("{:?}", Crc24::new()), "Crc24 { crc: 0xb704ce }");
}
