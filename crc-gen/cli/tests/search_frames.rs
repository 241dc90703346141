//! `crc-gen search --crc-at auto [--skip auto]` on captured frames: the model and layout
//! named end to end, bad frames and bad samples named with exit 3, nothing fitting exit 1.

use assert_cmd::Command;
use crc_gen::catalogue;
use serde_json::Value;

fn hex(data: &[u8]) -> String {
    data.iter().map(|b| format!("{b:02x}")).collect()
}

/// Frames `05 64` + data + CRC-16/DNP little-endian, for data of lengths two by two.
fn dnp_frames() -> Vec<Vec<u8>> {
    let m = &catalogue::lookup("CRC-16/DNP").unwrap().model;
    let mut x = 7u32;
    [9, 9, 14, 14, 20, 20, 11, 30]
        .iter()
        .map(|&n| {
            let data: Vec<u8> = (0..n)
                .map(|_| {
                    x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
                    (x >> 16) as u8
                })
                .collect();
            let crc = (m.crc(&data) as u16).to_le_bytes();
            [vec![0x05, 0x64], data, crc.to_vec()].concat()
        })
        .collect()
}

fn search(args: &[&str], frames: &[Vec<u8>]) -> assert_cmd::assert::Assert {
    let hexes: Vec<String> = frames.iter().map(|f| hex(f)).collect();
    Command::cargo_bin("crc-gen")
        .unwrap()
        .arg("search")
        .args(args)
        .args(&hexes)
        .assert()
}

fn stdout(a: &assert_cmd::assert::Assert) -> String {
    String::from_utf8(a.get_output().stdout.clone()).unwrap()
}

#[test]
fn auto_names_model_and_layout() {
    // Without the preamble the frames are CRC-16/DNP codewords.
    let frames: Vec<Vec<u8>> = dnp_frames().into_iter().map(|f| f[2..].to_vec()).collect();
    let text = stdout(&search(&["--crc-at", "auto"], &frames).code(0));
    assert_eq!(
        text.lines().next(),
        Some("// CRC-16/DNP, little-endian, last 2 bytes"),
        "{text}"
    );
    assert!(text.contains("#[crc(catalog = \"CRC-16/DNP\")]"), "{text}");
}

#[test]
fn skip_auto_finds_the_preamble_and_says_it_cannot_tell() {
    let text = stdout(&search(&["--crc-at", "auto", "--skip", "auto"], &dnp_frames()).code(0));
    let first = text.lines().next().unwrap();
    assert!(
        first.starts_with("// custom width 16, little-endian, last 2 bytes"),
        "{text}"
    );
    assert!(
        text.contains("CRC-16/DNP (little-endian, last 2 bytes, skipping the first 2 bytes)"),
        "{text}"
    );
    assert!(text.contains("cannot tell them apart"), "{text}");
    // Told where the data starts, the catalogue model is listed first.
    let text = stdout(
        &search(
            &["--crc-at", "end", "--crc-endian", "little", "--skip", "2"],
            &dnp_frames(),
        )
        .code(0),
    );
    assert_eq!(
        text.lines().next(),
        Some("// CRC-16/DNP, little-endian, last 2 bytes, skipping the first 2 bytes"),
        "{text}"
    );
}

#[test]
fn bad_frames_are_named_with_exit_3() {
    let mut frames = dnp_frames();
    frames[3][6] ^= 0x10;
    frames[6][3] ^= 0x01;
    let a = search(&["--crc-at", "auto", "--skip", "2"], &frames).code(3);
    let text = stdout(&a);
    assert!(text.contains("CRC-16/DNP, little-endian, last 2 bytes, skipping the first 2 bytes (fits 6 of 8 frames)"), "{text}");
    assert!(
        text.contains(&format!("// bad frame 3: {}\n", hex(&frames[3]))),
        "{text}"
    );
    assert!(
        text.contains(&format!("// bad frame 6: {}\n", hex(&frames[6]))),
        "{text}"
    );

    let a = search(
        &["--crc-at", "auto", "--skip", "2", "--format", "json"],
        &frames,
    )
    .code(3);
    let doc: Value = serde_json::from_str(&stdout(&a)).unwrap();
    assert_eq!(doc["outliers"], true);
    let fit = &doc["fits"][0];
    assert_eq!(fit["layout"]["endian"], "little");
    assert_eq!(fit["layout"]["skip"], 2);
    assert_eq!(fit["bad"][0]["index"], 3);
    assert_eq!(fit["bad"][1]["hex"], hex(&frames[6]));
    assert_eq!(fit["catalogue"][0]["name"], "CRC-16/DNP");
}

