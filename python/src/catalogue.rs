//! `crcstamp.catalogue()`: the RevEng catalogue's models, as data.

use crc_gen::catalogue::{entries, Entry};
use pyo3::prelude::*;

/// One catalogue algorithm: its name, aliases and parameters (no tables built).
/// `crcstamp.Crc(model.name)` builds it.
#[pyclass(frozen, get_all, module = "crcstamp", name = "Model")]
pub struct CatalogueModel {
    /// The catalogue name, e.g. `CRC-32/ISCSI`.
    name: String,
    /// Other names it is known by (`CRC-32C`, ...).
    aliases: Vec<String>,
    width: u32,
    poly: u128,
    init: u128,
    refin: bool,
    refout: bool,
    xorout: u128,
    check: u128,
    residue: u128,
}

impl CatalogueModel {
    fn of(e: &Entry) -> CatalogueModel {
        let m = &e.model;
        CatalogueModel {
            name: e.name().to_owned(),
            aliases: e.aliases.iter().map(|a| a.to_string()).collect(),
            width: m.width(),
            poly: m.poly(),
            init: m.init(),
            refin: m.refin(),
            refout: m.refout(),
            xorout: m.xorout(),
            check: e.check,
            residue: e.residue,
        }
    }
}

#[pymethods]
impl CatalogueModel {
    fn __repr__(&self) -> String {
        format!("<crcstamp.Model {}>", self.name)
    }
}

/// Every catalogue algorithm, by width and then name.
///
/// >>> len(crcstamp.catalogue())
/// 113
/// >>> [m.name for m in crcstamp.catalogue() if "CRC-32C" in m.aliases]
/// ['CRC-32/ISCSI']
#[pyfunction]
pub fn catalogue() -> Vec<CatalogueModel> {
    entries().iter().map(CatalogueModel::of).collect()
}
