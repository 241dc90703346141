//! Slice-by-N table kernels for any word and either bit order.
//!
//! Each step takes N input bytes, XORs the register's leading bytes into them, and looks each
//! byte up in the table for its distance from the end of the block: byte j uses table
//! `N − 1 − j`. Register bytes beyond the block (wide registers, small N) are carried by a
//! shift. With N and the word size known at compile time every branch below folds away.

use crate::word::Word;

/// How many tables the fastest slice kernel for registers of word `W` reads, given that a
/// CRC carries `present` tables: 16 for u8 to u64 registers, 8 for u128 (whose 16 tables,
/// 64 KiB, run at under half slice-8's speed; slice-4 is 0.7x slice-8), and never more than
/// `present` (0: no tables, the bitwise kernel). Measured per word in `spec/decisions.md`,
/// "Slice kernel per register word"; crc-gen's `Slice::fastest` stamps the same count by
/// default. The one rule for the engine's choice of table kernel.
#[inline(always)]
pub(crate) fn best_slice<W: Word>(present: usize) -> usize {
    let fastest = if W::BITS > 64 { 8 } else { 16 };
    match present.min(fastest) {
        16.. => 16,
        8.. => 8,
        4.. => 4,
        1.. => 1,
        0 => 0,
    }
}

/// Feeds `bytes` into `state` with N tables (`tables.len() >= N`); inlined where the compiler
/// likes.
#[inline]
pub(super) fn update<W: Word, const N: usize>(
    tables: &[[W; 256]],
    lsb: bool,
    state: W,
    bytes: &[u8],
) -> W {
    update_inline::<W, N, false>(tables, lsb, state, bytes)
}

/// [`update`], always inlined: the engine's hot path for short inputs. With `ONE_BLOCK`,
/// exactly one block runs on its own, without the loop or the remainder's tests: only in the
/// stamped type's own table call, which 16-byte inputs reach; in a copy they never reach, the
/// block's second copy only costs its user's build.
#[inline(always)]
pub(super) fn update_inline<W: Word, const N: usize, const ONE_BLOCK: bool>(
    tables: &[[W; 256]],
    lsb: bool,
    state: W,
    bytes: &[u8],
) -> W {
    let Some(tables) = tables.first_chunk::<N>() else {
        unreachable!("caller checks the table count")
    };
    if lsb {
        update_in::<W, N, true, ONE_BLOCK>(tables, state, bytes)
    } else {
        update_in::<W, N, false, ONE_BLOCK>(tables, state, bytes)
    }
}

/// `bytes` (at most `plan::short_max` long) without a loop: what the call sites of a stamped
/// type run inline. The slice kernel's block loop, copied into every call site, made most
/// of a release build of a function with many of them (`spec/decisions.md`, "A small head
/// inlined, the rest one call").
#[inline(always)]
pub(super) fn update_short<W: Word>(tables: &[[W; 256]], lsb: bool, state: W, bytes: &[u8]) -> W {
    debug_assert!(bytes.len() <= super::plan::short_max(tables.len()));
    match lsb {
        true => short_in::<W, true>(tables, state, bytes),
        false => short_in::<W, false>(tables, state, bytes),
    }
}

/// [`update_short`] for one bit order.
#[inline(always)]
fn short_in<W: Word, const LSB: bool>(tables: &[[W; 256]], mut state: W, bytes: &[u8]) -> W {
    let Some(t0) = tables.first() else {
        return state;
    };
    let bytewise = |state, bytes: &[u8]| bytes.iter().fold(state, |s, &b| step::<W, LSB>(t0, s, b));
    // The fewest bytes first, on their own: one lookup each and nothing else.
    if bytes.len() < 4 {
        return bytewise(state, bytes);
    }
    let mut rest = bytes;
    if let (Some(t4), Some((block, tail))) =
        (tables.first_chunk::<4>(), rest.split_first_chunk::<4>())
    {
        state = blocks::<W, 4, LSB>(t4, state, block);
        rest = tail;
    }
    // At most three bytes: unrolled, a second loop cost the call sites' build more.
    for j in 0..3 {
        if let Some(&b) = rest.get(j) {
            state = step::<W, LSB>(t0, state, b);
        }
    }
    state
}

