//! `crc-gen emit --standalone`: every catalogue algorithm with every slice option, compiled
//! together as one `#![no_std]`, `#![deny(warnings)]` library (by clippy-driver, so clippy's
//! default lints hold too), each module's `CHECK` and `checksum`, `State` streaming and
//! `combine` compared with the bitwise reference on random inputs; snapshots of a few.

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command as Process;

use assert_cmd::Command;
use crc_gen::standalone::default_prefix;
use crc_gen::{catalogue, Slice};

mod common;
use common::{random_bytes, random_cases};

fn crc_gen() -> Command {
    Command::cargo_bin("crc-gen").unwrap()
}

fn slug(s: Slice) -> &'static str {
    match s {
        Slice::Nibble => "nibble",
        s => s.name(),
    }
}

/// The no_std library: one module per (model, slice) and a dispatcher the driver calls.
fn library(dir: &Path) -> usize {
    let mut lib = String::from("#![no_std]\n#![deny(warnings)]\n");
    let mut arms = String::new();
    let mut count = 0;
    for slice in Slice::ALL {
        let sub = dir.join(format!("s{}", slug(slice)));
        let mut cmd = crc_gen();
        cmd.args(["emit", "--standalone", "--slice", slice.name(), "-o"])
            .arg(format!("{}/", sub.display()));
        for e in catalogue::entries() {
            cmd.arg(e.name());
        }
        cmd.assert().success();
        for e in catalogue::entries() {
            let module = format!("m{}_{}", default_prefix(&e.model), slug(slice));
            let path = sub.join(format!("{}.rs", default_prefix(&e.model)));
            writeln!(lib, "#[path = {:?}]\npub mod {module};", path.display()).unwrap();
            writeln!(
                arms,
                "        {count} => {{ let mut s = {module}::State::new(); s.update(a); let st = s; s.update(b); \
                 [{module}::CHECK as u128, {module}::checksum(b\"123456789\") as u128, \
                 {module}::checksum(data) as u128, s.finalize() as u128, \
                 {module}::combine({module}::checksum(a), {module}::checksum(b), b.len() as u64) as u128, \
                 st.finalize() as u128] }}"
            )
            .unwrap();
            count += 1;
        }
    }
    write!(
        lib,
        "/// CHECK, checksum(123456789), checksum, streaming, combine, the first part.
#[allow(clippy::unnecessary_cast)]
pub fn run(i: usize, data: &[u8], split: usize) -> [u128; 6] {{
    let (a, b) = data.split_at(split);
    match i {{
{arms}        _ => [0; 6],
    }}
}}
"
    )
    .unwrap();
    std::fs::write(dir.join("lib.rs"), lib).unwrap();
    count
}

const DRIVER: &str = r#"
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let data = std::fs::read(&args[1]).unwrap();
    let cases = std::fs::read_to_string(&args[2]).unwrap();
    let count: usize = args[3].parse().unwrap();
    let mut out = String::new();
    for i in 0..count {
        for line in cases.lines() {
            let v: Vec<usize> = line.split(' ').map(|x| x.parse().unwrap()).collect();
            let r = gen::run(i, &data[v[0]..v[0] + v[1]], v[2]);
            out.push_str(&format!("{:x} {:x} {:x} {:x} {:x} {:x}\n", r[0], r[1], r[2], r[3], r[4], r[5]));
        }
    }
    print!("{out}");
}
"#;

/// Compiles `dir/lib.rs` (clippy-driver when there is one, else rustc) and the driver.
fn build(dir: &Path) {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let clippy = Process::new("clippy-driver").arg("-V").output().is_ok();
    let compiler = if clippy { "clippy-driver" } else { &rustc };
    if !clippy {
        eprintln!("note: clippy-driver not found; the library is built without clippy's lints");
    }
    let lib = Process::new(compiler)
        .args([
            "--edition",
            "2021",
            "--crate-type",
            "rlib",
            "--crate-name",
            "gen",
        ])
        .args(["-D", "warnings", "-o"])
        .arg(dir.join("libgen.rlib"))
        .arg(dir.join("lib.rs"))
        .output()
        .unwrap();
    assert!(
        lib.status.success(),
        "{}",
        String::from_utf8_lossy(&lib.stderr)
    );
    std::fs::write(dir.join("main.rs"), DRIVER).unwrap();
    let bin = Process::new(&rustc)
        .args(["--edition", "2021", "--extern"])
        .arg(format!("gen={}", dir.join("libgen.rlib").display()))
        .arg("-o")
        .arg(dir.join("driver"))
        .arg(dir.join("main.rs"))
        .output()
        .unwrap();
    assert!(
        bin.status.success(),
        "{}",
        String::from_utf8_lossy(&bin.stderr)
    );
}

