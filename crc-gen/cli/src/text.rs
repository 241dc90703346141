//! `crc-gen show` for people: a [`Report`] as aligned text.

use std::fmt::{self, Display, Formatter};

use crate::report::{FoldReport, Report, TABLE_HEAD};

/// Width of the label column of the key/value lines.
const LABEL: usize = 11;

impl Display for Report {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let m = &self.model;
        let line = |f: &mut Formatter<'_>, label: &str, value: &dyn Display| {
            writeln!(f, "{label:<LABEL$}{value}")
        };
        if let Some(name) = &m.name {
            line(f, "name", name)?;
        }
        if !m.aliases.is_empty() {
            line(f, "aliases", &m.aliases.join(", "))?;
        }
        line(f, "width", &m.width)?;
        line(f, "poly", &m.poly)?;
        line(f, "init", &m.init)?;
        line(f, "refin", &m.refin)?;
        line(f, "refout", &m.refout)?;
        line(f, "xorout", &m.xorout)?;
        line(f, "check", &m.check)?;
        line(f, "residue", &m.residue)?;

        let r = &self.register;
        writeln!(f)?;
        line(f, "word", &r.word)?;
        line(f, "bit order", &r.bit_order)?;
        line(f, "layout", &r.layout)?;
        line(f, "init_state", &r.init_state)?;
        line(f, "poly_state", &r.poly_state)?;
        match self.raced_against {
            Some(rival) => line(
                f,
                "backend",
                &format!("{}, raced against {rival}", self.backend),
            )?,
            None => line(f, "backend", &self.backend)?,
        }
        line(
            f,
            "cpu",
            &format!(
                "{} profile (`crc-gen route` shows the kernel at each length)",
                self.cpu_profile
            ),
        )?;
        for o in &self.ignored_overrides {
            let text = format!(
                "{}={} not understood (takes {}); ignored",
                o.variable, o.value, o.expected
            );
            line(f, "override", &text)?;
        }
        if !self.failed_self_test.is_empty() {
            let names = self.failed_self_test.join(", ");
            line(
                f,
                "self-test",
                &format!("FAILED: {names}; never used on this CPU"),
            )?;
        }

        let t = &self.tables;
        writeln!(f)?;
        writeln!(
            f,
            "tables: {} slice tables × {} entries × {} byte{} = {} bytes",
            t.count,
            t.entries,
            t.entry_bytes,
            if t.entry_bytes == 1 { "" } else { "s" },
            t.total_bytes
        )?;
        for head in &t.head {
            writeln!(
                f,
                "  table {} [0..{TABLE_HEAD}]  {}",
                head.table,
                head.entries.join(" ")
            )?;
        }

        writeln!(f)?;
        match &self.fold {
            Some(fold) => write_fold(f, "fold", fold)?,
            None => writeln!(
                f,
                "fold: folding and Barrett constants are not generated above 64 bits"
            )?,
        }
        if let Some(fold) = &self.fold_reflected {
            writeln!(f)?;
            writeln!(
                f,
                "fold_reflected: the same polynomial in the lsb order, for the reflected run \
                 over bit-reversed bytes (vpclmul512 with GFNI; pmull and pmull-eor3 with rbit)"
            )?;
            write_fold(f, "fold_reflected", fold)?;
        }

        writeln!(f)?;
        writeln!(
            f,
            "combine: x^(8·2^j) mod G, j = 0..{}, {}",
            self.combine.entries.len(),
            self.combine.layout
        )?;
        let label = self
            .combine
            .entries
            .iter()
            .map(|e| e.label.chars().count())
            .max()
            .unwrap_or(0);
        for e in &self.combine.entries {
            writeln!(f, "  j={:<2}  {:<label$}  {}", e.j, e.label, e.value)?;
        }
        Ok(())
    }
}

/// The fold pairs, one line per constant, then the Barrett pair.
fn write_fold(f: &mut Formatter<'_>, name: &str, fold: &FoldReport) -> fmt::Result {
    let storage = if fold.bit_order == "lsb" {
        ", stored bit-reflected over 64 bits"
    } else {
        ""
    };
    writeln!(f, "{name}: {} bit order{storage}", fold.bit_order)?;
    let formula = fold
        .pairs
        .iter()
        .flat_map(|p| [&p.hi.formula, &p.lo.formula])
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(0);
    for p in &fold.pairs {
        let d = format!("D={}", p.distance);
        for (half, c, lead) in [("HI", &p.hi, d.as_str()), ("LO", &p.lo, "")] {
            let power = format!("x^{}", c.exponent);
            writeln!(
                f,
                "  {lead:<6}  {half}  {power:<6}  {:<formula$}  {}",
                c.formula, c.value
            )?;
        }
    }
    let b = &fold.barrett;
    let formula =
        b.b1.formula
            .chars()
            .count()
            .max(b.b2.formula.chars().count());
    writeln!(f, "barrett:")?;
    for (name, c) in [("B1", &b.b1), ("B2", &b.b2)] {
        writeln!(f, "  {name}  {:<formula$}  {}", c.formula, c.value)?;
    }
    Ok(())
}
