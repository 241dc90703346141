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
    // Each entry is the square of the one before: x^(8·2^(j+1)) = (x^(8·2^j))^2. One
    // multiplication per entry instead of a fresh exponentiation (up to 67 each), which made
    // this table most of the cost of `DynCrc::new`.
    let mut entry = gf2::xpow_mod(8, &g);
    let mut table = Vec::with_capacity(COMBINE_ENTRIES);
    for _ in 0..COMBINE_ENTRIES {
        table.push(to_u128(&entry));
        entry = gf2::rem(&gf2::clmul(&entry, &entry), &g);
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ModelSpec;

    /// Every entry by its definition, one exponentiation each, for widths 1..=128.
    #[test]
    fn entries_are_powers_of_x() {
        for (width, poly) in [
            (1, 1),
            (5, 0x15),
            (32, 0x04c1_1db7),
            (64, 0x42f0_e1eb_a9ea_3692),
            (82, 0x308c_0111_0114_0144_0411),
            (128, 0x87),
        ] {
            let m = ModelSpec::new(width, poly).build().unwrap();
            let g = gf2::generator(width, poly);
            for (j, &entry) in combine_table(&m).iter().enumerate() {
                assert_eq!(
                    entry,
                    to_u128(&gf2::xpow_mod(8u128 << j, &g)),
                    "width {width} entry {j}"
                );
            }
        }
    }
}
