//! The self-test's own CRCs: a reflected one with an x86_64 instruction (CRC-32C), one with
//! an aarch64 instruction (CRC-32/ISO-HDLC) and two forward ones with reflected twins
//! (CRC-16/T10-DIF, CRC-64/ECMA-182), written out here rather than taken from the stamped
//! catalogue, so that the engine does not depend on code it generates. The folding constants
//! are `crc-gen show`'s for each model; the tables are computed at compile time from the
//! polynomial. A test below compares every field with the catalogue's stamps.

use crate::__private::{slice_tables_u16, slice_tables_u32, slice_tables_u64};
use crate::consts::Consts;
use crcstamp_layout::StampedModel;
use crcstamp_layout::{FoldConsts, HwCrc};

/// Slices of the reference's table kernel: enough that the reference costs little of the
/// self-test's time, few enough that the tables stay small.
pub(super) const SLICES: usize = 4;

/// Table 0 of a CRC whose register fills the word (`poly_state` in the engine's layout),
/// at compile time.
macro_rules! table0 {
    ($name:ident: $t:ty) => {
        const fn $name(poly_state: $t, lsb: bool) -> [$t; 256] {
            let mut t = [0; 256];
            let mut i = 0;
            while i < 256 {
                let mut r: $t = match lsb {
                    true => i as $t,
                    false => (i as $t) << (<$t>::BITS - 8),
                };
                let mut bit = 0;
                while bit < 8 {
                    r = match (lsb, lsb && r & 1 != 0, !lsb && r >> (<$t>::BITS - 1) != 0) {
                        (true, true, _) => (r >> 1) ^ poly_state,
                        (true, false, _) => r >> 1,
                        (false, _, true) => (r << 1) ^ poly_state,
                        (false, _, false) => r << 1,
                    };
                    bit += 1;
                }
                t[i] = r;
                i += 1;
            }
            t
        }
    };
}
table0!(table0_u16: u16);
table0!(table0_u32: u32);
table0!(table0_u64: u64);

const fn model<W>(
    width: u8,
    poly: W,
    init: W,
    refin: bool,
    xorout: W,
    check: W,
    residue: W,
) -> StampedModel<W> {
    StampedModel {
        width,
        poly,
        init,
        refin,
        refout: refin,
        xorout,
        check,
        residue,
        name: None,
    }
}

static CRC32C_TABLES: [[u32; 256]; SLICES] =
    slice_tables_u32::<SLICES>(&table0_u32(0x82f6_3b78, true), true);
static CRC32C_FOLD: FoldConsts = FoldConsts {
    k128: [0xf20c_0dfe, 0x493c_7d27],
    k256: [0x3da6_d0cb, 0xba4f_c28e],
    k512: [0x740e_ef02, 0x9e4a_ddf8],
    k1024: [0x6992_cea2, 0x0d3b_6092],
    k2048: [0xdcb1_7aa4, 0xb9e0_2b86],
    barrett: [0x4869_ec38_dea7_13f1, 0x0000_0001_05ec_76f0],
    g0: true,
};
/// CRC-32C (CRC-32/ISCSI).
pub(super) static CRC32C: Consts<'static, u32> = Consts {
    model: model(32, 0x1edc_6f41, !0, true, !0, 0xe306_9283, 0xb798_b438),
    init_state: !0,
    poly_state: 0x82f6_3b78,
    tables: &CRC32C_TABLES,
    nibble: None,
    fold: Some(&CRC32C_FOLD),
    fold_reflected: None,
    combine: &[0; 64],
    hw: Some(HwCrc::Crc32c),
};

static CRC32_TABLES: [[u32; 256]; SLICES] =
    slice_tables_u32::<SLICES>(&table0_u32(0xedb8_8320, true), true);
static CRC32_FOLD: FoldConsts = FoldConsts {
    k128: [0xae68_9191, 0xccaa_009e],
    k256: [0xf1da_05aa, 0x8125_6527],
    k512: [0x8f35_2d95, 0x1d95_13d7],
    k1024: [0x33ff_f533, 0x910e_eec1],
    k2048: [0xce33_71cb, 0xe95c_1271],
    barrett: [0xb4e5_b025_f701_1641, 0x0000_0001_db71_0640],
    g0: true,
};
/// CRC-32/ISO-HDLC.
pub(super) static CRC32: Consts<'static, u32> = Consts {
    model: model(32, 0x04c1_1db7, !0, true, !0, 0xcbf4_3926, 0xdebb_20e3),
    init_state: !0,
    poly_state: 0xedb8_8320,
    tables: &CRC32_TABLES,
    nibble: None,
    fold: Some(&CRC32_FOLD),
    fold_reflected: None,
    combine: &[0; 64],
    hw: Some(HwCrc::Crc32),
};

static T10DIF_TABLES: [[u16; 256]; SLICES] =
    slice_tables_u16::<SLICES>(&table0_u16(0x8bb7, false), false);
