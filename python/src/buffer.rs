//! The bytes of any object with the buffer protocol, borrowed without a copy.
//!
//! pyo3 offers the buffer protocol only outside the limited API or from Python 3.11, where
//! `PyObject_GetBuffer` and `Py_buffer` joined the stable ABI. Both have had the same
//! signature and layout since Python 3.3 and every CPython exports them, so the module
//! declares them itself and one abi3 wheel serves 3.9 and 3.10 too.

use std::ffi::{c_char, c_int, c_void};
use std::marker::PhantomData;
use std::mem::MaybeUninit;

use pyo3::ffi::{PyObject, Py_ssize_t};
use pyo3::prelude::*;

/// CPython's `Py_buffer`, field for field.
#[repr(C)]
struct RawBuffer {
    buf: *mut c_void,
    obj: *mut PyObject,
    len: Py_ssize_t,
    itemsize: Py_ssize_t,
    readonly: c_int,
    ndim: c_int,
    format: *mut c_char,
    shape: *mut Py_ssize_t,
    strides: *mut Py_ssize_t,
    suboffsets: *mut Py_ssize_t,
    internal: *mut c_void,
}

/// `PyBUF_SIMPLE`: one C-contiguous run of bytes, whatever the item type. An exporter that
/// cannot give one (a strided NumPy view) raises instead.
const PYBUF_SIMPLE: c_int = 0;

extern "C" {
    fn PyObject_GetBuffer(obj: *mut PyObject, view: *mut RawBuffer, flags: c_int) -> c_int;
    fn PyBuffer_Release(view: *mut RawBuffer);
}

/// A held buffer export: the exporter keeps the memory in place (a `bytearray` cannot
/// resize) until this is dropped. Tied to the GIL's lifetime, so it is neither sent to
/// another thread nor released without the GIL; its [`bytes`](Self::bytes) are plain data
/// and may be read with the GIL released, as `hashlib` does.
pub struct Bytes<'py> {
    view: RawBuffer,
    _gil: PhantomData<Python<'py>>,
}

impl<'py> Bytes<'py> {
    /// Borrows `obj`'s bytes; a `TypeError` from Python for an object without the buffer
    /// protocol (`str`, `int`, `list`), its exporter's error for one it cannot give
    /// contiguous.
    pub fn borrow(obj: &Bound<'py, PyAny>) -> PyResult<Self> {
        let mut view = MaybeUninit::<RawBuffer>::zeroed();
        // SAFETY: `obj` is a live object and the GIL is held (the `Bound`); `view` points
        // at writable memory of `Py_buffer`'s layout, which the call fills on success.
        let rc = unsafe { PyObject_GetBuffer(obj.as_ptr(), view.as_mut_ptr(), PYBUF_SIMPLE) };
        if rc != 0 {
            return Err(PyErr::fetch(obj.py()));
        }
        Ok(Bytes {
            // SAFETY: the call succeeded, so it initialized every field.
            view: unsafe { view.assume_init() },
            _gil: PhantomData,
        })
    }

    /// The exported bytes.
    pub fn bytes(&self) -> &[u8] {
        let len = usize::try_from(self.view.len).unwrap_or(0);
        if len == 0 || self.view.buf.is_null() {
            return &[];
        }
        // SAFETY: a PyBUF_SIMPLE export is `len` contiguous bytes at `buf`, valid until
        // PyBuffer_Release, which only `drop` calls, after this borrow ends.
        unsafe { std::slice::from_raw_parts(self.view.buf.cast::<u8>(), len) }
    }
}

impl Drop for Bytes<'_> {
    fn drop(&mut self) {
        // SAFETY: `view` came from a successful PyObject_GetBuffer and is released once;
        // the GIL is held, as the `'py` lifetime proves.
        unsafe { PyBuffer_Release(&mut self.view) }
    }
}
