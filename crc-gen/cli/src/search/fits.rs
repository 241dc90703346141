//! Output for fits that name a layout or bad samples: `--crc-at auto`, `--skip`, and
//! samples that fit only with some left out.

use std::process::ExitCode;

use crc_gen::search::{Align, CrcAt, Endian, Fit, Layout, Outcome};
use serde::Serialize;

use super::outcome::{text, JsonOutcome};
use crate::output::{print_out, Format};

/// Lower-case hex.
pub(super) fn hex(data: &[u8]) -> String {
    data.iter().map(|b| format!("{b:02x}")).collect()
}

/// `1 frame`, `2 frames`.
pub(super) fn count(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// Prints the fits (`noun` is "frame" or "sample", `hex` each one as given) and returns
/// the exit status: 0 when a fit needs no sample left out, 3 when every fit does, 1 (with
/// one line on stderr) when nothing fits: that line gives the `undecided` reasons (each
/// ending in what to add) when there are any, since then more samples may still decide.
pub(super) fn report(
    fits: &[Fit],
    undecided: &[String],
    hex: &[String],
    noun: &str,
    format: Format,
) -> Result<ExitCode, String> {
    match format {
        Format::Text => {
            let blocks: Vec<String> = fits
                .iter()
                .map(|f| fit_text(f, role(f, fits), hex, noun))
                .collect();
            if !blocks.is_empty() {
                print_out(blocks.join("\n"))?;
            }
        }
        Format::Json => {
            let doc = JsonFits {
                fits: fits
                    .iter()
                    .map(|f| JsonFit::new(f, role(f, fits), hex))
                    .collect(),
                outliers: !fits.is_empty() && fits.iter().all(|f| !f.bad.is_empty()),
                undecided: if fits.is_empty() {
                    undecided.to_vec()
                } else {
                    Vec::new()
                },
            };
            let json = serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?;
            print_out(format_args!("{json}\n"))?;
        }
    }
    if fits.is_empty() {
        let what = if noun == "frame" {
            "layout and model"
        } else {
            "model"
        };
        let all = match hex.len() {
            1 => format!("the 1 {noun}"),
            n => format!("all {}", count(n, noun)),
        };
        if undecided.is_empty() {
            eprintln!("crc-gen: search: no {what} fits {all}, nor all but a few");
        } else {
            eprintln!(
                "crc-gen: search: no {what} found for {all}, but too few to decide: {}",
                undecided.join("; ")
            );
        }
        return Ok(ExitCode::from(1));
    }
    if fits.iter().any(|f| f.bad.is_empty()) {
        Ok(ExitCode::SUCCESS)
    } else {
        Ok(ExitCode::from(3))
    }
}

/// How a fit relates to the answer (the first fit).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    /// The answer, or a further fit with the same bad samples.
    Plain,
    /// Its generator divides the generator of the fit above it.
    Factor,
    /// It names other bad samples than the answer: the two exclude each other.
    Alternative,
}

fn role(f: &Fit, fits: &[Fit]) -> Role {
    if f.factor_of.is_some() {
        Role::Factor
    } else if fits.first().is_some_and(|a| a.bad != f.bad) {
        Role::Alternative
    } else {
        Role::Plain
    }
}

/// One fit: a `//` line naming the model and layout (a factor shadow or an alternative
/// labelled as such), the attribute lines, then the layouts the frames cannot tell apart
/// and the bad samples.
fn fit_text(fit: &Fit, role: Role, hex: &[String], noun: &str) -> String {
    let out = &fit.outcome;
    let label = match role {
        Role::Plain => String::new(),
        Role::Factor => "factor of the above: ".into(),
        Role::Alternative => format!("alternative, other bad {noun}s: "),
    };
    let mut t = format!("// {label}{}", names(out));
    if let Some(layout) = fit.layout {
        t += &format!(", {layout}");
    }
    if !fit.bad.is_empty() {
        let good = hex.len() - fit.bad.len();
        t += &format!(" (fits {good} of {})", count(hex.len(), noun));
    }
    t.push('\n');
    t += &text(out);
    if !fit.alike.is_empty() {
        let others: Vec<String> = fit
            .alike
            .iter()
            .map(|(l, out)| format!("{} ({l})", names(out)))
            .collect();
        t += &format!(
            "// also fits as {}: every frame has the same bytes where these differ, so the \
             frames cannot tell them apart; the smallest is listed\n",
            others.join("; ")
        );
    }
    for &i in &fit.bad {
        t += &format!("// bad {noun} {i}: {}\n", hex[i]);
    }
    t
}

