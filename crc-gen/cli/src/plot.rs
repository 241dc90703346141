//! `crc-gen bench --plot`: an SVG line chart per algorithm, throughput against input size.
//!
//! plotters is built with its SVG backend only (no bitmap backends, no system fonts): text is
//! written as SVG `<text>` and laid out by the viewer.

use std::path::Path;

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// One line of a chart.
pub struct Series {
    /// The legend entry: a backend name, or `auto`.
    pub label: String,
    /// (input size in bytes, GiB/s), sizes ascending.
    pub points: Vec<(f64, f64)>,
}

/// One chart: an algorithm's lines.
pub struct Panel {
    /// The algorithm.
    pub title: String,
    /// One line per backend.
    pub series: Vec<Series>,
}

/// Pixels per chart, its legend included.
const WIDTH: u32 = 1200;
const HEIGHT: u32 = 480;
/// The strip right of each chart that holds its legend: inside the chart it would cover
/// lines, wherever it went (the slice kernels run along the bottom, the folding ones along
/// the top).
const LEGEND_WIDTH: u32 = 250;
/// Pixels between legend entries, and from the chart's top to the first.
const LEGEND_STEP: i32 = 22;
const LEGEND_TOP: i32 = 60;

/// `cannot write PATH: REASON`.
fn cannot_write(path: &Path, e: &dyn std::fmt::Display) -> String {
    format!("cannot write {}: {e}", path.display())
}

/// Whether `path` can be written (its folder exists, it is not a folder, permissions allow),
/// found by opening it for writing without truncating it; a file this creates is removed
/// again, so a run that fails later leaves nothing behind.
pub fn check_writable(path: &Path) -> Result<(), String> {
    let existed = path.exists();
    let reason = |e: std::io::Error| cannot_write(path, &crate::input::reason(&e));
    std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(reason)?;
    if !existed {
        std::fs::remove_file(path).map_err(reason)?;
    }
    Ok(())
}

/// Writes the charts, stacked, to `path`.
pub fn write_svg(path: &Path, panels: &[Panel]) -> Result<(), String> {
    let fail = |e: &dyn std::fmt::Display| cannot_write(path, e);
    let height = HEIGHT * panels.len().max(1) as u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| fail(&e))?;
        for (area, panel) in root.split_evenly((panels.len(), 1)).iter().zip(panels) {
            draw(area, panel).map_err(|e| fail(&e))?;
        }
        root.present().map_err(|e| fail(&e))?;
    }
    std::fs::write(path, svg).map_err(|e| fail(&crate::input::reason(&e)))
}

type Area<'a> = DrawingArea<SVGBackend<'a>, plotters::coord::Shift>;
type DrawResult =
    Result<(), DrawingAreaErrorKind<<SVGBackend<'static> as DrawingBackend>::ErrorType>>;

fn draw(area: &Area<'_>, panel: &Panel) -> DrawResult {
    let (area, legend_area) = area.split_horizontally(WIDTH - LEGEND_WIDTH);
    let area = &area;
    // x is log2 of the size, so the axis is logarithmic with a tick at each power of two.
    let points = || panel.series.iter().flat_map(|s| s.points.iter());
    let x_min = points().map(|p| p.0.log2()).fold(f64::INFINITY, f64::min);
    let x_max = points()
        .map(|p| p.0.log2())
        .fold(f64::NEG_INFINITY, f64::max);
    let y_max = points().map(|p| p.1).fold(0.0, f64::max);
    let (x_min, x_max) = if x_min.is_finite() && x_max.is_finite() {
        (x_min.floor(), x_max.ceil().max(x_min.floor() + 1.0))
    } else {
        (0.0, 1.0)
    };
    let mut chart = ChartBuilder::on(area)
        .caption(&panel.title, ("sans-serif", 22))
        .margin(12)
        .margin_right(36)
        .x_label_area_size(44)
        .y_label_area_size(72)
        .build_cartesian_2d(x_min..x_max, 0.0..(y_max * 1.08).max(1.0))?;
    chart
        .configure_mesh()
        .x_desc("input size (log scale)")
        .y_desc("GiB/s")
        .x_labels((x_max - x_min) as usize + 1)
        .x_label_formatter(&|x| {
            if (x - x.round()).abs() < 1e-6 {
                size_label(x.round().exp2())
            } else {
                String::new()
            }
        })
        .y_label_formatter(&|y| format!("{y:.1}"))
        .draw()?;
    for s in &panel.series {
        let (color, width) = style(&s.label);
        chart.draw_series(LineSeries::new(
            s.points.iter().map(|&(x, y)| (x.log2(), y)),
            color.stroke_width(width),
        ))?;
    }
    legend(&legend_area, &panel.series)
}

/// The legend, one swatch and label per series, in the strip right of the chart.
fn legend(area: &Area<'_>, series: &[Series]) -> DrawResult {
    let font =
        TextStyle::from(("sans-serif", 15).into_font()).pos(Pos::new(HPos::Left, VPos::Center));
    for (i, s) in series.iter().enumerate() {
        let y = LEGEND_TOP + LEGEND_STEP * i as i32;
        let (color, width) = style(&s.label);
        area.draw(&PathElement::new(
            [(8, y), (32, y)],
            color.stroke_width(width),
        ))?;
        area.draw(&Text::new(legend_label(&s.label), (40, y), font.clone()))?;
    }
    Ok(())
}

/// A series' legend entry: the backend's name, with what `auto` and `read` are.
pub fn legend_label(label: &str) -> &str {
    match label {
        "auto" => "auto (the automatic route)",
        "read" => "read (memory read speed)",
        other => other,
    }
}

/// A series' colour and line width: each backend its own colour, the same in every chart
/// (its place in `Backend::all()`), the automatic route thick and black, the read pass grey.
pub fn style(label: &str) -> (RGBAColor, u32) {
    match label {
        "auto" => (BLACK.to_rgba(), 4),
        "read" => (RGBColor(150, 150, 150).to_rgba(), 2),
        name => {
            let i = crcstamp::Backend::all()
                .iter()
                .position(|b| b.name() == name)
                .unwrap_or(0);
            (Palette99::pick(i).to_rgba(), 2)
        }
    }
}

/// `4096` → `4 KiB`.
pub fn size_label(bytes: f64) -> String {
    let units = [("GiB", 1u64 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)];
    for (unit, n) in units {
        let v = bytes / n as f64;
        if v >= 1.0 {
            return format!("{} {unit}", trim(v));
        }
    }
    format!("{} B", trim(bytes))
}

fn trim(v: f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{}", v.round() as u64)
    } else {
        format!("{v:.1}")
    }
}
