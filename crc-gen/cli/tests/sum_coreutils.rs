//! `crc-gen sum` with the habits of coreutils' `cksum` and `sha256sum`: `--tag`, `-z`, the
//! check flags, `--format cksum` against the system's `cksum`, `--hex` and `--string`.

use std::path::Path;
use std::process::Command as Std;

use assert_cmd::Command;

/// Runs `crc-gen sum args` in `dir`: (exit code, stdout bytes, stderr).
fn sum(args: &[&str], dir: &Path, stdin: &[u8]) -> (i32, Vec<u8>, String) {
    let out = Command::cargo_bin("crc-gen")
        .unwrap()
        .current_dir(dir)
        .arg("sum")
        .args(args)
        .write_stdin(stdin.to_vec())
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    (out.status.code().unwrap(), out.stdout, err)
}

fn files(dir: &Path) {
    std::fs::write(dir.join("a"), b"123456789").unwrap();
    std::fs::write(dir.join("empty"), b"").unwrap();
    let big: Vec<u8> = (0..70_000u32).map(|i| (i % 251) as u8).collect();
    std::fs::write(dir.join("big"), big).unwrap();
}

/// `--format cksum -a CRC-32/CKSUM` prints what POSIX `cksum` prints, for files (an empty
/// one included) and for standard input; another algorithm is refused with one line.
#[test]
fn cksum_format_equals_the_system_cksum() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    files(p);
    let Ok(system) = Std::new("cksum")
        .current_dir(p)
        .args(["a", "empty", "big"])
        .output()
    else {
        eprintln!("skipped: no cksum on this system");
        return;
    };
    let args = ["--format", "cksum", "-a", "CRC-32/CKSUM"];
    let (code, out, _) = sum(&[&args[..], &["a", "empty", "big"]].concat(), p, b"");
    assert_eq!(code, 0);
    assert_eq!(
        String::from_utf8(out).unwrap(),
        String::from_utf8(system.stdout).unwrap()
    );
    let mut piped = Std::new("cksum")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    piped.stdin.take().unwrap().write_all(b"hello\n").unwrap();
    let system = piped.wait_with_output().unwrap().stdout;
    let (_, out, _) = sum(&args, p, b"hello\n");
    assert_eq!(out, system);
    assert_eq!(out, b"3015617425 6\n");

    let (code, out, err) = sum(&["--format", "cksum", "a"], p, b"");
    assert_eq!((code, out.len()), (2, 0));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("CRC-32/CKSUM only"), "{err}");
}

/// `--hex` and `--string` sum bytes from the command line (pycrc's --check-hexstring).
#[test]
fn direct_input() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out, _) = sum(&["--string", "123456789"], dir.path(), b"");
    assert_eq!((code, out), (0, b"cbf43926  9\n".to_vec()));
    let (_, out, _) = sum(
        &["--hex", "313233343536373839", "-a", "CRC-32/ISCSI"],
        dir.path(),
        b"",
    );
    assert_eq!(out, b"e3069283  9\n");
    let (code, out, err) = sum(&["--hex", "31g"], dir.path(), b"");
    assert_eq!((code, out.len()), (2, 0));
    assert!(err.contains("not hex bytes"), "{err}");
}

/// `--tag` writes BSD lines, `-z` NUL-terminated unescaped ones; `-c` reads GNU
/// (`sha256sum`-style two-field) and BSD lines alike.
#[test]
fn tag_zero_and_gnu_lines() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    files(p);
    let (_, out, _) = sum(&["--tag", "-a", "CRC-32/ISCSI", "a"], p, b"");
    assert_eq!(out, b"CRC-32/ISCSI (a) = e3069283\n");
    let (_, out, _) = sum(&["-z", "a", "empty"], p, b"");
    assert_eq!(out, b"cbf43926  9  a\x0000000000  0  empty\x00");
    std::fs::write(p.join("gnu"), "cbf43926  a\n00000000 *empty\n# a comment\n").unwrap();
    let (code, out, _) = sum(&["-c", "gnu"], p, b"");
    assert_eq!((code, out), (0, b"a: OK\nempty: OK\n".to_vec()));
}

/// `--status`, `--quiet`, `--warn`, `--strict` and `--ignore-missing` as in coreutils.
#[test]
fn check_flags() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    files(p);
    std::fs::write(
        p.join("list"),
        "cbf43926  9  a\nnot a line\n00000000  0  empty\n",
    )
    .unwrap();
    // A malformed line warns but does not fail, unless --strict.
    let (code, out, err) = sum(&["-c", "list"], p, b"");
    assert_eq!((code, out), (0, b"a: OK\nempty: OK\n".to_vec()));
    assert_eq!(err, "crc-gen: WARNING: 1 line is improperly formatted\n");
    let (code, _, _) = sum(&["-c", "list", "--strict"], p, b"");
    assert_eq!(code, 1);
    let (_, _, err) = sum(&["-c", "list", "--warn"], p, b"");
    assert!(
        err.starts_with("crc-gen: list: 2: improperly formatted CRC-32/ISO-HDLC checksum line ("),
        "{err}"
    );
    let (code, out, _) = sum(&["-c", "list", "--quiet"], p, b"");
    assert_eq!((code, out.len()), (0, 0));
    // A mismatch: FAILED even with --quiet; nothing at all with --status.
    std::fs::write(p.join("bad"), "cbf43927  9  a\n").unwrap();
    let (code, out, _) = sum(&["-c", "bad", "--quiet"], p, b"");
    assert_eq!((code, out), (1, b"a: FAILED\n".to_vec()));
    let (code, out, err) = sum(&["-c", "bad", "--status"], p, b"");
    assert_eq!((code, out.len(), err.as_str()), (1, 0, ""));
    // --ignore-missing skips missing files, but a list verifying nothing fails.
    std::fs::write(p.join("miss"), "cbf43926  9  a\n00000000  0  gone\n").unwrap();
    let (code, out, _) = sum(&["-c", "miss", "--ignore-missing"], p, b"");
    assert_eq!((code, out), (0, b"a: OK\n".to_vec()));
    let (code, _, _) = sum(&["-c", "miss"], p, b"");
    assert_eq!(code, 1);
    let (code, _, err) = sum(&["-c", "-", "--ignore-missing"], p, b"00000000  0  gone\n");
    assert_eq!(code, 1);
    assert!(
        err.contains("standard input: no file was verified"),
        "{err}"
    );
    // The check flags need -c.
    let (code, _, _) = sum(&["--status", "a"], p, b"");
    assert_eq!(code, 2);
}
