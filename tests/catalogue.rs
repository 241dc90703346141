//! Every one of the 113 catalogue algorithms, stamped through the `#[crc]` macro three times
//! (default tables, `slice = 0`, `slice = "nibble"`) and checked on every backend against the catalogue's own check and residue and against `crc-gen`'s
//! bitwise reference: one-shot, streaming at every split of "123456789", combine, Hasher and
//! io::Write.

mod common;

use crc_gen::Slice;
use crcstamp::{crc, Backend, Crc};

/// Stamps three types per catalogue entry (default tables, `slice = 0` and `slice =
/// "nibble"`) and lists them with their catalogue names. The names arrive as `$name:literal`
/// fragments, which the macro must see through (invisible groups).
macro_rules! catalogue {
    ($($ty:ident = $name:literal,)*) => {
        mod stamped {
            use super::crc;
            $(
                #[crc(catalog = $name)]
                pub struct $ty;
            )*
        }
        mod no_table {
            use super::crc;
            $(
                #[crc(catalog = $name, slice = 0)]
                pub struct $ty;
            )*
        }
        mod nibble {
            use super::crc;
            $(
                #[crc(catalog = $name, slice = "nibble")]
                pub struct $ty;
            )*
        }

        /// (name, verifiers of the default, no-table and nibble stamps) for every entry.
        const ALL: &[(&str, [Verifier; 3])] = &[$(($name, [
            (None, verify::<stamped::$ty>),
            (Some(Slice::Zero), verify::<no_table::$ty>),
            (Some(Slice::Nibble), verify::<nibble::$ty>),
        ]),)*];
    };
}

/// The small stamp's `slice` (`None`: the default tables) and its verifier.
type Verifier = (Option<Slice>, fn(&crc_gen::catalogue::Entry, Option<Slice>));

