//! `crc-gen bench`: `--quick` stays under 30 s, its JSON covers every backend and size, and
//! its SVG is well-formed XML with one line per backend per algorithm.

use std::time::{Duration, Instant};

use assert_cmd::Command;
use crcstamp::{Backend, DynCrc};
use serde_json::Value;

#[test]
fn quick_run_json_and_plot() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("bench.svg");
    let start = Instant::now();
    let out = Command::cargo_bin("crc-gen")
        .unwrap()
        .args(["bench", "--quick", "--format", "json", "--plot"])
        .arg(&svg)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let took = start.elapsed();
    assert!(
        took < Duration::from_secs(30),
        "bench --quick took {took:?}"
    );

    let doc: Value = serde_json::from_slice(&out).unwrap();
    let rows = doc["results"].as_array().unwrap();
    let algorithms = ["CRC-32/ISO-HDLC", "CRC-32/ISCSI", "CRC-64/NVME"];
    let mut lines_per_chart = Vec::new();
    let mut sizes = Vec::new();
    for alg in algorithms {
        let crc = DynCrc::from_catalog(alg).unwrap();
        let mut backends: Vec<&str> = vec!["auto"];
        backends.extend(
            Backend::all()
                .iter()
                .filter(|&&b| b != Backend::Bitwise && crc.supports(b))
                .map(|b| b.name()),
        );
        backends.push("read");
        let mine: Vec<&Value> = rows.iter().filter(|r| r["algorithm"] == alg).collect();
        sizes = mine.iter().map(|r| r["size"].as_u64().unwrap()).collect();
        sizes.dedup();
        sizes.sort();
        sizes.dedup();
        assert_eq!(mine.len(), backends.len() * sizes.len(), "{alg}");
        for r in &mine {
            let b = r["backend"].as_str().unwrap();
            assert!(backends.contains(&b), "{alg}: {b}");
            let (mibs, ns) = (
                r["mib_per_s"].as_f64().unwrap(),
                r["ns_per_byte"].as_f64().unwrap(),
            );
            assert!(mibs > 0.0 && ns > 0.0);
            // The columns are the same figure.
            assert!((mibs * ns * 1.048576e-3 - 1.0).abs() < 1e-6, "{mibs} {ns}");
            let gibs = r["gib_per_s"].as_f64().unwrap();
            assert!((gibs * 1024.0 / mibs - 1.0).abs() < 1e-9, "{gibs} {mibs}");
            let size = r["size"].as_u64().unwrap() as usize;
            assert_eq!(r["auto_picks"], crc.backend_for(size).name());
            let raced = crc.backend_for(size).raced_against().map(|b| b.name());
            assert_eq!(r["auto_raced_against"].as_str(), raced);
        }
        lines_per_chart.push(backends.len());
    }
    assert!(sizes.len() >= 3, "{sizes:?}");

    // The SVG: XML with an <svg> root, a title per algorithm, and one polyline per backend
    // whose points are the sizes (legend swatches have two points).
    let text = std::fs::read_to_string(&svg).unwrap();
    let xml = roxmltree::Document::parse(&text).unwrap();
    let root = xml.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    let texts: Vec<&str> = root
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .map(str::trim)
        .collect();
    for alg in algorithms {
        assert!(
            texts.iter().any(|t| t.starts_with(alg)),
            "no title for {alg}"
        );
    }
    let data_lines = root
        .descendants()
        .filter(|n| n.has_tag_name("polyline"))
        .filter(|n| {
            let points = n.attribute("points").unwrap_or("");
            points.split_whitespace().count() == sizes.len()
        })
        .count();
    assert_eq!(data_lines, lines_per_chart.iter().sum::<usize>());
}

