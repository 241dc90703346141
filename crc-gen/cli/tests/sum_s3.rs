//! `crc-gen sum --format s3` and `--base64` against values this test computes on its own:
//! a byte-at-a-time CRC, its own base64 and S3's rules as the AWS SDKs apply them (a
//! composite is the CRC of the parts' big-endian CRCs, `-N`). The Python suite checks the
//! same commands against awscrt and google-crc32c.

// Only `random_bytes` is used here.
#[allow(dead_code)]
mod common;

use std::path::Path;

use assert_cmd::Command;

const MIB: usize = 1 << 20;

/// The three CRCs S3 keeps: (name for -a, reflected polynomial, width). All three start
/// from all ones and end XORed with all ones.
const ALGOS: [(&str, u64, u32); 3] = [
    ("CRC-64/NVME", 0x9a6c_9329_ac4b_c9b5, 64),
    ("CRC-32", 0xedb8_8320, 32),
    ("CRC-32C", 0x82f6_3b78, 32),
];

/// A reflected CRC, one byte at a time from a 256-entry table.
fn crc_of(data: &[u8], poly: u64, width: u32) -> u64 {
    let mask = u64::MAX >> (64 - width);
    let table: Vec<u64> = (0..256u64)
        .map(|i| (0..8).fold(i, |c, _| if c & 1 == 1 { c >> 1 ^ poly } else { c >> 1 }))
        .collect();
    let reg = data.iter().fold(mask, |c, &b| {
        c >> 8 ^ table[((c ^ u64::from(b)) & 0xff) as usize]
    });
    reg ^ mask
}

/// Padded base64 of `bytes`, as RFC 4648 writes it.
fn b64(bytes: &[u8]) -> String {
    let abc = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for g in bytes.chunks(3) {
        let n = g
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            let c = if i <= g.len() {
                abc[(n >> (18 - 6 * i) & 63) as usize]
            } else {
                b'='
            };
            out.push(c as char);
        }
    }
    out
}

/// The CRC's big-endian bytes.
fn be(crc: u64, width: u32) -> Vec<u8> {
    crc.to_be_bytes()[8 - width as usize / 8..].to_vec()
}

/// The CRC S3 keeps: the object's, or with parts of `part` bytes, that of their big-endian
/// CRCs; and the number of parts.
fn s3_crc(data: &[u8], (_, poly, width): (&str, u64, u32), part: Option<usize>) -> (u64, usize) {
    let Some(p) = part else {
        return (crc_of(data, poly, width), 1);
    };
    let parts: Vec<&[u8]> = if data.is_empty() {
        vec![data]
    } else {
        data.chunks(p).collect()
    };
    let joined: Vec<u8> = parts
        .iter()
        .flat_map(|d| be(crc_of(d, poly, width), width))
        .collect();
    (crc_of(&joined, poly, width), parts.len())
}

/// The value S3 shows for `crc`: base64, `-N` for a composite.
fn shown(crc: u64, width: u32, parts: Option<usize>) -> String {
    let value = b64(&be(crc, width));
    parts.map_or(value.clone(), |n| format!("{value}-{n}"))
}

/// The value S3 keeps: full-object, or composite of parts of `part` bytes.
fn s3_value(data: &[u8], algo: (&str, u64, u32), part: Option<usize>) -> String {
    let (crc, n) = s3_crc(data, algo, part);
    shown(crc, algo.2, part.map(|_| n))
}

/// Runs `crc-gen sum ARGS` in `dir`: (exit code, stdout, stderr).
fn sum(args: &[&str], dir: &Path, stdin: &[u8]) -> (i32, String, String) {
    let out = Command::cargo_bin("crc-gen")
        .unwrap()
        .current_dir(dir)
        .arg("sum")
        .args(args)
        .write_stdin(stdin.to_vec())
        .output()
        .unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (
        out.status.code().unwrap(),
        text(out.stdout),
        text(out.stderr),
    )
}

/// The value of a one-file `--format s3` line.
fn value_of(out: &str) -> &str {
    out.split_whitespace().next().unwrap_or_default()
}

/// Files of 0 B, 1 B, one part, a part size that divides the file, several parts with a
/// short last one, and a random size up to 64 MiB; part sizes from 5 MiB.
fn cases() -> Vec<(String, Vec<u8>, usize)> {
    let seed = common::random_bytes(8, 58);
    let size = 40 * MIB + usize::from(seed[0]) * 93_001 + usize::from(seed[1]);
    let part = 5 * MIB + usize::from(seed[2]) * 4099;
    let data = common::random_bytes(size.min(64 * MIB), 7);
    vec![
        ("empty".into(), Vec::new(), 5 * MIB),
        ("one".into(), vec![0xa5], 5 * MIB),
        ("onepart".into(), data[..5 * MIB].to_vec(), 5 * MIB),
        ("divides".into(), data[..20 * MIB].to_vec(), 5 * MIB),
        ("shortlast".into(), data[..23_000_000].to_vec(), 6 * MIB),
        ("random".into(), data, part),
    ]
}

