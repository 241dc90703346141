//! The RevEng CRC catalogue: 113 algorithms and 74 aliases, parsed from `spec/`.
//!
//! The data files are the project's single source: `spec/catalogue.txt` (one algorithm a
//! line, RevEng's format, with verified check and residue) and `spec/catalogue-aliases.txt`.

use std::sync::OnceLock;

use crate::error::ModelError;
use crate::model::{Model, ModelSpec};

const CATALOGUE: &str = include_str!("../../spec/catalogue.txt");
const ALIASES: &str = include_str!("../../spec/catalogue-aliases.txt");

/// One catalogue algorithm.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The validated model, named with the catalogue name.
    pub model: Model,
    /// The catalogue's check value (verified against the model when parsed).
    pub check: u128,
    /// The catalogue's residue (verified against the model when parsed).
    pub residue: u128,
    /// Other names the algorithm is known by.
    pub aliases: Vec<&'static str>,
}

impl Entry {
    /// The catalogue name, e.g. `CRC-32/ISCSI`.
    pub fn name(&self) -> &str {
        self.model.name().unwrap_or_default()
    }
}

/// Every catalogue algorithm, in the catalogue's order (by width, then name).
///
/// ```
/// assert_eq!(crc_gen::catalogue::entries().len(), 113);
/// ```
pub fn entries() -> &'static [Entry] {
    static ENTRIES: OnceLock<Vec<Entry>> = OnceLock::new();
    ENTRIES.get_or_init(|| parse(CATALOGUE, ALIASES).expect("spec/catalogue.txt is valid"))
}

/// The algorithms whose stamped source is kept in `generated/` and shipped as ready-made
/// types in `crcstamp::catalog`.
pub const HEADLINE: [&str; 7] = [
    "CRC-16/T10-DIF",
    "CRC-32/ISO-HDLC",
    "CRC-32/ISCSI",
    "CRC-32/BZIP2",
    "CRC-64/NVME",
    "CRC-64/ECMA-182",
    "CRC-64/XZ",
];

/// The names other tools give catalogue algorithms, where they are not RevEng aliases and
/// no spelling of one: GNU `cksum -a crc` (POSIX cksum's CRC) and `-a crc32b` (as PHP's
/// `hash` names it, too).
pub const TOOL_NAMES: [(&str, &str); 2] = [("crc", "CRC-32/CKSUM"), ("crc32b", "CRC-32/ISO-HDLC")];

/// Finds an algorithm by name or alias, ignoring ASCII case; then by the same letters and
/// digits without the punctuation (`crc32c` is `CRC-32C`, `crc16-arc` is `CRC-16/ARC`: no
/// two names or aliases of the catalogue share them); then by the names other tools give
/// ([`TOOL_NAMES`]).
///
/// ```
/// use crc_gen::catalogue::lookup;
/// assert_eq!(lookup("crc-32c").unwrap().name(), "CRC-32/ISCSI");
/// assert_eq!(lookup("crc32c").unwrap().name(), "CRC-32/ISCSI");
/// assert_eq!(lookup("crc").unwrap().name(), "CRC-32/CKSUM");
/// let err = lookup("CRC-32/ISCI").unwrap_err().to_string();
/// assert!(err.contains("did you mean"), "{err}");
/// ```
pub fn lookup(name: &str) -> Result<&'static Entry, ModelError> {
    let all = entries();
    let names = |e: &'static Entry| std::iter::once(e.name()).chain(e.aliases.iter().copied());
    let key = loose_key(name);
    let tool = TOOL_NAMES
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|&(_, target)| target);
    let found = all
        .iter()
        .find(|&e| names(e).any(|n| n.eq_ignore_ascii_case(name)))
        .or_else(|| {
            all.iter()
                .find(|&e| key.is_some() && names(e).any(|n| Some(normalize(n)) == key))
        })
        .or_else(|| all.iter().find(|e| Some(e.name()) == tool));
    found.ok_or_else(|| ModelError::UnknownName {
        name: name.to_owned(),
        suggestions: suggestions(name),
    })
}

/// Up to three catalogue names (not aliases) closest to `name`, best first; empty when
/// nothing is close.
pub fn suggestions(name: &str) -> Vec<String> {
    let key = normalize(name);
    let mut scored: Vec<(f64, &str)> = Vec::new();
    for e in entries() {
        let best = std::iter::once(e.name())
            .chain(e.aliases.iter().copied())
            .map(|n| jaro_winkler(key.as_bytes(), normalize(n).as_bytes()))
            .fold(0.0, f64::max);
        if best >= 0.85 {
            scored.push((best, e.name()));
        }
    }
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    scored
        .into_iter()
        .take(3)
        .map(|(_, n)| n.to_owned())
        .collect()
}