/// The catalogue names that fit, and `custom width W` for solved models.
fn names(out: &Outcome) -> String {
    let mut names: Vec<String> = out
        .catalogue
        .iter()
        .map(|h| h.entry.name().to_owned())
        .collect();
    if let Some(s) = out.solved.first() {
        names.push(format!("custom width {}", s.model.width()));
    }
    names.join(" / ")
}

#[derive(Serialize)]
struct JsonFits {
    fits: Vec<JsonFit>,
    /// Every fit leaves some samples out (exit status 3).
    outliers: bool,
    /// When nothing fits: why some layouts were not decided, each with what to add.
    undecided: Vec<String>,
}

#[derive(Serialize)]
struct JsonFit {
    layout: Option<JsonLayout>,
    /// Index of the fit whose generator this one's divides.
    factor_of: Option<usize>,
    /// Names other bad samples than the first fit: the two exclude each other.
    alternative: bool,
    alike: Vec<JsonLayout>,
    bad: Vec<JsonBad>,
    #[serde(flatten)]
    outcome: JsonOutcome,
}

#[derive(Serialize)]
struct JsonLayout {
    crc_bytes: usize,
    crc_bits: u32,
    /// `low` or `high`: which bits of the field hold a narrower CRC.
    align: &'static str,
    /// Bytes outside the field at the frame's outer end.
    trail: usize,
    at: &'static str,
    endian: &'static str,
    skip: usize,
    gap: usize,
    text: String,
}

#[derive(Serialize)]
struct JsonBad {
    index: usize,
    hex: String,
}

impl JsonLayout {
    fn new(l: &Layout) -> Self {
        JsonLayout {
            crc_bytes: l.bytes,
            crc_bits: l.bits,
            align: match l.align {
                Align::Low => "low",
                Align::High => "high",
            },
            trail: l.trail,
            at: match l.at {
                CrcAt::Start => "start",
                CrcAt::End => "end",
            },
            endian: match l.endian {
                Endian::Big => "big",
                Endian::Little => "little",
            },
            skip: l.skip,
            gap: l.gap,
            text: l.to_string(),
        }
    }
}

impl JsonFit {
    fn new(f: &Fit, role: Role, hex: &[String]) -> Self {
        JsonFit {
            layout: f.layout.as_ref().map(JsonLayout::new),
            factor_of: f.factor_of,
            alternative: role == Role::Alternative,
            alike: f.alike.iter().map(|(l, _)| JsonLayout::new(l)).collect(),
            bad: f
                .bad
                .iter()
                .map(|&index| JsonBad {
                    index,
                    hex: hex[index].clone(),
                })
                .collect(),
            outcome: JsonOutcome::new(&f.outcome),
        }
    }
}

/// The undecided layouts' reasons, one per distinct reason (the `width W: ` that
/// [`Outcome::undetermined`] puts first dropped: each layout has its width), with the
/// layouts it holds for (`… (big-endian, last 4 bytes, and 3 more layouts)`), at most three.
pub(super) fn undecided(list: &[(Layout, Vec<String>)]) -> Vec<String> {
    let mut by_reason: Vec<(&str, Vec<&Layout>)> = Vec::new();
    for (l, whys) in list {
        for why in whys {
            let why = why.split_once(": ").map_or(why.as_str(), |(_, r)| r);
            match by_reason.iter_mut().find(|(r, _)| *r == why) {
                Some((_, ls)) => ls.push(l),
                None => by_reason.push((why, vec![l])),
            }
        }
    }
    let mut lines: Vec<String> = by_reason
        .iter()
        .take(3)
        .map(|(why, ls)| {
            let more = match ls.len() - 1 {
                0 => String::new(),
                n => format!(", and {}", count(n, "more layout")),
            };
            format!("{why} (width {}, {}{more})", ls[0].width(), ls[0])
        })
        .collect();
    if by_reason.len() > 3 {
        lines.push(format!("and {}", count(by_reason.len() - 3, "more reason")));
    }
    lines
}
