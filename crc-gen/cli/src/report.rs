//! What `crc-gen show` reports about a model, built once from [`crc_gen::DerivedConsts`] and
//! printed as text (`text.rs`) or serialized as JSON.
//!
//! Every CRC-sized value is a `"0x..."` string, zero-padded (model values to the width's hex
//! digits, table entries to the word's, fold and Barrett constants to 16): `u128` values do not
//! fit JSON numbers. Counts, sizes, widths, distances and exponents stay plain numbers. Field
//! order is the declaration order below, so the JSON is stable.

use crc_gen::catalogue::Entry;
use crc_gen::combine::COMBINE_ENTRIES;
use crc_gen::fold::DerivedFolds;
use crc_gen::{DerivedConsts, Model};
use serde::Serialize;

/// Number of leading entries of tables 0 and 1 that the report shows.
pub const TABLE_HEAD: usize = 8;

/// Tables whose leading entries the report shows.
const HEAD_TABLES: usize = 2;

/// Everything `show` prints for one model.
#[derive(Serialize)]
pub struct Report {
    /// The model, with check and residue.
    pub model: ModelReport,
    /// The engine's register: word type and layout.
    pub register: RegisterReport,
    /// The kernel crcstamp would run for this model on this machine, for long inputs (`CRCSTAMP_MAX_TIER` caps it, as for every use of crcstamp).
    pub backend: &'static str,
    /// The kernel that backend is raced against on the automatic path, each thread taking
    /// the faster (`Backend::raced_against`: the 512-bit fold against fusion under the
    /// `intel` profile); `None` (JSON `null`) where the route alone decides.
    pub raced_against: Option<&'static str>,
    /// The routing profile of this CPU's family (`intel`, `amd`, `generic`; `CRCSTAMP_CPU`
    /// forces one).
    pub cpu_profile: &'static str,
    /// Accelerated kernels that failed their self-test at first use on this CPU, and are
    /// never used here (normally none).
    pub failed_self_test: Vec<&'static str>,
    /// `CRCSTAMP_*` values the engine did not understand and ignores (normally none; the
    /// JSON leaves the field out then).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ignored_overrides: Vec<IgnoredReport>,
    /// Slice tables: sizes and leading entries.
    pub tables: TablesReport,
    /// Folding and Barrett constants; `None` (JSON `null`) above 64 bits.
    pub fold: Option<FoldReport>,
    /// For msb models up to 64 bits: the lsb constants of the same polynomial, with which the
    /// 512-bit kernel runs the CRC reflected over bit-reversed bytes (GFNI); else `None`.
    pub fold_reflected: Option<FoldReport>,
    /// The combine table.
    pub combine: CombineReport,
}

/// One ignored `CRCSTAMP_*` value (`crcstamp::IgnoredOverride`).
#[derive(Serialize)]
pub struct IgnoredReport {
    /// The variable.
    pub variable: &'static str,
    /// The value it holds that the engine does not know.
    pub value: String,
    /// The values it takes.
    pub expected: String,
}

/// A model's parameters, check and residue (also what `list --format json` prints).
#[derive(Serialize)]
pub struct ModelReport {
    /// Catalogue name, or the name given in a model line.
    pub name: Option<String>,
    /// Other catalogue names of the algorithm.
    pub aliases: Vec<String>,
    /// Width in bits.
    pub width: u32,
    /// Generator without its `x^width` term, msb-first.
    pub poly: String,
    /// Initial register, unreflected.
    pub init: String,
    /// Input bytes processed lsb-first.
    pub refin: bool,
    /// Register reflected before `xorout`.
    pub refout: bool,
    /// XORed into the result.
    pub xorout: String,
    /// CRC of ASCII `123456789`.
    pub check: String,
    /// Residue (the catalogue's value for catalogue algorithms).
    pub residue: String,
}

/// The engine's register word and how the CRC register sits in it.
#[derive(Serialize)]
pub struct RegisterReport {
    /// Rust type of the register and of the CRC value: `u8` .. `u128`.
    pub word: String,
    /// `lsb` (reflected, shifting right) or `msb` (left-aligned, shifting left).
    pub bit_order: &'static str,
    /// The layout in words.
    pub layout: String,
    /// `init` in the register layout.
    pub init_state: String,
    /// `poly` in the register layout (what the bitwise kernel uses).
    pub poly_state: String,
}

