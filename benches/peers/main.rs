//! crcstamp against the peer crates, in one process on the same buffers.
//!
//! For each algorithm and length: GiB/s of crcstamp's automatic path and of every backend
//! this machine has, of each peer that implements the algorithm (`crc` 3 with `Table<16>`,
//! `crc-fast`, `crc32fast`, `crc32c`, `crc64fast-nvme`), and of a bare VPCLMULQDQ fold loop
//! (the machine's ceiling for folding, on 512-bit vectors where the CPU has AVX-512; no CRC),
//! and the call floor: the same call doing
//! nothing, which bounds what any implementation can gain at short lengths. `ratio` is
//! crcstamp auto / the best peer,
//! `vs crc` is crcstamp's portable path / `crc` Table<16>: slice16 through `checksum_with`,
//! or auto itself when it is a table kernel (run with `CRCSTAMP_MAX_TIER=portable`).
//!
//! Every round times each implementation once, in turn, and each figure is the median over
//! rounds (ratios: the median of the per-round ratios), so bursts of load on a shared
//! machine hit every column alike. Before timing, every implementation's result is checked
//! against crcstamp's bitwise kernel. Each table's title names the core clock measured just
//! before it (a chain of dependent adds): it differs between hosts of the same kind, and runs
//! at different clocks do not compare.
//!
//! Last, `combine`: nanoseconds to join two CRCs with `len_b` = 1 GiB (and 4 KiB), crcstamp
//! against `crc32fast`'s `Hasher::combine` and `crc-fast`'s `checksum_combine`.
//!
//! `cargo bench --bench peers [-- --quick] [-- --json] [-- --only NAME,...] [-- --lengths N,...]
//! [-- --offset N] [-- --fn-pointers]`
//!
//! `--only` keeps the algorithms whose name contains one of the given strings (and skips
//! `combine` unless one of them is `combine`); `--lengths` replaces the list of lengths.
//! Every input starts `--offset` bytes (0..=63, default 16) past a 64-byte boundary: 16 is
//! where glibc's `malloc` puts a large buffer, 0 a page-aligned one (storage blocks, DMA
//! buffers). The kernels that align their loads, and the peers that do it with the CRC
//! instruction, cost differently at the two (`spec/decisions.md`, "Buffer offset").
//!
//! Every implementation is a boxed closure, with what it needs captured (`crc`'s tables, a
//! backend); `--fn-pointers` calls each through a plain `fn(&[u8]) -> u64` instead, the
//! peers' state in statics, as a user's code calls a CRC that it picks at run time (`crc`'s
//! `Table<16>` is faster that way: its algorithm is a constant). The last summary, `auto /
//! crc Table<16>`, is what `spec/rules.md` holds at 16 bytes called that way.

use std::time::Duration;

#[macro_use]
mod contenders;
mod ceiling;
mod clock;
mod report;
mod table;
mod timing;

use contenders::refl;
use table::Out;

use crcstamp::catalog::{
    Crc16T10Dif, Crc32Bzip2, Crc32Iscsi, Crc32IsoHdlc, Crc64Ecma182, Crc64Nvme, Crc64Xz,
};
use crcstamp::crc;

#[crc(catalog = "CRC-24/OPENPGP")]
struct Crc24OpenPgp;
// The reflected CRC of T10-DIF's width, for its `/refl` column.
#[crc(catalog = "CRC-16/ARC")]
struct Crc16Arc;
// Widths no peer accelerates, to compare with CRC-32/ISO-HDLC (issue 5, target 5).
#[crc(catalog = "CRC-8/SMBUS")]
struct Crc8Smbus;
#[crc(catalog = "CRC-12/UMTS")]
struct Crc12Umts;
#[crc(catalog = "CRC-40/GSM")]
struct Crc40Gsm;
// A 128-bit register: tables only, eight by default (`spec/decisions.md`, "Slice kernel per
// register word").
#[crc(catalog = "CRC-82/DARC")]
struct Crc82Darc;

const LENGTHS: [usize; 14] = [
    1,
    16,
    64,
    127,
    156,
    256,
    512,
    1024,
    1536,
    3173,
    4096,
    16384,
    65536,
    1 << 20,
];

pub struct Settings {
    pub rounds: usize,
    pub sample: Duration,
    pub json: bool,
    /// Substrings of the algorithm names to run; empty: all.
    pub only: Vec<String>,
    pub lengths: Vec<usize>,
    /// Bytes from a 64-byte boundary to every input's start.
    pub offset: usize,
    /// Every implementation called through a function pointer (`--fn-pointers`).
    pub pointers: bool,
}

impl Settings {
    /// How the implementations are called, for the header and the JSON.
    pub fn calls(&self) -> &'static str {
        if self.pointers {
            "fn pointer"
        } else {
            "boxed closure"
        }
    }

    pub fn wants(&self, name: &str) -> bool {
        self.only.is_empty() || self.only.iter().any(|o| name.contains(o.as_str()))
    }
}

