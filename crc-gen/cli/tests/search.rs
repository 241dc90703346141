//! `crc-gen search`: catalogue hits, solved custom models as pasteable attributes, embedded
//! CRCs, JSON, and the exit statuses for "no model" (1) and bad input (2).

use assert_cmd::Command;
use crc_gen::{catalogue, Model, ModelSpec};
use serde_json::Value;

fn hex(data: &[u8]) -> String {
    data.iter().map(|b| format!("{b:02x}")).collect()
}

/// `HEXDATA:HEXCRC` samples of `m` for a few fixed messages: two pairs of equal length and
/// one of a third length.
fn samples(m: &Model) -> Vec<String> {
    let msgs: [&[u8]; 5] = [
        b"hello world!",
        b"HELLO WORLD?",
        b"123456789",
        b"abcdefghi",
        b"The quick brown fox",
    ];
    msgs.iter()
        .map(|d| format!("{}:{:x}", hex(d), m.crc(d)))
        .collect()
}

fn search(args: &[&str]) -> assert_cmd::assert::Assert {
    Command::cargo_bin("crc-gen")
        .unwrap()
        .arg("search")
        .args(args)
        .assert()
}

fn stdout(a: &assert_cmd::assert::Assert) -> String {
    String::from_utf8(a.get_output().stdout.clone()).unwrap()
}

/// Requires exit `code`, empty stdout and one `crc-gen: ` line on stderr; returns it.
fn fails(args: &[&str], code: i32) -> String {
    let a = search(args).code(code);
    let out = a.get_output();
    assert!(out.stdout.is_empty(), "stdout: {:?}", out.stdout);
    let stderr = String::from_utf8(out.stderr.clone()).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("crc-gen: "), "{stderr}");
    stderr
}

#[test]
fn catalogue_hit_from_the_command_line() {
    let m = &catalogue::lookup("CRC-16/ARC").unwrap().model;
    let s = samples(m);
    let args: Vec<&str> = s.iter().map(String::as_str).collect();
    let a = search(&args).success();
    let text = stdout(&a);
    assert_eq!(
        text.lines().next(),
        Some("#[crc(catalog = \"CRC-16/ARC\")]"),
        "{text}"
    );
    assert!(!text.contains("ambiguous"), "{text}");
}

#[test]
fn custom_model_is_printed_as_an_attribute() {
    let m = ModelSpec::new(16, 0x3d67)
        .init(0x1234)
        .xorout(0xa5a5)
        .build()
        .unwrap();
    let s = samples(&m);
    let mut args: Vec<&str> = vec!["--width", "16"];
    args.extend(s.iter().map(String::as_str));
    let text = stdout(&search(&args).success());
    assert_eq!(
        text,
        "#[crc(width = 16, poly = 0x3d67, init = 0x1234, refin = false, refout = false, xorout = 0xa5a5)]\n"
    );
}

#[test]
fn embedded_crc_at_end_little_endian() {
    let e = catalogue::lookup("CRC-32/ISCSI").unwrap();
    let msgs: [&[u8]; 4] = [b"abcdefgh", b"ABCDEFGH", b"0123456789", b"9876543210"];
    let captured: Vec<String> = msgs
        .iter()
        .map(|d| {
            let crc = e.model.crc(d) as u32;
            let mut frame = d.to_vec();
            frame.extend(crc.to_le_bytes());
            hex(&frame)
        })
        .collect();
    let mut args = vec!["--width", "32", "--crc-at", "end", "--crc-endian", "little"];
    args.extend(captured.iter().map(String::as_str));
    let text = stdout(&search(&args).success());
    assert_eq!(
        text.lines().next(),
        Some("#[crc(catalog = \"CRC-32/ISCSI\")]"),
        "{text}"
    );

    // Read big-endian, the same frames carry the byte-swapped CRC: reported as such.
    let mut args = vec!["--width", "32", "--crc-at", "end"];
    args.extend(captured.iter().map(String::as_str));
    let text = stdout(&search(&args).success());
    assert!(
        text.contains("#[crc(catalog = \"CRC-32/ISCSI\")]  // CRC bytes swapped"),
        "{text}"
    );
}

#[test]
fn samples_from_a_file() {
    let m = &catalogue::lookup("CRC-8/SMBUS").unwrap().model;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("samples.txt");
    let body = format!("# captured\n\n{}\n", samples(m).join("\n"));
    std::fs::write(&path, body).unwrap();
    let text = stdout(&search(&["--width", "8", "--file", path.to_str().unwrap()]).success());
    assert!(
        text.starts_with("#[crc(catalog = \"CRC-8/SMBUS\")]"),
        "{text}"
    );
}

#[test]
fn json_parses() {
    let m = ModelSpec::new(32, 0x8f6e_37a1)
        .init(0xffff_ffff)
        .reflected(true)
        .build()
        .unwrap();
    let s = samples(&m);
    let mut args: Vec<&str> = vec!["--width", "32", "--format", "json"];
    args.extend(s.iter().map(String::as_str));
    let doc: Value = serde_json::from_str(&stdout(&search(&args).success())).unwrap();
    assert_eq!(doc["ambiguous"], false);
    assert_eq!(doc["solutions"], 1);
    assert_eq!(doc["catalogue"].as_array().unwrap().len(), 0);
    let solved = &doc["solved"][0];
    assert_eq!(solved["model"]["poly"], "0x8f6e37a1");
    assert_eq!(solved["model"]["init"], "0xffffffff");
    assert_eq!(solved["model"]["refin"], true);
    assert!(solved["attribute"]
        .as_str()
        .unwrap()
        .starts_with("#[crc(width = 32, poly = 0x8f6e37a1"));
}

#[test]
fn too_few_samples_say_so() {
    let m = &catalogue::lookup("CRC-32/ISO-HDLC").unwrap().model;
    let s = samples(m);
    let text = stdout(&search(&["--width", "32", "--refin", "true", &s[0], &s[1]]).success());
    assert!(text.contains("// ambiguous:"), "{text}");
    assert!(text.contains("more sample"), "{text}");
}

#[test]
fn inconsistent_samples_exit_1() {
    let err = fails(
        &["--width", "16", "616263:1234", "616263:1235", "78797a:0001"],
        1,
    );
    assert!(err.contains("no model fits all 3 samples"), "{err}");
}

#[test]
fn malformed_samples_exit_2() {
    for (args, needle) in [
        (&["zz:12"][..], "not a hex digit"),
        (&["123:12"][..], "odd number of hex digits"),
        (&["313233"][..], "HEXDATA:HEXCRC"),
        (&["--width", "8", "31:1ff"][..], "does not fit in width = 8"),
        (&["--widths", "8-16", "31:1"][..], "--widths"),
        (&["--widths", "16..8", "31:1"][..], "widths 16..=8"),
        // `--width 12 --crc-at end` is a 12-bit CRC in a 2-byte field (a layout), not an error.
        (&["--width", "130", "--crc-at", "end", "313233"][..], "130"),
        (&["--width", "32", "--crc-at", "end", "3132"][..], "shorter"),
    ] {
        let err = fails(args, 2);
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}
