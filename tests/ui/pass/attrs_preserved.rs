//! Doc comments and other attributes on the struct survive the expansion: with
//! `deny(dead_code)`, the unused struct compiles only if its `#[allow(dead_code)]` is kept.
#![deny(dead_code)]

use crcstamp::crc;

/// CRC-32C, documented.
#[allow(dead_code)]
#[crc(catalog = "CRC-32/ISCSI")]
pub struct Crc32c;

/// Attributes after the macro are kept too.
#[crc(catalog = "CRC-16/T10-DIF")]
#[allow(dead_code)]
struct Crc16;

fn main() {}