static T10DIF_FOLD: FoldConsts = FoldConsts {
    k128: [0x06df << 48, 0x2d56 << 48],
    k256: [0xe7b5 << 48, 0x6ee3 << 48],
    k512: [0xe658 << 48, 0x044c << 48],
    k1024: [0x7cf5 << 48, 0x9d9d << 48],
    k2048: [0x4b0b << 48, 0xdccf << 48],
    barrett: [0xf65a_57f8_1d33_a48a, 0x8bb7 << 48],
    g0: true,
};
static T10DIF_TWIN: FoldConsts = FoldConsts {
    k128: [0x2d63, 0xd568],
    k256: [0x806d, 0x554f],
    k512: [0x34ce, 0x6440],
    k1024: [0x85df, 0xa8d1],
    k2048: [0x7a07, 0x3dd5],
    barrett: [0xa24b_9970_3fd4_b4df, 0x0001_dba2],
    g0: true,
};
/// CRC-16/T10-DIF.
pub(super) static T10DIF: Consts<'static, u16> = Consts {
    model: model(16, 0x8bb7, 0, false, 0, 0xd0db, 0),
    init_state: 0,
    poly_state: 0x8bb7,
    tables: &T10DIF_TABLES,
    nibble: None,
    fold: Some(&T10DIF_FOLD),
    fold_reflected: Some(&T10DIF_TWIN),
    combine: &[0; 64],
    hw: None,
};

static ECMA182_TABLES: [[u64; 256]; SLICES] =
    slice_tables_u64::<SLICES>(&table0_u64(0x42f0_e1eb_a9ea_3693, false), false);
static ECMA182_FOLD: FoldConsts = FoldConsts {
    k128: [0x4eb9_38a7_d257_740e, 0x05f5_c3c7_eb52_fab6],
    k256: [0x44be_f2a2_01b5_200c, 0x571b_ee0a_227e_f92b],
    k512: [0xddf4_b698_1205_b83f, 0x5f68_43ca_540d_f020],
    k1024: [0x0010_67e5_71d7_d5c2, 0x05cf_79de_a9ac_37d6],
    k2048: [0x7036_b038_9f6a_0c82, 0x7f52_691a_60dd_c70d],
    barrett: [0x578d_29d0_6cc4_f872, 0x42f0_e1eb_a9ea_3693],
    g0: true,
};
static ECMA182_TWIN: FoldConsts = FoldConsts {
    k128: [0xe05d_d497_ca39_3ae4, 0xdabe_95af_c787_5f40],
    k256: [0x6009_5b00_8a9e_fa44, 0x3be6_53a3_0fe1_af51],
    k512: [0x6ae3_efbb_9dd4_41f3, 0x081f_6054_a784_2df4],
    k1024: [0x8757_d71d_4fcc_1000, 0xd7d8_6b2a_f73d_e740],
    k2048: [0x8260_adf2_381a_d81c, 0xf31f_d927_1e22_8b79],
    barrett: [0x9c3e_466c_1729_63d5, 0x92d8_af2b_af0e_1e84],
    g0: true,
};
/// CRC-64/ECMA-182.
pub(super) static ECMA182: Consts<'static, u64> = Consts {
    model: model(
        64,
        0x42f0_e1eb_a9ea_3693,
        0,
        false,
        0,
        0x6c40_df5f_0b49_7347,
        0,
    ),
    init_state: 0,
    poly_state: 0x42f0_e1eb_a9ea_3693,
    tables: &ECMA182_TABLES,
    nibble: None,
    fold: Some(&ECMA182_FOLD),
    fold_reflected: Some(&ECMA182_TWIN),
    combine: &[0; 64],
    hw: None,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{Crc16T10Dif, Crc32Iscsi, Crc32IsoHdlc, Crc64Ecma182};
    use crate::Word;

    /// Every field the self-test reads is the catalogue stamp's, and the check value
    /// comes out of the tables.
    fn same<W: Word + core::fmt::Debug>(ours: &Consts<'_, W>, stamp: &Consts<'_, W>) {
        let m = (&ours.model, &stamp.model);
        assert_eq!(
            (
                m.0.width,
                m.0.poly,
                m.0.init,
                m.0.refin,
                m.0.refout,
                m.0.xorout,
                m.0.check,
                m.0.residue
            ),
            (
                m.1.width,
                m.1.poly,
                m.1.init,
                m.1.refin,
                m.1.refout,
                m.1.xorout,
                m.1.check,
                m.1.residue
            ),
        );
        assert_eq!(
            (ours.init_state, ours.poly_state),
            (stamp.init_state, stamp.poly_state)
        );
        assert_eq!(ours.tables, &stamp.tables[..SLICES]);
        assert_eq!(
            (ours.fold, ours.fold_reflected, ours.hw),
            (stamp.fold, stamp.fold_reflected, stamp.hw)
        );
        let state = crate::engine::table::update::<W, SLICES>(
            ours.tables,
            m.0.refin,
            ours.init_state,
            b"123456789",
        );
        assert_eq!(stamp.finalize(state), m.0.check);
    }

    #[test]
    fn the_models_are_the_catalogues() {
        same(&CRC32C, Crc32Iscsi::consts());
        same(&CRC32, Crc32IsoHdlc::consts());
        same(&T10DIF, Crc16T10Dif::consts());
        same(&ECMA182, Crc64Ecma182::consts());
    }
}
