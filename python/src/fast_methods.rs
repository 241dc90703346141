//! The one-argument methods every call goes through (`Crc.checksum`, `Hash.update`), as
//! CPython `METH_O` methods.
//!
//! Under the limited API of Python 3.9, pyo3 builds every method with tuple-and-dict
//! arguments: a tuple allocated and freed per call, and the arguments parsed from it. That
//! is most of a short checksum's time (about 110 of 220 ns at 64 bytes, measured with
//! `bench/bench.py`). `METH_O` is in the stable ABI of every Python 3 and passes the one
//! argument as it is, so these two methods are registered by hand, as method descriptors on
//! the pyo3 classes, after the classes are built.

use std::ffi::{c_int, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr;

use pyo3::exceptions::PyRuntimeError;
use pyo3::ffi::{PyDescr_NewMethod, PyMethodDef, PyMethodDefPointer, PyObject, METH_O};
use pyo3::prelude::*;
use pyo3::types::PyType;
use pyo3::PyClass;

use crate::crc::Crc;
use crate::hash::Hash;

/// A `PyMethodDef` CPython may keep a pointer to for the life of the process.
struct StaticDef(PyMethodDef);

// SAFETY: CPython only reads the definition, and it holds nothing but pointers to statics.
unsafe impl Sync for StaticDef {}

const fn method(name: &'static CStr, doc: &'static CStr, f: RawMethod) -> StaticDef {
    StaticDef(PyMethodDef {
        ml_name: name.as_ptr(),
        ml_meth: PyMethodDefPointer { PyCFunction: f },
        ml_flags: METH_O as c_int,
        ml_doc: doc.as_ptr(),
    })
}

type RawMethod = unsafe extern "C" fn(*mut PyObject, *mut PyObject) -> *mut PyObject;

static CHECKSUM: StaticDef = method(
    c"checksum",
    c"checksum($self, data, /)\n--\n\n\
The CRC of data, any object with the buffer protocol (bytes, bytearray, memoryview,\n\
array, mmap, a C-contiguous NumPy array), read in place. Inputs from crcstamp.DETACH_AT\n\
bytes on are checksummed with the GIL released.\n\n\
>>> hex(crcstamp.Crc(\"CRC-32/ISCSI\").checksum(b\"123456789\"))\n\
'0xe3069283'",
    checksum,
);

static UPDATE: StaticDef = method(
    c"update",
    c"update($self, data, /)\n--\n\n\
Feeds bytes from any object with the buffer protocol; any split of a message gives\n\
the same CRC as the whole.",
    update,
);

/// Runs `body` as the body of a method CPython called: the GIL is held, a Rust error
/// becomes the Python exception, and a panic a `RuntimeError` rather than an unwind into C.
fn call<T: PyClass>(
    slf: *mut PyObject,
    arg: *mut PyObject,
    body: impl FnOnce(&Bound<'_, T>, &Bound<'_, PyAny>) -> PyResult<Py<PyAny>>,
) -> *mut PyObject {
    // SAFETY: CPython calls a method holding the GIL, with `slf` and `arg` borrowed
    // references that live through the call; the method descriptor has checked that `slf`
    // is an instance of the class it was made for (`install`'s `T`), which the cast checks
    // again.
    let py = unsafe { Python::assume_attached() };
    let slf = unsafe { Bound::from_borrowed_ptr(py, slf) };
    let arg = unsafe { Bound::from_borrowed_ptr(py, arg) };
    let result = catch_unwind(AssertUnwindSafe(|| {
        let slf = slf.cast::<T>()?;
        body(slf, &arg)
    }));
    let err = match result {
        Ok(Ok(value)) => return value.into_ptr(),
        Ok(Err(err)) => err,
        Err(_) => PyRuntimeError::new_err("crcstamp panicked (a bug: please report it)"),
    };
    err.restore(py);
    ptr::null_mut()
}

unsafe extern "C" fn checksum(slf: *mut PyObject, arg: *mut PyObject) -> *mut PyObject {
    call::<Crc>(slf, arg, |crc, data| {
        Ok(crc.get().checksum_of(data)?.unbind())
    })
}

unsafe extern "C" fn update(slf: *mut PyObject, arg: *mut PyObject) -> *mut PyObject {
    call::<Hash>(slf, arg, |hash, data| {
        hash.try_borrow_mut()?.update_with(data)?;
        Ok(data.py().None())
    })
}

/// Puts the methods on their classes.
pub fn install(py: Python<'_>) -> PyResult<()> {
    put(&py.get_type::<Crc>(), &CHECKSUM)?;
    put(&py.get_type::<Hash>(), &UPDATE)
}

fn put(ty: &Bound<'_, PyType>, def: &'static StaticDef) -> PyResult<()> {
    let py = ty.py();
    // SAFETY: the type is a live type object and `def` a static definition; CPython keeps
    // the pointer and never writes through it. A null result is a raised exception.
    let descr = unsafe {
        Bound::from_owned_ptr_or_err(
            py,
            PyDescr_NewMethod(ty.as_type_ptr(), ptr::from_ref(&def.0).cast_mut()),
        )?
    };
    // SAFETY: `ml_name` is one of the C string literals above.
    let name = unsafe { CStr::from_ptr(def.0.ml_name) }.to_str()?;
    ty.setattr(name, descr)
}