catalogue! {
    Crc3Gsm = "CRC-3/GSM",
    Crc3Rohc = "CRC-3/ROHC",
    Crc4G704 = "CRC-4/G-704",
    Crc4Interlaken = "CRC-4/INTERLAKEN",
    Crc5EpcC1g2 = "CRC-5/EPC-C1G2",
    Crc5G704 = "CRC-5/G-704",
    Crc5Usb = "CRC-5/USB",
    Crc6Cdma2000A = "CRC-6/CDMA2000-A",
    Crc6Cdma2000B = "CRC-6/CDMA2000-B",
    Crc6Darc = "CRC-6/DARC",
    Crc6G704 = "CRC-6/G-704",
    Crc6Gsm = "CRC-6/GSM",
    Crc7Mmc = "CRC-7/MMC",
    Crc7Rohc = "CRC-7/ROHC",
    Crc7Umts = "CRC-7/UMTS",
    Crc8Autosar = "CRC-8/AUTOSAR",
    Crc8Bluetooth = "CRC-8/BLUETOOTH",
    Crc8Cdma2000 = "CRC-8/CDMA2000",
    Crc8Darc = "CRC-8/DARC",
    Crc8DvbS2 = "CRC-8/DVB-S2",
    Crc8GsmA = "CRC-8/GSM-A",
    Crc8GsmB = "CRC-8/GSM-B",
    Crc8Hitag = "CRC-8/HITAG",
    Crc8I4321 = "CRC-8/I-432-1",
    Crc8ICode = "CRC-8/I-CODE",
    Crc8Lte = "CRC-8/LTE",
    Crc8MaximDow = "CRC-8/MAXIM-DOW",
    Crc8MifareMad = "CRC-8/MIFARE-MAD",
    Crc8Nrsc5 = "CRC-8/NRSC-5",
    Crc8Opensafety = "CRC-8/OPENSAFETY",
    Crc8Rohc = "CRC-8/ROHC",
    Crc8SaeJ1850 = "CRC-8/SAE-J1850",
    Crc8Smbus = "CRC-8/SMBUS",
    Crc8Tech3250 = "CRC-8/TECH-3250",
    Crc8Wcdma = "CRC-8/WCDMA",
    Crc10Atm = "CRC-10/ATM",
    Crc10Cdma2000 = "CRC-10/CDMA2000",
    Crc10Gsm = "CRC-10/GSM",
    Crc11Flexray = "CRC-11/FLEXRAY",
    Crc11Umts = "CRC-11/UMTS",
    Crc12Cdma2000 = "CRC-12/CDMA2000",
    Crc12Dect = "CRC-12/DECT",
    Crc12Gsm = "CRC-12/GSM",
    Crc12Umts = "CRC-12/UMTS",
    Crc13Bbc = "CRC-13/BBC",
    Crc14Darc = "CRC-14/DARC",
    Crc14Gsm = "CRC-14/GSM",
    Crc15Can = "CRC-15/CAN",
    Crc15Mpt1327 = "CRC-15/MPT1327",
    Crc16Arc = "CRC-16/ARC",
    Crc16Cdma2000 = "CRC-16/CDMA2000",
    Crc16Cms = "CRC-16/CMS",
    Crc16Dds110 = "CRC-16/DDS-110",
    Crc16DectR = "CRC-16/DECT-R",
    Crc16DectX = "CRC-16/DECT-X",
    Crc16Dnp = "CRC-16/DNP",
    Crc16En13757 = "CRC-16/EN-13757",
    Crc16Genibus = "CRC-16/GENIBUS",
    Crc16Gsm = "CRC-16/GSM",
    Crc16Ibm3740 = "CRC-16/IBM-3740",
    Crc16IbmSdlc = "CRC-16/IBM-SDLC",
    Crc16IsoIec144433A = "CRC-16/ISO-IEC-14443-3-A",
    Crc16Kermit = "CRC-16/KERMIT",
    Crc16Lj1200 = "CRC-16/LJ1200",
    Crc16M17 = "CRC-16/M17",
    Crc16MaximDow = "CRC-16/MAXIM-DOW",
    Crc16Mcrf4xx = "CRC-16/MCRF4XX",
    Crc16Modbus = "CRC-16/MODBUS",
    Crc16Nrsc5 = "CRC-16/NRSC-5",
    Crc16OpensafetyA = "CRC-16/OPENSAFETY-A",
    Crc16OpensafetyB = "CRC-16/OPENSAFETY-B",
    Crc16Profibus = "CRC-16/PROFIBUS",
    Crc16Riello = "CRC-16/RIELLO",
    Crc16SpiFujitsu = "CRC-16/SPI-FUJITSU",
    Crc16T10Dif = "CRC-16/T10-DIF",
    Crc16Teledisk = "CRC-16/TELEDISK",
    Crc16Tms37157 = "CRC-16/TMS37157",
    Crc16Umts = "CRC-16/UMTS",
    Crc16Usb = "CRC-16/USB",
    Crc16Xmodem = "CRC-16/XMODEM",
    Crc17CanFd = "CRC-17/CAN-FD",
    Crc21CanFd = "CRC-21/CAN-FD",
    Crc24Ble = "CRC-24/BLE",
    Crc24FlexrayA = "CRC-24/FLEXRAY-A",
    Crc24FlexrayB = "CRC-24/FLEXRAY-B",
    Crc24Interlaken = "CRC-24/INTERLAKEN",
    Crc24LteA = "CRC-24/LTE-A",
    Crc24LteB = "CRC-24/LTE-B",
    Crc24Openpgp = "CRC-24/OPENPGP",
    Crc24Os9 = "CRC-24/OS-9",
    Crc30Cdma = "CRC-30/CDMA",
    Crc31Philips = "CRC-31/PHILIPS",
    Crc32Aixm = "CRC-32/AIXM",
    Crc32Autosar = "CRC-32/AUTOSAR",
    Crc32Base91D = "CRC-32/BASE91-D",
    Crc32Bzip2 = "CRC-32/BZIP2",
    Crc32CdRomEdc = "CRC-32/CD-ROM-EDC",
    Crc32Cksum = "CRC-32/CKSUM",
    Crc32Iscsi = "CRC-32/ISCSI",
    Crc32IsoHdlc = "CRC-32/ISO-HDLC",
    Crc32Jamcrc = "CRC-32/JAMCRC",
    Crc32Mef = "CRC-32/MEF",
    Crc32Mpeg2 = "CRC-32/MPEG-2",
    Crc32Xfer = "CRC-32/XFER",
    Crc40Gsm = "CRC-40/GSM",
    Crc64Ecma182 = "CRC-64/ECMA-182",
    Crc64GoIso = "CRC-64/GO-ISO",
    Crc64Ms = "CRC-64/MS",
    Crc64Nvme = "CRC-64/NVME",
    Crc64Redis = "CRC-64/REDIS",
    Crc64We = "CRC-64/WE",
    Crc64Xz = "CRC-64/XZ",
    Crc82Darc = "CRC-82/DARC",
}

