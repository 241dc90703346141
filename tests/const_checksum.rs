//! `checksum_const`: evaluable in a `const` item, and equal to the run-time `checksum` and to
//! `crc-gen`'s bitwise reference for every input, on models of widths 1..=128 in both bit
//! orders and crossed (refin ≠ refout), stamped with tables (slice 1 and the default) and on
//! the bitwise fallback a stamp without 256-entry tables takes.

use crcstamp::__private::ConstEval;
use crcstamp::catalog::{Crc32Iscsi, Crc64Nvme};
use crcstamp::{crc, Consts, Crc, Word};
use proptest::prelude::*;

/// Stamps one type per `#[crc(...)]` argument list and lists, for each, a check of
/// `checksum_const` on the stamped tables and on the same constants with no tables.
macro_rules! stamps {
    ($($ty:ident = ($($arg:tt)*),)*) => {
        mod stamped {
            use super::crc;
            $(
                #[crc($($arg)*)]
                pub struct $ty;
            )*
        }

        const ALL: &[(&str, fn(&[u8]))] = &[$((stringify!($ty), |data: &[u8]| {
            type T = stamped::$ty;
            let bare = Consts { tables: &[], ..*T::consts() };
            let bitwise = ConstEval::<<T as Crc>::Word>::checksum(&bare, data);
            verify::<T>(T::checksum_const(data), bitwise, data);
        }),)*];
    };
}

stamps! {
    W1Msb = (width = 1, poly = 0x1, init = 0x1),
    W1Lsb = (width = 1, poly = 0x1, refin = true, refout = true, xorout = 0x1),
    Crc3Rohc = (catalog = "CRC-3/ROHC"),
    Crc5Usb = (catalog = "CRC-5/USB"),
    Crc7Mmc = (catalog = "CRC-7/MMC"),
    Crc8Smbus = (catalog = "CRC-8/SMBUS"),
    Crc8MaximSlice1 = (catalog = "CRC-8/MAXIM-DOW", slice = 1),
    Crc12Umts = (catalog = "CRC-12/UMTS"), // refin = false, refout = true
    W12Crossed = (width = 12, poly = 0x80f, init = 0x123, refin = true, refout = false),
    Crc16Arc = (catalog = "CRC-16/ARC"),
    Crc16XmodemSlice4 = (catalog = "CRC-16/XMODEM", slice = 4),
    Crc24Openpgp = (catalog = "CRC-24/OPENPGP"),
    Crc31Philips = (catalog = "CRC-31/PHILIPS"),
    Crc32Bzip2 = (catalog = "CRC-32/BZIP2"),
    Crc32IscsiSlice1 = (catalog = "CRC-32/ISCSI", slice = 1),
    Crc40Gsm = (catalog = "CRC-40/GSM"),
    Crc64Xz = (catalog = "CRC-64/XZ"),
    Crc64Ecma = (catalog = "CRC-64/ECMA-182"),
    Crc82Darc = (catalog = "CRC-82/DARC"),
    W82Msb = (width = 82, poly = 0x0308c0111011401440411, init = 0x1234, xorout = 0x3_ffff_ffff_ffff_ffff_ffff),
    W100Crossed = (width = 100, poly = 0x9, init = 0x5, refin = false, refout = true),
    W128Lsb = (width = 128, poly = 0x87, init = 0xffff_ffff_ffff_ffff_ffff_ffff_ffff_ffff, refin = true, refout = true),
    W128Msb = (width = 128, poly = 0x87, xorout = 0x1, slice = 1),
}

/// The run-time checksum, the const fn on the stamped tables, the const fn on no tables and
/// the reference all agree.
fn verify<T: Crc>(with_tables: T::Word, bitwise: T::Word, data: &[u8]) {
    let m = T::MODEL;
    let model = crc_gen::ModelSpec::new(m.width.into(), m.poly.to_u128())
        .init(m.init.to_u128())
        .refin(m.refin)
        .refout(m.refout)
        .xorout(m.xorout.to_u128())
        .build()
        .unwrap();
    let reference = model.crc(data);
    assert_eq!(T::checksum(data).to_u128(), reference, "checksum, {model}");
    assert_eq!(with_tables.to_u128(), reference, "checksum_const, {model}");
    assert_eq!(
        bitwise.to_u128(),
        reference,
        "bitwise checksum_const, {model}"
    );
}

#[test]
fn check_strings_and_the_empty_input() {
    for (name, f) in ALL {
        eprintln!("{name}");
        f(b"123456789");
        f(b"");
        f(&[0xff; 33]);
    }
}

proptest! {
    #[test]
    fn const_checksum_is_checksum(data in proptest::collection::vec(any::<u8>(), 0..200)) {
        for (_, f) in ALL {
            f(&data);
        }
    }
}

// Evaluated by the compiler: a wrong value fails the build, not just the test.
const ISCSI: u32 = Crc32Iscsi::checksum_const(b"123456789");
const NVME_EMPTY: u64 = Crc64Nvme::checksum_const(b"");
const DARC: u128 = stamped::Crc82Darc::checksum_const(b"123456789");
const UMTS: u16 = stamped::Crc12Umts::checksum_const(b"123456789");
const _: () = assert!(ISCSI == 0xe306_9283);

#[test]
fn const_items_hold_the_check_values() {
    assert_eq!(ISCSI, Crc32Iscsi::CHECK);
    assert_eq!(NVME_EMPTY, Crc64Nvme::checksum(b""));
    assert_eq!(DARC, stamped::Crc82Darc::CHECK);
    assert_eq!(UMTS, stamped::Crc12Umts::CHECK);
    // A table in a const: the message's own bytes come from a const too.
    const MSG: &[u8] = b"The quick brown fox jumps over the lazy dog";
    const FOX: u32 = Crc32Iscsi::checksum_const(MSG);
    assert_eq!(FOX, Crc32Iscsi::checksum(MSG));
}
