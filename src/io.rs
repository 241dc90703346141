//! [`CrcReader`] and [`CrcWriter`]: CRC the bytes that pass through a reader or writer.

use std::io::{self, BufRead, Read, Write};

use crate::running::RunningCrc;

/// A reader that computes the CRC of exactly the bytes read through it.
///
/// Every byte [`read`](Read::read) returns, or that is [`consume`](BufRead::consume)d when
/// `R` is [`BufRead`], is fed to the CRC once; bytes only looked at with
/// [`fill_buf`](BufRead::fill_buf) are not. Reading through [`get_mut`](Self::get_mut)
/// bypasses it.
///
/// ```
/// use std::io::Read;
/// use crcstamp::{catalog::Crc32Iscsi, CrcReader};
///
/// let mut reader = CrcReader::<Crc32Iscsi, _>::new(&b"123456789"[..]);
/// let mut text = String::new();
/// reader.read_to_string(&mut text).unwrap();
/// assert_eq!(text, "123456789");
/// assert_eq!(reader.crc(), 0xe306_9283);
/// assert!(reader.into_inner().is_empty());
/// ```
///
/// With a CRC built at run time, which has no `Default`, [`with_crc`](Self::with_crc):
///
/// ```
/// # #[cfg(feature = "dynamic")] {
/// use std::io::{BufRead, BufReader};
/// use crcstamp::{CrcReader, DynCrc};
///
/// let crc = DynCrc::from_catalog("CRC-16/ARC").unwrap();
/// let mut reader = CrcReader::with_crc(crc, BufReader::new(&b"1234\n56789"[..]));
/// let mut line = String::new();
/// reader.read_line(&mut line).unwrap(); // consumed bytes count: "1234\n"
/// assert_eq!(reader.crc(), reader.running().checksum(b"1234\n"));
/// # }
/// ```
#[derive(Clone, Debug)]
pub struct CrcReader<C, R> {
    crc: C,
    inner: R,
}

/// A writer that computes the CRC of exactly the bytes the inner writer accepted.
///
/// A short write feeds only the bytes written, and an error none, so after any sequence of
/// calls [`crc`](Self::crc) is the CRC of what reached `W`. Writing through
/// [`get_mut`](Self::get_mut) bypasses it.
///
/// ```
/// use std::io::Write;
/// use crcstamp::{catalog::Crc32IsoHdlc, CrcWriter};
///
/// let mut writer = CrcWriter::<Crc32IsoHdlc, _>::new(Vec::new());
/// writer.write_all(b"1234").unwrap();
/// writer.write_all(b"56789").unwrap();
/// assert_eq!(writer.crc(), 0xcbf4_3926);
/// writer.get_mut().extend_from_slice(b"!"); // around the adapter: not CRCed
/// assert_eq!(writer.get_ref(), b"123456789!");
/// assert_eq!(writer.crc(), 0xcbf4_3926);
/// assert_eq!(writer.into_inner(), b"123456789!");
/// ```
#[derive(Clone, Debug)]
pub struct CrcWriter<C, W> {
    crc: C,
    inner: W,
}

/// The constructors and accessors both adapters share.
macro_rules! adapter {
    ($name:ident, $inner:ident, $doc_inner:literal) => {
        impl<C: RunningCrc + Default, $inner> $name<C, $inner> {
            /// Wraps `inner`, with the CRC `C` in its initial state.
            pub fn new(inner: $inner) -> Self {
                Self::with_crc(C::default(), inner)
            }
        }

        impl<C: RunningCrc, $inner> $name<C, $inner> {
            /// Wraps `inner`, continuing from `crc`: for CRCs built at run time, which have
            /// no `Default` (`DynCrc`, feature `dynamic`).
            pub fn with_crc(crc: C, inner: $inner) -> Self {
                $name { crc, inner }
            }

            #[doc = concat!("The CRC of the bytes ", $doc_inner, " so far; the adapter stays usable.")]
            pub fn crc(&self) -> C::Value {
                self.crc.finalize()
            }

            /// The running CRC itself.
            pub fn running(&self) -> &C {
                &self.crc
            }

            /// The inner value.
            pub fn get_ref(&self) -> &$inner {
                &self.inner
            }

            /// The inner value, mutably; bytes moved through it directly are not CRCed.
            pub fn get_mut(&mut self) -> &mut $inner {
                &mut self.inner
            }

            /// The inner value; the CRC is dropped (read it with [`crc`](Self::crc) first).
            pub fn into_inner(self) -> $inner {
                self.inner
            }

            /// The running CRC and the inner value.
            pub fn into_parts(self) -> (C, $inner) {
                (self.crc, self.inner)
            }
        }
    };
}
adapter!(CrcReader, R, "read");
adapter!(CrcWriter, W, "written");

impl<C: RunningCrc, R: Read> Read for CrcReader<C, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        // `get` rather than indexing: a reader claiming more than `buf` holds is its bug,
        // and the CRC then covers what is there.
        self.crc.update(buf.get(..n).unwrap_or(buf));
        Ok(n)
    }
}

impl<C: RunningCrc, R: BufRead> BufRead for CrcReader<C, R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amt: usize) {
        if amt > 0 {
            // The buffer the caller saw: a second `fill_buf` on unconsumed data returns it
            // again without reading.
            if let Ok(buf) = self.inner.fill_buf() {
                self.crc.update(&buf[..amt.min(buf.len())]);
            }
        }
        self.inner.consume(amt)
    }
}

impl<C: RunningCrc, W: Write> Write for CrcWriter<C, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.crc.update(buf.get(..n).unwrap_or(buf));
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}
