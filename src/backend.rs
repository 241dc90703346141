//! The kernels a CRC can run on.

use core::fmt;

/// A CRC kernel. Every stamped type can run on each one that is available on this target
/// and whose tables it carries (see [`Crc::checksum_with`](crate::Crc::checksum_with)).
///
/// ```
/// use crcstamp::Backend;
/// assert!(Backend::all().contains(&Backend::Slice16));
/// assert!(Backend::Bitwise.is_available());
/// assert_eq!(Backend::Slice8.name(), "slice8");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Backend {
    /// One bit at a time: the reference, any width.
    Bitwise,
    /// One table lookup per byte.
    Slice1,
    /// Four bytes per step, four tables.
    Slice4,
    /// Eight bytes per step, eight tables.
    Slice8,
    /// Sixteen bytes per step, sixteen tables: the fastest portable kernel.
    Slice16,
}

impl Backend {
    /// Every backend this version of crcstamp knows, slowest first.
    pub fn all() -> &'static [Backend] {
        &[
            Backend::Bitwise,
            Backend::Slice1,
            Backend::Slice4,
            Backend::Slice8,
            Backend::Slice16,
        ]
    }

    /// Whether this CPU and target can run the backend. The portable ones always can.
    pub fn is_available(self) -> bool {
        true
    }

    /// A short lowercase name, as the CLI and the benchmark print it.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Bitwise => "bitwise",
            Backend::Slice1 => "slice1",
            Backend::Slice4 => "slice4",
            Backend::Slice8 => "slice8",
            Backend::Slice16 => "slice16",
        }
    }

    /// Number of slice tables the backend reads, `None` for non-table kernels.
    pub(crate) fn tables_needed(self) -> Option<usize> {
        match self {
            Backend::Bitwise => None,
            Backend::Slice1 => Some(1),
            Backend::Slice4 => Some(4),
            Backend::Slice8 => Some(8),
            Backend::Slice16 => Some(16),
        }
    }
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
