//! `crc-gen show`: snapshots of the headline algorithms, the published constants read back
//! from the JSON, and models given by flags or model lines.

use assert_cmd::Command;
use crc_gen::catalogue::HEADLINE;
use serde_json::Value;

/// Runs `show` with the kernels capped at the portable ones and the generic CPU profile, so
/// the reported backend and profile (and so the snapshots) do not depend on this machine's
/// CPU.
fn show(args: &[&str]) -> String {
    let out = Command::cargo_bin("crc-gen")
        .unwrap()
        .env("CRCSTAMP_MAX_TIER", "portable")
        .env("CRCSTAMP_CPU", "generic")
        .arg("show")
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}

fn show_json(args: &[&str]) -> Value {
    let mut args = args.to_vec();
    args.extend(["--format", "json"]);
    serde_json::from_str(&show(&args)).unwrap()
}

/// `CRC-32/ISO-HDLC` → `crc_32_iso_hdlc`, for snapshot names.
fn slug(name: &str) -> String {
    name.to_ascii_lowercase()
        .replace(|c: char| !c.is_ascii_alphanumeric(), "_")
}

/// A `"0x..."` string as a number.
fn num(v: &Value) -> u128 {
    let s = v.as_str().unwrap_or_else(|| panic!("not a string: {v}"));
    u128::from_str_radix(s.strip_prefix("0x").unwrap(), 16).unwrap()
}

