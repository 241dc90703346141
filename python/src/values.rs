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

/// Refuses what is not an int as argument `what`. A bool is refused: `True` for a value is
/// nearly always a slip for a flag.
fn int_only(what: &str, obj: &Bound<'_, PyAny>) -> PyResult<()> {
    if !obj.is_instance_of::<PyInt>() || obj.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{what} must be an int, not '{}'",
            obj.get_type().name()?
        )));
    }
    Ok(())
}

/// A count (a length) as argument `what`: a non-negative int of at most 128 bits.
pub fn to_u128(what: &str, obj: &Bound<'_, PyAny>) -> PyResult<u128> {
    int_only(what, obj)?;
    obj.extract::<u128>().map_err(|_| {
        if obj.lt(0).unwrap_or(false) {
            PyValueError::new_err(format!("{what} = {obj} is negative"))
        } else {
            PyValueError::new_err(format!("{what} = {obj} does not fit in 128 bits"))
        }
    })
}

/// A model's width: an int from 1 to 128, said in one message whatever the int.
pub fn width(obj: &Bound<'_, PyAny>) -> PyResult<u32> {
    int_only("width", obj)?;
    match obj.extract::<u32>() {
        Ok(w) if (1..=128).contains(&w) => Ok(w),
        _ => Err(PyValueError::new_err(format!(
            "width = {obj} is out of range: crcstamp supports widths 1..=128"
        ))),
    }
}

/// A value of a `width`-bit model (poly, init, a CRC) as argument `what`. Out of range, a
/// negative int or one past 128 bits included, it is one message: the value in hex and the
/// width it does not fit.
pub fn within(what: &str, obj: &Bound<'_, PyAny>, width: u32) -> PyResult<u128> {
    int_only(what, obj)?;
    match obj.extract::<u128>() {
        Ok(value) if width >= 128 || value >> width == 0 => Ok(value),
        _ => {
            let hex = obj.call_method1("__format__", ("#x",))?;
            let negative = if obj.lt(0)? { ": it is negative" } else { "" };
            Err(PyValueError::new_err(format!(
                "{what} = {hex} does not fit in width = {width} bits{negative}"
            )))
        }
    }
}
