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

/// Every family crcstamp has, each routed as itself.
#[test]
fn a_forced_family_routes_as_that_family() {
    for &family in crcstamp::cpu_profiles() {
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

/// `--list-cpus` prints the values `--cpu` takes (crcstamp's families), one a line, which
/// `.ci/run` loops over; it takes no other argument, and `--cpu` refuses another name.
#[test]
fn list_cpus_names_every_family() {
    let out = Command::cargo_bin("crc-gen")
        .unwrap()
        .args(["route", "--list-cpus"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let names: Vec<&str> = std::str::from_utf8(&out).unwrap().lines().collect();
    assert_eq!(names, crcstamp::cpu_profiles());
    for args in [
        &["--list-cpus", "CRC-32C"][..],
        &["--list-cpus", "--cpu", "amd"],
    ] {
        let (code, out, err) = run_route(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(
            out.is_empty() && err.contains("--list-cpus"),
            "{args:?}: {err}"
        );
    }
    let (code, _, err) = run_route(&["--cpu", "pentium"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("intel"), "{err}");
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

/// `crc-gen route ARGS` with its exit status, stdout and stderr.
fn run_route(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::cargo_bin("crc-gen")
        .unwrap()
        .arg("route")
        .args(args)
        .output()
        .unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (out.status.code(), text(out.stdout), text(out.stderr))
}

/// The kernels `--measure` times for `crc`: every one it can run here but the bitwise
/// reference.
fn kernels(crc: &DynCrc) -> Vec<&'static str> {
    let mut names: Vec<_> = crcstamp::Backend::all()
        .iter()
        .filter(|&&b| b != crcstamp::Backend::Bitwise && crc.supports(b))
        .map(|b| b.name())
        .collect();
    names.sort_unstable();
    names
}

/// Checks a `--measure` result against the library and against its own timings: the
/// lengths (the grid and both sides of each band edge), the plan at each, the kernels
/// timed, the fastest, the ratio and the mark, and the summary.
fn check_measurement(v: &Value, names: &[&str]) {
    assert!(
        v["tool"].as_str().unwrap().ends_with("route --measure"),
        "{v}"
    );
    assert_eq!(v["cpu_profile"], crcstamp::cpu_profile());
    assert_eq!(v["cpu"]["arch"], std::env::consts::ARCH);
    let cpu = crcstamp::cpu_identity();
    assert_eq!(v["cpu"]["vendor"].as_str(), cpu.vendor());
    assert_eq!(v["cpu"]["brand"].as_str(), cpu.brand());
    for &(name, has) in cpu.features() {
        assert_eq!(v["cpu"]["features"][name], has, "{name}");
    }
    let models = v["models"].as_array().unwrap();
    assert_eq!(models.len(), names.len());
    let (mut count, mut slower, mut worst) = (0, 0, f64::INFINITY);
    for (m, name) in models.iter().zip(names) {
        assert_eq!(m["name"], *name);
        let crc = DynCrc::from_catalog(name).unwrap();
        let lengths: Vec<u64> = m["lengths"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["length"].as_u64().unwrap())
            .collect();
        assert!(lengths.windows(2).all(|w| w[0] < w[1]), "{lengths:?}");
        for grid in [16, 1024, 1 << 20] {
            assert!(lengths.contains(&grid), "{name}: {grid} in {lengths:?}");
        }
        for b in m["bands"].as_array().unwrap().iter().skip(1) {
            let from = b["from"].as_u64().unwrap();
            for side in [from - 1, from].into_iter().filter(|&x| x >= 1) {
                assert!(side > 1 << 20 || lengths.contains(&side), "{name}: {side}");
            }
        }
        for l in m["lengths"].as_array().unwrap() {
            let len = usize::try_from(l["length"].as_u64().unwrap()).unwrap();
            assert_eq!(l["plan"], crc.route_for(len).to_string(), "{name} at {len}");
            let times = l["ns_per_byte"].as_object().unwrap();
            let timed: Vec<&str> = times.keys().map(String::as_str).collect();
            assert_eq!(timed, kernels(&crc), "{name} at {len}");
            let (fastest, best) = times
                .iter()
                .map(|(k, t)| (k.as_str(), t.as_f64().unwrap()))
                .min_by(|a, b| a.1.total_cmp(&b.1))
                .unwrap();
            let plan = l["plan_ns_per_byte"].as_f64().unwrap();
            let verdict = &l["verdict"];
            assert_eq!(verdict["fastest"], fastest, "{name} at {len}");
            let ratio = verdict["ratio"].as_f64().unwrap();
            assert!((ratio - best / plan).abs() < 1e-9, "{name} at {len}");
            assert_eq!(verdict["slower"], ratio < 0.95, "{name} at {len}");
            count += 1;
            slower += usize::from(ratio < 0.95);
            worst = worst.min(ratio);
        }
    }
    let summary = &v["summary"];
    assert_eq!(summary["lengths"], count);
    assert_eq!(summary["slower"], slower);
    assert_eq!(summary["worst"]["ratio"].as_f64(), Some(worst));
}

/// `--measure --quick` as JSON holds what the library routes and what was timed, and reads
/// back as itself (JSON) and as the report (text): a line per length, marked where the
/// timings say, and the summary.
#[test]
fn measure_quick_json_reads_back() {
    let names = ["CRC-32/ISCSI", "CRC-16/T10-DIF"];
    let mut args = vec!["--measure", "--quick", "--format", "json"];
    args.extend(names);
    let (code, json, err) = run_route(&args);
    assert_eq!(code, Some(0), "{err}");
    let v: Value = serde_json::from_str(&json).unwrap();
    check_measurement(&v, &names);

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("m.json");
    std::fs::write(&file, &json).unwrap();
    let file = file.to_str().unwrap();
    let (code, again, err) = run_route(&["--measured", file, "--format", "json"]);
    assert_eq!((code, err.as_str()), (Some(0), ""));
    assert!(
        again == json,
        "the result read back differs from the one written"
    );

    let (code, text, err) = run_route(&["--measured", file]);
    assert_eq!((code, err.as_str()), (Some(0), ""));
    assert!(text.starts_with("measured on "), "{text}");
    let brand = v["cpu"]["brand"].as_str().unwrap_or_default();
    assert!(text.lines().next().unwrap().contains(brand), "{text}");
    for m in v["models"].as_array().unwrap() {
        let name = m["name"].as_str().unwrap();
        let at = text.find(&format!("\n{name}\n")).unwrap();
        let rows: Vec<&str> = text[at..]
            .lines()
            .skip(3)
            .take_while(|l| !l.is_empty())
            .collect();
        let lengths = m["lengths"].as_array().unwrap();
        assert_eq!(rows.len(), lengths.len(), "{text}");
        for (row, l) in rows.iter().zip(lengths) {
            let words: Vec<&str> = row.split_whitespace().collect();
            assert_eq!(words[0], l["length"].to_string(), "{row}");
            assert!(row.contains(l["plan"].as_str().unwrap()), "{row}");
            let slower = l["verdict"]["slower"].as_bool().unwrap();
            assert_eq!(row.ends_with("  *"), slower, "{row}");
        }
    }
    let summary = text.lines().last().unwrap();
    let want = format!(
        "summary: {} lengths, {} where the plan is more than 5% slower than the fastest kernel; \
         worst {:.2} (",
        v["summary"]["lengths"],
        v["summary"]["slower"],
        v["summary"]["worst"]["ratio"].as_f64().unwrap()
    );
    assert!(summary.starts_with(&want), "{summary}");
}

/// A result from elsewhere (here made up): each length is judged from its timings alone,
/// whatever verdict the file carries, and marked where the plan's throughput is under 95%
/// of the fastest kernel's.
#[test]
fn measured_marks_from_the_timings() {
    let length = |length: u64, plan: f64, kernels: Value| {
        serde_json::json!({
            "length": length, "plan": "p", "plan_ns_per_byte": plan, "ns_per_byte": kernels,
            "verdict": { "fastest": "wrong", "ratio": 9.0, "slower": true },
        })
    };
    let file = serde_json::json!({
        "tool": "crc-gen 0.1.0 route --measure",
        "cpu": { "arch": "aarch64", "os": "linux", "features": { "pmull": true },
                 "cpuinfo": { "CPU part": "0xd40" }, "logical_cpus": 4 },
        "cpu_profile": "generic", "available": ["slice16", "pmull"], "failed_self_test": [],
        "quick": false, "rounds": 11, "sample_ms": 10.0,
        "models": [
            { "name": "A", "bands": [{ "from": 0, "to": null, "route": "p" }], "lengths": [
                length(16, 1.0, serde_json::json!({ "slice16": 0.96, "pmull": 2.0 })),
                length(64, 1.0, serde_json::json!({ "slice16": 1.5, "pmull": 0.94 })),
            ]},
            { "name": "B", "bands": [], "lengths": [
                length(128, 0.5, serde_json::json!({ "pmull": 1.0 })),
                length(4096, 1.0, serde_json::json!({ "pmull": 0.5 })),
            ]},
        ],
    });
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.json");
    std::fs::write(&path, file.to_string()).unwrap();
    let path = path.to_str().unwrap();

    let (code, json, err) = run_route(&["--measured", path, "--format", "json"]);
    assert_eq!(code, Some(0), "{err}");
    let v: Value = serde_json::from_str(&json).unwrap();
    let verdicts: Vec<(&str, f64, bool)> = v["models"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|m| m["lengths"].as_array().unwrap())
        .map(|l| {
            let v = &l["verdict"];
            let ratio = (v["ratio"].as_f64().unwrap() * 1e6).round() / 1e6;
            (
                v["fastest"].as_str().unwrap(),
                ratio,
                v["slower"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        verdicts,
        [
            ("slice16", 0.96, false),
            ("pmull", 0.94, true),
            ("pmull", 2.0, false),
            ("pmull", 0.5, true),
        ]
    );
    assert_eq!(v["summary"]["lengths"], 4);
    assert_eq!(v["summary"]["slower"], 2);
    assert_eq!(v["summary"]["worst"]["model"], "B");
    assert_eq!(v["summary"]["worst"]["length"], 4096);

    let (code, text, _) = run_route(&["--measured", path]);
    assert_eq!(code, Some(0));
    assert!(
        text.starts_with("measured on CPU part 0xd40 (aarch64, 4 logical CPUs)\n"),
        "{text}"
    );
    let marked: Vec<&str> = text.lines().filter(|l| l.ends_with("  *")).collect();
    assert_eq!(marked.len(), 2, "{text}");
    assert!(marked[0].trim_start().starts_with("64 "), "{text}");
    assert!(marked[1].trim_start().starts_with("4096 "), "{text}");
    assert_eq!(
        text.lines().last().unwrap(),
        "summary: 4 lengths, 2 where the plan is more than 5% slower than the fastest kernel; \
         worst 0.50 (B at 4096 bytes: p, pmull fastest)"
    );
}

/// Bad arguments and bad files: exit 2, nothing on stdout, the reason on stderr (one line,
/// where crc-gen and not the argument parser finds it).
#[test]
fn measure_errors() {
    for (args, says) in [
        (&["--quick"][..], "--measure"),
        (&["--measure", "--measured", "x.json"], "--measured"),
        (&["--measured", "x.json", "CRC-32/ISCSI"], "--measured"),
        (&["--measured", "x.json", "--cpu", "amd"], "--measured"),
        (&["--measured"], "--measured"),
    ] {
        let (code, out, err) = run_route(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(out.is_empty() && err.contains(says), "{args:?}: {err}");
    }
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let missing = dir.path().join("missing.json");
    let missing = missing.to_str().unwrap().to_string();
    let not_json = write("not.json", "route: nothing\n");
    let other = write("other.json", r#"{"results": []}"#);
    let mut bad = serde_json::json!({
        "tool": "t", "cpu": { "arch": "x86_64", "os": "linux", "features": {}, "logical_cpus": 1 },
        "cpu_profile": "amd", "available": [], "failed_self_test": [], "quick": true,
        "rounds": 1, "sample_ms": 1.0,
        "models": [{ "name": "M", "bands": [], "lengths": [
            { "length": 64, "plan": "p", "plan_ns_per_byte": 1.0, "ns_per_byte": { "k": 0.0 } }
        ]}],
    });
    let zero = write("zero.json", &bad.to_string());
    bad["models"][0]["lengths"][0]["ns_per_byte"] = serde_json::json!({});
    let empty = write("empty.json", &bad.to_string());
    for (path, says) in [
        (&missing, "cannot read"),
        (&not_json, "is not a `route --measure` result"),
        (&other, "is not a `route --measure` result"),
        (&zero, "M at 64 bytes: a time of 0 ns per byte"),
        (&empty, "M at 64 bytes: no kernel timed"),
    ] {
        let (code, out, err) = run_route(&["--measured", path]);
        assert_eq!(code, Some(2), "{path}: {err}");
        assert!(out.is_empty(), "{path}: {out}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("crc-gen: route: "), "{err}");
        assert!(err.contains(says), "{err}");
    }
    let (code, out, err) = run_route(&["--measure", "--quick", "CRC-99/NONE"]);
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("CRC-99/NONE"), "{err}");
}
