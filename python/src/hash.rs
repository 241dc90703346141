//! `crcstamp.new(...)`: a streaming CRC with `hashlib`'s methods.

use crcstamp::DynCrc;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::buffer::Bytes;
use crate::crc::{over, Crc};
use crate::values::to_py;

/// A running CRC with the interface of a `hashlib` object: `update`, `digest`,
/// `hexdigest`, `copy`, `name`, `digest_size`, `block_size`, plus `intdigest`.
///
/// >>> h = crcstamp.new("crc-32c")
/// >>> h.update(b"1234"); h.update(b"56789")
/// >>> h.hexdigest(), h.intdigest() == 0xe3069283
/// ('e3069283', True)
#[pyclass(module = "crcstamp", name = "Hash")]
pub struct Hash {
    /// The model's constants (shared) and this object's own register.
    state: DynCrc,
    crc: Py<Crc>,
}

impl Hash {
    /// `Hash.update(data)`, registered by [`fast_methods`](crate::fast_methods).
    pub fn update_with(&mut self, data: &Bound<'_, PyAny>) -> PyResult<()> {
        let bytes = Bytes::borrow(data)?;
        let state = &mut self.state;
        over(data.py(), bytes.bytes(), |b| state.update(b));
        Ok(())
    }
}

#[pymethods]
impl Hash {
    /// The CRC so far, big-endian in the width's whole bytes (4 for CRC-32, 2 for a
    /// 12-bit CRC), as crcstamp's Rust `digest` feature writes it.
    fn digest<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let n = self.state.output_bytes();
        PyBytes::new(py, &self.state.finalize().to_be_bytes()[16 - n..])
    }

    /// `digest()` as lower-case hex.
    fn hexdigest(&self) -> String {
        let n = self.state.output_bytes();
        format!("{:0n$x}", self.state.finalize(), n = 2 * n)
    }

    /// The CRC so far as an int.
    fn intdigest<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, self.state.finalize())
    }

    /// An independent copy of the running state.
    fn copy(&self, py: Python<'_>) -> Hash {
        Hash {
            state: self.state.clone(),
            crc: self.crc.clone_ref(py),
        }
    }

    /// The catalogue name, or the model written out (`width=24 poly=0x864cfb ...`).
    #[getter]
    fn name(&self) -> String {
        self.crc.get().label()
    }

    /// Bytes of `digest()`: the width's whole bytes.
    #[getter]
    fn digest_size(&self) -> usize {
        self.crc.get().digest_size()
    }

    /// 1: a CRC takes its input a byte at a time, with no block to fill.
    #[getter]
    fn block_size(&self) -> usize {
        1
    }

    /// The model this object computes.
    #[getter]
    fn crc(&self, py: Python<'_>) -> Py<Crc> {
        self.crc.clone_ref(py)
    }

    fn __repr__(&self) -> String {
        format!("<crcstamp.Hash {}>", self.crc.get().label())
    }
}

/// `crcstamp.new(name_or_crc, data=b"", *, usedforsecurity=True)`: a new `Hash` for a
/// catalogue name or a `Crc`, fed `data`.
///
/// It serves where a `hashlib` object is expected, as in Python 3.11's
/// `hashlib.file_digest(f, lambda: crcstamp.new("crc32c"))`. `usedforsecurity` is taken as
/// `hashlib.new` takes it, and changes nothing: a CRC is never a security hash.
///
/// >>> h = crcstamp.new("crc32c", b"1234", usedforsecurity=False)
/// >>> h.update(b"56789")
/// >>> h.hexdigest(), h.digest_size, h.name
/// ('e3069283', 4, 'CRC-32/ISCSI')
#[pyfunction]
#[pyo3(signature = (name_or_crc, data=None, *, usedforsecurity=None))]
pub fn new(
    py: Python<'_>,
    name_or_crc: &Bound<'_, PyAny>,
    data: Option<&Bound<'_, PyAny>>,
    usedforsecurity: Option<&Bound<'_, PyAny>>,
) -> PyResult<Hash> {
    // hashlib reads the flag as a truth value: an object whose bool() fails is refused there.
    if let Some(flag) = usedforsecurity {
        flag.is_truthy()?;
    }
    let crc: Py<Crc> = if let Ok(crc) = name_or_crc.cast::<Crc>() {
        crc.clone().unbind()
    } else if let Ok(name) = name_or_crc.cast::<PyString>() {
        Py::new(py, Crc::from_name(&name.to_cow()?)?)?
    } else {
        return Err(PyTypeError::new_err(format!(
            "new() takes a catalogue name or a crcstamp.Crc, not '{}'",
            name_or_crc.get_type().name()?
        )));
    };
    let mut hash = Hash {
        state: crc.get().inner.clone(),
        crc,
    };
    hash.state.reset();
    if let Some(data) = data {
        hash.update_with(data)?;
    }
    Ok(hash)
}