const USAGE: &str = "\
cargo bench --bench peers -- [--quick] [--json] [--only NAME,...] [--lengths N,...]
    [--offset N] [--fn-pointers]
  --quick        5 rounds of 2 ms samples instead of 15 of 20 ms
  --json         one JSON record per algorithm and length instead of the tables
  --only         the algorithms whose name contains one of NAME (combine: `combine`)
  --lengths      the input lengths in bytes (default 1,16,64,...,1048576)
  --offset       bytes from a 64-byte boundary to every input (0..=63, default 16)
  --fn-pointers  every implementation called through a plain fn(&[u8]) -> u64";

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return;
    }
    let quick = args.iter().any(|a| a == "--quick");
    // The value after `flag`, split at commas.
    let list = |flag: &str| -> Vec<String> {
        args.iter()
            .skip_while(|a| *a != flag)
            .nth(1)
            .map(|v| v.split(',').map(str::to_owned).collect())
            .unwrap_or_default()
    };
    let lengths: Vec<usize> = match list("--lengths").iter().map(|n| n.parse()).collect() {
        Ok(lengths) => lengths,
        Err(_) => {
            eprintln!("peers: --lengths takes byte counts, e.g. 1,64,4096");
            std::process::exit(2);
        }
    };
    let offset = match list("--offset").as_slice() {
        [] => 16,
        [n] => match n.parse() {
            Ok(n @ 0..64) => n,
            _ => {
                eprintln!("peers: --offset takes a byte count below 64, not {n:?}");
                std::process::exit(2);
            }
        },
        _ => {
            eprintln!("peers: --offset takes one byte count");
            std::process::exit(2);
        }
    };
    let settings = Settings {
        rounds: if quick { 5 } else { 15 },
        sample: Duration::from_millis(if quick { 2 } else { 20 }),
        json: args.iter().any(|a| a == "--json"),
        only: list("--only"),
        offset,
        pointers: args.iter().any(|a| a == "--fn-pointers"),
        lengths: if lengths.is_empty() {
            LENGTHS.to_vec()
        } else {
            lengths
        },
    };
    if !settings.json {
        println!(
            "GiB/s, median of {} interleaved rounds; ratio = crcstamp auto / best peer; \
             vs crc = portable path / crc Table<16>; auto backend here: {}; inputs {} bytes \
             past a 64-byte boundary; each called through a {}",
            settings.rounds,
            Crc32IsoHdlc::backend(),
            settings.offset,
            settings.calls()
        );
    }
    let data_len = settings.lengths.iter().copied().max().unwrap_or(0) + 64 + offset;
    let data: Vec<u8> = (0..data_len)
        .map(|i| ((i as u32).wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    let start = data.as_ptr().align_offset(64) + offset;
    let mut out = Out {
        settings,
        data,
        start,
        json: Vec::new(),
        ratios: Vec::new(),
    };
    algorithms(&mut out);
    if out.settings.wants("combine") {
        out.combine();
    }
    if !out.settings.json {
        out.summary();
    }
    if out.settings.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&out.json).expect("JSON of numbers and strings")
        );
    }
}

/// Every algorithm's table, with the peers that implement it.
fn algorithms(out: &mut Out) {
    use crc_fast::CrcAlgorithm as F;
    let p = out.settings.pointers;
    out.run::<Crc32IsoHdlc>(
        "CRC-32/ISO-HDLC",
        vec![
            crc_table16!(p, u32, crc::CRC_32_ISO_HDLC),
            crc_fast!(p, F::Crc32IsoHdlc),
            either!(p, "crc32fast", |b| crc32fast::hash(b).into()),
        ],
        None,
    );
    out.run::<Crc32Iscsi>(
        "CRC-32/ISCSI",
        vec![
            crc_table16!(p, u32, crc::CRC_32_ISCSI),
            crc_fast!(p, F::Crc32Iscsi),
            either!(p, "crc32c", |b| crc32c::crc32c(b).into()),
        ],
        None,
    );
    out.run::<Crc32Bzip2>(
        "CRC-32/BZIP2",
        vec![
            crc_table16!(p, u32, crc::CRC_32_BZIP2),
            crc_fast!(p, F::Crc32Bzip2),
        ],
        Some(refl::<Crc32IsoHdlc>(p)),
    );
    out.run::<Crc16T10Dif>(
        "CRC-16/T10-DIF",
        vec![
            crc_table16!(p, u16, crc::CRC_16_T10_DIF),
            crc_fast!(p, F::Crc16T10Dif),
        ],
        Some(refl::<Crc16Arc>(p)),
    );
    out.run::<Crc64Nvme>(
        "CRC-64/NVME",
        vec![
            crc_table16!(p, u64, crc::CRC_64_NVME),
            crc_fast!(p, F::Crc64Nvme),
            either!(p, "crc64fast", |b| {
                let mut d = crc64fast_nvme::Digest::new();
                d.write(b);
                d.sum64()
            }),
        ],
        None,
    );
    out.run::<Crc64Ecma182>(
        "CRC-64/ECMA-182",
        vec![
            crc_table16!(p, u64, crc::CRC_64_ECMA_182),
            crc_fast!(p, F::Crc64Ecma182),
        ],
        Some(refl::<Crc64Xz>(p)),
    );
    out.run::<Crc24OpenPgp>(
        "CRC-24/OPENPGP",
        vec![crc_table16!(p, u32, crc::CRC_24_OPENPGP)],
        None,
    );
    out.run::<Crc8Smbus>(
        "CRC-8/SMBUS",
        vec![crc_table16!(p, u8, crc::CRC_8_SMBUS)],
        None,
    );
    out.run::<Crc12Umts>(
        "CRC-12/UMTS",
        vec![crc_table16!(p, u16, crc::CRC_12_UMTS)],
        None,
    );
    out.run::<Crc40Gsm>(
        "CRC-40/GSM",
        vec![crc_table16!(p, u64, crc::CRC_40_GSM)],
        None,
    );
    out.run::<Crc82Darc>(
        "CRC-82/DARC",
        vec![crc_table16!(p, u128, crc::CRC_82_DARC)],
        None,
    );
}
