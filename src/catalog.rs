//! Ready-made types for the headline algorithms, stamped by `crc-gen emit` into
//! `generated/` (committed and snapshot-tested), so using them needs no macro expansion.
//!
//! ```
//! use crcstamp::catalog::{Crc16T10Dif, Crc32IsoHdlc, Crc64Nvme};
//! assert_eq!(Crc32IsoHdlc::checksum(b"123456789"), 0xcbf43926);
//! assert_eq!(Crc16T10Dif::checksum(b"123456789"), 0xd0db);
//! assert_eq!(Crc64Nvme::checksum(b"123456789"), 0xae8b14860a799888);
//! ```

include!("../generated/crc16_t10_dif.rs");
include!("../generated/crc32_iso_hdlc.rs");
include!("../generated/crc32_iscsi.rs");
include!("../generated/crc32_bzip2.rs");
include!("../generated/crc64_nvme.rs");
include!("../generated/crc64_ecma182.rs");
include!("../generated/crc64_xz.rs");
