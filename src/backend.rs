//! The kernels a CRC can run on.

use core::fmt;

/// A CRC kernel. Every stamped type can run on each one that is available on this target
/// and whose tables it carries (see [`Crc::checksum_with`](crate::Crc::checksum_with)).
///
/// ```
/// use crcstamp::Backend;
/// assert!(Backend::all().contains(&Backend::Slice16));
/// assert!(Backend::Bitwise.is_available());
/// assert!(Backend::Pclmul.is_folding());
/// assert_eq!(Backend::Slice8.name(), "slice8");
/// assert_eq!(Backend::Nibble.name(), "nibble"); // `slice = "nibble"` stamps only
/// assert_eq!(crcstamp::catalog::Crc32Iscsi::checksum_with(Backend::Nibble, b"1"), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Backend {
    /// One bit at a time: the reference, any width.
    Bitwise,
    /// Two lookups per byte in one 16-entry table (`slice = "nibble"`), for firmware.
    Nibble,
    /// One table lookup per byte.
    Slice1,
    /// Four bytes per step, four tables.
    Slice4,
    /// Eight bytes per step, eight tables.
    Slice8,
    /// Sixteen bytes per step, sixteen tables: the fastest portable kernel.
    Slice16,
    /// x86_64 PCLMULQDQ folding on 128-bit lanes (with SSE4.1 and SSSE3); widths 1..=64.
    Pclmul,
    /// x86_64 VPCLMULQDQ folding on 256-bit vectors (with AVX2); widths 1..=64.
    Vpclmul256,
    /// x86_64 VPCLMULQDQ folding on 512-bit vectors (with AVX-512 F, VL, BW and VBMI;
    /// `vpternlogq` for the three-way XORs, `vpermb` for the bytes after the last whole
    /// vector, and GFNI's bit reversal for msb CRCs where the CPU has it); widths 1..=64.
    /// Inputs under 128 bytes take 256-bit vectors.
    Vpclmul512,
    /// aarch64 PMULL folding on 128-bit lanes; widths 1..=64.
    Pmull,
    /// aarch64 PMULL folding with SHA3's three-way XOR (EOR3); widths 1..=64.
    PmullEor3,
    /// The CPU's CRC instruction, for the CRCs whose register update it is
    /// ([`HwCrc`](crcstamp_layout::HwCrc)): SSE4.2 `crc32` (CRC-32C's polynomial) on x86_64, the CRC32
    /// extension (CRC-32 and CRC-32C polynomials) on aarch64.
    HwCrc,
    /// The CPU's CRC instruction on three streams in the same loop as carry-less-multiply
    /// folding, which runs on other execution units (VPCLMULQDQ with AVX2 and SSE4.2 on
    /// x86_64, PMULL with the CRC32 extension on aarch64), for the same CRCs as
    /// [`HwCrc`](Backend::HwCrc); long inputs, from a length of the CPU family's (7 KiB on
    /// 128-bit lanes and 256-bit vectors; on 512-bit vectors 32 KiB under the `intel`
    /// profile, 4 KiB under `amd`; [`Consts::backend_for`](crate::Consts::backend_for) gives
    /// this CPU's). Shorter ones and the tail take the instruction or folding. On the
    /// automatic path under the `intel` profile, each thread races it against the 512-bit
    /// fold: of every 512 calls on fusion's route, 4 time fusion and 4 the fold, and the
    /// faster takes the rest (`CRCSTAMP_DISABLE=race` keeps fusion);
    /// [`checksum_with`](crate::Crc::checksum_with) always runs fusion itself.
    Fusion,
    /// RISC-V Zbc folding: `clmul` and `clmulh` on 128-bit lanes held in two 64-bit
    /// registers (with Zbb's `rev8` for msb CRCs: the CPU needs both); widths 1..=64.
    Zbc,
    /// s390x VGFM folding: the vector facility's Galois-field multiply-and-sum on 128-bit
    /// vectors; widths 1..=64.
    Vgfm,
    /// POWER8 and later (ppc64) `vpmsumd` folding on 128-bit vectors; widths 1..=64.
    Vpmsum,
}

