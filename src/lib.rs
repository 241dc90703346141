//! # crcstamp
//!
//! One description of a CRC — the Rocksoft model or a name from the CRC catalogue — written
//! as `#[crc(...)]` on a struct becomes, at compile time, a complete implementation: slice-by-
//! 1/4/8/16 tables (or, for firmware, one 16-entry table or none), folding, Barrett and combine
//! constants, all consumed by one shared engine.
//!
//! ```
//! use crcstamp::{crc, Backend, Crc};
//!
//! #[crc(catalog = "CRC-32/ISCSI")] // any catalogue name or alias, case-insensitive
//! pub struct Crc32c;
//!
//! #[crc(width = 24, poly = 0x864cfb, init = 0xb704ce, refin = false, refout = false,
//!       xorout = 0x0, check = 0x21cf02)] // check is verified at compile time
//! pub struct Crc24;
//!
//! assert_eq!(Crc32c::checksum(b"123456789"), 0xe306_9283);
//! let mut d = Crc32c::new();
//! d.update(b"1234");
//! d.update(b"56789");
//! assert_eq!(d.finalize(), 0xe306_9283);
//!
//! assert_eq!(Crc24::CHECK, 0x21cf02);
//! assert_eq!(Crc24::checksum_with(Backend::Bitwise, b"123456789"), Some(0x21cf02));
//! let (a, b) = (b"12345".as_slice(), b"6789".as_slice());
//! let whole = Crc24::combine(Crc24::checksum(a), Crc24::checksum(b), b.len() as u64);
//! assert_eq!(whole, Crc24::CHECK);
//! ```
//!
//! ## The attribute
//!
//! `#[crc(...)]` (feature `macros`) goes on a unit struct and turns it into a streaming digest holding its
//! register. Keys:
//!
//! | key | value |
//! |---|---|
//! | `width` | 1..=128 (required with `poly`) |
//! | `poly`, `init`, `xorout` | integers in any Rust literal form, within `width` bits; `init` and `xorout` default to 0 |
//! | `refin`, `refout` | `true` / `false`, default `false` |
//! | `check`, `residue` | optional; verified at compile time |
//! | `catalog = "NAME"` | instead of the model keys: any of the 113 catalogue names or 74 aliases |
//! | `slice = 0 \| "nibble" \| 1 \| 4 \| 8 \| 16` | which tables to stamp: none (bit by bit), one 16-entry table, or that many 256-entry tables (default: 16, and 8 for widths 65..=128, the fastest for each register word) |
//! | `crate = "path"` | where `crcstamp` lives, when re-exported (as `serde` does) |
//!
//! The stamped type implements [`Crc`], `Clone`, `Copy`, `Debug`, `Default`,
//! [`Hasher`](core::hash::Hasher), with the `std` feature `std::io::Write`, and with the
//! `digest` feature RustCrypto's `Digest` and `DynDigest`; every `Crc` method is also an
//! inherent item, and so is `checksum_const`, the same CRC as a `const fn`. Its value type is the smallest of `u8`/`u16`/`u32`/`u64`/
//! `u128` that holds the width.
//!
//! Ready-made types for the headline algorithms, which need no macro expansion, are in
//! [`catalog`].
//!
//! ## In `const` items
//!
//! `checksum_const` computes the same CRC at compile time (slice-by-1 on the stamped table,
//! or bit by bit where none is stamped); at run time `checksum` is the fast one.
//!
//! ```
//! use crcstamp::catalog::Crc32Iscsi;
//! const ID: u32 = Crc32Iscsi::checksum_const(b"123456789");
//! assert_eq!(ID, Crc32Iscsi::checksum(b"123456789"));
//! ```
//!
//! ## Checksumming while copying
//!
//! [`CrcReader`] and [`CrcWriter`] (feature `std`) wrap any reader or writer and CRC exactly
//! the bytes that went through, for any [`RunningCrc`]: stamped types and `DynCrc`.
//!
//! ```
//! use std::io::{copy, BufReader};
//! use crcstamp::{catalog::Crc32IsoHdlc, CrcReader, CrcWriter};
//!
//! let mut reader = CrcReader::<Crc32IsoHdlc, _>::new(BufReader::new(&b"123456789"[..]));
//! let mut writer = CrcWriter::<Crc32IsoHdlc, _>::new(Vec::new());
//! copy(&mut reader, &mut writer).unwrap();
//! assert_eq!((reader.crc(), writer.crc()), (0xcbf4_3926, 0xcbf4_3926));
//! ```
//!
//! ## Small stamps for firmware
//!
//! `slice = 0` stamps no table and `slice = "nibble"` one table of 16 entries; short
//! inputs then run bit by bit or a nibble at a time, long ones still fold where the CPU can:
//!
//! ```
//! use crcstamp::{crc, Backend};
//! #[crc(catalog = "CRC-32/BZIP2", slice = 0)]
//! struct NoTable;
//! #[crc(catalog = "CRC-32/BZIP2", slice = "nibble")]
//! struct Nibble;
//! assert_eq!(NoTable::checksum(b"123456789"), 0xfc891918);
//! assert_eq!(Nibble::checksum(b"123456789"), 0xfc891918);
//! assert_eq!(NoTable::consts().backend_for(3), Backend::Bitwise);
//! assert_eq!(Nibble::consts().backend_for(3), Backend::Nibble);
//! assert_eq!(core::mem::size_of_val(Nibble::consts().nibble.unwrap()), 64);
//! assert!(NoTable::consts().tables.is_empty() && Nibble::consts().tables.is_empty());
//! ```
//!
//! ## Features
//!
//! - `std` (default): `std::io::Write` for every stamped type, [`CrcReader`] and
//!   [`CrcWriter`]. Without it the crate is `#![no_std]` and allocation-free.
//! - `macros`: the `#[crc(...)]` attribute (a proc macro; off by default, as serde's `derive`,
//!   so that the catalogue types, [`Crc`], `DynCrc` and `checksum_const` bring no proc macro
//!   into a build). The examples above that stamp their own type need it.
//! - `dynamic`: `dynamic::DynCrc`, for models known only at run time (a command-line
//!   argument, a config file); their constants are built by `crc-gen` when the value is
//!   created, and they run on the same kernels and dispatch as stamped types.
//! - `digest`: RustCrypto's [`digest`](https://docs.rs/digest/0.11) 0.11 traits. Every
//!   stamped type is a `Digest` and a `DynDigest` (through `Update`, `FixedOutput`,
//!   `FixedOutputReset`, `Reset`, `OutputSizeUser`, `HashMarker`), and `DynCrc` a
//!   `DynDigest`. The output is the CRC big-endian in the width's whole bytes: 4 for CRC-32,
//!   2 for CRC-12, 11 for CRC-82. Works without `std`.
//!
//! ```
//! # #[cfg(feature = "digest")] {
//! use crcstamp::catalog::Crc32Iscsi;
//! use digest::Digest;
//!
//! assert_eq!(<Crc32Iscsi as Digest>::digest(b"123456789")[..], [0xe3, 0x06, 0x92, 0x83]);
//! // The inherent `update`/`finalize` come first in method calls: name the trait for its own.
//! let mut h = Crc32Iscsi::new();
//! Digest::update(&mut h, b"123456789");
//! assert_eq!(Digest::finalize(h)[..], 0xe306_9283u32.to_be_bytes());
//! # }
//! ```
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]
#![warn(unreachable_pub)]