/// The (HI, LO) values for fold distance `d` of a `show --format json` document.
fn fold_pair(doc: &Value, d: u64) -> (u128, u128) {
    let pair = doc["fold"]["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["distance"] == d)
        .unwrap_or_else(|| panic!("no pair for D = {d}"));
    (num(&pair["hi"]["value"]), num(&pair["lo"]["value"]))
}

#[test]
fn text_snapshots() {
    for name in HEADLINE {
        insta::assert_snapshot!(format!("text_{}", slug(name)), show(&[name]));
    }
}

#[test]
fn json_snapshots() {
    for name in HEADLINE {
        insta::assert_snapshot!(
            format!("json_{}", slug(name)),
            show(&[name, "--format", "json"])
        );
    }
}

/// The known answers of `spec/constants.md` (the kernel's and Intel's published constants).
#[test]
fn published_fold_constants() {
    let crc32 = show_json(&["CRC-32/ISO-HDLC"]);
    assert_eq!(fold_pair(&crc32, 128), (0xae689191, 0xccaa009e));
    assert_eq!(fold_pair(&crc32, 2048), (0xce3371cb, 0xe95c1271));
    assert_eq!(
        fold_pair(&show_json(&["CRC-64/NVME"]), 128),
        (0xeadc41fd2ba3d420, 0x21e9761e252621ac)
    );
    assert_eq!(
        fold_pair(&show_json(&["CRC-16/T10-DIF"]), 128),
        (0x06df000000000000, 0x2d56000000000000)
    );
    assert_eq!(
        fold_pair(&show_json(&["CRC-32/ISCSI"]), 128),
        (0xf20c0dfe, 0x493c7d27)
    );
    assert_eq!(
        fold_pair(&show_json(&["CRC-64/ECMA-182"]), 128),
        (0x4eb938a7d257740e, 0x05f5c3c7eb52fab6)
    );
}

#[test]
fn published_barrett_and_combine_constants() {
    let crc32 = show_json(&["CRC-32/ISO-HDLC"]);
    assert_eq!(
        num(&crc32["fold"]["barrett"]["b1"]["value"]),
        0xb4e5b025f7011641
    );
    let combine = crc32["combine"]["entries"].as_array().unwrap();
    assert_eq!(combine.len(), 64);
    // x^64, x^128 and x^512 mod G (unscaled, unreflected).
    assert_eq!(combine[3]["label"], "x^64 mod G");
    assert_eq!(num(&combine[3]["value"]), 0x490d678d);
    assert_eq!(num(&combine[4]["value"]), 0xe8a45605);
    assert_eq!(num(&combine[6]["value"]), 0xe6228b11);
}

#[test]
fn json_reports_the_model_tables_and_backend() {
    let doc = show_json(&["crc-32c"]);
    assert_eq!(doc["model"]["name"], "CRC-32/ISCSI");
    assert!(doc["model"]["aliases"]
        .as_array()
        .unwrap()
        .contains(&Value::from("CRC-32C")));
    assert_eq!(doc["model"]["check"], "0xe3069283");
    assert_eq!(doc["register"]["word"], "u32");
    assert_eq!(doc["register"]["bit_order"], "lsb");
    assert_eq!(doc["tables"]["total_bytes"], 16 * 256 * 4);
    assert_eq!(doc["backend"], crcstamp::Backend::Slice16.name());
    assert_eq!(doc["fold"]["bit_order"], "lsb");
    assert_eq!(doc["fold"]["pairs"].as_array().unwrap().len(), 5);
}

#[test]
fn flags_and_model_lines_give_the_same_report() {
    let line = show_json(&["width=16 poly=0x1021 init=0xffff refin=false refout=false xorout=0"]);
    let flags = show_json(&["--width", "16", "--poly", "1021", "--init", "0xffff"]);
    assert_eq!(line, flags);
    assert_eq!(flags["model"]["name"], Value::Null);
    assert_eq!(flags["model"]["check"], "0x29b1");
    assert_eq!(flags["register"]["bit_order"], "msb");
}

#[test]
fn small_widths_pad_to_their_digits() {
    let doc = show_json(&[
        "--width", "5", "--poly", "0x15", "--refin", "true", "--refout", "true",
    ]);
    assert_eq!(doc["model"]["poly"], "0x15");
    assert_eq!(doc["register"]["word"], "u8");
    assert_eq!(doc["tables"]["entry_bytes"], 1);
    assert_eq!(
        doc["fold"]["pairs"][0]["hi"]["value"]
            .as_str()
            .unwrap()
            .len(),
        18
    );
}

#[test]
fn no_fold_constants_above_64_bits() {
    let doc = show_json(&["CRC-82/DARC"]);
    assert_eq!(doc["fold"], Value::Null);
    assert_eq!(doc["register"]["word"], "u128");
    assert_eq!(doc["combine"]["entries"].as_array().unwrap().len(), 64);
    // The tables `#[crc]` stamps for a 128-bit register, and the kernel that runs them.
    assert_eq!(doc["tables"]["count"], 8);
    assert_eq!(doc["backend"], crcstamp::Backend::Slice8.name());
    let text = show(&["CRC-82/DARC"]);
    assert!(text.contains("not generated above 64 bits"), "{text}");
}

/// Uncapped, the reported backend is what the engine picks on this machine.
#[test]
fn show_reports_this_machines_backend() {
    let out = Command::cargo_bin("crc-gen")
        .unwrap()
        .env_remove("CRCSTAMP_MAX_TIER")
        .args(["show", "CRC-64/NVME", "--format", "json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: Value = serde_json::from_slice(&out).unwrap();
    let expected = crcstamp::DynCrc::from_catalog("CRC-64/NVME")
        .unwrap()
        .backend();
    assert_eq!(v["backend"], expected.name());
}

/// `-a NAME` (as `sum` takes it) shows the same as the positional name; it excludes the
/// positional and the model flags.
#[test]
fn algorithm_flag_as_sum_takes_it() {
    assert_eq!(show(&["-a", "crc-32c"]), show(&["CRC-32/ISCSI"]));
    assert_eq!(
        show(&["--algorithm", "width=16 poly=0x1021 init=0xffff"]),
        show(&["width=16 poly=0x1021 init=0xffff"])
    );
    for args in [
        &["-a", "CRC-32/ISCSI", "CRC-32/ISCSI"][..],
        &["-a", "CRC-32/ISCSI", "--width", "8", "--poly", "7"],
    ] {
        Command::cargo_bin("crc-gen")
            .unwrap()
            .arg("show")
            .args(args)
            .assert()
            .code(2);
    }
}

/// The CPU profile is reported, and forced by `CRCSTAMP_CPU` as for every use of crcstamp.
#[test]
fn show_reports_the_cpu_profile() {
    for profile in ["intel", "amd", "generic"] {
        let out = Command::cargo_bin("crc-gen")
            .unwrap()
            .env("CRCSTAMP_CPU", profile)
            .args(["show", "CRC-32/ISCSI"])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.contains(&format!("\ncpu        {profile} profile (")),
            "{text}"
        );
    }
}

/// Under the `intel` profile fusion is raced against the 512-bit fold, and `show` says so;
/// `CRCSTAMP_DISABLE=race` and the other profiles leave the route to decide alone.
#[test]
fn show_reports_the_race() {
    use crcstamp::Backend;
    let both = Backend::Fusion.is_available() && Backend::Vpclmul512.is_available();
    for (profile, disable, raced) in [
        ("intel", None, both),
        ("intel", Some("race"), false),
        ("amd", None, false),
        ("generic", None, false),
    ] {
        let mut cmd = Command::cargo_bin("crc-gen").unwrap();
        cmd.env("CRCSTAMP_CPU", profile);
        if let Some(d) = disable {
            cmd.env("CRCSTAMP_DISABLE", d);
        }
        let out = cmd.args(["show", "CRC-32/ISCSI"]).assert().success();
        let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        let line = "\nbackend    fusion, raced against vpclmul512\n";
        assert_eq!(text.contains(line), raced, "{profile} {disable:?}: {text}");
    }
}

/// A kernel that fails its self-test (forced here with the test hook) is reported as such
/// and is not the backend reported.
#[test]
fn show_reports_a_failed_self_test() {
    let Some(failing) = crcstamp::Backend::all()
        .iter()
        .copied()
        .rfind(|b| b.is_folding() && b.is_available())
    else {
        return; // no folding kernel on this machine
    };
    let run = |format: &str| {
        let out = Command::cargo_bin("crc-gen")
            .unwrap()
            .env_remove("CRCSTAMP_MAX_TIER")
            .env("CRCSTAMP_FAIL_SELF_TEST", failing.name())
            .args(["show", "CRC-64/NVME", "--format", format])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        String::from_utf8(out).unwrap()
    };
    let text = run("text");
    let want = format!("self-test  FAILED: {failing}; never used on this CPU");
    assert!(text.contains(&want), "{text}");
    let v: Value = serde_json::from_str(&run("json")).unwrap();
    assert_eq!(v["failed_self_test"], serde_json::json!([failing.name()]));
    assert_ne!(v["backend"], failing.name());
}

/// Override values are taken in any case; a value the engine does not know is reported
/// once on stderr and shown by `show` (text and JSON), and leaves the route uncapped.
#[test]
fn overrides_in_any_case_and_unknown_values_reported() {
    let run = |vars: &[(&str, &str)], format: &str| {
        let mut cmd = Command::cargo_bin("crc-gen").unwrap();
        for v in [
            "CRCSTAMP_CPU",
            "CRCSTAMP_MAX_TIER",
            "CRCSTAMP_DISABLE",
            "CRCSTAMP_FAIL_SELF_TEST",
        ] {
            cmd.env_remove(v);
        }
        for (k, v) in vars {
            cmd.env(k, v);
        }
        let out = cmd
            .args(["show", "CRC-32/ISCSI", "--format", format])
            .assert()
            .success()
            .get_output()
            .clone();
        let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
        (text(out.stdout), text(out.stderr))
    };
    // Upper case is understood: the cap applies (the slice-by-16 table is the backend).
    let (text, stderr) = run(
        &[("CRCSTAMP_MAX_TIER", "PORTABLE"), ("CRCSTAMP_CPU", "AMD")],
        "text",
    );
    assert!(stderr.is_empty(), "{stderr}");
    assert!(text.contains("\nbackend    slice16\n"), "{text}");
    assert!(text.contains("\ncpu        amd profile ("), "{text}");
    assert!(!text.contains("override"), "{text}");

    let bad = [
        ("CRCSTAMP_CPU", "garbage"),
        ("CRCSTAMP_MAX_TIER", "0"),
        ("CRCSTAMP_DISABLE", "hwcrc,bogus"),
    ];
    let (text, stderr) = run(&bad, "text");
    assert_eq!(stderr.lines().count(), 3, "{stderr}");
    for (var, value) in [
        ("CRCSTAMP_CPU", "garbage"),
        ("CRCSTAMP_MAX_TIER", "0"),
        ("CRCSTAMP_DISABLE", "bogus"),
    ] {
        assert!(
            stderr.contains(&format!("crc-gen: warning: {var}: `{value}` is not one of")),
            "{stderr}"
        );
        assert!(
            text.contains(&format!("override   {var}={value} not understood")),
            "{text}"
        );
    }
    let (json, _) = run(&bad, "json");
    let v: Value = serde_json::from_str(&json).unwrap();
    let ignored = v["ignored_overrides"].as_array().unwrap();
    assert_eq!(ignored.len(), 3);
    assert_eq!(ignored[2]["variable"], "CRCSTAMP_DISABLE");
    assert_eq!(ignored[2]["value"], "bogus");
}
