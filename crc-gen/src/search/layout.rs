//! Where a CRC sits in a captured frame: the field, its width and byte order, which of its
//! bits hold the CRC, and the bytes it covers.

use core::fmt;

use super::sample::{CrcAt, Endian, Sample};

/// Which bits of a CRC field wider than the CRC hold it (the field read as a number).
///
/// ```
/// use crc_gen::search::{Align, CrcAt, Endian, Layout};
/// let low = Layout { bits: 12, ..Layout::whole(2, CrcAt::Start, Endian::Big, 0, 0) };
/// let high = Layout { align: Align::High, ..low };
/// assert_eq!(low.split(&[0x0a, 0xbc, 0x31]).unwrap().crc, 0xabc);
/// assert_eq!(high.split(&[0xab, 0xc0, 0x31]).unwrap().crc, 0xabc);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Align {
    /// The CRC is the field's low bits (the usual: CRC-12 as the number 0x0abc).
    Low,
    /// The CRC is the field's high bits (padded at the low end: 0xabc0).
    High,
}

/// Where a CRC sits in a captured frame and which bytes it covers. The frame less `trail`
/// bytes at its outer end and less the CRC field is its body; the CRC covers the body less
/// `skip` bytes at its start and `gap` bytes at its end.
///
/// ```
/// use crc_gen::search::{Align, CrcAt, Endian, Layout};
/// let l = Layout::whole(2, CrcAt::End, Endian::Little, 1, 0);
/// let s = l.split(&[0x7e, 0x31, 0x32, 0xef, 0xbe]).unwrap();
/// assert_eq!((s.data, s.crc), (vec![0x31, 0x32], 0xbeef));
/// assert_eq!(l.to_string(), "little-endian, last 2 bytes, skipping the first 1 byte");
/// // A CRC-12 in the high bits of a big-endian 2-byte field, one flag byte after it.
/// let l = Layout { bits: 12, align: Align::High, trail: 1, ..Layout::whole(2, CrcAt::End, Endian::Big, 0, 0) };
/// let s = l.split(&[0x31, 0xab, 0xc0, 0x7e]).unwrap();
/// assert_eq!((s.data, s.crc), (vec![0x31], 0xabc));
/// assert_eq!(l.to_string(), "big-endian, 2 bytes before the last 1, its high 12 bits");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    /// CRC field in bytes, 1..=16.
    pub bytes: usize,
    /// CRC width in bits: `8·bytes`, or narrower (but more than `8·(bytes − 1)`).
    pub bits: u32,
    /// Which bits of the field hold a narrower CRC (`Low` when it fills the field).
    pub align: Align,
    /// The CRC field is at the frame's start or end (inside `trail`).
    pub at: CrcAt,
    /// Byte order of the CRC field (irrelevant for one byte).
    pub endian: Endian,
    /// Body bytes before the covered range: a preamble, sync or address byte at the frame's
    /// start (CRC at the end), or a header after the CRC (CRC at the start).
    pub skip: usize,
    /// Body bytes after the covered range: between the data and the CRC (CRC at the end), or
    /// a trailer (CRC at the start).
    pub gap: usize,
    /// Bytes outside the CRC field at the frame's outer end: after the CRC (an end flag,
    /// padding) when it is last, before it when it is first.
    pub trail: usize,
}

impl Layout {
    /// A CRC that fills its `bytes`-byte field, nothing outside the field.
    ///
    /// ```
    /// use crc_gen::search::{CrcAt, Endian, Layout};
    /// let l = Layout::whole(4, CrcAt::End, Endian::Big, 2, 0);
    /// assert_eq!((l.width(), l.trail), (32, 0));
    /// ```
    pub fn whole(bytes: usize, at: CrcAt, endian: Endian, skip: usize, gap: usize) -> Layout {
        Layout {
            bytes,
            bits: 8 * bytes as u32,
            align: Align::Low,
            at,
            endian,
            skip,
            gap,
            trail: 0,
        }
    }

    /// The CRC width in bits.
    pub fn width(&self) -> u32 {
        self.bits
    }

