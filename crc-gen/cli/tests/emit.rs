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

/// Names that are not Rust identifiers become one by the documented rule, the same in
/// `show`, `sum` and `emit`: all three take them, and emit never panics.
#[test]
fn any_model_name_is_emitted_under_the_naming_rule() {
    for (name, ident) in [
        ("9lives", "Crc9lives"),
        ("", "Crc"),
        ("_", "Crc"),
        ("ü", "Crc"),
        ("---", "Crc"),
        ("$", "Crc"),
        ("self", "CrcSelf"),
        ("Self", "CrcSelf"),
    ] {
        let model = format!("width=8 poly=0x07 name=\"{name}\"");
        let out = crc_gen().args(["emit", &model]).assert().success();
        let code = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        assert!(
            code.contains(&format!("pub struct {ident} ")),
            "{name}: {code}"
        );
        crc_gen().args(["show", &model]).assert().success();
        crc_gen()
            .args(["sum", "-a", &model])
            .write_stdin("x")
            .assert()
            .success();
    }
}

/// Two models that map to one struct or file are refused, naming both, and nothing is
/// written; without `-o` too (one output cannot hold two `pub struct Crc`).
#[test]
fn colliding_names_are_refused_and_nothing_is_written() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("out");
    for with_dir in [true, false] {
        let mut cmd = crc_gen();
        cmd.args([
            "emit",
            "CRC-32/ISCSI",
            "width=8 poly=0x07",
            "width=8 poly=0x31",
        ]);
        if with_dir {
            cmd.arg("-o").arg(&dir);
        }
        let out = cmd.assert().code(2);
        let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains("`width=8 poly=0x07`") && stderr.contains("`width=8 poly=0x31`"),
            "{stderr}"
        );
        assert!(out.get_output().stdout.is_empty());
    }
    assert!(!dir.exists(), "nothing written");
    // The same model twice (a name and its alias) is one output, not a collision.
    crc_gen()
        .args(["emit", "CRC-32/ISCSI", "CRC-32C"])
        .assert()
        .success();
}

/// `-o` creates the directory; a file that cannot be written leaves none behind.
#[test]
fn output_directory_is_created_and_written_all_or_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("new/dir");
    crc_gen()
        .args(["emit", "CRC-32/ISCSI", "CRC-64/XZ", "-o"])
        .arg(&dir)
        .assert()
        .success();
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["crc32_iscsi.rs", "crc64_xz.rs"]);

    let other = tmp.path().join("other");
    std::fs::create_dir_all(other.join("crc64_xz.rs")).unwrap();
    let out = crc_gen()
        .args(["emit", "CRC-32/ISCSI", "CRC-64/XZ", "-o"])
        .arg(&other)
        .assert()
        .code(2);
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(stderr.contains("crc64_xz.rs"), "{stderr}");
    let left: Vec<_> = std::fs::read_dir(&other).unwrap().collect();
    assert_eq!(left.len(), 1, "only the directory in the way");
}

/// `--check` tells a missing file from one that differs.
#[test]
fn check_says_missing_or_out_of_date() {
    let tmp = tempfile::tempdir().unwrap();
    let check = || {
        let out = crc_gen()
            .args(["emit", "CRC-32/ISCSI", "CRC-64/XZ", "--check", "-o"])
            .arg(tmp.path())
            .assert()
            .code(1);
        String::from_utf8(out.get_output().stderr.clone()).unwrap()
    };
    std::fs::write(tmp.path().join("crc64_xz.rs"), "old").unwrap();
    let stderr = check();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("missing: ") && stderr.contains("crc32_iscsi.rs"),
        "{stderr}"
    );
    assert!(
        stderr.contains("out of date: ") && stderr.contains("crc64_xz.rs"),
        "{stderr}"
    );
    let missing_part = stderr.split("out of date").next().unwrap();
    assert!(!missing_part.contains("crc64_xz"), "{stderr}");
}