#[test]
fn every_model_and_slice_compiles_no_std_and_matches_the_reference() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let count = library(dir);
    build(dir);
    let data = random_bytes(4096, 0x5eed);
    std::fs::write(dir.join("data"), &data).unwrap();
    let cases = random_cases(20, 7);
    let text: String = cases
        .iter()
        .map(|(s, l, p)| format!("{s} {l} {p}\n"))
        .collect();
    std::fs::write(dir.join("cases"), text).unwrap();
    let out = Process::new(dir.join("driver"))
        .arg(dir.join("data"))
        .arg(dir.join("cases"))
        .arg(count.to_string())
        .output()
        .unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    let mut lines = stdout.lines();
    let expected: Vec<Vec<String>> = catalogue::entries()
        .iter()
        .map(|e| {
            cases
                .iter()
                .map(|&(s, l, p)| {
                    let m = &e.model;
                    let bytes = &data[s..s + l];
                    let crc = m.crc(bytes);
                    let c = e.check;
                    let head = m.crc(&bytes[..p]);
                    format!("{c:x} {c:x} {crc:x} {crc:x} {crc:x} {head:x}")
                })
                .collect()
        })
        .collect();
    for slice in Slice::ALL {
        for (e, want) in catalogue::entries().iter().zip(&expected) {
            for (case, want) in cases.iter().zip(want) {
                let got = lines.next().expect("a line per case");
                assert_eq!(got, want, "{} slice {slice} case {case:?}", e.name());
            }
        }
    }
    assert_eq!(lines.next(), None);
}

/// Runs rustc on `lib` as a library with `-D warnings`, asserting that it builds.
fn rustc_lib(lib: &Path) {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let out = Process::new(rustc)
        .args(["--edition", "2021", "--crate-type", "lib", "-D", "warnings"])
        .arg("--out-dir")
        .arg(lib.parent().unwrap())
        .arg(lib)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// One file alone is the whole `lib.rs` of a `no_std` crate; `--prefix` names it.
#[test]
fn one_file_is_a_whole_no_std_crate() {
    let tmp = tempfile::tempdir().unwrap();
    crc_gen()
        .args(["emit", "--standalone", "CRC-12/UMTS", "--slice", "4"])
        .args(["--prefix", "crc", "-o"])
        .arg(tmp.path())
        .assert()
        .success();
    let src = std::fs::read_to_string(tmp.path().join("crc.rs")).unwrap();
    let lib = tmp.path().join("lib.rs");
    std::fs::write(&lib, format!("#![no_std]\n#![deny(warnings)]\n{src}")).unwrap();
    rustc_lib(&lib);
}

/// Names that are Rust keywords, or hold nothing a module name can (`self`, `fn`, `_`,
/// `9`, `ü`), make files that are modules by their names: `mod crc_self;` and so on.
#[test]
fn any_name_makes_a_module() {
    let tmp = tempfile::tempdir().unwrap();
    let names = [
        ("self", "crc_self"),
        ("fn", "crc_fn"),
        ("_", "crc"),
        ("9", "crc_9"),
    ];
    let mut cmd = crc_gen();
    cmd.args(["emit", "--standalone", "-o"]).arg(tmp.path());
    let mut lib = String::from("#![no_std]\n");
    for (i, (name, module)) in names.iter().enumerate() {
        cmd.arg(format!("width=8 poly={:#04x} name=\"{name}\"", 2 * i + 7));
        writeln!(lib, "pub mod {module};").unwrap();
    }
    cmd.assert().success();
    let lib_path = tmp.path().join("lib.rs");
    std::fs::write(&lib_path, lib).unwrap();
    rustc_lib(&lib_path);
    // `ü` holds no ASCII letter, so it is `crc` like `_`.
    let other = tmp.path().join("other");
    crc_gen()
        .args(["emit", "--standalone", "width=8 poly=0x07 name=\"ü\"", "-o"])
        .arg(&other)
        .assert()
        .success();
    assert!(other.join("crc.rs").exists());
}

#[test]
fn snapshots() {
    for (name, slice) in [
        ("CRC-32/ISCSI", "8"),
        ("CRC-16/XMODEM", "1"),
        ("CRC-5/USB", "nibble"),
        ("CRC-12/UMTS", "0"),
    ] {
        let out = crc_gen()
            .args(["emit", "--standalone", name, "--slice", slice])
            .assert()
            .success();
        let code = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        let snap = format!(
            "{}_{slice}",
            default_prefix(&catalogue::lookup(name).unwrap().model)
        );
        insta::assert_snapshot!(snap, code);
    }
}
