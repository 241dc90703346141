//! `crcstamp.Crc`: one model, its constants built once, checksums and combine.

use crc_gen::model::reflections;
use crcstamp::dynamic::{DynCrc, ModelError, ModelSpec};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use crate::buffer::Bytes;
use crate::values::{self, to_py, to_u128, within};

/// Inputs at least this long are checksummed with the GIL released. Below it the release
/// and re-acquire (two atomic handoffs) would cost a visible share of the call, and nothing
/// is gained: the call ends before another thread could do much.
pub const DETACH_AT: usize = 16 * 1024;

/// Runs `f` over `bytes`, with the GIL released when the input is long.
pub fn over<R: Send>(py: Python<'_>, bytes: &[u8], f: impl FnOnce(&[u8]) -> R + Send) -> R {
    if bytes.len() >= DETACH_AT {
        py.detach(|| f(bytes))
    } else {
        f(bytes)
    }
}

/// A model error as Python's exception: a missing parameter is a `TypeError` (as a missing
/// argument is), every other a `ValueError` with the message the CLI prints.
pub fn model_error(err: ModelError) -> PyErr {
    match err {
        ModelError::Missing(_) => PyTypeError::new_err(err.to_string()),
        ModelError::UnknownName { name, suggestions } => {
            let hint = match suggestions.as_slice() {
                [] => {
                    String::from("; no catalogue name is close (crcstamp.catalogue() lists them)")
                }
                [one] => format!("; did you mean '{one}'?"),
                many => format!("; did you mean one of: {}?", many.join(", ")),
            };
            PyValueError::new_err(format!("unknown catalogue name '{name}'{hint}"))
        }
        other => PyValueError::new_err(other.to_string()),
    }
}

/// A CRC model, by catalogue name or alias (any case) or by its Rocksoft parameters.
///
/// `Crc(name)` or `Crc(width=, poly=, init=0, refin=False, refout=False, xorout=0,
/// check=None, residue=None)`, width 1 to 128. `check` and `residue`, when given, are
/// verified. `refin=True` without `refout` (or the reverse) is refused, as the CLI refuses
/// it: write both for a crossed model. An unknown name or a bad parameter is a `ValueError`
/// that says what is wrong.
///
/// >>> import crcstamp
/// >>> crc = crcstamp.Crc("crc32c")
/// >>> crc.name, hex(crc.checksum(b"123456789"))
/// ('CRC-32/ISCSI', '0xe3069283')
/// >>> crc24 = crcstamp.Crc(width=24, poly=0x864cfb, init=0xb704ce)
/// >>> hex(crc24.check)
/// '0x21cf02'
#[pyclass(frozen, module = "crcstamp", name = "Crc")]
pub struct Crc {
    pub(crate) inner: DynCrc,
    check: u128,
    residue: u128,
    /// The CRC of no bytes: `extend` from it needs no combine.
    empty: u128,
}

impl Crc {
    /// The model of a catalogue name or alias, as the catalogue lookup takes it: any case,
    /// punctuation optional (`crc32c` is `CRC-32C`), and other tools' names (`crc`).
    pub fn from_name(name: &str) -> PyResult<Crc> {
        DynCrc::from_catalog(name)
            .map(Crc::from_dyn)
            .map_err(model_error)
    }

    fn from_dyn(inner: DynCrc) -> Crc {
        let model = inner.model();
        Crc {
            check: model.check(),
            residue: model.residue(),
            empty: inner.checksum(b""),
            inner,
        }
    }

    /// `Crc.checksum(data)`, registered by [`fast_methods`](crate::fast_methods).
    pub fn checksum_of<'py>(&self, data: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let bytes = Bytes::borrow(data)?;
        to_py(
            data.py(),
            over(data.py(), bytes.bytes(), |b| self.inner.checksum(b)),
        )
    }

    /// The width's whole bytes, as `digest()` writes the value.
    pub fn digest_size(&self) -> usize {
        self.inner.output_bytes()
    }

    /// The catalogue name, or the model written out as RevEng writes one.
    pub fn label(&self) -> String {
        let m = self.inner.model();
        match m.name() {
            Some(name) => name.to_owned(),
            None => {
                let digits = m.width().div_ceil(4) as usize;
                format!(
                    "width={} poly={:#0d$x} init={:#0d$x} refin={} refout={} xorout={:#0d$x}",
                    m.width(),
                    m.poly(),
                    m.init(),
                    m.refin(),
                    m.refout(),
                    m.xorout(),
                    d = digits + 2
                )
            }
        }
    }
}