#[cfg(feature = "std")]
#[doc(hidden)]
pub extern crate std;

mod backend;
pub mod catalog;
mod combine;
mod consts;
mod crc;
#[cfg(feature = "dynamic")]
#[cfg_attr(docsrs, doc(cfg(feature = "dynamic")))]
pub mod dynamic;
mod engine;
#[cfg(feature = "std")]
mod io;
mod running;
mod stamp;
mod word;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

/// The kernels on emulated vectors and instructions, for the test suites; not part of the
/// public API.
#[cfg(feature = "emulated")]
#[doc(hidden)]
pub mod __emulated {
    pub use crate::engine::{update_emulated, Emulated};
}

pub use backend::{Availability, Backend, RouteBand, RouteStep};
pub use consts::Consts;
pub use crc::Crc;
pub use crcstamp_layout::{FoldConsts, HwCrc, StampedModel};
pub use running::RunningCrc;
pub use word::Word;

#[cfg(feature = "dynamic")]
#[cfg_attr(docsrs, doc(cfg(feature = "dynamic")))]
pub use dynamic::DynCrc;
#[cfg(feature = "std")]
#[cfg_attr(docsrs, doc(cfg(feature = "std")))]
pub use io::{CrcReader, CrcWriter};

/// The `digest` crate whose traits stamped types implement, re-exported so that its version
/// always matches.
///
/// ```
/// use crcstamp::{catalog::Crc16T10Dif, digest::Digest};
/// assert_eq!(Crc16T10Dif::digest(b"123456789")[..], [0xd0, 0xdb]);
/// ```
#[cfg(feature = "digest")]
#[cfg_attr(docsrs, doc(cfg(feature = "digest")))]
pub use digest;

