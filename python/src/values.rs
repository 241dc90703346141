//! Python ints to and from CRC values, with errors that name the argument.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};

/// A CRC value as a Python int. Values up to 64 bits take CPython's direct conversion; the
/// limited API converts a `u128` through several calls, which would dominate a short input.
pub fn to_py(py: Python<'_>, value: u128) -> PyResult<Bound<'_, PyAny>> {
    match u64::try_from(value) {
        Ok(small) => Ok(small.into_pyobject(py)?.into_any()),
        Err(_) => Ok(value.into_pyobject(py)?.into_any()),
    }
}

/// A non-negative int of at most 128 bits, as argument `what`. A bool is refused: `True`
/// for a value is nearly always a slip for a flag.
pub fn to_u128(what: &str, obj: &Bound<'_, PyAny>) -> PyResult<u128> {
    if !obj.is_instance_of::<PyInt>() || obj.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{what} must be an int, not '{}'",
            obj.get_type().name()?
        )));
    }
    obj.extract::<u128>().map_err(|_| {
        if obj.lt(0).unwrap_or(false) {
            PyValueError::new_err(format!("{what} = {obj} is negative"))
        } else {
            PyValueError::new_err(format!("{what} = {obj} does not fit in 128 bits"))
        }
    })
}

/// `to_u128`, then checked against the model's width.
pub fn within(what: &str, obj: &Bound<'_, PyAny>, width: u32) -> PyResult<u128> {
    let value = to_u128(what, obj)?;
    if width < 128 && value >> width != 0 {
        return Err(PyValueError::new_err(format!(
            "{what} = {value:#x} does not fit in width = {width} bits"
        )));
    }
    Ok(value)
}
