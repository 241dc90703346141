//! `crc-gen emit --lang c`: every catalogue algorithm up to 64 bits, compiled into one C
//! program per configuration with `-std=c99 -Wall -Wextra -Werror -pedantic` (gcc and
//! clang, slice 1 and 8, with and without `--simd`; aarch64 under qemu; gcc's address and
//! undefined-behaviour sanitizers), its check value, checksum, streaming and combine
//! compared with crcstamp on random inputs, and the fold on every length 0..=4096 at
//! misaligned starts; every file also compiles without a warning under clang's
//! `-Weverything` (less the [`EVERYTHING_BUT`] list, each with its reason) and gcc's
//! `-Wconversion -Wsign-conversion`. A compiler or qemu that is missing skips its run with
//! a note, and fails the test under CI (`CI=true`).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command as Process;

use assert_cmd::Command;
use crc_gen::catalogue::{self, Entry};
use crc_gen::standalone::default_prefix;
use crcstamp::DynCrc;

mod common;
use common::{random_bytes, random_cases};

/// The models C holds: widths up to 64.
fn models() -> Vec<&'static Entry> {
    catalogue::entries()
        .iter()
        .filter(|e| e.model.width() <= 64)
        .collect()
}

/// Models for the long sweep: both bit orders, crossed, odd widths, 64 bits with and
/// without G's x^0 term in reach.
const SWEEP: [&str; 12] = [
    "CRC-3/GSM",
    "CRC-5/USB",
    "CRC-8/SMBUS",
    "CRC-12/UMTS",
    "CRC-16/ARC",
    "CRC-16/IBM-3740",
    "CRC-24/OPENPGP",
    "CRC-31/PHILIPS",
    "CRC-32/ISCSI",
    "CRC-40/GSM",
    "CRC-64/GO-ISO",
    "CRC-64/WE",
];

/// Whether `tool` runs; if not, a note (or a failure under CI).
fn have(tool: &str) -> bool {
    if Process::new(tool).arg("--version").output().is_ok() {
        return true;
    }
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "{tool} is missing; CI installs it (.ci/run)"
    );
    eprintln!("note: {tool} not found; skipping its run");
    false
}