#[pymethods]
impl Crc {
    /// Builds the model's constants once (see the class's documentation).
    #[new]
    #[pyo3(signature = (name=None, *, width=None, poly=None, init=None, refin=None, refout=None, xorout=None, check=None, residue=None))]
    #[allow(clippy::too_many_arguments)] // Python's keyword arguments, one per parameter
    fn new(
        name: Option<&Bound<'_, PyAny>>,
        width: Option<&Bound<'_, PyAny>>,
        poly: Option<&Bound<'_, PyAny>>,
        init: Option<&Bound<'_, PyAny>>,
        refin: Option<bool>,
        refout: Option<bool>,
        xorout: Option<&Bound<'_, PyAny>>,
        check: Option<&Bound<'_, PyAny>>,
        residue: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Crc> {
        let params = [width, poly, init, xorout, check, residue];
        let any_param = params.iter().any(Option::is_some) || refin.is_some() || refout.is_some();
        if let Some(name) = name {
            if any_param {
                return Err(PyTypeError::new_err(
                    "Crc() takes a catalogue name or the model's parameters, not both",
                ));
            }
            let name: String = name.extract().map_err(|_| {
                PyTypeError::new_err(format!(
                    "Crc() takes a catalogue name (str), not '{}'; give a model as width=, poly=, ...",
                    name.get_type().name().map(|n| n.to_string()).unwrap_or_default()
                ))
            })?;
            return Crc::from_name(&name);
        }
        let (width, poly) = match (width, poly) {
            (Some(w), Some(p)) => (w, p),
            // `Crc()` or `Crc(None)`: neither form was begun.
            (None, None) if !any_param => {
                return Err(PyTypeError::new_err(
                    "Crc() needs a catalogue name, as Crc('CRC-32/ISCSI'), or a model, as \
                     Crc(width=32, poly=0x1edc6f41, ...); neither was given",
                ))
            }
            (None, _) => return Err(model_error(ModelError::Missing(crc_gen::Field::Width))),
            (_, None) => return Err(model_error(ModelError::Missing(crc_gen::Field::Poly))),
        };
        let width = values::width(width)?;
        let (refin, refout) = reflections(refin, refout).map_err(model_error)?;
        let value =
            |what, obj: Option<&Bound<'_, PyAny>>| obj.map(|o| within(what, o, width)).transpose();
        let mut spec = ModelSpec::new(width, within("poly", poly, width)?)
            .init(value("init", init)?.unwrap_or(0))
            .refin(refin)
            .refout(refout)
            .xorout(value("xorout", xorout)?.unwrap_or(0));
        spec.check = value("check", check)?;
        spec.residue = value("residue", residue)?;
        DynCrc::new(spec).map(Crc::from_dyn).map_err(model_error)
    }

    /// `crc(A + B)` from `crc(A)` and the bytes of `B`: a CRC continued over more data,
    /// as `zlib.crc32(data, value)` continues one.
    ///
    /// >>> crc = crcstamp.Crc("CRC-32/ISO-HDLC")
    /// >>> crc.extend(crc.checksum(b"1234"), b"56789") == crc.check
    /// True
    fn extend<'py>(
        &self,
        py: Python<'py>,
        crc_a: &Bound<'py, PyAny>,
        data_b: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let a = within("crc_a", crc_a, self.width())?;
        let bytes = Bytes::borrow(data_b)?;
        let bytes = bytes.bytes();
        let b = over(py, bytes, |b| self.inner.checksum(b));
        // From the CRC of nothing, the result is B's own CRC: no combine needed.
        let crc = if a == self.empty {
            b
        } else {
            self.inner.combine(a, b, bytes.len() as u64)
        };
        to_py(py, crc)
    }

    /// `crc(A + B)` from `crc(A)`, `crc(B)` and `len(B)`, in O(log len_b).
    ///
    /// >>> crc = crcstamp.Crc("CRC-64/NVME")
    /// >>> crc.combine(crc.checksum(b"1234"), crc.checksum(b"56789"), 5) == crc.check
    /// True
    fn combine<'py>(
        &self,
        py: Python<'py>,
        crc_a: &Bound<'py, PyAny>,
        crc_b: &Bound<'py, PyAny>,
        len_b: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let a = within("crc_a", crc_a, self.width())?;
        let b = within("crc_b", crc_b, self.width())?;
        let len = u64::try_from(to_u128("len_b", len_b)?)
            .map_err(|_| PyValueError::new_err("len_b does not fit in 64 bits"))?;
        to_py(py, self.inner.combine(a, b, len))
    }

    /// Degree of the generator polynomial, 1 to 128.
    #[getter]
    fn width(&self) -> u32 {
        self.inner.model().width()
    }
    /// The generator without its `x**width` term, most significant bit first.
    #[getter]
    fn poly(&self) -> u128 {
        self.inner.model().poly()
    }
    /// The register before the first bit, unreflected.
    #[getter]
    fn init(&self) -> u128 {
        self.inner.model().init()
    }
    /// Whether input bytes are taken least significant bit first.
    #[getter]
    fn refin(&self) -> bool {
        self.inner.model().refin()
    }
    /// Whether the register is reflected before `xorout`.
    #[getter]
    fn refout(&self) -> bool {
        self.inner.model().refout()
    }
    /// XORed into the result.
    #[getter]
    fn xorout(&self) -> u128 {
        self.inner.model().xorout()
    }
    /// The CRC of ASCII `123456789`.
    #[getter]
    fn check(&self) -> u128 {
        self.check
    }
    /// The register after any message followed by its own CRC, before `xorout`.
    #[getter]
    fn residue(&self) -> u128 {
        self.residue
    }
    /// The catalogue name, or `None` for a model given by its parameters.
    #[getter]
    fn name(&self) -> Option<&str> {
        self.inner.model().name()
    }
    /// The kernel that long inputs run on here (`"Vpclmul512"`, `"Slice16"`, ...).
    #[getter]
    fn backend(&self) -> String {
        format!("{:?}", self.inner.backend())
    }

    fn __repr__(&self) -> String {
        let m = self.inner.model();
        match m.name() {
            Some(name) => format!("crcstamp.Crc('{name}')"),
            None => {
                let py_bool = |b: bool| if b { "True" } else { "False" };
                format!(
                    "crcstamp.Crc(width={}, poly={:#x}, init={:#x}, refin={}, refout={}, xorout={:#x})",
                    m.width(),
                    m.poly(),
                    m.init(),
                    py_bool(m.refin()),
                    py_bool(m.refout()),
                    m.xorout()
                )
            }
        }
    }
}