#[test]
fn the_list_above_is_the_whole_catalogue() {
    let listed: Vec<&str> = ALL.iter().map(|(n, _)| *n).collect();
    let catalogue: Vec<&str> = crc_gen::catalogue::entries()
        .iter()
        .map(|e| e.name())
        .collect();
    assert_eq!(listed, catalogue);
    assert_eq!(listed.len(), 113);
}

#[test]
fn every_algorithm_on_every_backend() {
    for (name, stamps) in ALL {
        for (slice, verify) in stamps {
            verify(crc_gen::catalogue::lookup(name).unwrap(), *slice);
        }
    }
}

fn verify<T: Crc + std::io::Write>(entry: &crc_gen::catalogue::Entry, slice: Option<Slice>)
where
    T::Word: Into<u128>,
{
    let name = entry.name();
    let name = &*match slice {
        Some(s) => format!("{name} slice = {s}"),
        None => name.to_string(),
    };
    let m = T::MODEL;
    let w = |v: T::Word| -> u128 { v.into() };
    // The stamped model is the catalogue's.
    assert_eq!(m.name, Some(entry.name()));
    assert_eq!(u32::from(m.width), entry.model.width(), "{name}");
    assert_eq!(w(m.poly), entry.model.poly(), "{name}");
    assert_eq!(w(m.init), entry.model.init(), "{name}");
    assert_eq!(
        (m.refin, m.refout),
        (entry.model.refin(), entry.model.refout()),
        "{name}"
    );
    assert_eq!(w(m.xorout), entry.model.xorout(), "{name}");
    assert_eq!(w(m.check), entry.check, "{name}");
    assert_eq!(w(m.residue), entry.residue, "{name}");
    assert_eq!(
        size_of::<T::Word>() * 8,
        entry.model.word_bits() as usize,
        "{name}"
    );

    let check = b"123456789";
    assert_eq!(w(T::checksum(check)), entry.check, "{name}: checksum");
    let data = common::pseudo_random(1027, entry.model.width());
    let want = entry.model.crc(&data);
    assert_eq!(w(T::checksum(&data)), want, "{name}: checksum, 1027 bytes");
    let c = T::consts();
    // Every backend this machine has and this CRC supports (folding: widths up to 64).
    let supported: Vec<Backend> = Backend::all()
        .iter()
        .copied()
        .filter(|&b| c.supports(b))
        .collect();
    // The portable backends are always supported, as far as their tables are stamped (the
    // default: sixteen, eight for 128-bit registers; none for the small stamps, whose
    // short inputs run bitwise or on the nibble table).
    let portable = [
        (Backend::Bitwise, 0),
        (Backend::Slice1, 1),
        (Backend::Slice4, 4),
        (Backend::Slice8, 8),
        (Backend::Slice16, 16),
    ];
    for (b, tables) in portable {
        assert_eq!(
            supported.contains(&b),
            c.tables.len() >= tables,
            "{name}: {b} with {} tables",
            c.tables.len()
        );
    }
    let nibble = slice == Some(Slice::Nibble);
    assert_eq!(supported.contains(&Backend::Nibble), nibble, "{name}");
    assert_eq!(c.nibble.is_some(), nibble, "{name}");
    match slice {
        Some(s) => {
            assert!(c.tables.is_empty(), "{name}: {} tables", c.tables.len());
            // A CRC with an instruction of its own takes it from one byte where it runs.
            let short = if supported.contains(&Backend::HwCrc) {
                Backend::HwCrc
            } else if nibble {
                Backend::Nibble
            } else {
                Backend::Bitwise
            };
            assert_eq!((s, c.backend_for(3)), (s, short), "{name}");
        }
        None => assert!(c.tables.len() >= 8, "{name}: {} tables", c.tables.len()),
    }
    assert_eq!(
        supported.iter().any(|b| b.is_folding()),
        m.width <= 64
            && Backend::all()
                .iter()
                .any(|b| b.is_folding() && b.is_available()),
        "{name}: folding support"
    );
    for &b in Backend::all() {
        let Some(got) = T::checksum_with(b, check) else {
            assert!(
                !supported.contains(&b),
                "{name}: {b} supported but returned None"
            );
            continue;
        };
        assert_eq!(w(got), entry.check, "{name}: {b}");
        assert_eq!(
            T::checksum_with(b, &data).map(w),
            Some(want),
            "{name}: {b} long"
        );
        for split in 0..=check.len() {
            let (x, y) = check.split_at(split);
            let s = c.update_with(b, c.init_state, x).unwrap();
            let s = c.update_with(b, s, y).unwrap();
            assert_eq!(w(c.finalize(s)), entry.check, "{name}: {b} split {split}");
        }
    }
    for split in 0..=check.len() {
        let (x, y) = check.split_at(split);
        let mut d = T::new();
        d.update(x);
        d.update(y);
        assert_eq!(
            w(d.finalize()),
            entry.check,
            "{name}: streaming split {split}"
        );
        let joined = T::combine(T::checksum(x), T::checksum(y), y.len() as u64);
        assert_eq!(w(joined), entry.check, "{name}: combine split {split}");
    }
    let mut d = T::new();
    d.update(&data);
    d.reset();
    d.update(check);
    assert_eq!(w(d.finalize()), entry.check, "{name}: reset");
    let mut h = T::default();
    core::hash::Hasher::write(&mut h, check);
    assert_eq!(
        u128::from(core::hash::Hasher::finish(&h)),
        entry.check & u128::from(u64::MAX),
        "{name}: Hasher"
    );
    let mut io = T::new();
    std::io::Write::write_all(&mut io, check).unwrap();
    assert_eq!(w(io.finalize()), entry.check, "{name}: io::Write");
    residue::<T>(entry);
}