/// Emits every model into `dir` with `flags` and writes the driver, which includes them: `driver DATA CASES
/// FIRST..` prints, per model (all, or those named by index) and case `start len split`,
/// the checksum, the streamed CRC, the combined CRC and whether `checksum("123456789")`
/// equals `P_CHECK`.
fn emit(dir: &Path, flags: &[&str]) {
    let mut cmd = Command::cargo_bin("crc-gen").unwrap();
    cmd.args(["emit", "--lang", "c"])
        .args(flags)
        .arg("-o")
        .arg(dir);
    let mut driver = String::from("#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n");
    let mut table = String::new();
    for (i, e) in models().iter().enumerate() {
        cmd.arg(e.name());
        let p = default_prefix(&e.model);
        let up = p.to_ascii_uppercase();
        write!(
            driver,
            "#include \"{p}.c\"
static void run{i}(const unsigned char *d, size_t len, size_t split, unsigned long long *o)
{{
    o[0] = {p}_checksum(d, len);
    o[1] = {p}_finalize({p}_update({p}_update({p}_init(), d, split), d + split, len - split));
    o[2] = {p}_combine({p}_checksum(d, split), {p}_checksum(d + split, len - split), len - split);
    o[3] = {p}_checksum(\"123456789\", 9) == {up}_CHECK;
}}
"
        )
        .unwrap();
        writeln!(table, "    run{i},").unwrap();
    }
    cmd.assert().success();
    write!(
        driver,
        "typedef void (*run_fn)(const unsigned char *, size_t, size_t, unsigned long long *);
static const run_fn runs[] = {{
{table}}};
int main(int argc, char **argv)
{{
    static unsigned char data[8192];
    unsigned long long o[4];
    size_t start, len, split, i, n = sizeof runs / sizeof runs[0];
    FILE *f = fopen(argv[1], \"rb\");
    size_t got = fread(data, 1, sizeof data, f);
    fclose(f);
    for (i = 0; i < n; i++) {{
        int a;
        int pick = argc <= 3;
        for (a = 3; a < argc; a++) pick |= (size_t)atoi(argv[a]) == i;
        if (!pick) continue;
        f = fopen(argv[2], \"r\");
        while (fscanf(f, \"%zu %zu %zu\", &start, &len, &split) == 3) {{
            if (start + len > got) return 2;
            runs[i](data + start, len, split, o);
            printf(\"%llx %llx %llx %llx\\n\", o[0], o[1], o[2], o[3]);
        }}
        fclose(f);
    }}
    return 0;
}}
"
    )
    .unwrap();
    std::fs::write(dir.join("driver.c"), driver).unwrap();
}

/// Compiles the driver, which includes every model's source (one translation unit: the
/// generated names are all prefixed, and one compiler run is much faster than a hundred),
/// with `cc` and `extra` flags into `dir/name`.
fn compile(dir: &Path, cc: &[&str], extra: &[&str], name: &str) -> PathBuf {
    let sources = [dir.join("driver.c")];
    let exe = dir.join(name);
    let out = Process::new(cc[0])
        .args(&cc[1..])
        .args([
            "-std=c99",
            "-Wall",
            "-Wextra",
            "-Werror",
            "-pedantic",
            "-O1",
        ])
        .args(extra)
        .arg("-o")
        .arg(&exe)
        .args(&sources)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{cc:?} {extra:?}: {err}");
    exe
}

/// Cases as `start len split` lines.
fn case_file(dir: &Path, name: &str, cases: &[(usize, usize, usize)]) -> PathBuf {
    let path = dir.join(name);
    let text: String = cases
        .iter()
        .map(|(s, l, p)| format!("{s} {l} {p}\n"))
        .collect();
    std::fs::write(&path, text).unwrap();
    path
}

/// Runs `exe` (through `runner`, if any) on `cases` for `picked` models and compares every
/// line with crcstamp.
fn compare(
    runner: &[&str],
    exe: &Path,
    data: &[u8],
    cases: &[(usize, usize, usize)],
    picked: &[usize],
) {
    let dir = exe.parent().unwrap();
    let data_path = dir.join("data");
    std::fs::write(&data_path, data).unwrap();
    let cases_path = case_file(dir, "cases", cases);
    let mut cmd = match runner {
        [] => Process::new(exe),
        [first, rest @ ..] => {
            let mut c = Process::new(first);
            c.args(rest).arg(exe);
            c
        }
    };
    cmd.arg(&data_path).arg(&cases_path);
    cmd.args(picked.iter().map(|i| i.to_string()));
    let out = cmd.output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "{runner:?} {}: {stderr}",
        exe.display()
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    let mut lines = stdout.lines();
    let all = models();
    for &i in picked {
        let crc = DynCrc::from_model(&all[i].model);
        for &(s, l, p) in cases {
            let bytes = &data[s..s + l];
            let want = crc.checksum(bytes);
            let want = format!("{want:x} {want:x} {want:x} 1");
            let got = lines.next().expect("a line per case");
            assert_eq!(got, want, "{} {exe:?} case {:?}", all[i].name(), (s, l, p));
        }
    }
    assert_eq!(lines.next(), None);
}

/// Every length 0..=4096, each at one of the 16 starts, and every start for the lengths
/// around the fold's threshold and block boundaries.
fn sweep_cases() -> Vec<(usize, usize, usize)> {
    let mut cases: Vec<_> = (0..=4096).map(|n| ((n * 7) % 16, n, n / 2)).collect();
    for n in (0..=200).chain(4080..=4096) {
        for s in 0..16 {
            cases.push((s, n, (n * s) / 16));
        }
    }
    cases
}

fn indexes(names: &[&str]) -> Vec<usize> {
    let all = models();
    names
        .iter()
        .map(|n| all.iter().position(|e| e.name() == *n).expect(n))
        .collect()
}

#[test]
fn tables_compile_under_gcc_and_clang_and_match_crcstamp() {
    let data = random_bytes(8192, 0x5eed);
    let every: Vec<usize> = (0..models().len()).collect();
    for slice in ["1", "8"] {
        let tmp = tempfile::tempdir().unwrap();
        emit(tmp.path(), &["--slice", slice]);
        for cc in ["gcc", "clang"] {
            if have(cc) {
                let exe = compile(tmp.path(), &[cc], &[], cc);
                compare(&[], &exe, &data, &random_cases(50, 11), &every);
            }
        }
    }
}

#[test]
fn fold_matches_crcstamp_natively_under_sanitizers_and_on_aarch64() {
    let data = random_bytes(8192, 0xf01d);
    let every: Vec<usize> = (0..models().len()).collect();
    let sweep = indexes(&SWEEP);
    let tmp = tempfile::tempdir().unwrap();
    emit(tmp.path(), &["--slice", "8", "--simd"]);
    for cc in ["gcc", "clang"] {
        if have(cc) {
            let exe = compile(tmp.path(), &[cc], &[], cc);
            compare(&[], &exe, &data, &random_cases(50, 11), &every);
            compare(&[], &exe, &data, &sweep_cases(), &sweep);
        }
    }
    if have("gcc") {
        let san = [
            "-fsanitize=address,undefined",
            "-fno-sanitize-recover=all",
            "-g",
        ];
        let exe = compile(tmp.path(), &["gcc"], &san, "sanitized");
        compare(&[], &exe, &data, &random_cases(50, 11), &every);
        compare(&[], &exe, &data, &sweep_cases(), &sweep[..4]);
    }
    if have("aarch64-linux-gnu-gcc") && have("qemu-aarch64") {
        let exe = compile(
            tmp.path(),
            &["aarch64-linux-gnu-gcc"],
            &["-static"],
            "aarch64",
        );
        let qemu = ["qemu-aarch64", "-cpu", "max"];
        compare(&qemu, &exe, &data, &random_cases(50, 11), &every);
        compare(&qemu, &exe, &data, &sweep_cases(), &sweep);
    }
}

/// The warnings of clang's `-Weverything` that C99 code like the emitted files cannot
/// avoid, each with the reason; one a clang does not know yet is left out of its run.
const EVERYTHING_BUT: [(&str, &str); 1] = [(
    "-Wunsafe-buffer-usage",
    "clang 16 and later flag every pointer step and array index (`bytes[0]`, `bytes += 8`, \
     the table look-ups): C has no bounds-checked alternative to them",
)];

/// Whether `cc` knows the warning `flag` (clang warns of an unknown one, an error here).
fn knows_warning(cc: &str, flag: &str) -> bool {
    Process::new(cc)
        .args(["-Werror", flag, "-fsyntax-only", "-x", "c", "-"])
        .stdin(std::process::Stdio::null())
        .output()
        .is_ok_and(|out| out.status.success())
}

/// Every model C holds, and names C reserves or Rust cannot take (written under the naming
/// rule), as C with each slice and with `--simd`: no warning under clang's `-Weverything`
/// (less [`EVERYTHING_BUT`]) nor gcc's `-Wconversion -Wsign-conversion` (x86-64 and
/// aarch64), with `-Werror`.
#[test]
fn every_model_compiles_without_a_warning_under_weverything_and_wconversion() {
    let tmp = tempfile::tempdir().unwrap();
    let odd = [
        "width=8 poly=0x07 name=\"__\"",
        "width=16 poly=0x1021 name=\"_Hi\"",
        "width=5 poly=0x05 refin=true refout=true name=\"self\"",
    ];
    // One translation unit per configuration that includes every source (the names are all
    // prefixed): the system headers are then read once, not once per model.
    let mut units = Vec::new();
    for (sub, flags) in [("s1", &["--slice", "1"][..]), ("s8", &["--simd"])] {
        let dir = tmp.path().join(sub);
        Command::cargo_bin("crc-gen")
            .unwrap()
            .args(["emit", "--lang", "c"])
            .args(flags)
            .args(models().iter().map(|e| e.name()))
            .args(odd)
            .arg("-o")
            .arg(&dir)
            .assert()
            .success();
        let mut unit = String::new();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "c") {
                writeln!(unit, "#include {:?}", path.display().to_string()).unwrap();
            }
        }
        assert_eq!(unit.lines().count(), models().len() + odd.len());
        let path = tmp.path().join(format!("{sub}.c"));
        std::fs::write(&path, unit).unwrap();
        units.push(path);
    }
    let common = ["-std=c99", "-pedantic", "-Werror", "-fsyntax-only"];
    let mut runs: Vec<(&str, Vec<String>)> = Vec::new();
    if have("clang") {
        let mut flags = vec!["-Weverything".to_string()];
        for (warning, _why) in EVERYTHING_BUT {
            if knows_warning("clang", warning) {
                flags.push(warning.replacen("-W", "-Wno-", 1));
            }
        }
        runs.push(("clang", flags));
    }
    // gcc natively and for aarch64, whose `--simd` half is the other architecture's.
    for gcc in ["gcc", "aarch64-linux-gnu-gcc"] {
        if have(gcc) {
            let flags = ["-Wall", "-Wextra", "-Wconversion", "-Wsign-conversion"];
            runs.push((gcc, flags.iter().map(|f| f.to_string()).collect()));
        }
    }
    for (cc, flags) in &runs {
        for unit in &units {
            let out = Process::new(cc)
                .args(common)
                .args(flags)
                .arg(unit)
                .output()
                .unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(
                out.status.success() && err.is_empty(),
                "{cc} {flags:?} {}: {err}",
                unit.display()
            );
        }
    }
}

/// Runs `crc-gen args`, requires exit 2 and one line on stderr, and returns it.
fn fails(args: &[&str], dir: &Path) -> String {
    let out = Command::cargo_bin("crc-gen")
        .unwrap()
        .args(args)
        .arg("-o")
        .arg(dir)
        .assert()
        .code(2)
        .get_output()
        .clone();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    stderr
}

/// Bad input: one line, exit 2, and no file written, not even for the models before it.
#[test]
fn bad_input_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("out");
    let err = fails(
        &["emit", "--lang", "c", "CRC-32/ISCSI", "CRC-82/DARC"],
        &dir,
    );
    assert!(err.contains("up to 64 bits") && err.contains("82"), "{err}");
    let err = fails(
        &["emit", "--lang", "c", "CRC-32/ISCSI", "CRC-99/NOPE"],
        &dir,
    );
    assert!(err.contains("CRC-99/NOPE"), "{err}");
    let err = fails(
        &["emit", "--lang", "c", "--prefix", "9x", "CRC-32/ISCSI"],
        &dir,
    );
    assert!(err.contains("must start with an ASCII letter"), "{err}");
    let err = fails(
        &["emit", "--lang", "c", "--slice", "4", "CRC-32/ISCSI"],
        &dir,
    );
    assert!(err.contains("slice 1 or 8"), "{err}");
    assert!(!dir.exists());

    // A directory that cannot be written: a file stands where it should be.
    let blocked = tmp.path().join("file");
    std::fs::write(&blocked, "").unwrap();
    let err = fails(
        &["emit", "--lang", "c", "CRC-32/ISCSI"],
        &blocked.join("sub"),
    );
    assert!(err.contains("cannot"), "{err}");

    let rust = tmp.path().join("rust");
    fails(
        &["emit", "--standalone", "CRC-32/ISCSI", "CRC-99/NOPE"],
        &rust,
    );
    assert!(!rust.exists());
}
