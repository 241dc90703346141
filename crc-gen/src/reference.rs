//! The bitwise reference: one bit at a time, any width 1..=128. The oracle for every test.
//!
//! It needs only the register's shape ([`Params`]: width, poly, refin), so it depends on
//! nothing else in the crate; [`Model`](crate::Model) converts into [`Params`].

/// What the bitwise reference needs of a model: the register width (1..=128), the poly (below
/// `2^width`) and whether input bytes are fed lsb first.
///
/// ```
/// use crc_gen::reference::Params;
/// let p = Params::from((16, 0x1021, false));
/// assert_eq!((p.width, p.poly, p.refin), (16, 0x1021, false));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    /// Register width in bits.
    pub width: u32,
    /// The generator without its `x^width` term.
    pub poly: u128,
    /// Input bytes are reflected (fed lsb first).
    pub refin: bool,
}

impl From<(u32, u128, bool)> for Params {
    fn from((width, poly, refin): (u32, u128, bool)) -> Params {
        Params { width, poly, refin }
    }
}

/// Feeds `data` into a Williams register (unreflected, low `width` bits) and returns it.
/// `params` is a [`Model`](crate::Model) or a `(width, poly, refin)` triple.
///
/// ```
/// use crc_gen::{reference, ModelSpec};
/// let m = ModelSpec::new(16, 0x1021).init(0xffff).build().unwrap(); // CRC-16/IBM-3740
/// assert_eq!(reference::feed(&m, m.init(), b"123456789"), 0x29b1);
/// assert_eq!(reference::feed((16, 0x1021, false), 0xffff, b"123456789"), 0x29b1);
/// ```
pub fn feed(params: impl Into<Params>, mut register: u128, data: &[u8]) -> u128 {
    let Params { width, poly, refin } = params.into();
    let top = 1u128 << (width - 1);
    let mask = u128::MAX >> (128 - width);
    for &byte in data {
        let byte = if refin { byte.reverse_bits() } else { byte };
        for i in (0..8).rev() {
            let feedback = (register & top != 0) ^ ((byte >> i) & 1 == 1);
            register = (register << 1) & mask;
            if feedback {
                register ^= poly;
            }
        }
    }
    register
}
