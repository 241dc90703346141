//! `crc(A‖B)` from `crc(A)`, `crc(B)` and `len(B)`, in O(log len(B)).
//!
//! `crc(A‖B) = M(crc(A) ⊕ init') ⊕ crc(B)` where `init' = (refout ? refl(init) : init) ⊕
//! xorout` and M multiplies by `x^(8·len(B)) mod G`, the product of the table entries
//! `x^(8·2^j) mod G` for the set bits j of `len(B)`.

use crate::consts::Consts;
use crate::word::Word;

pub(crate) fn combine<W: Word>(c: &Consts<'_, W>, crc_a: W, crc_b: W, len_b: u64) -> W {
    let m = &c.model;
    let unused = W::BITS - u32::from(m.width);
    // Everything below works on unreflected polynomials left-aligned in W, so x^(width−1) is
    // the word's top bit and the reduction is one conditional XOR for every width.
    let poly = m.poly << unused;
    let init = if m.refout {
        m.init.reverse() >> unused
    } else {
        m.init
    };
    // Bits above the width are no part of a CRC: ignored, as `DynCrc::combine` documents
    // (a reflected `crc_a` would otherwise carry them into the low bits).
    let mask = !W::ZERO >> unused;
    let (crc_a, crc_b) = (crc_a & mask, crc_b & mask);
    let v = crc_a ^ init ^ m.xorout;
    let mut v = if m.refout { v.reverse() } else { v << unused };
    // One multiply per set bit of len_b.
    let mut rest = len_b;
    while rest != 0 {
        let j = rest.trailing_zeros() as usize;
        v = mulmod(v, c.combine[j], u32::from(m.width), poly);
        rest &= rest - 1;
    }
    let v = if m.refout { v.reverse() } else { v >> unused };
    v ^ crc_b
}

/// `a · b mod G`: `a` and `poly` left-aligned, `b` unreflected in the low `width` bits;
/// the product comes back left-aligned. Branch-free: the bits of `b` are data, and a
/// mispredicted branch per bit made a 32-bit combine cost ~110 ns instead of ~30.
fn mulmod<W: Word>(a: W, b: W, width: u32, poly: W) -> W {
    let top = W::BITS - 1;
    let mut r = W::ZERO;
    for i in (0..width).rev() {
        r = (r << 1) ^ (poly & r.bit_mask(top)) ^ (a & b.bit_mask(i));
    }
    r
}
