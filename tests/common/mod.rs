//! Helpers shared by the integration tests.
#![allow(dead_code)]

use crcstamp::{Consts, FoldConsts, HwCrc, Model, Word};

/// Deterministic bytes (xorshift), different per seed.
pub fn pseudo_random(len: usize, seed: u32) -> Vec<u8> {
    let mut x = 0x9e37_79b9_7f4a_7c15u64 ^ u64::from(seed).wrapping_mul(0xff51_afd7_ed55_8ccd);
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

/// A `crcstamp::Consts` built at run time from `crc-gen`'s constants, for models that are
/// not known at compile time (random models in the differential tests).
pub struct Owned<W> {
    model: Model<W>,
    init_state: W,
    poly_state: W,
    tables: Vec<[W; 256]>,
    fold: Option<FoldConsts>,
    combine: [W; 64],
    hw: Option<HwCrc>,
}

impl<W: Word + TryFrom<u128>> Owned<W> {
    pub fn new(c: &crc_gen::Consts) -> Self {
        let w = |v: u128| {
            W::try_from(v)
                .ok()
                .unwrap_or_else(|| panic!("{v:#x} does not fit the word"))
        };
        let m = &c.model;
        let fold = c.fold.as_ref().map(|f| FoldConsts {
            folds: core::array::from_fn(|i| [f.folds[i].hi, f.folds[i].lo]),
            barrett: [f.barrett_quotient, f.barrett_poly],
            g0: f.g0,
        });
        Owned {
            model: Model {
                width: m.width() as u8,
                poly: w(m.poly()),
                init: w(m.init()),
                refin: m.refin(),
                refout: m.refout(),
                xorout: w(m.xorout()),
                check: w(c.check),
                residue: w(c.residue),
                name: None,
            },
            init_state: w(c.init_state),
            poly_state: w(c.poly_state),
            tables: c.tables.iter().map(|t| t.map(w)).collect(),
            fold,
            combine: core::array::from_fn(|j| w(c.combine[j])),
            hw: c.hw.map(|h| match h {
                crc_gen::consts::HwCrc::Crc32 => HwCrc::Crc32,
                crc_gen::consts::HwCrc::Crc32c => HwCrc::Crc32c,
            }),
        }
    }

    pub fn consts(&self) -> Consts<'_, W> {
        Consts {
            model: self.model,
            init_state: self.init_state,
            poly_state: self.poly_state,
            tables: &self.tables,
            fold: self.fold,
            combine: &self.combine,
            hw: self.hw,
        }
    }
}
