//! [`Model`], a validated model, and what it computes: the CRC bit by bit (the reference),
//! its check and residue.

use core::fmt;

use super::naming::type_name;
use crate::gf2;
use crate::reference;

/// A validated CRC model: width 1..=128 and every value within the width.
///
/// ```
/// use crc_gen::ModelSpec;
/// let crc32 = ModelSpec::new(32, 0x04c11db7)
///     .init(0xffffffff).reflected(true).xorout(0xffffffff).build().unwrap();
/// assert_eq!(crc32.check(), 0xcbf43926);
/// assert_eq!(crc32.residue(), 0xdebb20e3);
/// assert_eq!(crc32.word_bits(), 32);
/// // Debug prints the values in hex, zero-padded to the width.
/// assert_eq!(
///     format!("{crc32:?}"),
///     "Model { width: 32, poly: 0x04c11db7, init: 0xffffffff, refin: true, refout: true, \
///      xorout: 0xffffffff, name: None }"
/// );
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Model {
    pub(super) width: u32,
    pub(super) poly: u128,
    pub(super) init: u128,
    pub(super) refin: bool,
    pub(super) refout: bool,
    pub(super) xorout: u128,
    pub(super) name: Option<String>,
}

impl Model {
    /// Degree of the generator, 1..=128.
    pub fn width(&self) -> u32 {
        self.width
    }
    /// Generator without its `x^width` term, msb-first.
    pub fn poly(&self) -> u128 {
        self.poly
    }
    /// Initial register, unreflected.
    pub fn init(&self) -> u128 {
        self.init
    }
    /// Input bytes processed lsb-first.
    pub fn refin(&self) -> bool {
        self.refin
    }
    /// Register reflected before `xorout`.
    pub fn refout(&self) -> bool {
        self.refout
    }
    /// XORed into the final register.
    pub fn xorout(&self) -> u128 {
        self.xorout
    }
    /// The name this model was built with, if any.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }
    /// `refin != refout` (CRC-12/UMTS is the catalogue's one such model).
    pub fn is_crossed(&self) -> bool {
        self.refin != self.refout
    }
    /// All-ones in the low `width` bits.
    pub fn mask(&self) -> u128 {
        u128::MAX >> (128 - self.width)
    }
    /// Bits of the smallest of u8/u16/u32/u64/u128 that holds the width: the Rust type of
    /// the stamped CRC value.
    pub fn word_bits(&self) -> u32 {
        self.width.next_power_of_two().max(8)
    }
    /// Bit-reflects a `width`-bit value.
    pub fn reflect(&self, v: u128) -> u128 {
        gf2::reflect(v, self.width)
    }
    /// The same model with another name.
    pub fn with_name(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }

    /// The CRC of `data`, computed one bit at a time: the reference every backend is tested
    /// against.
    pub fn crc(&self, data: &[u8]) -> u128 {
        self.finish(reference::feed(self, self.init, data))
    }

    /// Turns a Williams register (unreflected, as the bitwise reference keeps it) into the
    /// CRC value: reflect if `refout`, then XOR `xorout`.
    pub fn finish(&self, register: u128) -> u128 {
        let r = if self.refout {
            self.reflect(register)
        } else {
            register
        };
        r ^ self.xorout
    }

    /// The CRC of ASCII `123456789`.
    pub fn check(&self) -> u128 {
        self.crc(b"123456789")
    }

    /// The register after any message followed by its own CRC, before `xorout`: closed form
    /// `(x' · x^n) mod G` with `x'` = xorout (reflected when refout), reflected back when
    /// refout. See `spec/model.md` for the readings of "reflected".
    pub fn residue(&self) -> u128 {
        let x = if self.refout {
            self.reflect(self.xorout)
        } else {
            self.xorout
        };
        let g = gf2::generator(self.width, self.poly);
        let r = gf2::to_u128(&gf2::rem(&(gf2::Poly256::from(x) << self.width), &g));
        if self.refout {
            self.reflect(r)
        } else {
            r
        }
    }

    /// A Rust type name for the name, by [`type_name`]'s rule: `CRC-32/ISO-HDLC` becomes
    /// `Crc32IsoHdlc`, `9lives` becomes `Crc9lives`. `None` for a model without a name.
    pub fn type_name(&self) -> Option<String> {
        self.name.as_deref().map(type_name)
    }
}

/// The register's shape, for [`reference::feed`].
impl From<&Model> for reference::Params {
    fn from(m: &Model) -> reference::Params {
        (m.width, m.poly, m.refin).into()
    }
}

impl fmt::Debug for Model {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hex = |v| Hex(v, self.width.div_ceil(4) as usize);
        f.debug_struct("Model")
            .field("width", &self.width)
            .field("poly", &hex(self.poly))
            .field("init", &hex(self.init))
            .field("refin", &self.refin)
            .field("refout", &self.refout)
            .field("xorout", &hex(self.xorout))
            .field("name", &self.name)
            .finish()
    }
}

/// A value as `0x` and `.1` hex digits, for `Debug`.
struct Hex(u128, usize);

impl fmt::Debug for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#0w$x}", self.0, w = self.1 + 2)
    }
}
