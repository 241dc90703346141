//! The bitwise reference: one bit at a time, any width 1..=128. The oracle for every test.

use crate::model::Model;

/// Feeds `data` into a Williams register (unreflected, low `width` bits) and returns it.
///
/// ```
/// use crc_gen::{reference, ModelSpec};
/// let m = ModelSpec::new(16, 0x1021).init(0xffff).build().unwrap(); // CRC-16/IBM-3740
/// assert_eq!(reference::feed(&m, m.init(), b"123456789"), 0x29b1);
/// ```
pub fn feed(model: &Model, mut register: u128, data: &[u8]) -> u128 {
    let top = 1u128 << (model.width() - 1);
    let mask = model.mask();
    for &byte in data {
        let byte = if model.refin() {
            byte.reverse_bits()
        } else {
            byte
        };
        for i in (0..8).rev() {
            let feedback = (register & top != 0) ^ ((byte >> i) & 1 == 1);
            register = (register << 1) & mask;
            if feedback {
                register ^= model.poly();
            }
        }
    }
    register
}
