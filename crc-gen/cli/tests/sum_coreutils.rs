//! `crc-gen sum` with the habits of coreutils' `cksum` and `sha256sum`: `--tag`, `-z`, the
//! check flags, `--format cksum` against the system's `cksum`, `--hex` and `--string`.

use std::path::Path;
use std::process::Command as Std;

use assert_cmd::Command;

/// Runs `crc-gen sum args` in `dir`: (exit code, stdout bytes, stderr).
fn sum(args: &[&str], dir: &Path, stdin: &[u8]) -> (i32, Vec<u8>, String) {
    let out = Command::cargo_bin("crc-gen")
        .unwrap()
        .current_dir(dir)
        .arg("sum")
        .args(args)
        .write_stdin(stdin.to_vec())
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    (out.status.code().unwrap(), out.stdout, err)
}

fn files(dir: &Path) {
    std::fs::write(dir.join("a"), b"123456789").unwrap();
    std::fs::write(dir.join("empty"), b"").unwrap();
    let big: Vec<u8> = (0..70_000u32).map(|i| (i % 251) as u8).collect();
    std::fs::write(dir.join("big"), big).unwrap();
}

/// `--format cksum -a CRC-32/CKSUM` prints what POSIX `cksum` prints, for files (an empty
/// one included) and for standard input; another algorithm is refused with one line.
#[test]
fn cksum_format_equals_the_system_cksum() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    files(p);
    let Ok(system) = Std::new("cksum")
        .current_dir(p)
        .args(["a", "empty", "big"])
        .output()
    else {
        eprintln!("skipped: no cksum on this system");
        return;
    };
    let args = ["--format", "cksum", "-a", "CRC-32/CKSUM"];
    let (code, out, _) = sum(&[&args[..], &["a", "empty", "big"]].concat(), p, b"");
    assert_eq!(code, 0);
    assert_eq!(
        String::from_utf8(out).unwrap(),
        String::from_utf8(system.stdout).unwrap()
    );
    let mut piped = Std::new("cksum")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    piped.stdin.take().unwrap().write_all(b"hello\n").unwrap();
    let system = piped.wait_with_output().unwrap().stdout;
    let (_, out, _) = sum(&args, p, b"hello\n");
    assert_eq!(out, system);
    assert_eq!(out, b"3015617425 6\n");

    let (code, out, err) = sum(&["--format", "cksum", "a"], p, b"");
    assert_eq!((code, out.len()), (2, 0));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("CRC-32/CKSUM only"), "{err}");
}

/// `--hex` and `--string` sum bytes from the command line (pycrc's --check-hexstring).
#[test]
fn direct_input() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out, _) = sum(&["--string", "123456789"], dir.path(), b"");
    assert_eq!((code, out), (0, b"cbf43926  9\n".to_vec()));
    let (_, out, _) = sum(
        &["--hex", "313233343536373839", "-a", "CRC-32/ISCSI"],
        dir.path(),
        b"",
    );
    assert_eq!(out, b"e3069283  9\n");
    let (code, out, err) = sum(&["--hex", "31g"], dir.path(), b"");
    assert_eq!((code, out.len()), (2, 0));
    assert!(err.contains("not hex bytes"), "{err}");
}

/// `--tag` writes BSD lines, `-z` NUL-terminated unescaped ones; `-c` reads GNU
/// (`sha256sum`-style two-field) and BSD lines alike.
#[test]
fn tag_zero_and_gnu_lines() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    files(p);
    let (_, out, _) = sum(&["--tag", "-a", "CRC-32/ISCSI", "a"], p, b"");
    assert_eq!(out, b"CRC-32/ISCSI (a) = e3069283\n");
    let (_, out, _) = sum(&["-z", "a", "empty"], p, b"");
    assert_eq!(out, b"cbf43926  9  a\x0000000000  0  empty\x00");
    std::fs::write(p.join("gnu"), "cbf43926  a\n00000000 *empty\n# a comment\n").unwrap();
    let (code, out, _) = sum(&["-c", "gnu"], p, b"");
    assert_eq!((code, out), (0, b"a: OK\nempty: OK\n".to_vec()));
}

