//! The `crcstamp._crcstamp` extension module: crcstamp's `DynCrc` for Python.
//!
//! The Python package (`pysrc/crcstamp`) re-exports it and adds the `crcmod` layer.

mod buffer;
mod catalogue;
mod crc;
mod fast_methods;
mod hash;
mod values;

use pyo3::prelude::*;

#[pymodule]
fn _crcstamp(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<crc::Crc>()?;
    m.add_class::<hash::Hash>()?;
    m.add_class::<catalogue::CatalogueModel>()?;
    m.add_function(wrap_pyfunction!(hash::new, m)?)?;
    m.add_function(wrap_pyfunction!(catalogue::catalogue, m)?)?;
    m.add("DETACH_AT", crc::DETACH_AT)?;
    fast_methods::install(m.py())?;
    Ok(())
}
