//! The Rocksoft model of a stamped CRC, as plain data.

use core::fmt;

/// The parameters of a CRC in the Rocksoft/Williams model, plus its check and residue.
///
/// Every stamped type has one as `T::MODEL`. `Debug` prints the values in hex, zero-padded
/// to the width, as the catalogue writes them.
///
/// ```
/// use crcstamp::catalog::Crc32IsoHdlc;
/// let m = Crc32IsoHdlc::MODEL;
/// assert_eq!((m.width, m.poly, m.refin), (32, 0x04c11db7, true));
/// assert_eq!(m.check, 0xcbf43926);
/// assert_eq!(m.name, Some("CRC-32/ISO-HDLC"));
/// assert_eq!(
///     format!("{m:?}"),
///     "Model { width: 32, poly: 0x04c11db7, init: 0xffffffff, refin: true, refout: true, \
///      xorout: 0xffffffff, check: 0xcbf43926, residue: 0xdebb20e3, name: Some(\"CRC-32/ISO-HDLC\") }"
/// );
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Model<W> {
    /// Degree of the generator polynomial, 1..=128.
    pub width: u8,
    /// Generator without its `x^width` term, msb-first (the catalogue's notation).
    pub poly: W,
    /// Initial register, unreflected.
    pub init: W,
    /// Input bytes processed lsb-first.
    pub refin: bool,
    /// Register reflected before `xorout`.
    pub refout: bool,
    /// XORed into the final register.
    pub xorout: W,
    /// CRC of ASCII `123456789`.
    pub check: W,
    /// Register after a message followed by its own CRC, before `xorout`.
    pub residue: W,
    /// Catalogue name, `None` for a custom model.
    pub name: Option<&'static str>,
}

impl<W: fmt::Debug> fmt::Debug for Model<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = usize::from(self.width).div_ceil(4);
        let hex = |v| Hex(v, digits);
        f.debug_struct("Model")
            .field("width", &self.width)
            .field("poly", &hex(&self.poly))
            .field("init", &hex(&self.init))
            .field("refin", &self.refin)
            .field("refout", &self.refout)
            .field("xorout", &hex(&self.xorout))
            .field("check", &hex(&self.check))
            .field("residue", &hex(&self.residue))
            .field("name", &self.name)
            .finish()
    }
}

/// A value as `0x` and `.1` hex digits, for `Debug`. Through the word's `Debug` (integers
/// honour `x?`), so that `Model<W>: Debug` needs no more of `W` than the derives around it.
struct Hex<'a, W>(&'a W, usize);

impl<W: fmt::Debug> fmt::Debug for Hex<'_, W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#0w$x?}", self.0, w = self.1 + 2)
    }
}
