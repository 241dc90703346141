//! Items the generated code names; not part of the public API.

#[cfg(feature = "std")]
pub use crate::std;

/// Formats a CRC value in hex for `Debug`.
pub struct Hex<W>(pub W);

impl<W: core::fmt::LowerHex> core::fmt::Debug for Hex<W> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{:#x}", self.0)
    }
}
