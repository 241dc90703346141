//! `crc-gen emit --standalone` and `--lang c` as a command: `--check` on vendored files,
//! a model named twice, `-o DIR` meaning one thing in both languages, `--prefix`'s rule,
//! and what every file carries (ASCII, the licence line). Compiling the output is
//! `standalone_rust.rs`' and `standalone_c.rs`' part.

use std::path::Path;

use assert_cmd::assert::Assert;
use assert_cmd::Command;

fn crc_gen() -> Command {
    Command::cargo_bin("crc-gen").unwrap()
}

/// The language flags and the files `CRC-32/ISCSI` makes, per language.
const LANGS: [(&[&str], &[&str]); 2] = [
    (&["--standalone"], &["crc32_iscsi.rs"]),
    (&["--lang", "c"], &["crc32_iscsi.h", "crc32_iscsi.c"]),
];

/// `emit FLAGS MODELS -o dir`, plus `--check` when asked.
fn emit(flags: &[&str], models: &[&str], dir: &Path, check: bool) -> Assert {
    let mut cmd = crc_gen();
    cmd.arg("emit").args(flags).args(models).arg("-o").arg(dir);
    if check {
        cmd.arg("--check");
    }
    cmd.assert()
}

/// The one line on stderr of a run that exited with `code`.
fn one_line(out: Assert, code: i32) -> String {
    let out = out.code(code);
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    stderr
}

/// Every name in `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

/// `--check` compares vendored files without writing: exit 0 when equal, else exit 1 and
/// one line naming each stale file, which is left as it was.
#[test]
fn check_finds_stale_vendored_files_in_both_languages() {
    for (flags, names) in LANGS {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        let model = ["CRC-32/ISCSI"];
        emit(flags, &model, dir, false).success();
        emit(flags, &model, dir, true).success().stderr("");

        let edited = dir.join(names[names.len() - 1]);
        std::fs::write(&edited, "/* edited by hand */\n").unwrap();
        let err = one_line(emit(flags, &model, dir, true), 1);
        assert_eq!(
            err,
            format!(
                "crc-gen: out of date: {} (rerun without --check to write them)\n",
                edited.display()
            )
        );
        assert_eq!(
            std::fs::read_to_string(&edited).unwrap(),
            "/* edited by hand */\n",
            "--check writes nothing"
        );

        std::fs::remove_file(dir.join(names[0])).unwrap();
        let err = one_line(emit(flags, &model, dir, true), 1);
        assert!(
            err.contains(&format!("missing: {}", dir.join(names[0]).display())),
            "{err}"
        );
        assert!(!dir.join(names[0]).exists(), "--check writes nothing");
    }
}

/// A name and its alias are one model: emitted once, as stamped `emit` does.
#[test]
fn a_model_named_twice_is_emitted_once() {
    let once = crc_gen()
        .args(["emit", "--standalone", "CRC-32/ISCSI"])
        .assert()
        .success();
    crc_gen()
        .args(["emit", "--standalone", "CRC-32/ISCSI", "CRC-32C"])
        .assert()
        .success()
        .stdout(once.get_output().stdout.clone());
    for (flags, names) in LANGS {
        let tmp = tempfile::tempdir().unwrap();
        emit(flags, &["CRC-32/ISCSI", "CRC-32C"], tmp.path(), false).success();
        let mut want: Vec<_> = names.to_vec();
        want.sort();
        assert_eq!(listing(tmp.path()), want);
    }
    // One model, so its files may be named.
    let tmp = tempfile::tempdir().unwrap();
    let flags = ["--lang", "c", "--prefix", "crc32c"];
    emit(&flags, &["CRC-32/ISCSI", "CRC-32C"], tmp.path(), false).success();
    assert_eq!(listing(tmp.path()), ["crc32c.c", "crc32c.h"]);
}

/// `-o` names a directory in every mode: created if missing, and an existing file there is
/// refused with one line, left as it was, with nothing written beside it.
#[test]
fn output_is_a_directory_in_both_languages() {
    for (flags, names) in LANGS {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("new/vendor");
        emit(flags, &["CRC-32/ISCSI"], &dir, false).success();
        let mut want: Vec<_> = names.to_vec();
        want.sort();
        assert_eq!(listing(&dir), want);

        let afile = tmp.path().join("afile");
        std::fs::write(&afile, "mine").unwrap();
        for check in [false, true] {
            let err = one_line(emit(flags, &["CRC-32/ISCSI"], &afile, check), 2);
            assert_eq!(
                err,
                format!(
                    "crc-gen: -o {}: not a directory (-o names the directory the files go in)\n",
                    afile.display()
                )
            );
        }
        assert_eq!(std::fs::read_to_string(&afile).unwrap(), "mine");
        assert_eq!(listing(tmp.path()), ["afile", "new"]);
    }
    // --prefix names the Rust file as it names the C files.
    let tmp = tempfile::tempdir().unwrap();
    let flags = ["--standalone", "--prefix", "crc32c"];
    emit(&flags, &["CRC-32/ISCSI"], tmp.path(), false).success();
    assert_eq!(listing(tmp.path()), ["crc32c.rs"]);
}

