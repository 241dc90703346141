//! `crc-gen search` on issue 42's captures (built by `crc-gen/tests/common/captures.rs`):
//! the first line of the answer is the model and its layout, bad frames are named, and
//! when nothing is decided the one stderr line says why and what to add.

use assert_cmd::Command;

#[allow(dead_code)]
#[path = "../../tests/common/captures.rs"]
mod captures;
#[allow(dead_code)]
#[path = "../../tests/common/mod.rs"]
mod common;

fn hex(data: &[u8]) -> String {
    data.iter().map(|b| format!("{b:02x}")).collect()
}

/// Runs `crc-gen search ARGS FRAMES...`: (status, stdout, stderr).
fn search(args: &[&str], frames: &[Vec<u8>]) -> (i32, String, String) {
    let out = Command::cargo_bin("crc-gen")
        .unwrap()
        .arg("search")
        .args(args)
        .args(frames.iter().map(|f| hex(f)))
        .output()
        .unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (
        out.status.code().unwrap(),
        text(out.stdout),
        text(out.stderr),
    )
}

/// The attribute line of a solved model with `m`'s width and poly.
fn names(text: &str, m: &crc_gen::Model) -> bool {
    text.contains(&format!("width = {}, poly = {:#x},", m.width(), m.poly()))
}

#[test]
fn capture_1_distinct_lengths() {
    let (m, frames) = captures::capture_1();
    let (code, text, _) = search(&["--crc-at", "end", "--skip", "2"], &frames);
    assert_eq!(code, 0);
    assert_eq!(
        text.lines().next(),
        Some("// custom width 32, big-endian, last 4 bytes, skipping the first 2 bytes"),
        "{text}"
    );
    assert!(names(&text, &m), "{text}");
}

#[test]
fn capture_2_one_bad_frame_init_free() {
    let (m, frames) = captures::capture_2();
    let (code, text, _) = search(&["--crc-at", "end", "--width", "32"], &frames);
    assert_eq!(code, 3, "{text}");
    assert_eq!(
        text.lines().next(),
        Some("// custom width 32 (fits 7 of 8 samples)"),
        "{text}"
    );
    assert!(
        names(&text, &m) && text.contains("init not pinned down"),
        "{text}"
    );
    let f = &frames[5];
    let (data, crc) = (hex(&f[..f.len() - 4]), hex(&f[f.len() - 4..]));
    assert!(
        text.contains(&format!("// bad sample 5: {data}:{crc}")),
        "{text}"
    );
    // As frames, every width and both orders tried.
    let (code, text, _) = search(&["--crc-at", "auto"], &frames);
    assert_eq!(code, 3, "{text}");
    assert_eq!(
        text.lines().next(),
        Some("// custom width 32, big-endian, last 4 bytes (fits 7 of 8 frames)"),
        "{text}"
    );
    assert!(
        text.contains(&format!("// bad frame 5: {}", hex(f))),
        "{text}"
    );
}

#[test]
fn capture_3_auto_solves_or_says_why() {
    let (m, frames) = captures::capture_3();
    let (code, text, _) = search(&["--crc-at", "auto"], &frames);
    assert_eq!(code, 0);
    assert_eq!(
        text.lines().next(),
        Some("// custom width 32, little-endian, last 4 bytes"),
        "{text}"
    );
    assert!(names(&text, &m), "{text}");
    // Three frames: no layout is decided, and the reason (with what to add) is kept.
    let (code, text, err) = search(&["--crc-at", "auto"], &frames[..3]);
    assert_eq!((code, text.as_str()), (1, ""));
    assert!(
        err.starts_with("crc-gen: search: no layout and model found for all 3 frames, but too few to decide: 3 message lengths")
            && err.contains("add messages until four lengths differ"),
        "{err}"
    );
    // One frame: singular.
    let (code, _, err) = search(&["--crc-at", "auto"], &frames[..1]);
    assert_eq!(code, 1);
    assert!(
        err.contains("for the 1 frame,") && !err.contains("1 frames"),
        "{err}"
    );
}

#[test]
fn capture_4_factor_shadows_under_the_answer() {
    let (m, frames) = captures::capture_4();
    let (code, text, _) = search(&["--crc-at", "auto"], &frames);
    println!("{text}");
    assert_eq!(code, 3);
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("// custom width 48, little-endian, last 6 bytes (fits 9 of 11 frames)"),
        "{text}"
    );
    assert!(names(&text, &m), "{text}");
    let label = |w: u32, l: &str| {
        format!("// factor of the above: custom width {w}, {l} (fits 9 of 11 frames)")
    };
    assert!(
        text.contains(&label(40, "little-endian, last 5 bytes")),
        "{text}"
    );
    assert!(text.contains(&label(8, "last byte")), "{text}");
}

