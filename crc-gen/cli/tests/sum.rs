//! `crc-gen sum`: files and stdin against the library (DynCrc and crc-gen's bitwise reference),
//! `--check`, the threaded path at every chunk boundary, bad inputs, JSON, closed stdout.

use std::fs;
use std::path::Path;

use assert_cmd::Command;
use crc_gen::{catalogue, Model, ModelSpec};
use crcstamp::{Backend, DynCrc};
use serde_json::Value;

fn crc_gen() -> Command {
    Command::cargo_bin("crc-gen").unwrap()
}

/// Deterministic test bytes.
fn data(len: usize, seed: u64) -> Vec<u8> {
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

/// The line `sum` should print, from the library's bitwise kernel.
fn expected_line(model: &Model, bytes: &[u8], name: &str) -> String {
    let crc = DynCrc::from_model(model)
        .checksum_with(Backend::Bitwise, bytes)
        .unwrap();
    let digits = model.width().div_ceil(4) as usize;
    format!("{crc:0digits$x}  {}  {name}\n", bytes.len())
}

fn stdout_of(cmd: &mut Command) -> String {
    let out = cmd.assert().success().get_output().stdout.clone();
    String::from_utf8(out).unwrap()
}

/// Runs `sum` and returns (exit code, stdout, stderr).
fn run(args: &[&str], dir: &Path) -> (i32, String, String) {
    let out = crc_gen()
        .current_dir(dir)
        .arg("sum")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn files_and_stdin_match_the_library_for_several_models() {
    let dir = tempfile::tempdir().unwrap();
    let files: Vec<(String, Vec<u8>)> = [0, 1, 9, 63, 64, 255, 4096, 100_003]
        .iter()
        .enumerate()
        .map(|(i, &len)| (format!("f{i}.bin"), data(len, i as u64)))
        .collect();
    for (name, bytes) in &files {
        fs::write(dir.path().join(name), bytes).unwrap();
    }
    let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    for alg in [
        "CRC-32/ISO-HDLC",
        "CRC-32/ISCSI",
        "CRC-64/NVME",
        "CRC-16/ARC",
        "CRC-12/UMTS",
        "CRC-82/DARC",
    ] {
        let model = &catalogue::lookup(alg).unwrap().model;
        let want: String = files
            .iter()
            .map(|(n, b)| expected_line(model, b, n))
            .collect();
        let got = stdout_of(
            crc_gen()
                .current_dir(dir.path())
                .args(["sum", "-a", alg])
                .args(&names),
        );
        assert_eq!(got, want, "{alg}");
        // crc-gen's own bitwise reference agrees too.
        let (name, bytes) = &files[6];
        let line = stdout_of(
            crc_gen()
                .current_dir(dir.path())
                .args(["sum", "-a", alg, name]),
        );
        let crc = u128::from_str_radix(line.split("  ").next().unwrap(), 16).unwrap();
        assert_eq!(crc, model.crc(bytes), "{alg}");

        let (_, bytes) = &files[7];
        let want = expected_line(model, bytes, "-");
        let got = stdout_of(
            crc_gen()
                .args(["sum", "-a", alg])
                .write_stdin(bytes.clone()),
        );
        assert_eq!(got, want, "{alg} from stdin");
        let got = stdout_of(
            crc_gen()
                .args(["sum", "-a", alg, "-"])
                .write_stdin(bytes.clone()),
        );
        assert_eq!(got, want, "{alg} from stdin as -");
    }
}

#[test]
fn default_algorithm_is_crc32_and_a_custom_model_by_flags() {
    let got = stdout_of(crc_gen().arg("sum").write_stdin("123456789"));
    assert_eq!(got, "cbf43926  9  -\n");

    let bytes = data(5000, 7);
    let spec = ModelSpec::new(24, 0x864cfb).init(0xb704ce);
    let model = spec.build().unwrap();
    let got = stdout_of(
        crc_gen()
            .args([
                "sum", "--width", "24", "--poly", "0x864cfb", "--init", "0xb704ce",
            ])
            .write_stdin(bytes.clone()),
    );
    assert_eq!(got, expected_line(&model, &bytes, "-"));

    // A model line through -a, crossed reflection, odd width.
    let model = ModelSpec::new(5, 0x15)
        .init(0x1f)
        .refin(true)
        .refout(false)
        .xorout(3)
        .build()
        .unwrap();
    let got = stdout_of(
        crc_gen()
            .args([
                "sum",
                "-a",
                "width=5 poly=0x15 init=0x1f refin=true refout=false xorout=0x3",
            ])
            .write_stdin(bytes.clone()),
    );
    assert_eq!(got, expected_line(&model, &bytes, "-"));
}

/// `sum --help` names the algorithm used when none is given.
#[test]
fn help_names_the_default_algorithm() {
    let help = stdout_of(crc_gen().args(["sum", "--help"]));
    let line = help
        .lines()
        .find(|l| l.contains("--algorithm"))
        .unwrap_or_else(|| panic!("{help}"));
    let next = help.lines().skip_while(|l| *l != line).nth(1).unwrap_or("");
    assert!(
        format!("{line} {next}").contains("[default: CRC-32/ISO-HDLC]"),
        "{help}"
    );
    // And that is the algorithm `sum` runs without one.
    let got = stdout_of(crc_gen().arg("sum").write_stdin("123456789"));
    let want = catalogue::lookup("CRC-32/ISO-HDLC").unwrap().model.check();
    assert_eq!(got, format!("{want:08x}  9  -\n"));
}

#[test]
fn threaded_path_equals_single_threaded_at_every_chunk_boundary() {
    let dir = tempfile::tempdir().unwrap();
    let chunk = 4096usize;
    let mut sizes = vec![0, 1];
    for k in 1..=4 {
        sizes.extend([k * chunk - 1, k * chunk, k * chunk + 1]);
    }
    sizes.push(7 * chunk + 123);
    let names: Vec<String> = sizes.iter().map(|s| format!("s{s}")).collect();
    for (name, &size) in names.iter().zip(&sizes) {
        fs::write(dir.path().join(name), data(size, size as u64)).unwrap();
    }
    for alg in [
        "CRC-32/ISCSI",
        "CRC-64/NVME",
        "CRC-16/T10-DIF",
        "CRC-82/DARC",
    ] {
        let model = &catalogue::lookup(alg).unwrap().model;
        let want: String = names
            .iter()
            .zip(&sizes)
            .map(|(n, &s)| expected_line(model, &data(s, s as u64), n))
            .collect();
        // Reads smaller than, equal to, unaligned with and larger than a chunk.
        for read_size in ["1000", "4096", "5000", "262144"] {
            for jobs in ["1", "2", "3", "8"] {
                let got = stdout_of(
                    crc_gen()
                        .current_dir(dir.path())
                        .args(["sum", "-a", alg, "--jobs", jobs, "--read-size", read_size])
                        .args(["--chunk-size", &chunk.to_string()])
                        .args(&names),
                );
                assert_eq!(got, want, "{alg} --jobs {jobs} --read-size {read_size}");
            }
        }
    }
}

/// `--jobs 65535 --chunk-size 1` asks for a thread per byte: the threads are capped (at
/// most 256, a few per core) and the chunks too, so the run ends with the right CRC instead
/// of aborting when the threads' stacks exhaust the process's memory maps.
#[test]
fn jobs_far_beyond_the_cores_are_capped_not_fatal() {
    let dir = tempfile::tempdir().unwrap();
    let bytes = data(3_000_000, 45);
    fs::write(dir.path().join("r"), &bytes).unwrap();
    let model = &catalogue::lookup("CRC-32/ISCSI").unwrap().model;
    let want = expected_line(model, &bytes, "r");
    for _ in 0..3 {
        let (code, out, err) = run(
            &[
                "-a",
                "CRC-32/ISCSI",
                "--jobs",
                "65535",
                "--chunk-size",
                "1",
                "r",
            ],
            dir.path(),
        );
        assert_eq!((code, err.as_str()), (0, ""));
        assert_eq!(out, want);
    }
}

/// How many bytes process `pid` has read so far (`rchar` in `/proc/PID/io`), if known.
#[cfg(target_os = "linux")]
fn bytes_read(pid: u32) -> Option<u64> {
    let io = fs::read_to_string(format!("/proc/{pid}/io")).ok()?;
    io.lines()
        .find_map(|l| l.strip_prefix("rchar: "))
        .and_then(|n| n.trim().parse().ok())
}

/// A file truncated while `sum` reads it (logrotate's copytruncate) is reported, not a
/// SIGBUS: `FILE: file shrank while being read`, exit status 1, the other files summed.
/// Another thread truncates the file once `sum` has read some of it, to a quarter or to
/// nothing, on one and on two jobs, over and over.
#[cfg(target_os = "linux")]
#[test]
fn a_file_truncated_while_summed_is_reported_and_the_rest_summed() {
    use std::process::Stdio;
    use std::time::{Duration, Instant};

    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    let other = data(70_000, 9);
    fs::write(p.join("other"), &other).unwrap();
    let model = &catalogue::lookup("CRC-32/ISO-HDLC").unwrap().model;
    let other_line = expected_line(model, &other, "other");
    // Sparse: no disk, and long enough to read that the truncation lands mid-file.
    let size = 1u64 << 30;
    for round in 0..6 {
        let (jobs, cut) = [("1", 0), ("2", size / 4), ("1", size / 4), ("2", 0)][round % 4];
        let big = p.join("big");
        fs::File::create(&big).unwrap().set_len(size).unwrap();
        let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("crc-gen"))
            .current_dir(p)
            .args(["sum", "--jobs", jobs, "other", "big", "other"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let pid = child.id();
        let truncater = std::thread::spawn(move || {
            // Once `sum` is past the small file and into the large one.
            let start = Instant::now();
            while bytes_read(pid).is_some_and(|n| n < (16 << 20))
                && start.elapsed() < Duration::from_secs(20)
            {
                std::thread::sleep(Duration::from_millis(1));
            }
            fs::OpenOptions::new()
                .write(true)
                .open(&big)
                .unwrap()
                .set_len(cut)
                .unwrap();
        });
        let out = child.wait_with_output().unwrap();
        truncater.join().unwrap();
        let (stdout, stderr) = (
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        );
        let what = format!("round {round}, --jobs {jobs}, cut to {cut}");
        assert_eq!(out.status.code(), Some(1), "{what}: {stderr}");
        assert_eq!(
            stderr, "crc-gen: big: file shrank while being read\n",
            "{what}"
        );
        assert_eq!(stdout, format!("{other_line}{other_line}"), "{what}");
    }
}

#[test]
fn check_passes_and_fails() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    fs::write(p.join("a.bin"), data(3000, 1)).unwrap();
    fs::write(p.join("b c.bin"), data(10, 2)).unwrap();
    fs::write(p.join("new\nline"), data(77, 3)).unwrap();
    let (code, list, _) = run(&["-a", "CRC-64/XZ", "a.bin", "b c.bin", "new\nline"], p);
    assert_eq!(code, 0);
    assert!(list.contains("  b c.bin\n"), "{list}");
    assert!(list.contains("\\"), "escaped name: {list}");
    fs::write(p.join("list"), &list).unwrap();

    let (code, out, err) = run(&["-a", "CRC-64/XZ", "-c", "list"], p);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(out, "a.bin: OK\nb c.bin: OK\n\\new\\nline: OK\n");

    // The list from stdin.
    let out = crc_gen()
        .current_dir(p)
        .args(["sum", "-a", "CRC-64/XZ", "-c", "-"])
        .write_stdin(list.clone())
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    assert_eq!(String::from_utf8(out).unwrap().lines().count(), 3);

    // One changed byte (same size): FAILED, exit 1, a warning on stderr.
    let mut changed = data(3000, 1);
    changed[1234] ^= 0x10;
    fs::write(p.join("a.bin"), &changed).unwrap();
    let (code, out, err) = run(&["-a", "CRC-64/XZ", "--check", "list"], p);
    assert_eq!(code, 1);
    assert_eq!(out, "a.bin: FAILED\nb c.bin: OK\n\\new\\nline: OK\n");
    assert_eq!(err, "crc-gen: WARNING: 1 computed checksum did NOT match\n");

    // A missing file and a malformed line.
    fs::write(p.join("a.bin"), data(3000, 1)).unwrap();
    fs::remove_file(p.join("b c.bin")).unwrap();
    fs::write(p.join("list2"), format!("{list}not a checksum line\n")).unwrap();
    let (code, out, err) = run(&["-a", "CRC-64/XZ", "-c", "list2", "--warn"], p);
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "a.bin: OK\nb c.bin: FAILED open or read\n\\new\\nline: OK\n"
    );
    assert!(
        err.contains("crc-gen: b c.bin: No such file or directory\n"),
        "{err}"
    );
    assert!(
        err.contains(
            "crc-gen: list2: 4: improperly formatted CRC-64/XZ checksum line \
             (malformed line, expected `<crc hex>  <bytes>  <name>` or `<crc hex>  <name>`)\n"
        ),
        "{err}"
    );
    assert!(err.contains("1 line is improperly formatted"), "{err}");
    assert!(err.contains("1 listed file could not be read"), "{err}");

    // The wrong algorithm: every line names the digit count.
    let (code, out, err) = run(&["-a", "CRC-32/ISCSI", "-c", "list"], p);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(
        err.contains(
            "has 16 hex digits, a 32-bit CRC has 8 (was the list made with another algorithm?)"
        ),
        "{err}"
    );
    assert!(
        err.contains("no properly formatted CRC-32/ISCSI checksum lines found"),
        "{err}"
    );

    // A missing list fails the check (exit 1, as `sha256sum -c`), not the command line.
    let (code, _, err) = run(&["-c", "nope"], p);
    assert_eq!(code, 1);
    assert_eq!(err, "crc-gen: nope: No such file or directory\n");
}

#[test]
fn unreadable_inputs_are_reported_and_the_rest_summed() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    fs::write(p.join("ok"), b"123456789").unwrap();
    fs::create_dir(p.join("dir")).unwrap();
    let (code, out, err) = run(&["missing", "ok", "dir"], p);
    assert_eq!(code, 1);
    assert_eq!(out, "cbf43926  9  ok\n");
    assert_eq!(
        err,
        "crc-gen: missing: No such file or directory\ncrc-gen: dir: Is a directory\n"
    );

    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let locked = p.join("locked");
        fs::write(&locked, b"x").unwrap();
        fs::set_permissions(&locked, fs::Permissions::from_mode(0o000)).unwrap();
        // Root reads it anyway; the message can only be checked for other users.
        if fs::File::open(&locked).is_err() {
            let (code, out, err) = run(&["locked", "ok"], p);
            assert_eq!(code, 1);
            assert_eq!(out, "cbf43926  9  ok\n");
            assert_eq!(err, "crc-gen: locked: Permission denied\n");
        }
    }
}