/// Slice tables: how many, how big, and the first entries of the first two.
#[derive(Serialize)]
pub struct TablesReport {
    /// Number of slice tables.
    pub count: usize,
    /// Entries per table.
    pub entries: usize,
    /// Bytes per entry (the word's size).
    pub entry_bytes: usize,
    /// `count × entries × entry_bytes`.
    pub total_bytes: usize,
    /// The first [`TABLE_HEAD`] entries of tables 0 and 1, in the register layout.
    pub head: Vec<TableHead>,
}

/// The leading entries of one slice table.
#[derive(Serialize)]
pub struct TableHead {
    /// Table index: entry `i` of table `k` is byte `i` followed by `k` zero bytes.
    pub table: usize,
    /// Entries `0..TABLE_HEAD`.
    pub entries: Vec<String>,
}

/// Folding and Barrett constants of the 64-bit-lane engine.
#[derive(Serialize)]
pub struct FoldReport {
    /// Bit order of the constants: `lsb` (stored bit-reflected over 64 bits) or `msb`.
    pub bit_order: &'static str,
    /// One pair per fold distance, 128..2048 bits.
    pub pairs: Vec<FoldPairReport>,
    /// The Barrett reduction pair.
    pub barrett: BarrettReport,
}

/// HI and LO multipliers for one fold distance.
#[derive(Serialize)]
pub struct FoldPairReport {
    /// Distance in bits.
    pub distance: u32,
    /// Multiplies the accumulator's `x^64..x^127` half.
    pub hi: FoldConst,
    /// Multiplies the accumulator's `x^0..x^63` half.
    pub lo: FoldConst,
}

/// One fold constant with its derivation.
#[derive(Serialize)]
pub struct FoldConst {
    /// `e` in `(x^e mod G)·x^(64−n)`.
    pub exponent: u32,
    /// The formula, e.g. `refl64((x^159 mod G)·x^32)`.
    pub formula: String,
    /// The stored 64-bit value.
    pub value: String,
}

/// The Barrett reduction constants.
#[derive(Serialize)]
pub struct BarrettReport {
    /// `B1`, the quotient constant.
    pub b1: FormulaValue,
    /// `B2`, the generator constant.
    pub b2: FormulaValue,
    /// Whether G has an `x^0` term.
    pub g0: bool,
}

/// A constant with the formula it comes from.
#[derive(Serialize)]
pub struct FormulaValue {
    /// How the value is derived.
    pub formula: String,
    /// The stored 64-bit value.
    pub value: String,
}

/// The combine table.
#[derive(Serialize)]
pub struct CombineReport {
    /// How the entries are stored.
    pub layout: &'static str,
    /// Entry `j` is `x^(8·2^j) mod G`, j = 0..64.
    pub entries: Vec<CombineEntry>,
}

/// One combine table entry.
#[derive(Serialize)]
pub struct CombineEntry {
    /// Index: multiplying by the entry appends `2^j` zero bytes.
    pub j: usize,
    /// `x^(8·2^j) mod G` with the exponent written out, e.g. `x^16 mod G`.
    pub label: String,
    /// The entry.
    pub value: String,
}

impl Report {
    /// The report for `c`; `entry` is the catalogue entry the model came from, if any.
    pub fn new(c: &DerivedConsts, entry: Option<&Entry>) -> Report {
        let m = &c.model;
        let backend = crcstamp::DynCrc::from_model(m).backend();
        Report {
            model: ModelReport::new(m, entry),
            register: RegisterReport::new(c),
            backend: backend.name(),
            raced_against: backend.raced_against().map(crcstamp::Backend::name),
            cpu_profile: crcstamp::cpu_profile(),
            failed_self_test: crcstamp::Backend::all()
                .iter()
                .filter(|b| b.availability() == crcstamp::Availability::FailedSelfTest)
                .map(|b| b.name())
                .collect(),
            ignored_overrides: crcstamp::ignored_overrides()
                .into_iter()
                .map(|o| IgnoredReport {
                    variable: o.variable,
                    value: o.value,
                    expected: o.expected,
                })
                .collect(),
            tables: TablesReport::new(c),
            fold: c.fold.as_ref().map(FoldReport::new),
            fold_reflected: c.fold_reflected.as_ref().map(FoldReport::new),
            combine: CombineReport::new(m, &c.combine),
        }
    }
}

