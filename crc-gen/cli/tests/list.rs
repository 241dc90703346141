//! `crc-gen list`: the whole catalogue, filtered by width, as text and JSON.

use assert_cmd::Command;
use serde_json::Value;

fn list(args: &[&str]) -> String {
    let out = Command::cargo_bin("crc-gen")
        .unwrap()
        .arg("list")
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}

#[test]
fn lists_113_algorithms() {
    let text = list(&[]);
    assert_eq!(text.lines().count(), 113, "{text}");
    assert!(text.lines().any(|l| l.starts_with("CRC-32/ISCSI ")));
}

#[test]
fn width_filter_keeps_only_that_width() {
    let text = list(&["--width", "16"]);
    let expected = crc_gen::catalogue::entries()
        .iter()
        .filter(|e| e.model.width() == 16)
        .count();
    assert!(expected > 1);
    assert_eq!(text.lines().count(), expected, "{text}");
    for line in text.lines() {
        assert!(line.contains(" width=16 "), "{line}");
    }
}

/// A width no catalogue algorithm has says so on one line (exit 1), whatever the format; a
/// width no CRC can have is an invalid argument (exit 2). Nothing on stdout either way.
#[test]
fn a_width_without_algorithms_says_so() {
    let catalogue_widths: Vec<u32> = crc_gen::catalogue::entries()
        .iter()
        .map(|e| e.model.width())
        .collect();
    assert!(!catalogue_widths.contains(&99));
    for (width, code, want) in [
        (
            "99",
            1,
            "crc-gen: no catalogue algorithm has width 99 (the catalogue's widths: 3, 4, 5, ",
        ),
        (
            "200",
            2,
            "crc-gen: width = 200 is out of range: crcstamp supports widths 1..=128\n",
        ),
        ("0", 2, "crc-gen: width = 0 is out of range"),
    ] {
        for format in ["text", "json"] {
            let out = Command::cargo_bin("crc-gen")
                .unwrap()
                .args(["list", "--width", width, "--format", format])
                .assert()
                .code(code)
                .get_output()
                .clone();
            assert!(out.stdout.is_empty(), "{width} {format}");
            let err = String::from_utf8(out.stderr).unwrap();
            assert!(err.starts_with(want), "{err}");
            assert_eq!(err.lines().count(), 1, "{err}");
        }
    }
}

#[test]
fn json_has_113_entries_with_hex_strings() {
    let doc: Value = serde_json::from_str(&list(&["--format", "json"])).unwrap();
    let entries = doc.as_array().unwrap();
    assert_eq!(entries.len(), 113);
    let crc32 = entries
        .iter()
        .find(|e| e["name"] == "CRC-32/ISO-HDLC")
        .unwrap();
    assert_eq!(crc32["width"], 32);
    assert_eq!(crc32["poly"], "0x04c11db7");
    assert_eq!(crc32["check"], "0xcbf43926");
    assert_eq!(crc32["residue"], "0xdebb20e3");
    assert!(crc32["aliases"]
        .as_array()
        .unwrap()
        .contains(&Value::from("CRC-32")));
}