/// The routing profile of this CPU's family, one of [`cpu_profiles`]. It sets where
/// [`checksum`](Crc::checksum) hands over between the CRC instruction, the folding widths
/// and fusion (`spec/rules.md`); the environment variable `CRCSTAMP_CPU` forces one.
///
/// ```
/// assert!(crcstamp::cpu_profiles().contains(&crcstamp::cpu_profile()));
/// ```
pub fn cpu_profile() -> &'static str {
    engine::detect::family().name()
}

/// Every routing profile, as [`cpu_profile`] names it and `CRCSTAMP_CPU` takes it: the
/// measured families, then the default, `generic`, which a CPU gets that no other matches.
/// Each is a record of the engine's (a test renders this table from them):
///
/// | profile | identified by | measured on |
/// |---|---|---|
/// | `intel` | GenuineIntel with AVX-512 F/VL/BW/VBMI and VPCLMULQDQ, not a model that Linux says prefers 256-bit vectors (Skylake-X, Ice Lake, Tiger Lake), not Rocket Lake | Intel Xeon Emerald Rapids (family 6 model 207, KVM) |
/// | `rocketlake` | GenuineIntel family 6 model 0xa7 with AVX-512 (Rocket Lake, the Xeon E-2300 series) | Intel Xeon E-2300, Rocket Lake (family 6 model 167, KVM) |
/// | `amd` | AuthenticAMD or HygonGenuine, CPUID family 0x19 and later (Zen 3 and later), but Zen 4 | AMD EPYC Zen 3 (family 0x19, AVX2) and Zen 5 (family 0x1a model 0x02, AVX-512) |
/// | `zen4` | AuthenticAMD family 0x19 with AVX-512 (Zen 3 is 0x19 without it, Zen 5 0x1a) | AMD EPYC Zen 4 (family 0x19 model 0x11, KVM) |
/// | `generic` | every CPU no other family claims (aarch64, riscv64, s390x, powerpc64 and other vendors included) | none: assumed |
///
/// ```
/// let profiles = crcstamp::cpu_profiles();
/// assert_eq!(profiles.last(), Some(&"generic"));
/// assert!(profiles.contains(&"intel"));
/// ```
pub fn cpu_profiles() -> &'static [&'static str] {
    &engine::detect::CPU_NAMES
}

pub use engine::detect::identity::{cpu_identity, CpuIdentity};

/// The CPU that the routing profile of this CPU's family ([`cpu_profile`]) was measured
/// on, or `None` for `generic`: the documented default for a CPU that no measured profile
/// matches, whose lengths are assumed, not measured there (`spec/rules.md`, "The CPU
/// families").
///
/// ```
/// let measured = crcstamp::cpu_profile_measured_on();
/// assert_eq!(measured.is_none(), crcstamp::cpu_profile() == "generic");
/// ```
pub fn cpu_profile_measured_on() -> Option<&'static str> {
    engine::detect::measured_on()
}

#[cfg(feature = "std")]
pub use engine::{detect::ignored_overrides, overrides::IgnoredOverride};

/// Stamps out a CRC implementation on a unit struct. See the [crate documentation](crate)
/// for the keys.
///
/// ```
/// # use crcstamp::crc;
/// #[crc(width = 16, poly = 0x1021, init = 0xffff)] // CRC-16/IBM-3740
/// struct Crc16;
/// assert_eq!(Crc16::checksum(b"123456789"), 0x29b1);
/// ```
#[cfg(feature = "macros")]
#[cfg_attr(docsrs, doc(cfg(feature = "macros")))]
pub use crcstamp_macros::crc;

/// The README's example, compiled and run as a doctest so it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
