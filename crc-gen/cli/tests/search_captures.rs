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