#[test]
fn bad_arguments_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        &["-a", "CRC-99/NOPE"][..],
        &["--width", "8", "--poly", "0x1ff"],
        &["--jobs", "0"],
        &["-a", "CRC-32", "--width", "8", "--poly", "7"],
        &["-c", "--hex", "31"],
        &["--status", "file"],
    ] {
        let (code, out, err) = run(args, dir.path());
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(out, "", "{args:?}");
        assert!(
            err.starts_with("crc-gen: ") || err.starts_with("error: "),
            "{err}"
        );
    }
}

#[test]
fn json_parses_and_carries_the_model() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("x"), data(999, 5)).unwrap();
    let (code, out, _) = run(
        &["-a", "crc-64/nvme", "--format", "json", "x", "missing"],
        dir.path(),
    );
    assert_eq!(code, 1);
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["model"]["name"], "CRC-64/NVME");
    assert_eq!(doc["model"]["width"], 64);
    let files = doc["files"].as_array().unwrap();
    assert_eq!(files.len(), 2);
    assert_eq!(files[0]["name"], "x");
    assert_eq!(files[0]["bytes"], 999);
    let want = crcstamp::catalog::Crc64Nvme::checksum(&data(999, 5));
    assert_eq!(files[0]["crc"], format!("0x{want:016x}"));
    assert_eq!(files[1]["error"], "No such file or directory");

    let list = format!(
        "{}  999  x\n{}  1  missing\n",
        &files[0]["crc"].as_str().unwrap()[2..],
        "0".repeat(16)
    );
    fs::write(dir.path().join("list"), list).unwrap();
    let (code, out, _) = run(
        &["-a", "crc-64/nvme", "--format", "json", "-c", "list"],
        dir.path(),
    );
    assert_eq!(code, 1);
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc[0]["name"], "x");
    assert_eq!(doc[0]["status"], "ok");
    assert_eq!(doc[1]["status"], "unreadable");
    assert_eq!(doc[1]["error"], "No such file or directory");
}

#[test]
fn large_input_in_a_pipe_has_no_progress_bar() {
    // Sparse: 300 MiB of zeros costs no disk. stderr is a pipe here, so no bar may appear.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big");
    let len = 300u64 << 20;
    fs::File::create(&path).unwrap().set_len(len).unwrap();
    let out = crc_gen()
        .current_dir(dir.path())
        .args(["sum", "-a", "CRC-32/ISCSI", "big"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stderr).unwrap(), "");
    let crc = DynCrc::from_catalog("CRC-32/ISCSI").unwrap();
    let mut d = crc.digest();
    let zeros = vec![0u8; 1 << 20];
    for _ in 0..300 {
        d.update(&zeros);
    }
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("{:08x}  {len}  big\n", d.finalize())
    );
}

#[test]
fn closed_stdout_ends_quietly() {
    // Many inputs, the reader takes none: no panic, nothing on stderr.
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("f"), b"x").unwrap();
    let script = format!(
        "{} sum {} | head -c 0",
        assert_cmd::cargo::cargo_bin("crc-gen").display(),
        vec!["f"; 20_000].join(" ")
    );
    let out = std::process::Command::new("sh")
        .current_dir(dir.path())
        .args(["-c", &script])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stderr).unwrap(), "");
}
