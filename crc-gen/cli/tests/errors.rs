//! Bad input: one line on stderr, `crc-gen: <reason>`, exit status 2, nothing on stdout.

use assert_cmd::Command;

/// Runs `crc-gen args`, requires exit 2 and empty stdout, and returns the one stderr line.
fn fails(args: &[&str]) -> String {
    let out = Command::cargo_bin("crc-gen")
        .unwrap()
        .args(args)
        .assert()
        .code(2)
        .get_output()
        .clone();
    assert!(out.stdout.is_empty(), "stdout: {:?}", out.stdout);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("crc-gen: "), "{stderr}");
    stderr
}

#[test]
fn unknown_name_suggests_near_misses() {
    let err = fails(&["show", "CRC-32/ISCI"]);
    assert!(
        err.contains("unknown catalogue name `CRC-32/ISCI`"),
        "{err}"
    );
    assert!(err.contains("CRC-32/ISCSI"), "{err}");

    let err = fails(&["show", "CRC-99/NOPE"]);
    assert!(err.contains("CRC-99/NOPE"), "{err}");
    assert!(err.contains("crc-gen list"), "{err}");
}

#[test]
fn invalid_models_by_flags() {
    let err = fails(&["show", "--width", "0", "--poly", "1"]);
    assert!(err.contains("width = 0"), "{err}");
    let err = fails(&["show", "--width", "8", "--poly", "0x1ff"]);
    assert!(
        err.contains("poly = 0x1ff does not fit in width = 8"),
        "{err}"
    );
    let err = fails(&["show", "--width", "16"]);
    assert!(err.contains("--poly"), "{err}");
    let err = fails(&["show", "--width", "8", "--poly", "7", "--xorout", "0x100"]);
    assert!(err.contains("xorout"), "{err}");
}

#[test]
fn malformed_model_lines() {
    let err = fails(&["show", "width=16 poly=zz"]);
    assert!(err.contains("zz"), "{err}");
    let err = fails(&["show", "width=16 poly=0x1021 colour=blue"]);
    assert!(err.contains("colour"), "{err}");
    let err = fails(&["show", "width=16"]);
    assert!(err.contains("poly"), "{err}");
    let err = fails(&["show", "width=16 poly=0x1021 check=0x1234"]);
    assert!(err.contains("check mismatch"), "{err}");
}

#[test]
fn emit_of_an_unknown_name() {
    let err = fails(&["emit", "CRC-32/ISCI"]);
    assert!(err.contains("CRC-32/ISCI"), "{err}");
    assert!(err.contains("CRC-32/ISCSI"), "{err}");
}

#[test]
fn a_name_and_model_flags_conflict() {
    // A usage error: clap's message (several lines), still exit 2.
    Command::cargo_bin("crc-gen")
        .unwrap()
        .args(["show", "CRC-32", "--init", "5"])
        .assert()
        .code(2);
}
