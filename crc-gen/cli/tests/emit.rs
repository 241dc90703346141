//! `crc-gen emit`: snapshots of the headline algorithms' code, and `generated/` kept equal
//! to a fresh emit.

use std::path::PathBuf;

use assert_cmd::Command;
use crc_gen::catalogue::HEADLINE;

fn crc_gen() -> Command {
    Command::cargo_bin("crc-gen").unwrap()
}

/// The workspace's committed `generated/` directory.
fn generated_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../generated")
}

/// `CRC-32/ISO-HDLC` → `crc_32_iso_hdlc`, for snapshot names.
fn slug(name: &str) -> String {
    name.to_ascii_lowercase()
        .replace(|c: char| !c.is_ascii_alphanumeric(), "_")
}

#[test]
fn code_snapshots() {
    for name in HEADLINE {
        let out = crc_gen().args(["emit", name]).assert().success();
        let code = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        insta::assert_snapshot!(format!("code_{}", slug(name)), code);
    }
}

#[test]
fn generated_dir_equals_a_fresh_emit() {
    let dir = generated_dir();
    crc_gen()
        .args(["emit", "--headline", "--check", "-o"])
        .arg(&dir)
        .assert()
        .success();
}

#[test]
fn check_fails_on_a_modified_or_missing_file() {
    let tmp = tempfile::tempdir().unwrap();
    let emit = |check: bool| {
        let mut cmd = crc_gen();
        cmd.args(["emit", "--headline", "-o"]).arg(tmp.path());
        if check {
            cmd.arg("--check");
        }
        cmd.assert()
    };
    emit(false).success();
    emit(true).success();

    let files: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), HEADLINE.len());

    let victim = &files[0];
    let mut text = std::fs::read_to_string(victim).unwrap();
    text.push_str("// edited by hand\n");
    std::fs::write(victim, text).unwrap();
    let out = emit(true).code(1);
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    let file_name = victim.file_name().unwrap().to_str().unwrap();
    assert!(stderr.contains(file_name), "{stderr}");

    emit(false).success();
    std::fs::remove_file(&files[1]).unwrap();
    emit(true).code(1);
}

#[test]
fn emit_to_stdout_concatenates_models() {
    let one = |name: &str| {
        crc_gen()
            .args(["emit", name])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone()
    };
    let both = crc_gen()
        .args(["emit", "CRC-32/ISCSI", "CRC-64/XZ"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    assert_eq!(both, [one("CRC-32/ISCSI"), one("CRC-64/XZ")].concat());
}
