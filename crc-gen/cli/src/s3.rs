//! The checksums object stores keep, as `sum --format s3` prints them: S3's full-object and
//! composite CRC-32, CRC-32C and CRC-64/NVME values, and the part layouts they depend on.
//!
//! The rules, as the AWS SDKs apply them (`spec/cli.md`, "S3 and GCS"): a value is the
//! base64 of the big-endian CRC; a full-object value is the CRC of the whole object, however
//! it was uploaded; a composite value is the CRC of the parts' CRCs concatenated (each
//! big-endian), with `-N` for N parts, and exists for CRC-32 and CRC-32C only. Parts are at
//! least 5 MiB (but the last), at most 5 GiB, at most 10,000.

use std::io::{self, Read};
use std::ops::Range;
use std::path::Path;

use crc_gen::{catalogue, Model};
use crcstamp::DynCrc;

use crate::base64;
use crate::input::{self, Plan, Summed};
use crate::size_arg;

/// S3's smallest part (all but the last).
pub const MIN_PART: u64 = 5 << 20;
/// S3's largest part.
pub const MAX_PART: u64 = 5 << 30;
/// The most parts an S3 upload has.
pub const MAX_PARTS: u64 = 10_000;
/// The AWS CLI's (s3transfer's) default part size, `multipart_chunksize`.
pub const CLI_PART: u64 = 8 << 20;
/// The AWS CLI's default `multipart_threshold`: smaller files are one PutObject.
pub const CLI_THRESHOLD: u64 = 8 << 20;

/// The CRCs S3 keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algo {
    /// `CRC32`: CRC-32/ISO-HDLC.
    Crc32,
    /// `CRC32C`: CRC-32/ISCSI.
    Crc32c,
    /// `CRC64NVME`: CRC-64/NVME, S3's default since late 2024.
    Crc64Nvme,
}

impl Algo {
    const ALL: [Algo; 3] = [Algo::Crc32, Algo::Crc32c, Algo::Crc64Nvme];

    /// S3's name of the algorithm (`ChecksumAlgorithm`).
    pub fn s3_name(self) -> &'static str {
        match self {
            Algo::Crc32 => "CRC32",
            Algo::Crc32c => "CRC32C",
            Algo::Crc64Nvme => "CRC64NVME",
        }
    }

    /// The catalogue name of its model.
    pub fn catalogue_name(self) -> &'static str {
        match self {
            Algo::Crc32 => "CRC-32/ISO-HDLC",
            Algo::Crc32c => "CRC-32/ISCSI",
            Algo::Crc64Nvme => "CRC-64/NVME",
        }
    }

    /// The tag `--tag` writes: the field name of `head-object` and `get-object-attributes`.
    pub fn tag(self) -> String {
        format!("Checksum{}", self.s3_name())
    }

    /// Whether S3 has a composite value of it (CRC-64/NVME is full-object only).
    pub fn composite_allowed(self) -> bool {
        self != Algo::Crc64Nvme
    }

    /// The algorithm computing the same CRC as `model`, or why there is none.
    pub fn of_model(model: &Model) -> Result<Algo, String> {
        Algo::ALL
            .into_iter()
            .find(|a| catalogue::lookup(a.catalogue_name()).is_ok_and(|e| same(&e.model, model)))
            .ok_or_else(|| {
                format!(
                    "S3 keeps CRC-64/NVME, CRC-32 and CRC-32C checksums, not {}",
                    model.name().unwrap_or("this model")
                )
            })
    }

    /// The algorithm a list's tag names: S3's names as users paste them (`ChecksumCRC32C`,
    /// `x-amz-checksum-crc32c`, `CRC32C`, any case) or a catalogue name or alias.
    pub fn from_tag(tag: &str) -> Option<Algo> {
        let lower = tag.to_ascii_lowercase();
        let bare = lower
            .strip_prefix("checksum")
            .or_else(|| lower.strip_prefix("x-amz-checksum-"))
            .unwrap_or(&lower);
        Algo::ALL
            .into_iter()
            .find(|a| a.s3_name().eq_ignore_ascii_case(bare))
            .or_else(|| {
                let model = catalogue::lookup(tag).ok()?.model.clone();
                Algo::of_model(&model).ok()
            })
    }
}