    /// The frame less its trailer, split into (CRC field, body); `None` when too short.
    fn parts<'a>(&self, frame: &'a [u8]) -> Option<(&'a [u8], &'a [u8])> {
        if frame.len() < self.trail + self.bytes + self.skip + self.gap {
            return None;
        }
        Some(match self.at {
            CrcAt::End => {
                let f = &frame[..frame.len() - self.trail];
                let (body, field) = f.split_at(f.len() - self.bytes);
                (field, body)
            }
            CrcAt::Start => frame[self.trail..].split_at(self.bytes),
        })
    }

    /// The field as a number, and the bits of it that hold no CRC.
    fn field(&self, frame: &[u8]) -> Option<(u128, u128)> {
        let (field, _) = self.parts(frame)?;
        let fold = |acc: u128, &b: &u8| (acc << 8) | u128::from(b);
        let v = match self.endian {
            Endian::Big => field.iter().fold(0, fold),
            Endian::Little => field.iter().rev().fold(0, fold),
        };
        let spare = 8 * self.bytes as u32 - self.bits;
        let mask = u128::MAX >> (128 - self.bits);
        Some(match self.align {
            Align::Low => (v & mask, v.checked_shr(self.bits).unwrap_or(0)),
            Align::High => (v >> spare, v & ((1u128 << spare) - 1)),
        })
    }

    /// The covered bytes and the CRC of `frame`, or `None` when the frame is too short.
    pub fn split(&self, frame: &[u8]) -> Option<Sample> {
        let (_, body) = self.parts(frame)?;
        let (crc, _) = self.field(frame)?;
        Some(Sample::new(
            body[self.skip..body.len() - self.gap].to_vec(),
            crc,
        ))
    }

    /// Whether every frame has the same bits in the field around a narrower CRC (a CRC in
    /// part of a field is only read so when the rest is constant padding).
    pub(super) fn padding_agrees(&self, frames: &[Vec<u8>]) -> bool {
        let pads: Vec<Option<u128>> = frames.iter().map(|f| self.field(f).map(|p| p.1)).collect();
        pads.windows(2).all(|p| p[0] == p[1])
    }

    /// The same CRC field in the same place (other `skip` or `gap`).
    pub(super) fn same_field(&self, o: &Layout) -> bool {
        (
            self.bytes,
            self.bits,
            self.align,
            self.at,
            self.endian,
            self.trail,
        ) == (o.bytes, o.bits, o.align, o.at, o.endian, o.trail)
    }

    /// Whether every frame has the same bytes where `self` and `other` (same field, other
    /// `skip` or `gap`) cover different bytes: then the frames cannot tell them apart.
    pub(super) fn alike(&self, other: &Layout, frames: &[&[u8]]) -> bool {
        let (k0, k1) = (self.skip.min(other.skip), self.skip.max(other.skip));
        let (j0, j1) = (self.gap.min(other.gap), self.gap.max(other.gap));
        let differ = |f: &[u8]| {
            let b = self.parts(f).map_or(&[][..], |p| p.1);
            let head = b[k0..k1].to_vec();
            let tail = b[b.len() - j1..b.len() - j0].to_vec();
            (head, tail)
        };
        frames.windows(2).all(|p| differ(p[0]) == differ(p[1]))
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let end = match self.at {
            CrcAt::Start => "first",
            CrcAt::End => "last",
        };
        let (n, t) = (self.bytes, self.trail);
        let place = match (n, t, self.at) {
            (1, 0, _) => format!("{end} byte"),
            (n, 0, _) => format!("{end} {n} bytes"),
            (1, t, CrcAt::End) => format!("the byte before the last {t}"),
            (1, t, CrcAt::Start) => format!("the byte after the first {t}"),
            (n, t, CrcAt::End) => format!("{n} bytes before the last {t}"),
            (n, t, CrcAt::Start) => format!("{n} bytes after the first {t}"),
        };
        match (n, self.endian) {
            (1, _) => f.write_str(&place)?,
            (_, Endian::Big) => write!(f, "big-endian, {place}")?,
            (_, Endian::Little) => write!(f, "little-endian, {place}")?,
        }
        if self.bits < 8 * n as u32 {
            let half = match self.align {
                Align::Low => "low",
                Align::High => "high",
            };
            write!(f, ", its {half} {} bits", self.bits)?;
        }
        let s = |n: usize| if n == 1 { "" } else { "s" };
        let (k, j) = (self.skip, self.gap);
        match self.at {
            CrcAt::End if k > 0 => write!(f, ", skipping the first {k} byte{}", s(k))?,
            CrcAt::Start if k > 0 => write!(f, ", skipping {k} byte{} after it", s(k))?,
            _ => {}
        }
        match self.at {
            CrcAt::End if j > 0 => write!(f, ", stopping {j} byte{} before it", s(j)),
            CrcAt::Start if j > 0 => write!(f, ", leaving out the last {j} byte{}", s(j)),
            _ => Ok(()),
        }
    }
}
