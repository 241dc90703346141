//! Slice-by-N table kernels for any word and either bit order.
//!
//! Each step takes N input bytes, XORs the register's leading bytes into them, and looks each
//! byte up in the table for its distance from the end of the block: byte j uses table
//! `N − 1 − j`. Register bytes beyond the block (wide registers, small N) are carried by a
//! shift. With N and the word size known at compile time every branch below folds away.

use crate::word::Word;

/// Feeds `bytes` into `state` with N tables (`tables.len() >= N`); inlined where the compiler
/// likes.
#[inline]
pub(super) fn update<W: Word, const N: usize>(
    tables: &[[W; 256]],
    lsb: bool,
    state: W,
    bytes: &[u8],
) -> W {
    update_inline::<W, N>(tables, lsb, state, bytes)
}

/// [`update`], always inlined: the engine's hot path for short inputs.
#[inline(always)]
pub(super) fn update_inline<W: Word, const N: usize>(
    tables: &[[W; 256]],
    lsb: bool,
    state: W,
    bytes: &[u8],
) -> W {
    let Some(tables) = tables.first_chunk::<N>() else {
        unreachable!("caller checks the table count")
    };
    if lsb {
        update_in::<W, N, true>(tables, state, bytes)
    } else {
        update_in::<W, N, false>(tables, state, bytes)
    }
}

/// Whole N-byte blocks, then the remainder: one 8-byte and one 4-byte step where they fit
/// (the first 8 or 4 of the N tables are the slice-8 and slice-4 tables), then single
/// bytes. Byte steps form one dependent chain, so a 15-byte remainder costs 3 of them
/// instead of 15 (`spec/decisions.md`).
#[inline(always)]
fn update_in<W: Word, const N: usize, const LSB: bool>(
    tables: &[[W; 256]; N],
    state: W,
    bytes: &[u8],
) -> W {
    let mut state = blocks::<W, N, LSB>(tables, state, bytes);
    let mut rest = &bytes[bytes.len() - bytes.len() % N..];
    if let (true, Some(t8), Some((block, tail))) = (
        N > 8,
        tables.first_chunk::<8>(),
        rest.split_first_chunk::<8>(),
    ) {
        state = blocks::<W, 8, LSB>(t8, state, block);
        rest = tail;
    }
    if let (true, Some(t4), Some((block, tail))) = (
        N > 4,
        tables.first_chunk::<4>(),
        rest.split_first_chunk::<4>(),
    ) {
        state = blocks::<W, 4, LSB>(t4, state, block);
        rest = tail;
    }
    rest.iter()
        .fold(state, |s, &b| step::<W, LSB>(&tables[0], s, b))
}

/// Whole N-byte blocks; the caller handles the remainder.
#[inline(always)]
fn blocks<W: Word, const N: usize, const LSB: bool>(
    tables: &[[W; 256]; N],
    mut state: W,
    bytes: &[u8],
) -> W {
    let register_bytes = W::BITS as usize / 8;
    let (chunks, _) = bytes.as_chunks::<N>();
    for block in chunks {
        // For registers of 32 bits and more, the block as little-endian words, read once:
        // one load per 8 bytes instead of one per byte leaves the load ports to the table
        // lookups. Narrower registers lose more to the shifts than they gain
        // (`spec/decisions.md`).
        let mut words = Words::<N>::load(block);
        // Registers of 32 to 64 bits, with at least 8 bytes a block: XOR the register into
        // the first word once (byte-swapped for msb, whose top byte meets the first input
        // byte) instead of byte by byte.
        let whole = (32..=64).contains(&W::BITS) && N >= 8;
        if whole {
            let r = state.low_u64();
            words.0[0] ^= if LSB {
                r
            } else {
                r.swap_bytes() >> (64 - W::BITS)
            };
        }
        let block = |j: usize| {
            if W::BITS >= 32 {
                words.byte(j)
            } else {
                block[j]
            }
        };
        // Input bytes past the register do not depend on it: XOR them first, so only the
        // last few lookups wait for the previous block's result (this ordering alone is
        // worth ~1.4x at slice-16; LLVM keeps the chain in source order).
        let mut next = W::ZERO;
        for j in (register_bytes.min(N)..N).rev() {
            next = next ^ tables[N - 1 - j][usize::from(block(j))];
        }
        // The part of the register not overlapped by this block, moved past it.
        if 8 * N < W::BITS as usize {
            next = next
                ^ if LSB {
                    state >> (8 * N as u32)
                } else {
                    state << (8 * N as u32)
                };
        }
        for j in (0..register_bytes.min(N)).rev() {
            let reg = if whole {
                0
            } else if LSB {
                state.byte_at(j as u32)
            } else {
                state.byte_at((register_bytes - 1 - j) as u32)
            };
            next = next ^ tables[N - 1 - j][usize::from(block(j) ^ reg)];
        }
        state = next;
    }
    state
}

/// N bytes held as little-endian u64 words (the last one partial when N is not a multiple
/// of 8).
struct Words<const N: usize>([u64; 2]);

impl<const N: usize> Words<N> {
    #[inline(always)]
    fn load(block: &[u8; N]) -> Self {
        let mut w = [0u64; 2];
        for (i, chunk) in block.chunks(8).enumerate().take(2) {
            let mut b = [0u8; 8];
            b[..chunk.len()].copy_from_slice(chunk);
            w[i] = u64::from_le_bytes(b);
        }
        Self(w)
    }

    /// Byte `j` (< N ≤ 16).
    #[inline(always)]
    fn byte(&self, j: usize) -> u8 {
        (self.0[j / 8] >> (8 * (j % 8))) as u8
    }
}

/// One byte through table 0.
#[inline(always)]
fn step<W: Word, const LSB: bool>(t0: &[W; 256], state: W, b: u8) -> W {
    if W::BITS == 8 {
        return t0[usize::from(state.byte_at(0) ^ b)];
    }
    if LSB {
        (state >> 8) ^ t0[usize::from(state.byte_at(0) ^ b)]
    } else {
        (state << 8) ^ t0[usize::from(state.byte_at(W::BITS / 8 - 1) ^ b)]
    }
}