/// Whether two models compute the same CRC, whatever their names.
fn same(a: &Model, b: &Model) -> bool {
    let key = |m: &Model| {
        let p = (m.width(), m.poly(), m.init());
        (p, m.refin(), m.refout(), m.xorout())
    };
    key(a) == key(b)
}

/// S3's two kinds of value for a multipart upload (`ChecksumType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ChecksumType {
    /// The CRC of the whole object (`FULL_OBJECT`).
    #[value(alias = "FULL_OBJECT", alias = "full_object")]
    FullObject,
    /// The CRC of the parts' CRCs, `…-N` (`COMPOSITE`; CRC-32 and CRC-32C only).
    #[value(alias = "COMPOSITE")]
    Composite,
}

/// How an upload was cut into parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// The AWS CLI's default: one PutObject under 8 MiB, else 8 MiB parts, doubled until
    /// there are at most 10,000.
    Cli,
    /// Parts of this many bytes, the last shorter (a multipart upload even of one part).
    PartSize(u64),
    /// This many parts of equal size, the last shorter.
    Parts(u64),
}

impl Layout {
    /// The part size for an object of `size` bytes; `None` for a single PutObject.
    pub fn part_size(self, size: u64) -> Result<Option<u64>, String> {
        let count = |p: u64| size.div_ceil(p).max(1);
        let p = match self {
            Layout::Cli if size < CLI_THRESHOLD => return Ok(None),
            Layout::Cli => {
                let mut p = CLI_PART;
                while count(p) > MAX_PARTS && p < MAX_PART {
                    p *= 2;
                }
                p.min(MAX_PART)
            }
            Layout::PartSize(p) => p,
            Layout::Parts(n) => {
                let p = size.div_ceil(n).max(1);
                if count(p) != n {
                    return Err(format!(
                        "{size} bytes cannot be cut into {n} parts of one size and a shorter \
                         last (parts of {p} bytes make {}); give --part-size",
                        count(p)
                    ));
                }
                if n > 1 && p < MIN_PART {
                    return Err(format!(
                        "{n} parts of {size} bytes are {p} bytes each, under S3's 5 MiB \
                         minimum part size"
                    ));
                }
                p
            }
        };
        if p > MAX_PART {
            return Err(format!(
                "parts of {p} bytes exceed S3's 5 GiB maximum part size"
            ));
        }
        if count(p) > MAX_PARTS {
            return Err(format!(
                "{size} bytes in parts of {p} bytes make {} parts; S3 allows at most 10,000",
                count(p)
            ));
        }
        Ok(Some(p))
    }
}

/// Parses `--part-size`: bytes, or with `K`, `M`, `G` (also `KiB`, `MB`, ...: powers of 1024,
/// as the AWS CLI reads `multipart_chunksize`); 5 MiB to 5 GiB.
pub fn part_size_arg(s: &str) -> Result<u64, String> {
    let bytes = size_arg::bytes(s)?;
    if bytes < MIN_PART {
        return Err(format!("`{s}` is under S3's 5 MiB minimum part size"));
    }
    if bytes > MAX_PART {
        return Err(format!("`{s}` exceeds S3's 5 GiB maximum part size"));
    }
    Ok(bytes)
}

/// Parses `--parts`: 1 to 10,000.
pub fn parts_arg(s: &str) -> Result<u64, String> {
    match s.trim().parse::<u64>() {
        Ok(n @ 1..=MAX_PARTS) => Ok(n),
        Ok(n) if n > MAX_PARTS => Err(format!("{n} parts: S3 allows at most 10,000")),
        _ => Err(format!("`{s}` is not a number of parts (1 to 10,000)")),
    }
}

/// An object summed as S3 sums it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObjectSum {
    /// The CRC of the whole object.
    pub full: Summed,
    /// Each part's CRC and size; `None` for a single PutObject (or when not asked for).
    pub parts: Option<Vec<Summed>>,
}

impl ObjectSum {
    /// The value S3 shows: base64 of the full CRC, or for a composite of a multipart upload,
    /// base64 of the CRC of the parts' big-endian CRCs, `-N`.
    pub fn value(&self, crc: &DynCrc, kind: ChecksumType) -> String {
        let width = crc.model().width();
        match (&self.parts, kind) {
            (Some(parts), ChecksumType::Composite) => {
                let joined: Vec<u8> = parts
                    .iter()
                    .flat_map(|p| base64::crc_bytes(p.crc, width))
                    .collect();
                let of_parts = base64::encode_crc(crc.checksum(&joined), width);
                format!("{of_parts}-{}", parts.len())
            }
            _ => base64::encode_crc(self.full.crc, width),
        }
    }
}