/// `--status`, `--quiet`, `--warn`, `--strict` and `--ignore-missing` as in coreutils.
#[test]
fn check_flags() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    files(p);
    std::fs::write(
        p.join("list"),
        "cbf43926  9  a\nnot a line\n00000000  0  empty\n",
    )
    .unwrap();
    // A malformed line warns but does not fail, unless --strict.
    let (code, out, err) = sum(&["-c", "list"], p, b"");
    assert_eq!((code, out), (0, b"a: OK\nempty: OK\n".to_vec()));
    assert_eq!(err, "crc-gen: WARNING: 1 line is improperly formatted\n");
    let (code, _, _) = sum(&["-c", "list", "--strict"], p, b"");
    assert_eq!(code, 1);
    let (_, _, err) = sum(&["-c", "list", "--warn"], p, b"");
    assert!(
        err.starts_with("crc-gen: list: 2: improperly formatted checksum line ("),
        "{err}"
    );
    let (code, out, _) = sum(&["-c", "list", "--quiet"], p, b"");
    assert_eq!((code, out.len()), (0, 0));
    // A mismatch: FAILED even with --quiet; nothing at all with --status.
    std::fs::write(p.join("bad"), "cbf43927  9  a\n").unwrap();
    let (code, out, _) = sum(&["-c", "bad", "--quiet"], p, b"");
    assert_eq!((code, out), (1, b"a: FAILED\n".to_vec()));
    let (code, out, err) = sum(&["-c", "bad", "--status"], p, b"");
    assert_eq!((code, out.len(), err.as_str()), (1, 0, ""));
    // --ignore-missing skips missing files, but a list verifying nothing fails.
    std::fs::write(p.join("miss"), "cbf43926  9  a\n00000000  0  gone\n").unwrap();
    let (code, out, _) = sum(&["-c", "miss", "--ignore-missing"], p, b"");
    assert_eq!((code, out), (0, b"a: OK\n".to_vec()));
    let (code, _, _) = sum(&["-c", "miss"], p, b"");
    assert_eq!(code, 1);
    let (code, _, err) = sum(&["-c", "-", "--ignore-missing"], p, b"00000000  0  gone\n");
    assert_eq!(code, 1);
    assert!(
        err.contains("standard input: no file was verified"),
        "{err}"
    );
    // The check flags need -c.
    let (code, _, _) = sum(&["--status", "a"], p, b"");
    assert_eq!(code, 2);
}

