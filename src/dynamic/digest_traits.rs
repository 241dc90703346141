//! RustCrypto's `digest` traits for [`DynCrc`]: `Update`, `Reset` and `DynDigest` (whose
//! output size is a run-time number, as a model known at run time needs), on the value's own
//! register. The output is the CRC big-endian in the width's whole bytes, as for stamped
//! types.
//!
//! ```
//! use digest::DynDigest;
//!
//! let mut d: Box<dyn DynDigest> = Box::new(crcstamp::DynCrc::from_catalog("CRC-12/UMTS").unwrap());
//! d.update(b"123456789");
//! assert_eq!(d.output_size(), 2);
//! assert_eq!(&*d.finalize(), &[0x0d, 0xaf]); // 0xdaf
//! ```

use std::boxed::Box;

use digest::{DynDigest, InvalidBufferSize, Reset, Update};

use super::DynCrc;
use crate::__private::be_bytes;

impl DynCrc {
    /// Writes the current CRC into `out`, which must be [`output_bytes`](Self::output_bytes)
    /// long.
    fn write_out(&self, out: &mut [u8]) -> Result<(), InvalidBufferSize> {
        if out.len() != self.output_bytes() {
            return Err(InvalidBufferSize);
        }
        be_bytes(self.finalize(), out);
        Ok(())
    }
}

impl Update for DynCrc {
    fn update(&mut self, data: &[u8]) {
        DynCrc::update(self, data)
    }
}

impl Reset for DynCrc {
    fn reset(&mut self) {
        DynCrc::reset(self)
    }
}

impl DynDigest for DynCrc {
    fn update(&mut self, data: &[u8]) {
        DynCrc::update(self, data)
    }

    fn finalize_into(self, buf: &mut [u8]) -> Result<(), InvalidBufferSize> {
        self.write_out(buf)
    }

    fn finalize_into_reset(&mut self, buf: &mut [u8]) -> Result<(), InvalidBufferSize> {
        self.write_out(buf)?;
        DynCrc::reset(self);
        Ok(())
    }

    fn reset(&mut self) {
        DynCrc::reset(self)
    }

    fn output_size(&self) -> usize {
        self.output_bytes()
    }

    fn box_clone(&self) -> Box<dyn DynDigest> {
        Box::new(self.clone())
    }
}