/// Jaro-Winkler similarity in 0..=1 (1 for equal strings): the share of characters that
/// match within half the longer length, less half the matched pairs out of order, raised for
/// a common prefix of up to 4. Typos keep most characters in place, so a name with one or
/// two wrong scores above 0.85 while another algorithm's name does not.
fn jaro_winkler(a: &[u8], b: &[u8]) -> f64 {
    if a.is_empty() || b.is_empty() {
        return if a == b { 1.0 } else { 0.0 };
    }
    let range = (a.len().max(b.len()) / 2).saturating_sub(1);
    let mut used = vec![false; b.len()];
    let mut a_matched = Vec::new();
    for (i, &c) in a.iter().enumerate() {
        let window = i.saturating_sub(range)..b.len().min(i + range + 1);
        if let Some(j) = window.into_iter().find(|&j| !used[j] && b[j] == c) {
            used[j] = true;
            a_matched.push(c);
        }
    }
    let m = a_matched.len() as f64;
    if m == 0.0 {
        return 0.0;
    }
    let b_matched = b.iter().zip(&used).filter(|(_, &u)| u).map(|(&c, _)| c);
    let half_swaps = a_matched
        .iter()
        .zip(b_matched)
        .filter(|(&x, y)| x != *y)
        .count()
        / 2;
    let jaro = (m / a.len() as f64 + m / b.len() as f64 + (m - half_swaps as f64) / m) / 3.0;
    let prefix = a.iter().zip(b).take(4).take_while(|(x, y)| x == y).count();
    if jaro > 0.7 {
        jaro + 0.1 * prefix as f64 * (1.0 - jaro)
    } else {
        jaro
    }
}

fn normalize(name: &str) -> String {
    name.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// The spelling a name is looked up by when it does not match exactly: its letters and
/// digits, when everything else in it is a separator people write in these names (`-`, `/`,
/// `_`, `.`, a space); `None` for anything else (`x-2\0 5` is no spelling of `X-25`).
fn loose_key(name: &str) -> Option<String> {
    let separator = |c: char| matches!(c, '-' | '/' | '_' | '.' | ' ');
    let key = normalize(name);
    let spelling = name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || separator(c));
    (spelling && !key.is_empty()).then_some(key)
}

/// Parses catalogue and alias text. Errors name the line.
fn parse(catalogue: &'static str, aliases: &'static str) -> Result<Vec<Entry>, String> {
    let mut out: Vec<Entry> = Vec::new();
    for (no, line) in data_lines(catalogue) {
        out.push(parse_line(line).map_err(|e| format!("catalogue.txt:{no}: {e}"))?);
    }
    for (no, line) in data_lines(aliases) {
        let (alias, target) = line
            .split_once('\t')
            .ok_or_else(|| format!("catalogue-aliases.txt:{no}: expected ALIAS<TAB>NAME"))?;
        let entry = out
            .iter_mut()
            .find(|e| e.name() == target.trim())
            .ok_or_else(|| format!("catalogue-aliases.txt:{no}: unknown algorithm {target}"))?;
        entry.aliases.push(alias.trim());
    }
    Ok(out)
}

fn data_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
}