#[test]
fn named_backends_sizes_and_text() {
    let out = Command::cargo_bin("crc-gen")
        .unwrap()
        .args([
            "bench",
            "--quick",
            "-a",
            "CRC-16/ARC",
            "--sizes",
            "100,2K",
            "--backend",
            "slice8,auto",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "CRC-16/ARC");
    assert_eq!(lines.len(), 2 + 4 + 1 + 1, "{text}"); // header, rows, footnote, blank
    assert!(
        lines[2].contains("100 B") && lines[2].contains("slice8"),
        "{text}"
    );
    assert!(lines[3].contains("auto ("), "{text}");
    assert!(lines[5].contains("2 KiB"), "{text}");
}

#[test]
fn bad_arguments() {
    for (args, want) in [
        (&["--backend", "turbo"][..], "unknown backend `turbo`"),
        (&["--sizes", "0"], "sizes go from 1 byte"),
        (&["-a", "CRC-99/NOPE"], "CRC-99/NOPE"),
    ] {
        let out = Command::cargo_bin("crc-gen")
            .unwrap()
            .arg("bench")
            .args(args)
            .assert()
            .code(2)
            .get_output()
            .clone();
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(want), "{args:?}: {err}");
    }
}

/// A kernel that fails its self-test (forced with the test hook) is named, on stderr in
/// text and in the JSON, and never benchmarked.
#[test]
fn failed_self_test_is_reported() {
    let Some(failing) = Backend::all()
        .iter()
        .copied()
        .rfind(|b| b.is_folding() && b.is_available())
    else {
        return; // no folding kernel on this machine
    };
    let run = |format: &str| {
        Command::cargo_bin("crc-gen")
            .unwrap()
            .env("CRCSTAMP_FAIL_SELF_TEST", failing.name())
            .args(["bench", "-a", "CRC-64/NVME", "--sizes", "4096", "--quick"])
            .args(["--format", format])
            .assert()
            .success()
            .get_output()
            .clone()
    };
    let text = run("text");
    let stderr = String::from_utf8(text.stderr).unwrap();
    assert!(
        stderr.contains(&format!("{failing} failed its self-test on this CPU")),
        "{stderr}"
    );
    let stdout = String::from_utf8(text.stdout).unwrap();
    assert!(!stdout.contains(&format!(" {failing} ")), "{stdout}");
    let doc: Value = serde_json::from_slice(&run("json").stdout).unwrap();
    assert_eq!(doc["failed_self_test"], serde_json::json!([failing.name()]));
    assert!(!doc["available"]
        .as_array()
        .unwrap()
        .contains(&failing.name().into()));
}

