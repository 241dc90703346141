//! One call of each CRC below, crcstamp's and its peers', on one buffer, for
//! `spec/measurements/trace-calls.py`, which runs this under gdb and counts the
//! instructions each call executes: a count the host's load does not move, unlike a time.
//! Each function is called twice; the first call detects the CPU (and runs the self-test),
//! the second is the one a stream of calls sees.
//!
//! `cargo bench --bench calls -- LEN [OFFSET]` runs the calls untraced (the offset is from a
//! 64-byte boundary, 16 by default as in `benches/peers/`).

use std::hint::black_box;

use crcstamp::catalog::{
    Crc16T10Dif, Crc32Bzip2, Crc32Iscsi, Crc32IsoHdlc, Crc64Ecma182, Crc64Nvme,
};

/// A CRC without an instruction or folding below 17 bytes: the tables inline.
#[crcstamp::crc(catalog = "CRC-8/SMBUS")]
struct Crc8Smbus;

macro_rules! calls {
    ($($name:ident => $body:expr;)*) => {
        $(
            #[inline(never)]
            #[no_mangle]
            pub fn $name(b: &[u8]) -> u64 {
                let f: fn(&[u8]) -> u64 = $body;
                f(b)
            }
        )*
        /// Every traced function, in the order `main` calls them.
        const CALLS: &[(&str, fn(&[u8]) -> u64)] = &[$((stringify!($name), $name)),*];
    };
}

calls! {
    call_crcstamp_crc32 => |b| u64::from(Crc32IsoHdlc::checksum(b));
    call_crcstamp_crc32c => |b| u64::from(Crc32Iscsi::checksum(b));
    call_crcstamp_crc64_nvme => |b| Crc64Nvme::checksum(b);
    call_crcstamp_crc32_bzip2 => |b| u64::from(Crc32Bzip2::checksum(b));
    call_crcstamp_crc16_t10dif => |b| u64::from(Crc16T10Dif::checksum(b));
    call_crcstamp_crc64_ecma182 => |b| Crc64Ecma182::checksum(b);
    call_crcstamp_crc8_smbus => |b| u64::from(Crc8Smbus::checksum(b));
    call_crc_fast_crc32 => |b| crc_fast::checksum(crc_fast::CrcAlgorithm::Crc32IsoHdlc, b);
    call_crc_fast_crc32c => |b| crc_fast::checksum(crc_fast::CrcAlgorithm::Crc32Iscsi, b);
    call_crc_fast_crc64_nvme => |b| crc_fast::checksum(crc_fast::CrcAlgorithm::Crc64Nvme, b);
    call_crc32fast_crc32 => |b| u64::from(crc32fast::hash(b));
    call_crc_t16_crc16_t10dif => |b| u64::from(CRC16_T10DIF.checksum(b));
    call_crc_t16_crc8_smbus => |b| u64::from(CRC8_SMBUS.checksum(b));
}

// `crc`'s slice-by-16 tables in statics, as `benches/peers`'s `--fn-pointers` calls them.
static CRC16_T10DIF: crc::Crc<u16, crc::Table<16>> =
    crc::Crc::<u16, crc::Table<16>>::new(&crc::CRC_16_T10_DIF);
static CRC8_SMBUS: crc::Crc<u8, crc::Table<16>> =
    crc::Crc::<u8, crc::Table<16>>::new(&crc::CRC_8_SMBUS);

fn main() {
    // `cargo bench` passes `--bench`; the numbers are the arguments that parse.
    let nums: Vec<usize> = std::env::args().filter_map(|a| a.parse().ok()).collect();
    let len = nums.first().copied().unwrap_or(1024);
    let offset = nums.get(1).copied().unwrap_or(16);
    let buf: Vec<u8> = (0..len + offset + 64).map(|i| (i * 31 + 7) as u8).collect();
    let start = buf.as_ptr().align_offset(64) + offset;
    let data = &buf[start..start + len];
    for (name, f) in CALLS {
        let first = f(black_box(data));
        let second = f(black_box(data));
        assert_eq!(first, second, "{name}");
        println!("{name} {second:x}");
    }
}
