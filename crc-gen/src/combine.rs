//! Combine constants: `x^(8·2^j) mod G`, so that `crc(A‖B)` follows from `crc(A)`, `crc(B)`
//! and `len(B)` in O(log len(B)) multiplications.

use crate::gf2::{self, to_u128};
use crate::model::Model;

/// Number of entries: one per bit of a `u64` byte count.
pub const COMBINE_ENTRIES: usize = 64;

/// Entry `j` is `x^(8·2^j) mod G` (unreflected): multiplying by it appends `2^j` zero bytes.
///
/// ```
/// use crc_gen::{combine::combine_table, ModelSpec};
/// let crc32 = ModelSpec::new(32, 0x04c11db7).build().unwrap();
/// let t = combine_table(&crc32);
/// assert_eq!(t[3], 0x490d678d); // x^64 mod G, a known answer
/// ```
pub fn combine_table(model: &Model) -> Vec<u128> {
    let g = gf2::generator(model.width(), model.poly());
    (0..COMBINE_ENTRIES as u32)
        .map(|j| to_u128(&gf2::xpow_mod(8u128 << j, &g)))
        .collect()
}