#[test]
fn a_bad_sample_is_named_with_exit_3() {
    let m = &catalogue::lookup("CRC-16/DNP").unwrap().model;
    let mut samples: Vec<String> = ["one", "two", "three", "four", "five", "six", "seven"]
        .iter()
        .map(|d| format!("{}:{:x}", hex(d.as_bytes()), m.crc(d.as_bytes())))
        .collect();
    samples[3] = format!("{}:{:x}", hex(b"fous"), m.crc(b"four"));
    let a = Command::cargo_bin("crc-gen")
        .unwrap()
        .args(["search", "--width", "16"])
        .args(&samples)
        .assert()
        .code(3);
    let text = stdout(&a);
    assert!(
        text.starts_with("// CRC-16/DNP (fits 6 of 7 samples)\n"),
        "{text}"
    );
    assert!(
        text.contains(&format!("// bad sample 3: {}\n", samples[3])),
        "{text}"
    );
}

#[test]
fn frames_that_fit_nothing_exit_1() {
    let frames: Vec<Vec<u8>> = (0..8u8)
        .map(|i| {
            (0..12 + i / 2)
                .map(|j| i.wrapping_mul(37) ^ j.wrapping_mul(11))
                .collect()
        })
        .collect();
    let a = search(&["--crc-at", "auto"], &frames).code(1);
    assert!(a.get_output().stdout.is_empty());
    let err = String::from_utf8(a.get_output().stderr.clone()).unwrap();
    assert_eq!(
        err,
        "crc-gen: search: no layout and model fits all 8 frames, nor all but a few\n"
    );
}

#[test]
fn bad_skip_exits_2() {
    let a = search(&["--crc-at", "auto", "--skip", "x"], &dnp_frames()).code(2);
    let err = String::from_utf8(a.get_output().stderr.clone()).unwrap();
    assert!(err.contains("--skip `x`"), "{err}");
    let a = search(&["--crc-at", "auto", "--skip", "1,2,3,4"], &dnp_frames()).code(2);
    let err = String::from_utf8(a.get_output().stderr.clone()).unwrap();
    assert!(err.contains("expected K, K,J, K,J,T or auto"), "{err}");
    // A width that is not whole bytes is a CRC in part of a field: searched, not refused.
    search(&["--crc-at", "auto", "--width", "12"], &dnp_frames()).code(1);
}

#[test]
fn the_help_example_is_true() {
    let frames = "01020304b467 102030400cc7 c00102c5e1 c00106770f 313233341342";
    let a = Command::cargo_bin("crc-gen")
        .unwrap()
        .args(["search", "--crc-at", "auto"])
        .args(frames.split(' '))
        .assert()
        .code(3);
    let want = "// CRC-16/DNP, little-endian, last 2 bytes (fits 4 of 5 frames)\n\
                #[crc(catalog = \"CRC-16/DNP\")]\n\
                // bad frame 3: c00106770f\n";
    assert_eq!(stdout(&a), want);
    let help = Command::cargo_bin("crc-gen")
        .unwrap()
        .args(["search", "--help"])
        .assert()
        .success();
    let help = stdout(&help);
    assert!(
        help.contains(&format!("crc-gen search --crc-at auto {frames}")),
        "{help}"
    );
    for line in want.lines() {
        assert!(help.contains(line), "{line}");
    }
}
