//! A 128-bit lane held as two qwords in general registers, for the instruction sets whose
//! carry-less multiply stable Rust reaches only through `asm!` on general registers: RISC-V
//! Zbc (`clmul`, `clmulh`), and s390x and POWER, whose vector registers `asm!` takes only as
//! clobbers on stable Rust (`s390x/primitives.rs`, `powerpc64/primitives.rs`). XORs, qword moves and
//! the last block's byte shuffles are plain Rust; the multiply is the instruction set's
//! ([`Multiply`]), so the fold body of `fold.rs` runs on it unchanged.

pub(crate) mod kernels;

use core::marker::PhantomData;

use crate::engine::simd::{Lane, Vector};

/// An instruction set's carry-less multiply on general registers.
pub(crate) trait Multiply: Copy {
    /// Whether a load from an address that is not 8-byte aligned is slow here: the fold
    /// body then loads aligned blocks with one load per qword, other ones byte by byte
    /// (LLVM's code for a `[u8; 8]` where misaligned loads may trap or be emulated). Not
    /// where the instruction set loads from any address at full speed.
    const MISALIGNED_SLOW: bool = false;

    /// `[low, high]` of the 128-bit product `a · b`.
    ///
    /// # Safety
    /// The CPU must have the instruction.
    unsafe fn clmul(a: u64, b: u64) -> [u64; 2];

    /// `a₀·b₀ ⊕ a₁·b₁ ⊕ c`: one instruction where the instruction set multiplies and sums
    /// (s390x VGFMA; POWER `vpmsumd`, the XOR after), else two [`clmul`](Self::clmul)s.
    ///
    /// # Safety
    /// As [`clmul`](Self::clmul).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn clmul_sum_xor(a: [u64; 2], b: [u64; 2], c: [u64; 2]) -> [u64; 2] {
        // SAFETY: the caller's.
        let ([l0, h0], [l1, h1]) = unsafe { (Self::clmul(a[0], b[0]), Self::clmul(a[1], b[1])) };
        [l0 ^ l1 ^ c[0], h0 ^ h1 ^ c[1]]
    }
}

/// `[lo, hi]`: the two qwords of a 128-bit product that one `asm!` block, given its
/// templates and its other operands (inputs, clobbered vector registers), leaves in the
/// general registers `{lo}` and `{hi}`. The block reads and writes no memory or stack and
/// has no other effect; `{hi}` is written after every input is read, and `{lo}` too where
/// `$lo` is `lateout` (`out`: before, so it shares no register with them).
macro_rules! product {
    ($lo:ident; $($asm:tt)*) => {{
        let (lo, hi): (u64, u64);
        core::arch::asm!(
            $($asm)*
            lo = $lo(reg) lo,
            hi = lateout(reg) hi,
            options(pure, nomem, nostack),
        );
        [lo, hi]
    }};
}
pub(crate) use product;

/// A 128-bit lane as two qwords, qword 0 first, multiplied by `M`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pair<M>([u64; 2], PhantomData<M>);

const fn pair<M>(q: [u64; 2]) -> Pair<M> {
    Pair(q, PhantomData)
}

/// The lane's 16 bytes in memory order.
fn to_bytes([q0, q1]: [u64; 2]) -> [u8; 16] {
    (u128::from(q1) << 64 | u128::from(q0)).to_le_bytes()
}

fn from_bytes<M>(b: &[u8; 16]) -> Pair<M> {
    let x = u128::from_le_bytes(*b);
    pair([x as u64, (x >> 64) as u64])
}

impl<M: Multiply> Vector for Pair<M> {
    one_lane!();

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn load(block: &[u8; 16]) -> Self {
        let p = block.as_ptr();
        if M::MISALIGNED_SLOW && p.align_offset(8) == 0 {
            // SAFETY: `p` points to 16 readable bytes and is aligned for a u64.
            unsafe {
                let p = p.cast::<u64>();
                pair([u64::from_le(p.read()), u64::from_le(p.add(1).read())])
            }
        } else {
            from_bytes(block)
        }
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn bswap_lanes(self) -> Self {
        let [q0, q1] = self.0;
        pair([q1.swap_bytes(), q0.swap_bytes()])
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn load_swapped(block: &[u8; 16]) -> Self {
        if M::MISALIGNED_SLOW {
            // SAFETY: the caller guarantees `M`'s instruction.
            return unsafe { Self::load(block).bswap_lanes() };
        }
        // The block read big-endian: a load that reverses (`ldbrx`, `lrvg`) per qword.
        let x = u128::from_be_bytes(*block);
        pair([x as u64, (x >> 64) as u64])
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn bitrev_bytes(self) -> Self {
        pair(self.0.map(|q| q.reverse_bits().swap_bytes()))
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn splat(q0: u64, q1: u64) -> Self {
        pair([q0, q1])
    }
    // The fold multiplies qword 0 by qword 0 and 1 by 1 ([`Vector::clmul_sum_xor`]); an msb
    // CRC's pairs are swapped once instead.
    const SELECTS_QWORDS: bool = false;

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn clmul<const A: i32, const B: i32>(a: Self, b: Self) -> Self {
        // SAFETY: the caller guarantees `M`'s instruction.
        pair(unsafe { M::clmul(a.0[A as usize & 1], b.0[B as usize & 1]) })
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn clmul_sum_xor(a: Self, b: Self, c: Self) -> Self {
        // SAFETY: as above.
        pair(unsafe { M::clmul_sum_xor(a.0, b.0, c.0) })
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn xor(a: Self, b: Self) -> Self {
        pair([a.0[0] ^ b.0[0], a.0[1] ^ b.0[1]])
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn xor3(a: Self, b: Self, c: Self) -> Self {
        pair([a.0[0] ^ b.0[0] ^ c.0[0], a.0[1] ^ b.0[1] ^ c.0[1]])
    }
}

impl<M: Multiply> Lane for Pair<M> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn down(a: Self) -> Self {
        pair([a.0[1], 0])
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn up(a: Self) -> Self {
        pair([0, a.0[0]])
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn pair(q0: u64, q1: u64) -> Self {
        pair([q0, q1])
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn qword<const I: i32>(a: Self) -> u64 {
        a.0[I as usize & 1]
    }
    // The byte moves run once per input, on its last partial block: plain Rust.
    #[inline]
    unsafe fn shuffle(a: Self, mask: &[u8; 16]) -> Self {
        let b = to_bytes(a.0);
        from_bytes(&mask.map(|m| match m & 0x80 {
            0 => b[usize::from(m & 15)],
            _ => 0,
        }))
    }
    #[inline]
    unsafe fn blend(a: Self, b: Self, mask: &[u8; 16]) -> Self {
        let (a, b) = (to_bytes(a.0), to_bytes(b.0));
        from_bytes(&core::array::from_fn(|i| match mask[i] & 0x80 {
            0 => a[i],
            _ => b[i],
        }))
    }
}