/// Sums `path` (`-`: standard input) as S3 would, by `layout`; without `parts` wanted, the
/// whole object only (as `sum` does: chunks on threads, joined with `combine`).
pub fn sum_object(
    crc: &DynCrc,
    path: &Path,
    layout: Layout,
    parts: bool,
    plan: &Plan,
) -> io::Result<ObjectSum> {
    let invalid = |e: String| io::Error::new(io::ErrorKind::InvalidInput, e);
    let regular = path.as_os_str() != "-" && std::fs::metadata(path)?.is_file();
    if !regular {
        return sum_stream(crc, path, layout, parts);
    }
    // The layout is checked before anything is read: a bad one fails at once.
    let size = std::fs::metadata(path)?.len();
    let part_size = layout.part_size(size).map_err(invalid)?;
    let Some(p) = part_size.filter(|_| parts) else {
        let full = input::sum_path(crc, path, plan)?;
        return Ok(ObjectSum { full, parts: None });
    };
    // Each part in pieces of at most a chunk, so a few large parts still use every thread.
    let pieces = size.div_ceil(p).max(1);
    let mut ranges = Vec::new();
    let mut owner = Vec::new();
    for i in 0..pieces {
        let part = i * p..((i + 1) * p).min(size);
        for r in split(part, plan.chunk) {
            ranges.push(r);
            owner.push(i as usize);
        }
    }
    let crcs = input::sum_ranges(crc, path, &ranges, plan)?;
    let empty = Summed {
        crc: crc.checksum(b""),
        bytes: 0,
    };
    let mut parts = vec![empty; pieces as usize];
    for ((r, c), i) in ranges.iter().zip(crcs).zip(owner) {
        parts[i] = join(
            crc,
            parts[i],
            Summed {
                crc: c,
                bytes: r.end - r.start,
            },
        );
    }
    Ok(from_parts(crc, parts))
}

/// `range` in pieces of at most `chunk` bytes (an empty range is one piece).
fn split(range: Range<u64>, chunk: u64) -> Vec<Range<u64>> {
    let n = (range.end - range.start).div_ceil(chunk).max(1);
    let len = (range.end - range.start).div_ceil(n).max(1);
    (0..n)
        .map(|i| {
            (range.start + i * len).min(range.end)..(range.start + (i + 1) * len).min(range.end)
        })
        .collect()
}

/// `a` followed by `b`.
fn join(crc: &DynCrc, a: Summed, b: Summed) -> Summed {
    Summed {
        crc: crc.combine(a.crc, b.crc, b.bytes),
        bytes: a.bytes + b.bytes,
    }
}

/// The whole object from its parts, joined with `combine`.
fn from_parts(crc: &DynCrc, parts: Vec<Summed>) -> ObjectSum {
    let full = parts[1..]
        .iter()
        .fold(parts[0], |acc, &p| join(crc, acc, p));
    ObjectSum {
        full,
        parts: Some(parts),
    }
}

/// Standard input or a pipe, read once: cut into parts as it goes (the default layout in
/// 8 MiB blocks, regrouped once the size is known).
fn sum_stream(crc: &DynCrc, path: &Path, layout: Layout, want: bool) -> io::Result<ObjectSum> {
    let block = match layout {
        Layout::Cli => CLI_PART,
        Layout::PartSize(p) => p,
        Layout::Parts(_) => {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "--parts needs a regular file (a stream's size is not known first); give \
                 --part-size",
            ))
        }
    };
    let blocks = if path.as_os_str() == "-" {
        read_blocks(crc, input::stdin()?, block)?
    } else {
        read_blocks(crc, std::fs::File::open(path)?, block)?
    };
    let size = blocks.iter().map(|b| b.bytes).sum();
    let invalid = |e: String| io::Error::new(io::ErrorKind::InvalidInput, e);
    let part_size = layout.part_size(size).map_err(invalid)?;
    let per_part = part_size.map_or(blocks.len(), |p| (p / block) as usize);
    let parts: Vec<Summed> = blocks
        .chunks(per_part)
        .map(|g| g[1..].iter().fold(g[0], |acc, &b| join(crc, acc, b)))
        .collect();
    let sum = from_parts(crc, parts);
    Ok(match part_size {
        Some(_) if want => sum,
        _ => ObjectSum {
            full: sum.full,
            parts: None,
        },
    })
}

