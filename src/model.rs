//! The Rocksoft model of a stamped CRC, as plain data.

/// The parameters of a CRC in the Rocksoft/Williams model, plus its check and residue.
///
/// Every stamped type has one as `T::MODEL`.
///
/// ```
/// use crcstamp::catalog::Crc32IsoHdlc;
/// let m = Crc32IsoHdlc::MODEL;
/// assert_eq!((m.width, m.poly, m.refin), (32, 0x04c11db7, true));
/// assert_eq!(m.check, 0xcbf43926);
/// assert_eq!(m.name, Some("CRC-32/ISO-HDLC"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