/// `--plot` to a path that cannot be written fails before anything is measured: at once,
/// with nothing on stdout; a path that can be is not left behind by a run that fails later.
#[test]
fn an_unwritable_plot_fails_before_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let missing_dir = dir.path().join("no such dir").join("bench.svg");
    let a_dir = dir.path().to_path_buf();
    for path in [&missing_dir, &a_dir] {
        let start = Instant::now();
        // The full default run would take half a minute; the check must come first.
        let out = Command::cargo_bin("crc-gen")
            .unwrap()
            .args(["bench", "--plot"])
            .arg(path)
            .assert()
            .code(2)
            .get_output()
            .clone();
        assert!(start.elapsed() < Duration::from_secs(5), "{path:?}");
        assert!(out.stdout.is_empty(), "{path:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.starts_with(&format!("crc-gen: cannot write {}: ", path.display())),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // Writable, but the run fails after the check (an unknown algorithm): no file is left.
    let svg = dir.path().join("never.svg");
    Command::cargo_bin("crc-gen")
        .unwrap()
        .args(["bench", "-a", "CRC-99/NOPE", "--plot"])
        .arg(&svg)
        .assert()
        .code(2);
    assert!(!svg.exists());
}

/// The help names every backend the library has, so it cannot fall behind `Backend::all()`.
#[test]
fn help_lists_every_backend() {
    let out = Command::cargo_bin("crc-gen")
        .unwrap()
        .args(["bench", "--help"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let help = String::from_utf8(out).unwrap();
    let listed: Vec<&str> = help
        .split_once("or names: ")
        .map(|(_, rest)| rest.lines().next().unwrap_or(""))
        .unwrap_or_else(|| panic!("{help}"))
        .split(", ")
        .map(str::trim)
        .collect();
    let mut want = vec!["auto", "read"];
    want.extend(Backend::all().iter().map(|b| b.name()));
    assert_eq!(listed, want, "{help}");
    assert!(want.contains(&"fusion"));
}

/// The read row, GiB/s, the automatic route's backend marked in the table, and in the plot
/// one colour per backend (the same in every chart) with auto drawn apart, titles that name
/// no one backend for auto, and legends clear of the lines.
#[test]
fn read_row_gib_and_marked_route() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("b.svg");
    let out = Command::cargo_bin("crc-gen")
        .unwrap()
        .args([
            "bench",
            "--quick",
            "-a",
            "CRC-32/ISCSI",
            "CRC-64/XZ",
            "--sizes",
            "1K,4K,16K",
        ])
        .args(["--backend", "auto,slice8,slice16,read", "--plot"])
        .arg(&svg)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("GiB/s"), "{text}");
    assert!(text.lines().any(|l| l.contains("4 KiB  read ")), "{text}");
    assert!(
        text.contains("read: a read-only pass, memory read speed"),
        "{text}"
    );
    // The table marks the backend auto runs at 4 KiB, when it is one of those measured.
    for (alg, chart) in [("CRC-32/ISCSI", 0), ("CRC-64/XZ", 1)] {
        let picks = DynCrc::from_catalog(alg).unwrap().backend_for(4096).name();
        let section = text.split("\n\n").nth(chart).unwrap();
        let marked: Vec<&str> = section
            .lines()
            .filter(|l| l.contains("4 KiB") && l.contains(" *"))
            .collect();
        if ["slice8", "slice16"].contains(&picks) {
            assert_eq!(marked.len(), 1, "{section}");
            assert!(marked[0].contains(picks), "{section}");
        } else {
            assert!(marked.is_empty(), "{section}");
        }
    }
    // In the plot: a stroke colour per series, distinct within a chart, the same per backend
    // across charts (legend swatches included).
    let svg = std::fs::read_to_string(&svg).unwrap();
    let xml = roxmltree::Document::parse(&svg).unwrap();
    let strokes: Vec<&str> = xml
        .descendants()
        .filter(|n| n.has_tag_name("polyline"))
        .filter_map(|n| n.attribute("stroke"))
        .collect();
    let mut distinct = strokes.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 4, "{strokes:?}");
    let texts: Vec<(f64, f64, &str)> = xml
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| {
            let at = |a| n.attribute(a)?.parse::<f64>().ok();
            Some((at("x")?, at("y")?, n.text()?.trim()))
        })
        .collect();
    let legend = [
        "auto (the automatic route)",
        "slice8",
        "slice16",
        "read (memory read speed)",
    ];
    for label in legend {
        assert_eq!(
            texts.iter().filter(|t| t.2 == label).count(),
            2,
            "{label} once per chart: {texts:?}"
        );
    }
    // auto's backend changes with the size, so no title names one.
    for alg in ["CRC-32/ISCSI", "CRC-64/XZ"] {
        let title = texts.iter().find(|t| t.2.starts_with(alg)).unwrap().2;
        assert!(!title.contains("auto ="), "{title}");
    }
    // The legend lies right of every line and of the grid: it covers none of them.
    let points = |n: roxmltree::Node| -> Vec<(f64, f64)> {
        let p = n.attribute("points").unwrap_or("");
        p.split_whitespace()
            .filter_map(|xy| xy.split_once(','))
            .map(|(x, y)| (x.parse().unwrap(), y.parse().unwrap()))
            .collect()
    };
    let data_right = xml
        .descendants()
        .filter(|n| n.has_tag_name("polyline"))
        .map(points)
        .filter(|p| p.len() == 3)
        .flatten()
        .map(|p| p.0)
        .fold(0.0, f64::max);
    let grid_right = xml
        .descendants()
        .filter(|n| n.has_tag_name("line"))
        .filter_map(|n| n.attribute("x2")?.parse::<f64>().ok())
        .fold(0.0, f64::max);
    assert!(data_right > 0.0 && grid_right >= data_right);
    let legend_left = texts
        .iter()
        .filter(|t| legend.contains(&t.2))
        .map(|t| t.0)
        .fold(f64::INFINITY, f64::min);
    // Swatches: the short series-styled lines (the axes and ticks are 1 pixel wide).
    let swatch_left = xml
        .descendants()
        .filter(|n| n.has_tag_name("polyline") && n.attribute("stroke-width") != Some("1"))
        .map(points)
        .filter(|p| p.len() == 2)
        .flatten()
        .map(|p| p.0)
        .fold(f64::INFINITY, f64::min);
    assert!(
        legend_left > grid_right && swatch_left > grid_right,
        "legend at x {legend_left} (swatches {swatch_left}), plot ends at {grid_right}"
    );
}
