//! `combine` on stamped types at the edges of each register word: every value against
//! `crc_gen`'s bitwise reference, and bits above the width in the inputs ignored (as
//! `DynCrc::combine` does).

use crcstamp::{crc, Crc, Word};

#[crc(width = 1, poly = 0x1, init = 0x1, xorout = 0x1)]
struct W1;

#[crc(width = 3, poly = 0x3, init = 0x7, refin = true, refout = true)]
struct W3;

#[crc(width = 24, poly = 0x864cfb, init = 0xb704ce)]
struct W24;

#[crc(
    width = 24,
    poly = 0x5d6dcb,
    init = 0xabcdef,
    refin = true,
    refout = false,
    xorout = 0x123456
)]
struct W24Crossed;

#[crc(catalog = "CRC-64/XZ")]
struct W64;

#[crc(
    width = 65,
    poly = 0x1_0000_0000_0000_001b,
    init = 0x1_2345_6789_abcd_ef01,
    refin = true,
    refout = true,
    xorout = 0x1
)]
struct W65;

#[crc(
    width = 65,
    poly = 0x1_0000_0000_0000_001b,
    init = 0x0_ffff_0000_ffff_0000,
    xorout = 0x1_0000_0000_0000_0000
)]
struct W65Msb;

#[crc(
    width = 128,
    poly = 0x1_0000_0000_0000_0000_0000_0000_0087,
    init = 0xffff_ffff_ffff_ffff_ffff_ffff_ffff_ffff,
    refin = true,
    refout = true,
    xorout = 0x5555_5555_5555_5555_5555_5555_5555_5555
)]
struct W128;

/// The bitwise reference CRC of `data` under `T`'s model.
fn reference<T: Crc>(data: &[u8]) -> u128 {
    let m = T::MODEL;
    crc_gen::ModelSpec::new(m.width.into(), m.poly.to_u128())
        .init(m.init.to_u128())
        .refin(m.refin)
        .refout(m.refout)
        .xorout(m.xorout.to_u128())
        .build()
        .unwrap()
        .crc(data)
}

fn check<T: Crc>() {
    let width = u32::from(T::MODEL.width);
    // Every bit of the word above the width, and one of them alone.
    let above = (!T::Word::ZERO >> (T::Word::BITS - width)).to_u128() ^ (!T::Word::ZERO).to_u128();
    let garbage = [0, above, above & above.wrapping_neg()];
    let data: Vec<u8> = (0..300u32).map(|i| (i * 151 + 17) as u8).collect();
    for split in [0, 1, 3, 16, 100] {
        for end in [split, split + 1, split + 7, split + 64, 300] {
            let (a, b) = (&data[..split], &data[split..end]);
            let want = reference::<T>(&data[..end]);
            let (crc_a, crc_b) = (T::checksum(a).to_u128(), T::checksum(b).to_u128());
            for g in garbage {
                let got = T::combine(
                    T::Word::from_u128(crc_a | g),
                    T::Word::from_u128(crc_b | g),
                    b.len() as u64,
                );
                assert_eq!(
                    got.to_u128(),
                    want,
                    "width {width}, |A| = {split}, |B| = {}, bits above the width {g:#x}",
                    b.len()
                );
            }
        }
    }
}

#[test]
fn combine_ignores_bits_above_the_width() {
    check::<W1>();
    check::<W3>();
    check::<W24>();
    check::<W24Crossed>();
    check::<W64>();
    check::<W65>();
    check::<W65Msb>();
    check::<W128>();
}

/// The case: a stamped CRC-24 with every bit of the byte above it set.
#[test]
fn combine_masks_the_crc24_of_the_report() {
    let (a, b) = (W24::checksum(b"1234"), W24::checksum(b"56789"));
    let want = W24::checksum(b"123456789");
    assert_eq!(W24::combine(a | 0xff00_0000, b | 0xff00_0000, 5), want);
}
