//! The model parsers behind `crc-gen`'s command line (`crc-gen/cli/src/model_arg.rs` resolves
//! a model argument with `ModelSpec::from_str` + `build` or `catalogue::lookup`; `search`
//! reads samples with `Sample::parse`), and the catalogue's line parser, on arbitrary text:
//! errors, never a panic. A model that parses prints (RevEng format) to a line that parses
//! back to the same model, and `crc-gen emit` writes it (whatever its name) as a file that
//! parses, with the struct its type name says.
#![no_main]

use crc_gen::search::{parse_hex, Sample};
use crc_gen::{catalogue, emit, DerivedConsts, ModelSpec, Slice};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    // As the CLI resolves a model argument: a RevEng line when it has an `=`, else a
    // catalogue name or alias (whose misses rank every name for suggestions).
    if text.contains('=') {
        if let Ok(model) = text.parse::<ModelSpec>().and_then(ModelSpec::build) {
            let line = model.to_string();
            let again = line
                .parse::<ModelSpec>()
                .and_then(ModelSpec::build)
                .unwrap_or_else(|e| panic!("`{line}` (from `{text}`) does not parse back: {e}"));
            assert_eq!(again, model, "`{line}` from `{text}`");
            // `emit::file` parses what it emits (and panics if that fails).
            let code = emit::file(&DerivedConsts::new(&model, Slice::fastest(model.word_bits())));
            let name = model.type_name().unwrap_or_else(|| "Crc".into());
            assert!(code.contains(&format!("pub struct {name} ")), "{text}");
        }
        let _ = catalogue::parse_line(&text);
    } else if let Ok(entry) = catalogue::lookup(&text) {
        // Found by a name or alias, by its letters and digits where the rest are
        // separators, or by another tool's name for it: never by anything else.
        let letters = |n: &str| -> String {
            let kept = n.chars().filter(char::is_ascii_alphanumeric);
            kept.map(|c| c.to_ascii_uppercase()).collect()
        };
        let separators = |c: char| c.is_ascii_alphanumeric() || "-/_. ".contains(c);
        let name = |n: &str| {
            n.eq_ignore_ascii_case(&text)
                || (text.chars().all(separators) && letters(n) == letters(&text))
        };
        let tool = catalogue::TOOL_NAMES
            .iter()
            .any(|&(n, target)| n.eq_ignore_ascii_case(&text) && target == entry.name());
        assert!(
            tool || name(entry.name()) || entry.aliases.iter().copied().any(name),
            "`{text}` found {}",
            entry.name()
        );
    }
    let _ = Sample::parse(&text);
    let _ = parse_hex(&text);
});