/// Names follow the rule of `crc_gen::standalone::default_prefix` in both languages: never
/// a Rust keyword, nor a name C reserves; names that meet are refused, naming both.
#[test]
fn names_follow_the_rule_and_collisions_are_refused() {
    for (name, prefix) in [
        ("ü", "crc"),
        ("_", "crc"),
        ("__", "crc"),
        ("self", "crc_self"),
        ("fn", "crc_fn"),
        ("9x", "crc_9x"),
        ("__A__b", "a_b"),
        ("CRC-16/IBM-3740", "crc16_ibm_3740"),
    ] {
        let model = format!("width=8 poly=0x07 name=\"{name}\"");
        for (flags, names) in LANGS {
            let tmp = tempfile::tempdir().unwrap();
            emit(flags, &[&model], tmp.path(), false).success();
            let ext: Vec<_> = names
                .iter()
                .map(|n| n.rsplit('.').next().unwrap())
                .collect();
            let mut want: Vec<_> = ext.iter().map(|e| format!("{prefix}.{e}")).collect();
            want.sort();
            assert_eq!(listing(tmp.path()), want, "{name:?} {flags:?}");
        }
    }
    let tmp = tempfile::tempdir().unwrap();
    let (a, b) = (
        "width=8 poly=0x07 name=\"ü\"",
        "width=8 poly=0x31 name=\"$\"",
    );
    for (flags, _) in LANGS {
        let err = one_line(emit(flags, &[a, b], tmp.path(), false), 2);
        assert!(err.contains(&format!("`{a}` and `{b}`")), "{err}");
    }
    assert!(listing(tmp.path()).is_empty(), "nothing written");
}

/// `--prefix` is held to the same rule: each bad one is one line, exit 2, nothing written.
#[test]
fn a_prefix_c_reserves_or_rust_cannot_name_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    for (prefix, why) in [
        ("_X", "must start with an ASCII letter"),
        ("9x", "must start with an ASCII letter"),
        ("a__b", "may not hold __"),
        ("a_", "may not hold __ or end in _"),
        ("a-b", "only ASCII letters, digits and _"),
        ("self", "is a Rust keyword"),
    ] {
        for (flags, _) in LANGS {
            let flags = [flags, &["--prefix", prefix]].concat();
            let err = one_line(emit(&flags, &["CRC-32/ISCSI"], tmp.path(), false), 2);
            assert!(
                err.contains(&format!("prefix {prefix:?}")) && err.contains(why),
                "{err}"
            );
        }
    }
    assert!(listing(tmp.path()).is_empty(), "nothing written");
}

/// Every file is ASCII (a non-ASCII name is written escaped) and starts with the licence
/// line that lets it be used without restriction.
#[test]
fn files_are_ascii_and_carry_the_licence() {
    let tmp = tempfile::tempdir().unwrap();
    let odd = "width=16 poly=0x1021 name=\"ü·−⊕ */ x\ny\"";
    let models = [
        "CRC-32/ISCSI",
        "CRC-64/XZ",
        "CRC-5/USB",
        "CRC-16/XMODEM",
        odd,
    ];
    let simd = ["--lang", "c", "--simd"];
    for flags in [&["--standalone"][..], &["--lang", "c"], &simd] {
        let dir = tmp.path().join(flags.join(""));
        emit(flags, &models, &dir, false).success();
        for name in listing(&dir) {
            let text = std::fs::read_to_string(dir.join(&name)).unwrap();
            let bad: Vec<char> = text.chars().filter(|c| !c.is_ascii()).collect();
            assert!(bad.is_empty(), "{name}: {bad:?}");
            let first = text.lines().next().unwrap();
            let spdx = "SPDX-License-Identifier: 0BSD";
            assert!(
                first == format!("// {spdx}") || first == format!("/* {spdx} */"),
                "{name}: {first}"
            );
            assert!(text.contains("without restriction"), "{name}");
            if name.starts_with("crc.") {
                assert!(
                    text.contains("\\u{fc}*-+ * / x\\ny"),
                    "{name}: the name escaped"
                );
            }
        }
    }
}