impl ModelReport {
    /// The model's parameters; aliases and residue from `entry` when it came from the
    /// catalogue (the catalogue's residue is authoritative for crossed models).
    pub fn new(m: &Model, entry: Option<&Entry>) -> ModelReport {
        let v = |x: u128| hex(x, value_digits(m.width()));
        ModelReport {
            name: m.name().map(str::to_owned),
            aliases: entry
                .map(|e| e.aliases.iter().map(|a| a.to_string()).collect())
                .unwrap_or_default(),
            width: m.width(),
            poly: v(m.poly()),
            init: v(m.init()),
            refin: m.refin(),
            refout: m.refout(),
            xorout: v(m.xorout()),
            check: v(m.check()),
            residue: v(entry.map_or_else(|| m.residue(), |e| e.residue)),
        }
    }
}

impl RegisterReport {
    fn new(c: &DerivedConsts) -> RegisterReport {
        let m = &c.model;
        let (n, w) = (m.width(), c.word_bits);
        let word = format!("u{w}");
        let (bit_order, layout) = if m.refin() {
            (
                "lsb",
                format!("refl{n}(register) in the low {n} bits of {word}, shifting right"),
            )
        } else {
            (
                "msb",
                format!(
                    "register << {} (left-aligned in {word}), shifting left",
                    w - n
                ),
            )
        };
        let s = |x: u128| hex(x, value_digits(w));
        RegisterReport {
            word,
            bit_order,
            layout,
            init_state: s(c.init_state),
            poly_state: s(c.poly_state),
        }
    }
}

impl TablesReport {
    fn new(c: &DerivedConsts) -> TablesReport {
        let entry_bytes = (c.word_bits / 8) as usize;
        let entries = 256;
        TablesReport {
            count: c.tables.len(),
            entries,
            entry_bytes,
            total_bytes: c.tables.len() * entries * entry_bytes,
            head: c
                .tables
                .iter()
                .take(HEAD_TABLES)
                .enumerate()
                .map(|(table, t)| TableHead {
                    table,
                    entries: t[..TABLE_HEAD]
                        .iter()
                        .map(|&x| hex(x, value_digits(c.word_bits)))
                        .collect(),
                })
                .collect(),
        }
    }
}

impl FoldReport {
    fn new(f: &DerivedFolds) -> FoldReport {
        let constant = |exponent: u32, value: u64| FoldConst {
            exponent,
            formula: f.formula(exponent),
            value: hex64(value),
        };
        let (b1, b2) = f.barrett_formulas();
        FoldReport {
            bit_order: if f.lsb { "lsb" } else { "msb" },
            pairs: f
                .folds
                .iter()
                .map(|p| FoldPairReport {
                    distance: p.distance,
                    hi: constant(p.hi_exponent, p.hi),
                    lo: constant(p.lo_exponent, p.lo),
                })
                .collect(),
            barrett: BarrettReport {
                b1: FormulaValue {
                    formula: b1,
                    value: hex64(f.barrett_quotient),
                },
                b2: FormulaValue {
                    formula: b2,
                    value: hex64(f.barrett_poly),
                },
                g0: f.g0,
            },
        }
    }
}

impl CombineReport {
    fn new(m: &Model, table: &[u128]) -> CombineReport {
        debug_assert_eq!(table.len(), COMBINE_ENTRIES);
        CombineReport {
            layout: "unreflected (x^0 in bit 0)",
            entries: table
                .iter()
                .enumerate()
                .map(|(j, &x)| CombineEntry {
                    j,
                    label: format!("x^{} mod G", 8u128 << j),
                    value: hex(x, value_digits(m.width())),
                })
                .collect(),
        }
    }
}

/// Hex digits of a `bits`-bit value.
fn value_digits(bits: u32) -> usize {
    bits.div_ceil(4) as usize
}

/// `0x` and `v` zero-padded to `digits` hex digits.
fn hex(v: u128, digits: usize) -> String {
    format!("0x{v:0digits$x}")
}

/// A 64-bit constant: 16 hex digits.
fn hex64(v: u64) -> String {
    hex(u128::from(v), 16)
}
