//! One search outcome as text and as JSON, for plain samples and for each fit of a capture.

use crc_gen::search::{Outcome, Solved};
use serde::Serialize;

use crate::report::ModelReport;

/// Attribute lines, catalogue hits first, with `//` comments on ambiguity.
pub(crate) fn text(out: &Outcome) -> String {
    let mut t = String::new();
    for hit in &out.catalogue {
        t += &hit.to_string();
        t.push('\n');
    }
    for s in &out.solved {
        t += &s.attribute();
        let mut notes = Vec::new();
        if s.free_init_bits > 0 {
            notes.push(format!(
                "init not pinned down: 2^{} (init, xorout) pairs fit; add samples of other lengths",
                s.free_init_bits
            ));
        }
        if s.equivalent_init_bits > 0 {
            notes.push(equivalent_note(s));
        }
        if !notes.is_empty() {
            t += &format!("  // {}", notes.join("; "));
        }
        t.push('\n');
    }
    if out.unlisted > 0 {
        t += &format!("// ... and {} more solved models\n", out.unlisted);
    }
    for (i, u) in out.undetermined.iter().enumerate() {
        if i == 3 {
            t += &format!(
                "// ... and {} more undecided combinations\n",
                out.undetermined.len() - 3
            );
            break;
        }
        t += &format!("// undecided: {u}\n");
    }
    if out.is_ambiguous() {
        let (count, kind) = if out.undetermined.is_empty() {
            (
                format!("{} models fit", out.solutions),
                "of a new length, or equal-length pairs",
            )
        } else {
            (
                "more models may fit".to_owned(),
                "each as long as an existing one",
            )
        };
        let (n, s) = (
            out.more_samples,
            if out.more_samples == 1 { "" } else { "s" },
        );
        t += &format!(
            "// ambiguous: {count}; about {n} more sample{s} ({kind}) would pin it down\n"
        );
    }
    t
}

/// Says that init and xorout are one of several equivalent pairs, and names the others (the
/// first three): a datasheet may state any of them, and a user comparing the printed pair
/// with theirs should see theirs listed rather than distrust the answer.
fn equivalent_note(s: &Solved) -> String {
    let all = s.equivalents();
    let others: Vec<String> = all
        .iter()
        .skip(1)
        .take(3)
        .map(|m| format!("init = {:#x}, xorout = {:#x}", m.init(), m.xorout()))
        .collect();
    let more = match all.len().saturating_sub(4) {
        0 => String::new(),
        n => format!(" and {n} more"),
    };
    format!(
        "init and xorout are one of {} equivalent pairs, the same CRC for every message: also {}{more}",
        all.len(),
        others.join("; ")
    )
}

/// `search --format json`.
#[derive(Serialize)]
pub(crate) struct JsonOutcome {
    catalogue: Vec<JsonHit>,
    solved: Vec<JsonSolved>,
    /// Number of distinct CRC functions that fit (saturating).
    solutions: u128,
    ambiguous: bool,
    more_samples: u32,
    unlisted: usize,
    undetermined: Vec<String>,
}

#[derive(Serialize)]
struct JsonHit {
    name: String,
    byte_swapped: bool,
    attribute: String,
    model: ModelReport,
}

#[derive(Serialize)]
struct JsonSolved {
    attribute: String,
    free_init_bits: u32,
    equivalent_init_bits: u32,
    model: ModelReport,
}

impl JsonOutcome {
    pub(crate) fn new(out: &Outcome) -> Self {
        JsonOutcome {
            catalogue: out
                .catalogue
                .iter()
                .map(|h| JsonHit {
                    name: h.entry.name().to_owned(),
                    byte_swapped: h.byte_swapped,
                    attribute: h.attribute(),
                    model: ModelReport::new(&h.entry.model, Some(h.entry)),
                })
                .collect(),
            solved: out
                .solved
                .iter()
                .map(|s| JsonSolved {
                    attribute: s.attribute(),
                    free_init_bits: s.free_init_bits,
                    equivalent_init_bits: s.equivalent_init_bits,
                    model: ModelReport::new(&s.model, None),
                })
                .collect(),
            solutions: out.solutions,
            ambiguous: out.is_ambiguous(),
            more_samples: out.more_samples,
            unlisted: out.unlisted,
            undetermined: out.undetermined.clone(),
        }
    }
}
