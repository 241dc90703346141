//! The route's reports: its steps at every length merged into bands (`Consts::route_bands`,
//! `crc-gen route`, the golden files), and the steps of a CRC with run-time constants
//! decided once at the lengths where deciding costs most ([`Memo`]). Each step is
//! the route's (`route::decide`).

#[cfg(feature = "dynamic")]
use super::plan;
use super::plan::Cpu;
use super::route::{step, Ask, Constants};
use crate::backend::RouteBand;
#[cfg(feature = "dynamic")]
use crate::backend::RouteStep;
use crate::consts::Consts;
use crate::word::Word;

/// Lengths scanned one by one: every threshold of the plan lies below (the longest, 64 KiB).
const SCANNED: usize = 1 << 20;

/// The steps of `c` on `cpu` at every length, merged into bands: each length up to
/// [`SCANNED`], then powers of two up to 1 GiB and `usize::MAX`. The one band scan, for
/// `Consts::route_bands` (`crc-gen route`) and the golden files.
pub(crate) fn bands<W: Word>(
    c: &Consts<'_, W>,
    cpu: Cpu,
    constants: Constants,
) -> std::vec::Vec<RouteBand> {
    scan(
        c,
        cpu,
        constants,
        (0..SCANNED)
            .chain((20..=30).map(|k| 1usize << k))
            .chain([usize::MAX]),
    )
}

/// The steps of `c` on `cpu` at `lengths` (ascending), merged into bands; the last band is
/// open. What [`bands`] and [`Memo`] take.
fn scan<W: Word>(
    c: &Consts<'_, W>,
    cpu: Cpu,
    constants: Constants,
    lengths: impl IntoIterator<Item = usize>,
) -> std::vec::Vec<RouteBand> {
    let mut bands: std::vec::Vec<RouteBand> = std::vec::Vec::new();
    for len in lengths {
        let step = step(c, len, cpu, Ask::Route(constants));
        match bands.last_mut() {
            Some(band) if band.step == step => continue,
            Some(band) => band.to = Some(len - 1),
            None => {}
        }
        bands.push(RouteBand {
            from: len,
            to: None,
            step,
        });
    }
    bands
}

/// The steps [`decide`] gives one CRC whose constants are known only at run time
/// ([`Constants::RunTime`], `DynCrc`) on one CPU at every length under [`plan::MEMO_LEN`],
/// decided when it is made (the band scan, [`scan`]): there each of the route's tests would
/// read them from memory on every call (`spec/decisions.md`, "The run-time route decided
/// once per CRC"). The cached word never changes once detected, so on the CPU it was made
/// for the steps stay the route's.
#[cfg(feature = "dynamic")]
#[derive(Clone, Debug)]
pub(crate) struct Memo {
    /// Each band's last length and its step, in ascending order; the last ends at
    /// `MEMO_LEN - 1`.
    bands: std::boxed::Box<[(usize, RouteStep)]>,
}

#[cfg(feature = "dynamic")]
impl Memo {
    /// The route of `c` on `cpu` (detected) at every length under [`plan::MEMO_LEN`].
    pub(crate) fn new<W: Word>(c: &Consts<'_, W>, cpu: Cpu) -> Memo {
        let bands = scan(c, cpu, Constants::RunTime, 0..plan::MEMO_LEN)
            .into_iter()
            .map(|band| (band.to.unwrap_or(plan::MEMO_LEN - 1), band.step))
            .collect();
        Memo { bands }
    }

    /// Whether it holds the step for `len` bytes: under [`plan::MEMO_LEN`].
    #[inline(always)]
    pub(crate) fn holds(&self, len: usize) -> bool {
        len < plan::MEMO_LEN
    }

    /// The step for `len` bytes, `None` where it does not [`hold`](Self::holds) it.
    #[inline(always)]
    pub(crate) fn step(&self, len: usize) -> Option<RouteStep> {
        self.bands
            .iter()
            .find(|&&(last, _)| len <= last)
            .map(|&(_, step)| step)
    }
}