/// Feeds a message followed by its own CRC, sent in the message's bit order, and reads the
/// register before xorout: the residue. Only byte-aligned, uncrossed models have such a
/// codeword.
fn residue<T: Crc>(entry: &crc_gen::catalogue::Entry)
where
    T::Word: Into<u128>,
{
    let m = &entry.model;
    if !m.width().is_multiple_of(8) || m.is_crossed() {
        return;
    }
    for msg in [&b""[..], b"123456789", &common::pseudo_random(100, 7)] {
        let crc: u128 = T::checksum(msg).into();
        let n = (m.width() / 8) as usize;
        let mut codeword = msg.to_vec();
        let bytes = crc.to_le_bytes();
        if m.refout() {
            codeword.extend_from_slice(&bytes[..n]);
        } else {
            codeword.extend(bytes[..n].iter().rev());
        }
        let mut d = T::new();
        d.update(&codeword);
        let register: u128 = d.finalize().into();
        assert_eq!(
            register ^ m.xorout(),
            entry.residue,
            "{}: residue",
            entry.name()
        );
    }
}

/// The attribute and `DynCrc` take the spellings the catalogue lookup knows: without the
/// punctuation (`crc32c`) and the names other tools give (`crc`, cksum's own).
#[test]
fn the_attribute_and_dyncrc_take_common_spellings() {
    #[crc(catalog = "crc32c")]
    struct Crc32c;
    #[crc(catalog = "crc")]
    struct Cksum;
    assert_eq!(Crc32c::MODEL.name, Some("CRC-32/ISCSI"));
    assert_eq!(Crc32c::checksum(b"123456789"), 0xe306_9283);
    assert_eq!(Cksum::checksum(b"123456789"), 0x765e_7680);
    #[cfg(feature = "dynamic")]
    for (name, check) in [
        ("crc32b", 0xcbf4_3926),
        ("CRC32", 0xcbf4_3926),
        ("crc32c", 0xe306_9283),
    ] {
        let crc = crcstamp::DynCrc::from_catalog(name).unwrap();
        assert_eq!(crc.checksum(b"123456789"), check, "{name}");
    }
}