/// Whole N-byte blocks, then the remainder: one 8-byte and one 4-byte step where they fit
/// (the first 8 or 4 of the N tables are the slice-8 and slice-4 tables), then single
/// bytes. Byte steps form one dependent chain, so a 15-byte remainder costs 3 of them
/// instead of 15 (`spec/decisions.md`).
#[inline(always)]
fn update_in<W: Word, const N: usize, const LSB: bool, const ONE_BLOCK: bool>(
    tables: &[[W; 256]; N],
    state: W,
    bytes: &[u8],
) -> W {
    // Less than a block straight to the remainder, exactly one (16 bytes: the tables' longest
    // input where a CRC folds) without the loop or the remainder's tests: at 16 bytes through
    // a function pointer every CRC at or above `crc`'s `Table<16>` (`spec/rules.md`, "One
    // slice block on its own"). Testing only for one block cost 8–12 bytes 10–20%.
    let (mut state, mut rest) = if bytes.len() < N {
        (state, bytes)
    } else if ONE_BLOCK && bytes.len() == N {
        return blocks::<W, N, LSB>(tables, state, bytes);
    } else {
        (
            blocks::<W, N, LSB>(tables, state, bytes),
            &bytes[bytes.len() - bytes.len() % N..],
        )
    };
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

/// How many leading bytes of a block come from one little-endian word load; the rest are
/// loaded one by one. A byte load costs a load port, a byte shifted out of a word costs two
/// ALU operations: with three load ports and four ALUs, half and half keeps both busy where
/// all-bytes is bound by the loads and all-words by the ALUs (`spec/decisions.md`).
const WORD_BYTES: usize = 8;

/// Whole N-byte blocks; the caller handles the remainder.
#[inline(always)]
fn blocks<W: Word, const N: usize, const LSB: bool>(
    tables: &[[W; 256]; N],
    mut state: W,
    bytes: &[u8],
) -> W {
    let register_bytes = W::BITS as usize / 8;
    let split = N.min(WORD_BYTES);
    // A register that fits in the first word is XORed into it at once (byte-swapped for
    // msb, whose top byte meets the first input byte) instead of byte by byte.
    let whole = register_bytes <= split;
    let (chunks, _) = bytes.as_chunks::<N>();
    for block in chunks {
        let mut word = first_word(block);
        if whole {
            let r = state.low_u64();
            word ^= if LSB {
                r
            } else {
                r.swap_bytes() >> (64 - W::BITS)
            };
        }
        let byte = |j: usize| {
            if j < split {
                (word >> (8 * j)) as u8
            } else {
                block[j]
            }
        };
        // Input bytes past the register do not depend on it: XOR them first, so only the
        // last few lookups wait for the previous block's result (this ordering alone is
        // worth ~1.4x at slice-16; LLVM keeps the chain in source order).
        let mut next = W::ZERO;
        for j in (register_bytes.min(N)..N).rev() {
            next = next ^ tables[N - 1 - j][usize::from(byte(j))];
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
        let lookup = |j: usize| {
            let reg = if whole {
                0
            } else if LSB {
                state.byte_at(j as u32)
            } else {
                state.byte_at((register_bytes - 1 - j) as u32)
            };
            tables[N - 1 - j][usize::from(byte(j) ^ reg)]
        };
        let dependent = register_bytes.min(N);
        // A constant block, so that only the branch a word takes is compiled at all: both,
        // in every stamped CRC's blocks, cost its user's build 10% more.
        state = if const { W::BITS > 64 } {
            next ^ balanced::<W>(dependent, lookup)
        } else {
            for j in (0..dependent).rev() {
                next = next ^ lookup(j);
            }
            next
        };
    }
    state
}

/// The XOR of `lookup(0..n)` (n <= 16) as a balanced tree. For a u128 register every
/// lookup of a block waits for it and costs two loads; in one chain each also added an XOR
/// to the loop's critical path, and the tree runs CRC-82/DARC's slice-by-8 5-9% faster.
/// Words up to u64 keep the chain: CRC-32's slice-by-16 ran 3-6% slower as a tree
/// (`spec/decisions.md`, "The register's lookups as a tree for u128").
#[inline(always)]
fn balanced<W: Word>(n: usize, lookup: impl Fn(usize) -> W) -> W {
    let mut tree = [W::ZERO; 16];
    for (j, slot) in tree.iter_mut().enumerate().take(n) {
        *slot = lookup(j);
    }
    let mut live = n;
    while live > 1 {
        let half = live.div_ceil(2);
        for i in 0..live / 2 {
            tree[i] = tree[i] ^ tree[i + half];
        }
        live = half;
    }
    tree[0]
}

/// The block's first `min(N, 8)` bytes as a little-endian word (one load).
#[inline(always)]
fn first_word<const N: usize>(block: &[u8; N]) -> u64 {
    let mut b = [0u8; 8];
    let n = N.min(8);
    b[..n].copy_from_slice(&block[..n]);
    u64::from_le_bytes(b)
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

#[cfg(test)]
mod tests {
    use super::best_slice;
    use crate::word::Word;

    /// For every word and table count: a kernel that exists, reading no more tables than are
    /// present, the bitwise kernel only without tables; with all 16 present, the count
    /// crc-gen stamps by default, so a default stamp carries exactly the tables it runs.
    #[test]
    fn best_slice_reads_tables_present_and_matches_the_default_stamp() {
        fn each<W: Word>() {
            for present in 0..=16 {
                let n = best_slice::<W>(present);
                assert!([0, 1, 4, 8, 16].contains(&n), "u{} {present}: {n}", W::BITS);
                assert!(n <= present && (n == 0) == (present == 0), "u{}", W::BITS);
            }
            let stamped = crc_gen::Slice::fastest(W::BITS).count();
            assert_eq!(best_slice::<W>(16), stamped, "u{}", W::BITS);
            // The measured choice (spec/decisions.md): slice-8 only for u128 registers.
            assert_eq!(stamped, if W::BITS == 128 { 8 } else { 16 });
        }
        each::<u8>();
        each::<u16>();
        each::<u32>();
        each::<u64>();
        each::<u128>();
    }
}