/// Parses one catalogue line: a RevEng model line that must carry check, residue and name.
pub fn parse_line(line: &str) -> Result<Entry, String> {
    let spec: ModelSpec = line.parse().map_err(|e: ModelError| e.to_string())?;
    spec.name.as_ref().ok_or("missing name")?;
    let check = spec.check.ok_or("missing check")?;
    let residue = spec.residue.ok_or("missing residue")?;
    // Crossed models have no agreed codeword order: their catalogue residue is kept as given.
    let spec = ModelSpec {
        residue: None,
        ..spec
    };
    let model = spec.build().map_err(|e| e.to_string())?;
    if !model.is_crossed() && model.residue() != residue {
        return Err(format!(
            "residue {residue:#x} differs from the model's {:#x}",
            model.residue()
        ));
    }
    Ok(Entry {
        model,
        check,
        residue,
        aliases: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalogue_has_113_algorithms_and_74_aliases() {
        assert_eq!(entries().len(), 113);
        let aliases: usize = entries().iter().map(|e| e.aliases.len()).sum();
        assert_eq!(aliases, 74);
    }

    #[test]
    fn every_check_and_residue_matches_the_reference() {
        for e in entries() {
            assert_eq!(e.model.check(), e.check, "{}", e.name());
            assert_eq!(e.model.residue(), e.residue, "{}", e.name());
        }
    }

    #[test]
    fn lookup_is_case_insensitive_and_knows_aliases() {
        assert_eq!(lookup("crc-32/iscsi").unwrap().name(), "CRC-32/ISCSI");
        assert_eq!(lookup("CRC-32C").unwrap().name(), "CRC-32/ISCSI");
        assert_eq!(lookup("crc-32").unwrap().name(), "CRC-32/ISO-HDLC");
        assert!(matches!(
            lookup("CRC-99/NOPE"),
            Err(ModelError::UnknownName { .. })
        ));
    }

    /// The common spellings without punctuation, and cksum's names, find their algorithm;
    /// that rule is unambiguous only while no two names share their letters and digits.
    #[test]
    fn lookup_knows_spellings_without_punctuation_and_other_tools_names() {
        for (name, want) in [
            ("crc32c", "CRC-32/ISCSI"),
            ("CRC32", "CRC-32/ISO-HDLC"),
            ("crc32b", "CRC-32/ISO-HDLC"),
            ("crc", "CRC-32/CKSUM"),
            ("CRC", "CRC-32/CKSUM"),
            ("crc16/arc", "CRC-16/ARC"),
            ("crc64nvme", "CRC-64/NVME"),
        ] {
            assert_eq!(lookup(name).unwrap().name(), want, "{name}");
        }
        assert!(lookup("").is_err());
        assert!(lookup("--").is_err());
        assert!(lookup("x-2\0 5").is_err(), "only separators are dropped");
        assert!(lookup("crc32c\n").is_err());
        let mut seen = std::collections::HashMap::new();
        for e in entries() {
            for n in std::iter::once(e.name()).chain(e.aliases.iter().copied()) {
                let other = seen.insert(normalize(n), e.name());
                assert!(other.is_none_or(|o| o == e.name()), "{n} and {other:?}");
            }
        }
        for (n, _) in TOOL_NAMES {
            assert!(
                !seen.contains_key(&normalize(n)),
                "{n} is a catalogue spelling"
            );
        }
    }

    #[test]
    fn suggestions_find_near_misses() {
        let s = suggestions("CRC-32/ISCI");
        assert_eq!(s.first().map(String::as_str), Some("CRC-32/ISCSI"), "{s:?}");
        assert!(suggestions("completely different").is_empty());
    }

    /// One typo (a letter dropped, doubled, swapped or wrong) in several names: the name
    /// itself comes first.
    #[test]
    fn suggestions_put_the_misspelt_name_first() {
        for (typo, want) in [
            ("CRC-16/MODBSU", "CRC-16/MODBUS"),
            ("CRC-32/BZIPP2", "CRC-32/BZIP2"),
            ("CRC-64/NMVE", "CRC-64/NVME"),
            ("CRC-8/MAXIM-DWO", "CRC-8/MAXIM-DOW"),
            ("CRC-16/KERMTI", "CRC-16/KERMIT"),
            ("CRC-32/AUTOSRA", "CRC-32/AUTOSAR"),
            ("CRC-24/OPENPGB", "CRC-24/OPENPGP"),
        ] {
            let s = suggestions(typo);
            assert_eq!(s.first().map(String::as_str), Some(want), "{typo}: {s:?}");
        }
    }

    #[test]
    fn jaro_winkler_known_values() {
        let jw = |a: &str, b: &str| jaro_winkler(a.as_bytes(), b.as_bytes());
        // The textbook pairs: MARTHA/MARHTA 0.961, DIXON/DICKSONX 0.813, DWAYNE/DUANE 0.84.
        for (a, b, want) in [
            ("MARTHA", "MARHTA", 0.9611),
            ("DIXON", "DICKSONX", 0.8133),
            ("DWAYNE", "DUANE", 0.84),
        ] {
            assert!((jw(a, b) - want).abs() < 1e-4, "{a} {b}: {}", jw(a, b));
            assert_eq!(jw(a, b), jw(b, a), "{a} {b}");
        }
        assert_eq!((jw("", ""), jw("A", ""), jw("ABC", "XYZ")), (1.0, 0.0, 0.0));
        assert_eq!(jw("CRC32", "CRC32"), 1.0);
    }

    #[test]
    fn bad_lines_are_errors_not_panics() {
        for bad in [
            "",
            "width=",
            "width=8 poly=0x1ff init=0 refin=false refout=false xorout=0 check=0 residue=0 name=\"X\"",
            "width=8 poly=zz",
            "name=\"unterminated",
            "width=8 poly=0x07 init=0x00 refin=false refout=false xorout=0x00 check=0x00 residue=0x00 name=\"X\"",
        ] {
            assert!(parse_line(bad).is_err(), "{bad}");
        }
    }
}
