//! # crc-gen
//!
//! The generator behind [crcstamp](https://docs.rs/crcstamp): from one CRC model it derives
//! everything a fast implementation needs, and emits it as Rust.
//!
//! - [`model`]: the Rocksoft/Williams model, validated ([`ModelSpec`] → [`Model`]), with
//!   errors that name the culprit ([`ModelError`], [`Field`]).
//! - [`catalogue`]: the 113 RevEng catalogue algorithms and their 74 aliases.
//! - [`gf2`]: GF(2)\[x\] arithmetic on fixed-width integers (no big-integer crate).
//! - [`reference`](mod@reference): the bitwise reference, the oracle for every test.
//! - [`tables`], [`fold`], [`combine`]: slice tables, folding/Barrett constants, combine
//!   table; [`DerivedConsts`] gathers them.
//! - `emit` (feature `tokens`; its formatted file, feature `emit`): the Rust code shared by
//!   the `#[crc]` macro and `crc-gen emit`.
//! - `search` (feature `search`): recovering unknown CRC parameters from samples.
//! - `standalone` (feature `standalone`): dependency-free Rust and C99 (with optional
//!   carry-less-multiply folding) for any project; [`fold_view`] names the folding constants
//!   they write.
//!
//! `emit`, `search` and `standalone` are on by default; without them (`default-features =
//! false`) crc-gen is the math alone, with no syn, quote or prettyplease.
//!
//! ```
//! use crc_gen::{catalogue, DerivedConsts, Slice};
//! let model = &catalogue::lookup("CRC-64/NVME").unwrap().model;
//! let c = DerivedConsts::new(model, Slice::Sixteen);
//! assert_eq!(c.check, 0xae8b14860a799888);
//! assert_eq!(c.fold.unwrap().folds[0].hi, 0xeadc41fd2ba3d420);
//! ```
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod catalogue;
pub mod combine;
pub mod consts;
#[cfg(feature = "tokens")]
#[cfg_attr(docsrs, doc(cfg(feature = "tokens")))]
pub mod emit;
pub mod error;
pub mod fold;
pub mod fold_view;
pub mod gf2;
pub mod model;
pub mod reference;
#[cfg(feature = "search")]
#[cfg_attr(docsrs, doc(cfg(feature = "search")))]
pub mod search;
#[cfg(feature = "standalone")]
#[cfg_attr(docsrs, doc(cfg(feature = "standalone")))]
pub mod standalone;
pub mod tables;

pub use consts::{DerivedConsts, HwCrc};
pub use error::{Field, ModelError};
pub use model::{Model, ModelSpec};
pub use tables::Slice;
