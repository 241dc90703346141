//! `crc-gen route`: bands that cover every length once, each naming the kernel the library
//! itself routes to at both of its ends, under this CPU's profile and a forced one.

use assert_cmd::Command;
use crcstamp::dynamic::DynCrc;
use serde_json::Value;

fn route(args: &[&str]) -> Value {
    let out = Command::cargo_bin("crc-gen")
        .unwrap()
        .arg("route")
        .args(args)
        .args(["--format", "json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    serde_json::from_slice(&out).unwrap()
}

/// The bands of the one route in `v`, as (from, to, route step).
fn bands(v: &Value) -> Vec<(u64, Option<u64>, String)> {
    v["routes"][0]["bands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            let to = b["to"].as_u64();
            (
                b["from"].as_u64().unwrap(),
                to,
                b["route"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// Contiguous from 0, open at the end, each band a different route step from the one before.
fn assert_well_formed(bands: &[(u64, Option<u64>, String)]) {
    assert_eq!(bands[0].0, 0, "{bands:?}");
    assert_eq!(bands.last().unwrap().1, None, "{bands:?}");
    for pair in bands.windows(2) {
        assert_eq!(pair[0].1.map(|to| to + 1), Some(pair[1].0), "{bands:?}");
        assert_ne!(pair[0].2, pair[1].2, "{bands:?}");
    }
}

#[test]
fn bands_are_what_the_library_routes() {
    for name in [
        "CRC-32/ISO-HDLC",
        "CRC-32/ISCSI",
        "CRC-16/T10-DIF",
        "CRC-82/DARC",
    ] {
        let v = route(&[name]);
        assert_eq!(v["cpu_profile"], crcstamp::cpu_profile());
        assert_eq!(v["routes"][0]["name"], name);
        let bands = bands(&v);
        assert_well_formed(&bands);
        let crc = DynCrc::from_catalog(name).unwrap();
        for (from, to, step) in &bands {
            for len in [Some(*from), *to].into_iter().flatten() {
                let len = usize::try_from(len).unwrap();
                assert_eq!(&crc.route_for(len).to_string(), step, "{name} at {len}");
                let backend = step.split(' ').next().unwrap();
                assert_eq!(crc.backend_for(len).name(), backend, "{name} at {len}");
            }
        }
    }
}

#[test]
fn a_forced_family_routes_as_that_family() {
    for family in ["intel", "amd", "generic"] {
        let v = route(&["CRC-32C", "--cpu", family]);
        assert_eq!(v["cpu_profile"], family);
        let bands = bands(&v);
        assert_well_formed(&bands);
        // The generic profile never hands CRC-32C from its instruction to folding alone.
        if family == "generic" {
            let folding = ["pclmul", "vpclmul256", "vpclmul512", "pmull", "pmull-eor3"];
            assert!(
                bands
                    .iter()
                    .all(|(.., b)| !folding.contains(&b.split(' ').next().unwrap())),
                "{bands:?}"
            );
        }
    }
}

#[test]
fn text_names_each_model_and_a_bad_one_is_one_line() {
    let out = Command::cargo_bin("crc-gen")
        .unwrap()
        .args(["route", "CRC-64/NVME", "width=8 poly=0x07"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(text.starts_with("CRC-64/NVME on this CPU, "), "{text}");
    assert!(text.contains("\nwidth=8 poly=0x07 on this CPU, "), "{text}");
    let out = Command::cargo_bin("crc-gen")
        .unwrap()
        .args(["route", "CRC-99/NONE"])
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    let err = String::from_utf8(out).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("CRC-99/NONE"), "{err}");
}

/// A table band names the one reason that holds: the kernel that takes over after it, or
/// that no folding kernel runs this CRC here (the CPU offers none, or the CRC is too wide).
#[test]
fn a_table_band_says_which_reason_holds() {
    let whys = |v: &Value| -> Vec<(String, String)> {
        v["routes"][0]["bands"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| {
                let s = |k: &str| b[k].as_str().unwrap().to_string();
                (s("backend"), s("why"))
            })
            .collect()
    };
    let folds = crcstamp::Backend::all()
        .iter()
        .any(|b| b.is_folding() && b.is_available());
    let darc = whys(&route(&["CRC-82/DARC"]));
    let want = match folds {
        true => "tables: no folding kernel for a CRC wider than 64 bits",
        false => "tables: no folding kernel is available on this CPU",
    };
    assert_eq!(darc, [("slice8".to_string(), want.to_string())]);

    let crc32 = whys(&route(&["CRC-32/ISO-HDLC"]));
    for pair in crc32.windows(2) {
        if pair[0].0.starts_with("slice") {
            assert_eq!(pair[0].1, format!("tables: too short for {}", pair[1].0));
        }
    }
    let (last, why) = crc32.last().unwrap();
    if last.starts_with("slice") {
        assert!(!folds, "{crc32:?}");
        assert_eq!(why, "tables: no folding kernel is available on this CPU");
    }

    let out = Command::cargo_bin("crc-gen")
        .unwrap()
        .args(["route", "CRC-32/ISO-HDLC", "--format", "json"])
        .env("CRCSTAMP_MAX_TIER", "portable")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let capped = whys(&serde_json::from_slice(&out).unwrap());
    assert_eq!(capped.len(), 1, "{capped:?}");
    assert_eq!(
        capped[0].1,
        "tables: no folding kernel is available on this CPU"
    );
}

/// Each column of the text starts at the same place on every band line, with two spaces
/// before it, however long a route step is (`vpclmul512 reduced-by-instruction aligned`).
#[test]
fn text_columns_line_up() {
    let models = [
        "CRC-32/ISO-HDLC",
        "CRC-32/ISCSI",
        "CRC-32/BZIP2",
        "CRC-16/T10-DIF",
        "CRC-64/NVME",
        "CRC-64/ECMA-182",
        "CRC-82/DARC",
    ];
    let out = Command::cargo_bin("crc-gen")
        .unwrap()
        .arg("route")
        .args(models)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let v = route(&models);
    let bands: Vec<&Value> = v["routes"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r["bands"].as_array().unwrap())
        .collect();
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("  ")).collect();
    assert_eq!(lines.len(), bands.len(), "{text}");
    // In characters: the open end is `…`, three bytes.
    let column = |line: &str, word: &str| {
        let at = line.find(word).unwrap();
        assert!(line[..at].ends_with("  "), "{line}");
        line[..at].chars().count()
    };
    let mut columns = lines.iter().zip(&bands).map(|(line, b)| {
        let route = b["route"].as_str().unwrap();
        let why = b["why"].as_str().unwrap();
        (column(line, &format!("{route}  ")), column(line, why))
    });
    let first = columns.next().unwrap();
    assert!(columns.all(|c| c == first), "{text}");
}