/// Every value equals the independent one: full-object for the three CRCs, composite for
/// CRC-32 and CRC-32C; `-c` accepts each and rejects it with one bit changed (exit 1).
#[test]
fn s3_values_equal_the_rules_and_check_back() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (name, data, part) in cases() {
        std::fs::write(d.join(&name), &data).unwrap();
        let size = format!("{part}");
        for algo in ALGOS {
            let mut runs = vec![(vec![], None)];
            if algo.0 != "CRC-64/NVME" {
                runs.push((vec!["--part-size", size.as_str()], Some(part)));
            }
            for (layout, composite) in runs {
                let args = [
                    &["--format", "s3", "-a", algo.0][..],
                    &layout,
                    &[name.as_str()],
                ];
                let (code, out, err) = sum(&args.concat(), d, b"");
                let want = s3_value(&data, algo, composite);
                assert_eq!(
                    (code, value_of(&out)),
                    (0, want.as_str()),
                    "{name} {algo:?} {err}"
                );
                assert_eq!(out, format!("{want}  {}  {name}\n", data.len()));

                // -c: the value as stated, then with its CRC's lowest bit flipped.
                let (crc, n) = s3_crc(&data, algo, composite);
                let flipped = shown(crc ^ 1, algo.2, composite.map(|_| n));
                assert_ne!(flipped, want);
                for (stated, code) in [(want.clone(), 0), (flipped, 1)] {
                    let list = format!("{stated}  {}  {name}\n", data.len());
                    std::fs::write(d.join("list"), list).unwrap();
                    let args = [
                        &["--format", "s3", "-a", algo.0, "-c"][..],
                        &layout,
                        &["list"],
                    ];
                    let (got, out, _) = sum(&args.concat(), d, b"");
                    assert_eq!(got, code, "{name} {algo:?} -c {stated}: {out}");
                }
            }
        }
    }
}

/// The AWS CLI's layout when none is given: one PutObject under 8 MiB (a full-object value,
/// no `-N`), else 8 MiB parts; standard input is cut the same way; per-part values on
/// request, as comment lines `-c` skips.
#[test]
fn the_aws_cli_layout_and_each_part() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let data = common::random_bytes(23_000_000, 3);
    std::fs::write(d.join("f"), &data).unwrap();
    std::fs::write(d.join("small"), &data[..8 * MIB - 1]).unwrap();
    let crc32c = ALGOS[2];
    let composite = [
        "--format",
        "s3",
        "-a",
        "crc32c",
        "--checksum-type",
        "composite",
    ];
    let (_, out, _) = sum(&[&composite[..], &["f", "small"]].concat(), d, b"");
    let want_f = s3_value(&data, crc32c, Some(8 * MIB));
    let want_small = s3_value(&data[..8 * MIB - 1], crc32c, None);
    assert_eq!(
        out,
        format!("{want_f}  23000000  f\n{want_small}  8388607  small\n")
    );
    let (_, piped, _) = sum(&composite, d, &data);
    assert_eq!(piped, format!("{want_f}  23000000  -\n"));
    let (_, out, _) = sum(
        &[&composite[..], &["--each-part", "--tag", "f"]].concat(),
        d,
        b"",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], format!("ChecksumCRC32C (f) = {want_f}"));
    assert_eq!(lines.len(), 4);
    let last = b64(&be(crc_of(&data[16 * MIB..], crc32c.1, 32), 32));
    assert_eq!(
        lines[3],
        format!("# part 3/3: {last}  {}", 23_000_000 - 16 * MIB)
    );
    std::fs::write(d.join("list"), &out).unwrap();
    let (code, out, _) = sum(&["--format", "s3", "-c", "list"], d, b"");
    assert_eq!((code, out.as_str()), (0, "f: OK\n"));
}

