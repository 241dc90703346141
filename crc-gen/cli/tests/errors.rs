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

/// `refin` or `refout` given as true without the other would build a crossed model nobody
/// meant: an error that says what to write, for flags and model lines alike.
#[test]
fn a_lone_reflection_is_an_error() {
    let err = fails(&[
        "show",
        "--width",
        "32",
        "--poly",
        "0x04c11db7",
        "--refin",
        "true",
    ]);
    assert_eq!(
        err,
        "crc-gen: --refin true without --refout: add --refout true, or --refout false for a crossed model\n"
    );
    let err = fails(&[
        "sum", "--width", "16", "--poly", "0x8005", "--refout", "true",
    ]);
    assert!(err.contains("--refout true without --refin"), "{err}");
    let err = fails(&["show", "width=16 poly=0x8005 refout=true"]);
    assert_eq!(
        err,
        "crc-gen: refout = true without refin: write refin = true, or refin = false for a crossed model\n"
    );
    let err = fails(&["sum", "-a", "width=32 poly=0x04c11db7 refin=true"]);
    assert!(err.contains("refin = true without refout"), "{err}");
    // Written out, crossed models and a lone `false` are fine.
    for args in [
        &[
            "show", "--width", "12", "--poly", "0x80f", "--refin", "false", "--refout", "true",
        ][..],
        &[
            "show", "--width", "12", "--poly", "0x80f", "--refin", "false",
        ],
        &["show", "width=12 poly=0x80f refin=false refout=true"],
    ] {
        Command::cargo_bin("crc-gen")
            .unwrap()
            .args(args)
            .assert()
            .success();
    }
}

/// A model line naming a key twice is rejected, as the attribute rejects it.
#[test]
fn duplicate_keys_in_a_model_line() {
    let err = fails(&["show", "width=16 poly=0x1021 init=0xffff poly=0x8005"]);
    assert_eq!(err, "crc-gen: duplicate key `poly`: give each key once\n");
    let err = fails(&["sum", "-a", "width=8 width=16 poly=0x07"]);
    assert!(err.contains("duplicate key `width`"), "{err}");
}

/// A check that the bit-reversed poly would meet says the poly is in its reflected form.
#[test]
fn a_reflected_poly_is_named() {
    let err = fails(&[
        "show",
        "width=32 poly=0xedb88320 init=0xffffffff refin=true refout=true xorout=0xffffffff check=0xcbf43926",
    ]);
    assert!(
        err.contains("0xedb88320 is the reflected form; the model's poly is 0x04c11db7"),
        "{err}"
    );
}

#[test]
fn poly_zero_is_rejected() {
    let err = fails(&["show", "--width", "8", "--poly", "0"]);
    assert!(err.contains("poly = 0 is not a generator"), "{err}");
    let err = fails(&["sum", "-a", "width=16 poly=0x0000"]);
    assert!(err.contains("poly = 0"), "{err}");
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
