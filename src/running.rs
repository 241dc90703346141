//! [`RunningCrc`]: the one interface the I/O adapters feed, shared by stamped types and
//! run-time CRCs.

use crate::crc::Crc;

/// A CRC being computed over a stream of bytes: feed it, read the value so far.
///
/// [`CrcReader`](crate::CrcReader) and [`CrcWriter`](crate::CrcWriter) take any
/// `RunningCrc`: every stamped type (through [`Crc`]), and with the `dynamic` feature
/// `DynCrc` and `dynamic::DynDigest`.
///
/// ```
/// use crcstamp::{catalog::Crc32Iscsi, RunningCrc};
///
/// fn crc_of_chunks<C: RunningCrc + Default>(chunks: &[&[u8]]) -> C::Value {
///     let mut c = C::default();
///     for chunk in chunks {
///         RunningCrc::update(&mut c, chunk);
///     }
///     RunningCrc::finalize(&c)
/// }
/// assert_eq!(crc_of_chunks::<Crc32Iscsi>(&[b"1234", b"56789"]), 0xe306_9283);
/// ```
pub trait RunningCrc {
    /// The CRC value: the stamped type's word, `u128` for run-time CRCs.
    type Value: Copy + Eq + core::fmt::Debug;

    /// Feeds bytes; any split of a message gives the same result as the whole.
    fn update(&mut self, bytes: &[u8]);

    /// The CRC of everything fed so far (the value stays usable).
    fn finalize(&self) -> Self::Value;
}

impl<C: Crc> RunningCrc for C {
    type Value = C::Word;

    #[inline]
    fn update(&mut self, bytes: &[u8]) {
        Crc::update(self, bytes)
    }

    #[inline]
    fn finalize(&self) -> C::Word {
        Crc::finalize(self)
    }
}