/// The names users paste as tags, and a malformed base64 value: one line, exit 1.
#[test]
fn lists_take_s3_names_and_refuse_bad_base64() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("nine"), b"123456789").unwrap();
    let list = "x-amz-checksum-crc64nvme (nine) = rosUhgp5mIg=\nChecksumCRC32C (nine) = 4waSgw==\n\
                CRC32 (nine) = y/Q5Jg==\n";
    std::fs::write(d.join("list"), list).unwrap();
    let (code, out, _) = sum(&["--format", "s3", "-c", "list"], d, b"");
    assert_eq!((code, out.as_str()), (0, "nine: OK\nnine: OK\nnine: OK\n"));
    let (code, out, err) = sum(&["--format", "s3", "-c", "--status", "list"], d, b"");
    assert_eq!((code, out.as_str(), err.as_str()), (0, "", ""));
    std::fs::write(d.join("gone"), "CRC32 (missing) = y/Q5Jg==\n").unwrap();
    let (code, _, err) = sum(
        &["--format", "s3", "-c", "--ignore-missing", "gone"],
        d,
        b"",
    );
    assert_eq!(
        (code, err.as_str()),
        (1, "crc-gen: gone: no file was verified\n")
    );
    // As `sum -c` (and sha256sum): `--status` silences it, and a directory is no verified file.
    let args = [
        "--format",
        "s3",
        "-c",
        "--ignore-missing",
        "--status",
        "gone",
    ];
    let (code, out, err) = sum(&args, d, b"");
    assert_eq!((code, out.as_str(), err.as_str()), (1, "", ""));
    std::fs::create_dir(d.join("dir")).unwrap();
    std::fs::write(d.join("dirs"), "CRC32 (dir) = y/Q5Jg==\n").unwrap();
    let (code, _, err) = sum(
        &["--format", "s3", "-c", "--ignore-missing", "dirs"],
        d,
        b"",
    );
    assert_eq!(code, 1);
    assert!(
        err.ends_with("crc-gen: dirs: no file was verified\n"),
        "{err}"
    );
    std::fs::write(d.join("bad"), "ChecksumCRC32C (nine) = 4waSg!==\n").unwrap();
    let (code, out, err) = sum(&["--format", "s3", "-c", "bad"], d, b"");
    assert_eq!(
        (code, out.as_str(), err.lines().count()),
        (1, "", 1),
        "{err}"
    );
    assert!(
        err.contains("no properly formatted S3 checksum lines"),
        "{err}"
    );
    std::fs::write(d.join("bad"), "4waSgw=  9  nine\n").unwrap();
    let (code, _, err) = sum(&["-a", "crc32c", "-c", "bad"], d, b"");
    assert_eq!((code, err.lines().count()), (1, 1), "{err}");
    assert!(err.contains("nor base64 of 4 bytes"), "{err}");
}

/// Bad input: one line each, nothing read.
#[test]
fn bad_input_is_refused_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("f"), b"x").unwrap();
    // 50,001 MiB in 5 MiB parts is 10,001 parts: refused before any byte is read.
    let huge = std::fs::File::create(d.join("huge")).unwrap();
    huge.set_len(50_001 * MIB as u64).unwrap();
    let cases: [(&[&str], i32, &str); 7] = [
        (&["-a", "CRC-16/ARC", "f"], 2, "not CRC-16/ARC"),
        (
            &["--checksum-type", "composite", "f"],
            2,
            "S3 refuses a composite one",
        ),
        (
            &["-a", "crc32", "--part-size", "4MiB", "f"],
            2,
            "under S3's 5 MiB minimum",
        ),
        (
            &["-a", "crc32", "--parts", "10001", "f"],
            2,
            "at most 10,000",
        ),
        (
            &["-a", "crc32", "--part-size", "5MiB", "huge"],
            1,
            "10001 parts",
        ),
        (
            &["-a", "crc32", "--parts", "2", "f"],
            1,
            "cannot be cut into 2 parts",
        ),
        (&["--hex", "00"], 2, "not --hex"),
    ];
    for (args, code, says) in cases {
        let (got, out, err) = sum(&[&["--format", "s3"][..], args].concat(), d, b"");
        assert_eq!((got, out.as_str()), (code, ""), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        // Ours are one line; clap's add a blank line and a hint after theirs.
        let first = err.lines().next().unwrap_or_default();
        assert!(first.contains(says), "{args:?}: {err}");
        if first.starts_with("crc-gen:") {
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        }
    }
    let (code, _, err) = sum(&["--part-size", "8M", "f"], d, b"");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("only with --format s3"), "{err}");
}

/// `--base64`: the CRC's whole bytes, big-endian, in base64, for any width; GNU cksum's
/// `--raw -a crc32b` bytes where the system's coreutils has them (9.6 and later).
#[test]
fn base64_is_the_big_endian_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let data = common::random_bytes(70_000, 9);
    std::fs::write(d.join("f"), &data).unwrap();
    for (name, poly, width) in ALGOS {
        let (_, out, _) = sum(&["--base64", "-a", name, "f"], d, b"");
        let want = b64(&be(crc_of(&data, poly, width), width));
        assert_eq!(out, format!("{want}  70000  f\n"));
        std::fs::write(d.join("list"), &out).unwrap();
        assert_eq!(sum(&["-a", name, "-c", "list"], d, b"").0, 0);
    }
    // 12 bits are 2 bytes: CRC-12/DECT of "123456789" is 0xf5b.
    let (_, out, _) = sum(
        &["--base64", "-a", "CRC-12/DECT", "--string", "123456789"],
        d,
        b"",
    );
    assert_eq!(out, format!("{}  9\n", b64(&[0x0f, 0x5b])));
    let raw = std::process::Command::new("cksum")
        .current_dir(d)
        .args(["--raw", "-a", "crc32b", "f"])
        .output();
    match raw {
        Ok(o) if o.status.success() => {
            let (_, out, _) = sum(&["--base64", "-a", "CRC-32/ISO-HDLC", "f"], d, b"");
            assert_eq!(value_of(&out), b64(&o.stdout));
        }
        _ => eprintln!("cksum has no --raw -a crc32b here: compared with this test's CRC only"),
    }
}