impl Backend {
    /// Every backend this version of crcstamp knows, slowest first.
    pub fn all() -> &'static [Backend] {
        &[
            Backend::Bitwise,
            Backend::Nibble,
            Backend::Slice1,
            Backend::Slice4,
            Backend::Slice8,
            Backend::Slice16,
            Backend::Pclmul,
            Backend::Vpclmul256,
            Backend::Vpclmul512,
            Backend::Pmull,
            Backend::PmullEor3,
            Backend::HwCrc,
            Backend::Fusion,
            Backend::Zbc,
            Backend::Vgfm,
            Backend::Vpmsum,
        ]
    }

    /// Whether this is a carry-less-multiply folding kernel (widths 1..=64 only).
    pub fn is_folding(self) -> bool {
        self.tier() > 0 && !matches!(self, Backend::HwCrc | Backend::Fusion)
    }

    /// 0 for the portable kernels, 1 for 128-bit carry-less multiply and the CRC
    /// instructions, 2 for 256-bit (and fusion, which uses it on x86_64), 3 for 512-bit.
    pub(crate) fn tier(self) -> u8 {
        match self {
            Backend::Bitwise
            | Backend::Nibble
            | Backend::Slice1
            | Backend::Slice4
            | Backend::Slice8
            | Backend::Slice16 => 0,
            Backend::Pclmul | Backend::Pmull | Backend::PmullEor3 | Backend::HwCrc => 1,
            Backend::Zbc | Backend::Vgfm | Backend::Vpmsum => 1,
            Backend::Vpclmul256 => 2,
            Backend::Vpclmul512 => 3,
            Backend::Fusion if cfg!(target_arch = "aarch64") => 1,
            Backend::Fusion => 2,
        }
    }

    /// A short lowercase name, as the CLI and the benchmark print it.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Bitwise => "bitwise",
            Backend::Nibble => "nibble",
            Backend::Slice1 => "slice1",
            Backend::Slice4 => "slice4",
            Backend::Slice8 => "slice8",
            Backend::Slice16 => "slice16",
            Backend::Pclmul => "pclmul",
            Backend::Vpclmul256 => "vpclmul256",
            Backend::Vpclmul512 => "vpclmul512",
            Backend::Pmull => "pmull",
            Backend::PmullEor3 => "pmull-eor3",
            Backend::HwCrc => "hwcrc",
            Backend::Fusion => "fusion",
            Backend::Zbc => "zbc",
            Backend::Vgfm => "vgfm",
            Backend::Vpmsum => "vpmsum",
        }
    }

    /// Number of 256-entry slice tables the backend reads, `None` for the other kernels
    /// (the nibble kernel's table is checked on its own).
    pub(crate) fn tables_needed(self) -> Option<usize> {
        match self {
            Backend::Bitwise
            | Backend::Nibble
            | Backend::Pclmul
            | Backend::Vpclmul256
            | Backend::Vpclmul512
            | Backend::Pmull
            | Backend::PmullEor3
            | Backend::HwCrc
            | Backend::Fusion
            | Backend::Zbc
            | Backend::Vgfm
            | Backend::Vpmsum => None,
            Backend::Slice1 => Some(1),
            Backend::Slice4 => Some(4),
            Backend::Slice8 => Some(8),
            Backend::Slice16 => Some(16),
        }
    }
}

/// Whether a backend runs here, and if not, why ([`Backend::availability`]).
///
/// ```
/// use crcstamp::{Availability, Backend};
/// assert_eq!(Backend::Slice16.availability(), Availability::Available);
/// assert_eq!(Backend::Slice16.availability().to_string(), "available");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Availability {
    /// The backend runs here.
    Available,
    /// This CPU or target lacks an instruction set extension the kernel uses.
    Unsupported,
    /// `CRCSTAMP_MAX_TIER` caps it away.
    Capped,
    /// `CRCSTAMP_DISABLE` names it.
    Disabled,
    /// It computed a wrong CRC in the self-test at first use, so it is never used here.
    FailedSelfTest,
}

impl fmt::Display for Availability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Availability::Available => "available",
            Availability::Unsupported => "not on this CPU",
            Availability::Capped => "capped by CRCSTAMP_MAX_TIER",
            Availability::Disabled => "disabled by CRCSTAMP_DISABLE",
            Availability::FailedSelfTest => "failed its self-test on this CPU; never used here",
        })
    }
}