#[test]
fn mutually_exclusive_bad_frames_are_alternatives() {
    // Each frame carries CRC-16/ARC of its data before it and CRC-16/XMODEM after it; frame
    // 1's XMODEM and frame 4's ARC are corrupt. Each reading leaves out a different frame.
    let cat = |n: &str| &crc_gen::catalogue::lookup(n).unwrap().model;
    let (arc, xmodem) = (cat("CRC-16/ARC"), cat("CRC-16/XMODEM"));
    let mut rng = common::Rng(0x4242);
    let mut frames: Vec<Vec<u8>> = [9, 9, 12, 12, 15, 15, 20, 20]
        .iter()
        .map(|&n| {
            let d = rng.bytes(n);
            let (a, x) = (arc.crc(&d) as u16, xmodem.crc(&d) as u16);
            [a.to_be_bytes().to_vec(), d, x.to_be_bytes().to_vec()].concat()
        })
        .collect();
    let last = frames[1].len() - 1;
    frames[1][last] ^= 1;
    frames[4][0] ^= 1;
    let (code, text, _) = search(&["--crc-at", "auto", "--skip", "auto"], &frames);
    assert_eq!(code, 3, "{text}");
    let heads: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("// ") && !l.starts_with("// bad"))
        .collect();
    assert_eq!(
        heads.first().copied(),
        Some("// CRC-16/XMODEM, big-endian, last 2 bytes, skipping the first 2 bytes (fits 7 of 8 frames)"),
        "{text}"
    );
    assert!(
        heads.contains(&"// alternative, other bad frames: CRC-16/ARC, big-endian, first 2 bytes, leaving out the last 2 bytes (fits 7 of 8 frames)"),
        "{text}"
    );
}

#[test]
fn capture_5_narrow_fields_and_trailers() {
    use crc_gen::search::Endian;
    let (_, umts) = captures::capture_5("CRC-12/UMTS", 2, Endian::Big, 0);
    for args in [
        &["--crc-at", "auto", "--widths", "8..16"][..],
        &["--crc-at", "end", "--width", "12"],
    ] {
        let (code, text, err) = search(args, &umts);
        assert_eq!(code, 0, "{err}");
        assert_eq!(
            text.lines().next(),
            Some("// CRC-12/UMTS, big-endian, last 2 bytes, its low 12 bits"),
            "{text}"
        );
    }
    let (_, darc) = captures::capture_5("CRC-82/DARC", 11, Endian::Little, 0);
    let (code, text, _) = search(&["--crc-at", "auto", "--widths", "8..128"], &darc);
    println!("{text}");
    assert_eq!(code, 0);
    assert_eq!(
        text.lines().next(),
        Some("// CRC-82/DARC, little-endian, last 11 bytes, its low 82 bits"),
        "{text}"
    );
    for t in [1, 2] {
        let (_, modbus) = captures::capture_5("CRC-16/MODBUS", 2, Endian::Little, t);
        let (code, text, _) = search(&["--crc-at", "auto", "--skip", "auto"], &modbus);
        println!("{text}");
        assert_eq!(code, 0);
        assert_eq!(
            text.lines().next(),
            Some(format!("// CRC-16/MODBUS, little-endian, 2 bytes before the last {t}").as_str()),
            "{text}"
        );
    }
}

/// A crossed CRC-24 (refin, not refout) whose generator (x + 1) divides: two (init, xorout)
/// pairs give the same CRC on every message. The model's line says so and names the other
/// pair; with init all ones, that one is printed first, not the smaller equivalent.
#[test]
fn equivalent_inits_are_named_on_the_models_line() {
    let model = |init: u128, xorout: u128| {
        crc_gen::ModelSpec::new(24, 0x00065b)
            .init(init)
            .xorout(xorout)
            .refin(true)
            .refout(false)
            .build()
            .unwrap()
    };
    let frames_of = |init: u128, xorout: u128| {
        let m = model(init, xorout);
        let mut rng = common::Rng(0x5606);
        let frames: Vec<Vec<u8>> = [11, 17, 12, 25, 14, 30, 19, 9]
            .iter()
            .map(|&n| captures::frame_end(&m, &mut rng, n, 0, 0, crc_gen::search::Endian::Big))
            .collect();
        (m, frames)
    };
    let attribute = |init: u128, xorout: u128| {
        format!(
            "#[crc(width = 24, poly = 0x65b, init = {init:#x}, refin = true, refout = false, \
             xorout = {xorout:#x})]"
        )
    };
    // The capture the issue reported: the printed pair is the smaller, the capture's is named.
    let (m, frames) = frames_of(0xff50bd, 0xff5e9f);
    let (code, text, _) = search(&["--crc-at", "auto"], &frames);
    assert_eq!(code, 0, "{text}");
    let line = text
        .lines()
        .find(|l| l.starts_with("#[crc(width = 24, poly = 0x65b,"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        line.contains("// init and xorout are one of 2 equivalent pairs, the same CRC for every message: also init = 0xff50bd, xorout = 0xff5e9f"),
        "{line}"
    );
    assert!(!line.starts_with(&attribute(0xff50bd, 0xff5e9f)), "{line}");
    // The printed pair is the same CRC as the capture's, on lengths the capture has not.
    // The hex value after `key = 0x` on the line, up to `end`.
    let field = |key: &str, end: char| {
        let after = line.split(&format!("{key} = 0x")).nth(1).unwrap();
        u128::from_str_radix(after.split(end).next().unwrap(), 16).unwrap()
    };
    let (init, xorout) = (field("init", ','), field("xorout", ')'));
    let printed = model(init, xorout);
    for n in 0..200 {
        let data: Vec<u8> = (0..n).map(|i| (i * 7 + n) as u8).collect();
        assert_eq!(printed.crc(&data), m.crc(&data), "{n} bytes");
    }
    // All ones among the pairs: printed first.
    let (_, frames) = frames_of(0xffffff, 0);
    let (code, text, _) = search(&["--crc-at", "auto"], &frames);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains(&attribute(0xffffff, 0)), "{text}");
    assert!(text.contains("one of 2 equivalent pairs"), "{text}");
}