/// Runs a `bash` command line in `dir` with `$SUM` set to `sum_cmd`: (exit code, stdout,
/// stderr).
fn shell(dir: &Path, sum_cmd: &str, line: &str) -> (i32, String, String) {
    let out = Std::new("bash")
        .current_dir(dir)
        .env("SUM", sum_cmd)
        .args(["-c", line])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Whether `tool` runs here; under CI it must.
fn have(tool: &str) -> bool {
    let found = Std::new(tool).arg("--version").output().is_ok();
    assert!(
        found || std::env::var_os("CI").is_none(),
        "{tool} is missing"
    );
    found
}

/// The idioms scripts use with `sha256sum` and `cksum`, run the same way with `crc-gen sum`:
/// the exit statuses agree, and crc-gen's verdict lines are coreutils'. Each tool checks the
/// lists it wrote itself; `$SUM` is the tool with its algorithm.
#[test]
fn check_idioms_exit_as_coreutils_does() {
    if !have("sha256sum") || !have("cksum") {
        return;
    }
    let crc_gen = assert_cmd::cargo::cargo_bin("crc-gen");
    let crc_gen = format!("{} sum -a CRC-32/ISCSI", crc_gen.display());
    let tools = [("crc-gen", crc_gen.as_str()), ("sha256sum", "sha256sum")];
    // (what the idiom is, the command line after the lists are made).
    let idioms = [
        ("-c --status on a good list", "$SUM -c --status good"),
        ("-c --status on a bad list", "$SUM -c --status bad"),
        ("-c LIST1 LIST2", "$SUM -c good tagged"),
        ("-c LIST1 LIST2, one failing", "$SUM -c good bad"),
        ("-c LIST1 MISSING", "$SUM -c good nonexist"),
        ("-c < LIST", "$SUM -c < good"),
        ("-c - < LIST", "$SUM -c - < good"),
        ("--ignore-missing", "$SUM -c --ignore-missing withgone"),
        (
            "--ignore-missing, nothing verified",
            "$SUM -c --ignore-missing gone",
        ),
        ("-c on a missing file's line", "$SUM -c withgone"),
        ("-c on a directory", "$SUM -c sub"),
        ("-c on a list of comments", "$SUM -c comments"),
        ("-c <&-", "$SUM -c <&-"),
        ("<&-", "$SUM <&-"),
        ("a write to /dev/full", "$SUM a > /dev/full"),
    ];
    let mut codes = Vec::new();
    for (tool, cmd) in tools {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path();
        files(p);
        std::fs::create_dir(p.join("sub")).unwrap();
        std::fs::write(p.join("comments"), "# nothing but a comment\n").unwrap();
        std::fs::write(p.join("x"), "soon gone").unwrap();
        let setup = "$SUM a empty > good && $SUM --tag a big > tagged && \
            $SUM x a > withgone && $SUM x > gone && rm x && \
            $SUM big > bad && printf x >> big";
        let (code, _, err) = shell(p, cmd, setup);
        assert_eq!(code, 0, "{tool}: {err}");
        let got: Vec<i32> = idioms.iter().map(|(_, l)| shell(p, cmd, l).0).collect();
        codes.push(got);
        if tool == "crc-gen" {
            let (_, out, _) = shell(p, cmd, "$SUM -c good tagged");
            assert_eq!(out, "a: OK\nempty: OK\na: OK\nbig: FAILED\n");
            let (_, out, err) = shell(p, cmd, "$SUM <&-");
            assert_eq!(
                (out.as_str(), err.as_str()),
                ("", "crc-gen: -: Bad file descriptor\n")
            );
            let (_, _, err) = shell(p, cmd, "$SUM a > /dev/full");
            assert_eq!(err, "crc-gen: write error: No space left on device\n");
            let (_, _, err) = shell(p, cmd, "$SUM -c comments");
            assert!(
                err.contains("(it holds only comments and blank lines)"),
                "{err}"
            );
        }
    }
    for (i, (idiom, _)) in idioms.iter().enumerate() {
        assert_eq!(
            codes[0][i], codes[1][i],
            "{idiom}: crc-gen and sha256sum differ"
        );
    }
    // The passing idioms pass: the comparison above is not only of failures.
    let passing: Vec<i32> = [0, 5, 6, 7].iter().map(|&i| codes[0][i]).collect();
    assert_eq!(passing, [0, 0, 0, 0]);
}

/// Lists written by hand or by other tools, run through `crc-gen sum -c` and `sha256sum -c`
/// alike: one space between the CRC and the name, the first untagged line setting the
/// form for all the lists, `--status` with nothing verified, a list naming only a
/// directory. Standard output and exit status agree, and standard error too (the tool's and
/// the algorithm's names aside) where coreutils quotes no name.
#[test]
fn hand_written_lists_read_as_sha256sum_reads_them() {
    if !have("sha256sum") {
        return;
    }
    let crc_gen = assert_cmd::cargo::cargo_bin("crc-gen");
    let crc_gen = format!("{} sum -a CRC-32/ISCSI", crc_gen.display());
    let tools = [("crc-gen", crc_gen.as_str()), ("sha256sum", "sha256sum")];
    // (the idiom, its command line, whether standard error is compared too).
    let idioms = [
        ("one space", "$SUM -c one", true),
        ("one space, then two", "$SUM -c onetwo", false),
        ("two spaces, then one", "$SUM -c -w twoone", true),
        ("one space, then a list with two", "$SUM -c one two", false),
        (
            "two spaces, then a list with one",
            "$SUM -c good one",
            false,
        ),
        (
            "--status, nothing verified",
            "$SUM -c --status --ignore-missing gone",
            true,
        ),
        (
            "--ignore-missing, only a directory",
            "$SUM -c --ignore-missing dir",
            true,
        ),
        (
            "--status, only a directory",
            "$SUM -c --status --ignore-missing dir",
            true,
        ),
        ("only a directory", "$SUM -c dir", true),
    ];
    let mut runs = Vec::new();
    for (tool, cmd) in tools {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path();
        files(p);
        std::fs::create_dir(p.join("sub")).unwrap();
        std::fs::write(p.join("x"), "soon gone").unwrap();
        // `$1" "$NF`: the CRC, one space, the name (crc-gen's lines hold a size between).
        let setup = "$SUM a | awk '{print $1\" \"$NF}' > one && \
            $SUM empty | awk '{print $1\"  \"$NF}' > two && cat one two > onetwo && \
            cat two one > twoone && $SUM a empty > good && $SUM x > gone && rm x && \
            $SUM a | awk '{print $1\"  sub\"}' > dir";
        let (code, _, err) = shell(p, cmd, setup);
        assert_eq!(code, 0, "{tool}: {err}");
        let got: Vec<_> = idioms
            .iter()
            .map(|(_, line, _)| {
                let (code, out, err) = shell(p, cmd, line);
                let err = err.replace(&format!("{tool}:"), "TOOL:");
                (
                    code,
                    out,
                    err.replace("SHA256 ", "").replace("CRC-32/ISCSI ", ""),
                )
            })
            .collect();
        runs.push(got);
    }
    // coreutils' words, without what crc-gen adds after them in parentheses.
    let words = |e: &str| -> Vec<String> {
        e.lines()
            .map(|l| l.split(" (").next().unwrap_or_default().to_owned())
            .collect()
    };
    for (i, (idiom, _, with_err)) in idioms.iter().enumerate() {
        let (ours, theirs) = (&runs[0][i], &runs[1][i]);
        assert_eq!(ours.0, theirs.0, "{idiom}: exit status");
        assert_eq!(ours.1, theirs.1, "{idiom}: standard output");
        if *with_err {
            assert_eq!(words(&ours.2), words(&theirs.2), "{idiom}: standard error");
        }
    }
    // Not only failures are compared: a one-space list passes, and both forms are read.
    assert_eq!((runs[0][0].0, runs[0][0].1.as_str()), (0, "a: OK\n"));
    assert_eq!(runs[0][1].1, "a: OK\n empty: FAILED open or read\n");
}

/// `-c` without `-a` takes each BSD line's algorithm from its tag, as `cksum -c` does: any
/// catalogue name or alias, in any case; lines of several algorithms in one list.
#[test]
fn check_reads_the_algorithm_from_bsd_tags() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    files(p);
    let tagged = |alg: &str, file: &str| {
        let (code, out, _) = sum(&["--tag", "-a", alg, file], p, b"");
        assert_eq!(code, 0);
        String::from_utf8(out).unwrap()
    };
    let own = tagged("CRC-32/ISCSI", "a") + &tagged("CRC-64/NVME", "big");
    std::fs::write(p.join("own.tag"), &own).unwrap();
    let (code, out, err) = sum(&["-c", "own.tag"], p, b"");
    assert_eq!(
        (code, out.as_slice(), err.as_str()),
        (0, &b"a: OK\nbig: OK\n"[..], "")
    );
    let aliases = own
        .replace("CRC-32/ISCSI", "crc32c")
        .replace("CRC-64/NVME", "crc-64/nvme");
    std::fs::write(p.join("alias.tag"), aliases).unwrap();
    let (code, out, _) = sum(&["-c", "alias.tag"], p, b"");
    assert_eq!((code, out.as_slice()), (0, &b"a: OK\nbig: OK\n"[..]));
    // With -a, a tag naming the same CRC by an alias is that algorithm; another is not.
    let (code, out, _) = sum(&["-c", "-a", "CRC-32C", "alias.tag"], p, b"");
    assert_eq!((code, out.as_slice()), (0, &b"a: OK\n"[..]));
    let (_, _, err) = sum(&["-c", "-w", "-a", "CRC-32C", "own.tag"], p, b"");
    assert!(
        err.contains("tagged `CRC-64/NVME`, not CRC-32/ISCSI"),
        "{err}"
    );
    // An unknown tag, and `CRC` (a nameless model's tag) without a model, are malformed.
    std::fs::write(
        p.join("unknown.tag"),
        "CRC-99/NOPE (a) = 00\nCRC (a) = e3069283\n",
    )
    .unwrap();
    let (code, _, err) = sum(&["-c", "-w", "unknown.tag"], p, b"");
    assert_eq!(code, 1);
    assert!(
        err.contains("`CRC-99/NOPE` is no catalogue algorithm"),
        "{err}"
    );
    assert!(err.contains("the tag `CRC` names no algorithm"), "{err}");
    // As cksum: a tagged list made by `cksum -a sha256` is read by `cksum -c` alone.
    if have("cksum") {
        let (code, _, _) = shell(p, "cksum", "$SUM -a sha256 a > s.tag && $SUM -c s.tag");
        assert_eq!(code, 0);
    }
}