/// How the automatic path runs an input of a given length on this CPU: the kernel, and the
/// choices the CPU family's route plan makes inside it ([`Consts::route_for`](crate::Consts::route_for);
/// `crc-gen route` prints them as length bands). `Display` writes the kernel's name and then
/// each choice that holds, e.g. `vpclmul512 reflected aligned`.
///
/// ```
/// use crcstamp::{catalog::Crc32IsoHdlc, Backend, Crc};
/// let step = Crc32IsoHdlc::consts().route_for(8);
/// assert_eq!(step.backend, Backend::Slice16);
/// assert_eq!(step.to_string(), "slice16");
/// assert_eq!(Crc32IsoHdlc::consts().route_for(1 << 20).backend, Crc32IsoHdlc::consts().backend());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct RouteStep {
    /// The kernel ([`Consts::backend_for`](crate::Consts::backend_for)).
    pub backend: Backend,
    /// Fusion's vector width in bits (128 on aarch64, 256 or 512 on x86_64); 0 for the
    /// other kernels.
    pub fusion_bits: u16,
    /// Fusion in the wide 512-bit shape: four instruction words a step for each stream, for
    /// an instruction that retires two a cycle (AMD Zen 5).
    pub fusion_wide: bool,
    /// Fusion's fold: the kernel that takes the bytes after fusion's last block (the
    /// instruction under one block), and that fusion races where `raced`; `None` for the
    /// other kernels.
    pub fusion_fold: Option<Backend>,
    /// Fusion raced against its fold, per thread ([`Backend::raced_against`]).
    pub raced: bool,
    /// The CRC instruction as three streams, joined by a carry-less multiply.
    pub three_streams: bool,
    /// Folding whose last reduction is two steps of the CRC instruction instead of Barrett
    /// (CRC-32C on x86_64); for fusion, its fold's.
    pub reduced_by_instruction: bool,
    /// A forward (msb) CRC run reflected over bit-reversed bytes (GFNI on x86_64, `rbit` on
    /// aarch64).
    pub reflected: bool,
    /// Vector loads aligned to the vector's size, after a head; for fusion, its fold's.
    pub aligned: bool,
    /// The loop asks the cache for the lines it will load a kilobyte ahead.
    pub reads_ahead: bool,
}

/// The input lengths from `from` to `to` (inclusive; `None`: no limit) that one
/// [`RouteStep`] runs: a band of [`Consts::route_bands`](crate::Consts::route_bands).
///
/// ```
/// use crcstamp::{catalog::Crc32IsoHdlc, Crc};
/// let bands = Crc32IsoHdlc::consts().route_bands();
/// assert_eq!((bands[0].from, bands.last().unwrap().to), (0, None));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct RouteBand {
    /// The shortest input of the band.
    pub from: usize,
    /// The longest, or `None` for every length from `from` on.
    pub to: Option<usize>,
    /// What runs there.
    pub step: RouteStep,
}

impl fmt::Display for RouteStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.backend.name())?;
        if self.fusion_bits != 0 {
            write!(f, " {}-bit", self.fusion_bits)?;
        }
        // Fusion's fold last, with its own choices.
        let fold = self
            .fusion_fold
            .map(|b| (b, self.reduced_by_instruction, self.aligned));
        for (on, word) in [
            (self.fusion_wide, "wide"),
            (self.raced, "raced"),
            (self.three_streams, "three-streams"),
            (
                self.reduced_by_instruction && fold.is_none(),
                "reduced-by-instruction",
            ),
            (self.reflected, "reflected"),
            (self.aligned && fold.is_none(), "aligned"),
            (self.reads_ahead, "reads-ahead"),
        ] {
            if on {
                write!(f, " {word}")?;
            }
        }
        if let Some((backend, by_instruction, aligned)) = fold {
            write!(f, ", then {}", backend.name())?;
            if by_instruction {
                f.write_str(" reduced-by-instruction")?;
            }
            if aligned {
                f.write_str(" aligned")?;
            }
        }
        Ok(())
    }
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
