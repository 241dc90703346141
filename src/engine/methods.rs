//! The public methods of [`Consts`] and [`Backend`] that run or ask the engine. They sit
//! above it, so that the types stay data that every module of the engine can take.

use super::detect;
use crate::backend::{Availability, Backend, RouteStep};
use crate::combine::combine;
use crate::consts::Consts;
use crate::word::Word;

impl<W: Word> Consts<'_, W> {
    /// The backend [`update`](Self::update) runs here for long inputs: the best folding
    /// kernel this CPU has (widths up to 64), else the widest slice kernel whose tables are
    /// present; for a CRC with a CPU instruction of its own ([`hw`](Self::hw)), fusion or
    /// the instruction where they beat folding. [`backend_for`](Self::backend_for) gives the
    /// choice for a given length.
    #[inline]
    pub fn backend(&self) -> Backend {
        super::backend_for(self, usize::MAX)
    }

    /// The backend [`update`](Self::update) runs here for an input of `len` bytes: tables
    /// up to 16 bytes, folding from there; for the CRCs a CPU instruction computes, that
    /// instruction from 1 byte, and fusion where the CPU can fuse it with folding, from a
    /// length of the CPU family's ([`Backend::Fusion`]; `spec/engine.md`, "Dispatch").
    ///
    /// ```
    /// use crcstamp::{catalog::Crc32IsoHdlc, Backend, Crc};
    /// let c = Crc32IsoHdlc::consts();
    /// assert_eq!(c.backend_for(16), Backend::Slice16);
    /// assert_eq!(c.backend_for(1 << 20), c.backend());
    /// ```
    pub fn backend_for(&self, len: usize) -> Backend {
        super::backend_for(self, len)
    }

    /// How [`update`](Self::update) runs an input of `len` bytes here: the kernel
    /// ([`backend_for`](Self::backend_for)) and the choices the CPU family's route plan
    /// makes inside it (`spec/engine.md`, "What runs at each length").
    ///
    /// ```
    /// use crcstamp::{catalog::Crc32Iscsi, Crc};
    /// let c = Crc32Iscsi::consts();
    /// for len in [1, 64, 4096, 1 << 20] {
    ///     assert_eq!(c.route_for(len).backend, c.backend_for(len));
    /// }
    /// ```
    pub fn route_for(&self, len: usize) -> RouteStep {
        super::route_for(self, len, super::Constants::Stamped)
    }

    /// [`route_for`](Self::route_for) at every length, merged into bands where the step is
    /// the same: every length one by one up to 1 MiB, where every threshold of the plan
    /// lies, then powers of two up to 1 GiB and `usize::MAX`. What `crc-gen route` prints.
    ///
    /// ```
    /// use crcstamp::{catalog::Crc32Iscsi, Crc};
    /// let c = Crc32Iscsi::consts();
    /// for band in c.route_bands() {
    ///     assert_eq!(c.route_for(band.from), band.step);
    /// }
    /// ```
    #[cfg(feature = "std")]
    pub fn route_bands(&self) -> std::vec::Vec<crate::RouteBand> {
        super::route_bands(self, super::Constants::Stamped)
    }

    /// Whether [`update_with`](Self::update_with) can run `backend`: it is available on this
    /// CPU/target and this CRC carries its data (tables, or folding constants).
    pub fn supports(&self, backend: Backend) -> bool {
        super::supports(self, backend)
    }

    /// Feeds `bytes` into `state` on the best backend. Always inlined: with stamped
    /// constants the hot path folds to the one kernel this CRC can take
    /// (`spec/engine.md`, "Emitted code").
    #[inline(always)]
    pub fn update(&self, state: W, bytes: &[u8]) -> W {
        super::update(self, state, bytes)
    }

    /// Feeds `bytes` into `state` on exactly `backend`; `None` when it is not available on
    /// this CPU/target or its data was not stamped (see [`supports`](Self::supports)). A
    /// folding backend hands inputs under 16 bytes to the widest table kernel.
    pub fn update_with(&self, backend: Backend, state: W, bytes: &[u8]) -> Option<W> {
        super::update_with(self, backend, state, bytes)
    }

    /// Turns a state into the CRC value (reflect as the model says, then `xorout`).
    #[inline]
    pub fn finalize(&self, state: W) -> W {
        super::finalize(self, state)
    }

    /// `crc(A‖B)` from `crc(A)`, `crc(B)` and `len(B)` in bytes, in O(log len_b). Bits above
    /// the width in the inputs are ignored.
    pub fn combine(&self, crc_a: W, crc_b: W, len_b: u64) -> W {
        combine(self, crc_a, crc_b, len_b)
    }
}

impl Backend {
    /// Whether this CPU and target can run the backend. The portable ones always can; the
    /// folding ones are detected at first use (with `std`) or from the compile-time target
    /// features (without), and can be capped for testing with the environment variable
    /// `CRCSTAMP_MAX_TIER` (`portable`, `clmul128`, `clmul256` or `clmul512`) or switched off
    /// one by one with `CRCSTAMP_DISABLE` (backend names, comma-separated: `hwcrc,fusion`).
    /// A kernel that fails its self-test at first use is not available either
    /// ([`availability`](Self::availability) says why).
    pub fn is_available(self) -> bool {
        self.tier() == 0 || detect::available(self)
    }

    /// Whether the backend runs here, and if not, why: the CPU lacks an extension, a
    /// `CRCSTAMP_*` variable caps or disables it, or it failed the self-test that every
    /// accelerated kernel runs at first use (against the table kernel, on a reflected and
    /// two forward CRCs).
    ///
    /// ```
    /// use crcstamp::{Availability, Backend};
    /// let a = Backend::Vpclmul512.availability();
    /// assert_eq!(a == Availability::Available, Backend::Vpclmul512.is_available());
    /// ```
    pub fn availability(self) -> Availability {
        if self.tier() == 0 {
            Availability::Available
        } else {
            detect::availability(self)
        }
    }

    /// Where the automatic path takes this backend, the kernel it races it against on
    /// this CPU: [`Vpclmul512`](Backend::Vpclmul512) for [`Fusion`](Backend::Fusion)
    /// under the `intel` profile ([`cpu_profile`](crate::cpu_profile)), where which of the
    /// two is faster depends on what else runs on the core; each thread then times both
    /// over its calls and takes the faster (`CRCSTAMP_DISABLE=race` turns it off). `None`
    /// for every other backend and CPU: the route alone decides.
    ///
    /// ```
    /// use crcstamp::Backend;
    /// for &b in Backend::all() {
    ///     if let Some(rival) = b.raced_against() {
    ///         assert_eq!((b, rival), (Backend::Fusion, Backend::Vpclmul512));
    ///         assert!(b.is_available() && rival.is_available());
    ///     }
    /// }
    /// ```
    pub fn raced_against(self) -> Option<Backend> {
        #[cfg(target_arch = "x86_64")]
        if self == Backend::Fusion {
            // The route's own fields: a raced fusion step and its fold.
            let cpu = detect::features();
            if cpu.races() && cpu.has(self) {
                return super::step::fusion_fold(cpu);
            }
        }
        None
    }
}