/// Everything `r` yields, as the CRCs of consecutive blocks of `block` bytes (the last
/// shorter; one empty block for an empty input).
fn read_blocks(crc: &DynCrc, mut r: impl Read, block: u64) -> io::Result<Vec<Summed>> {
    let mut buf = vec![0u8; input::READ_BUF];
    let mut blocks = Vec::new();
    let mut digest = crc.digest();
    let mut in_block = 0u64;
    loop {
        let room = (block - in_block).min(buf.len() as u64) as usize;
        let n = match r.read(&mut buf[..room]) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        digest.update(&buf[..n]);
        in_block += n as u64;
        if in_block == block {
            let full = std::mem::replace(&mut digest, crc.digest());
            blocks.push(Summed {
                crc: full.finalize(),
                bytes: block,
            });
            in_block = 0;
        }
    }
    if in_block > 0 || blocks.is_empty() {
        blocks.push(Summed {
            crc: digest.finalize(),
            bytes: in_block,
        });
    }
    Ok(blocks)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The AWS CLI's layout: one PutObject under 8 MiB, 8 MiB parts, doubled past 10,000.
    #[test]
    fn cli_layout_is_s3transfers() {
        let mib = 1 << 20;
        assert_eq!(Layout::Cli.part_size(8 * mib - 1), Ok(None));
        assert_eq!(Layout::Cli.part_size(8 * mib), Ok(Some(8 * mib)));
        assert_eq!(Layout::Cli.part_size(80_000 * mib), Ok(Some(8 * mib)));
        assert_eq!(Layout::Cli.part_size(80_000 * mib + 1), Ok(Some(16 * mib)));
        assert_eq!(Layout::Parts(3).part_size(30 * mib), Ok(Some(10 * mib)));
        assert!(Layout::Parts(4)
            .part_size(9 * mib)
            .unwrap_err()
            .contains("under S3's 5 MiB"));
        assert!(Layout::Parts(4)
            .part_size(9)
            .unwrap_err()
            .contains("make 3"));
        assert_eq!(Layout::Parts(1).part_size(0), Ok(Some(1)));
        assert!(Layout::PartSize(5 * mib)
            .part_size(50_001 * mib)
            .unwrap_err()
            .contains("10001 parts"));
    }

    #[test]
    fn sizes_and_names_parse_as_users_write_them() {
        assert_eq!(part_size_arg("8MB"), Ok(8 << 20));
        assert_eq!(part_size_arg("5MiB"), Ok(5 << 20));
        assert!(part_size_arg("4M").unwrap_err().contains("5 MiB minimum"));
        assert!(part_size_arg("6G").unwrap_err().contains("5 GiB maximum"));
        assert!(parts_arg("10001").unwrap_err().contains("at most 10,000"));
        assert_eq!(
            Algo::from_tag("x-amz-checksum-crc64nvme"),
            Some(Algo::Crc64Nvme)
        );
        assert_eq!(Algo::from_tag("ChecksumCRC32C"), Some(Algo::Crc32c));
        assert_eq!(Algo::from_tag("crc32"), Some(Algo::Crc32));
        assert_eq!(Algo::from_tag("CRC-32/ISCSI"), Some(Algo::Crc32c));
        assert_eq!(Algo::from_tag("CRC-16/ARC"), None);
    }

    /// Blocks of a stream: exact multiples, a short last one, nothing.
    #[test]
    fn streams_are_cut_into_blocks() {
        let crc = DynCrc::from_catalog("CRC-32/ISCSI").unwrap();
        let data: Vec<u8> = (0..100u8).collect();
        let blocks = read_blocks(&crc, &data[..], 40).unwrap();
        let sizes: Vec<u64> = blocks.iter().map(|b| b.bytes).collect();
        assert_eq!(sizes, [40, 40, 20]);
        assert_eq!(blocks[2].crc, crc.checksum(&data[80..]));
        assert_eq!(from_parts(&crc, blocks).full.crc, crc.checksum(&data));
        let empty = read_blocks(&crc, &b""[..], 40).unwrap();
        assert_eq!(
            empty,
            [Summed {
                crc: crc.checksum(b""),
                bytes: 0
            }]
        );
    }
}
