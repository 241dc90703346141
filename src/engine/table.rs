//! Slice-by-N table kernels for any word and either bit order.
//!
//! Each step takes N input bytes, XORs the register's leading bytes into them, and looks each
//! byte up in the table for its distance from the end of the block: byte j uses table
//! `N − 1 − j`. Register bytes beyond the block (wide registers, small N) are carried by a
//! shift. With N and the word size known at compile time every branch below folds away.

use crate::word::Word;

/// Feeds `bytes` into `state` with N tables (`tables.len() >= N`).
#[inline]
pub(super) fn update<W: Word, const N: usize>(
    tables: &[[W; 256]],
    lsb: bool,
    state: W,
    bytes: &[u8],
) -> W {
    let Some(tables) = tables.first_chunk::<N>() else {
        unreachable!("caller checks the table count")
    };
    let t0 = &tables[0];
    if lsb {
        let state = blocks::<W, N, true>(tables, state, bytes);
        let tail = &bytes[bytes.len() - bytes.len() % N..];
        tail.iter().fold(state, |s, &b| step::<W, true>(t0, s, b))
    } else {
        let state = blocks::<W, N, false>(tables, state, bytes);
        let tail = &bytes[bytes.len() - bytes.len() % N..];
        tail.iter().fold(state, |s, &b| step::<W, false>(t0, s, b))
    }
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
        // Input bytes past the register do not depend on it: XOR them first, so only the
        // last few lookups wait for the previous block's result (this ordering alone is
        // worth ~1.4x at slice-16; LLVM keeps the chain in source order).
        let mut next = W::ZERO;
        for j in (register_bytes.min(N)..N).rev() {
            next = next ^ tables[N - 1 - j][usize::from(block[j])];
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
            let reg = if LSB {
                state.byte_at(j as u32)
            } else {
                state.byte_at((register_bytes - 1 - j) as u32)
            };
            next = next ^ tables[N - 1 - j][usize::from(block[j] ^ reg)];
        }
        state = next;
    }
    state
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
