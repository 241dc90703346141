//! The race: on long inputs, fusion against the plain 512-bit fold, the faster taking the
//! rest.
//!
//! Which of the two leads from 64 KiB on Intel depends on the host more than on the CPU.
//! Fusion issues on three ports with no slot to spare (the multiplies, the XORs and the
//! `crc32` streams), and whatever else runs on the core takes its lead and more: 0.78–1.16×
//! the fold alone on the Xeons measured, while the fold alone held 1.00–1.05× crc-fast
//! throughout (`spec/decisions.md`, "The race"). So where the profile races
//! ([`Cpu::races`]), an input of [`RACE_MIN`] bytes or more starts with two timed heats:
//! fusion over the first [`SEGMENT`] bytes, then the fold over the next; whichever ran more
//! bytes a tick of the time-stamp counter takes the rest. Both are exact: the race changes
//! the speed, never the CRC.

use super::arch::x86_64::ticks;
use super::dispatch::Cpu;
use super::{fold, fused_blocks, update};
use crate::backend::Backend;
use crate::consts::Consts;
use crate::word::Word;

/// Each heat's bytes: one block of fusion (of up to 76 KiB) and ~0.6 µs of work at 80
/// GiB/s, against the ~10 ns the counter costs to read.
const SEGMENT: usize = 48 * 1024;

/// The shortest input that races: the two heats are at most 3/8 of it, so the loser's
/// heat costs a call at most 3/8 of the gap between the two.
pub(crate) const RACE_MIN: usize = 256 * 1024;

/// The kernel that takes the rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Winner {
    Fusion,
    Fold,
}

/// The heats' bytes and ticks.
#[derive(Clone, Copy, Debug)]
struct Heats {
    fused: usize,
    fusion_ticks: u64,
    folded: usize,
    fold_ticks: u64,
}

impl Heats {
    /// More bytes a tick wins; a tie keeps fusion. A counter that went backwards (a move
    /// to a core whose counter lags) wraps to a huge count and loses that heat.
    fn winner(self) -> Winner {
        let fusion = self.fused as u128 * u128::from(self.fold_ticks);
        let fold = self.folded as u128 * u128::from(self.fusion_ticks);
        match fusion >= fold {
            true => Winner::Fusion,
            false => Winner::Fold,
        }
    }
}

/// Feeds `bytes` (at least [`RACE_MIN`]) into `state` by the race. `c` has fusion's
/// instruction and folding constants, and the CPU runs both kernels.
#[inline(never)]
pub(super) fn run<W: Word>(c: &Consts<'_, W>, cpu: Cpu, state: W, bytes: &[u8]) -> W {
    run_with(c, cpu, state, bytes, Heats::winner)
}

/// [`run`], the winner picked by `pick` from the heats.
#[inline(always)]
fn run_with<W: Word>(
    c: &Consts<'_, W>,
    cpu: Cpu,
    state: W,
    bytes: &[u8],
    pick: impl FnOnce(Heats) -> Winner,
) -> W {
    debug_assert!(bytes.len() >= RACE_MIN && cpu.has(Backend::Vpclmul512));
    let Some(f) = c.fold else {
        unreachable!("the route races only where fusion runs")
    };
    let fold = |state, bytes: &[u8]| fold::update(c, f, Backend::Vpclmul512, cpu, state, bytes);
    let (first, _) = bytes.split_at(SEGMENT);
    let t0 = ticks();
    let (state, left) = fused_blocks(c, cpu, state, first);
    let t1 = ticks();
    // The fold's heat starts where fusion's blocks stopped (fusion leaves what is shorter
    // than a block) and ends with the second segment.
    let fused = SEGMENT - left.len();
    let (second, rest) = bytes[fused..].split_at(2 * SEGMENT - fused);
    let state = fold(state, second);
    let t2 = ticks();
    let heats = Heats {
        fused,
        fusion_ticks: t1.wrapping_sub(t0),
        folded: second.len(),
        fold_ticks: t2.wrapping_sub(t1),
    };
    match pick(heats) {
        Winner::Fusion => {
            let (state, rest) = fused_blocks(c, cpu, state, rest);
            update(c, state, rest)
        }
        Winner::Fold => fold(state, rest),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Crc32Iscsi;
    use crate::engine::{dispatch, update_tables};

    #[test]
    fn more_bytes_a_tick_wins() {
        let heats = |fused, fusion_ticks, folded, fold_ticks| Heats {
            fused,
            fusion_ticks,
            folded,
            fold_ticks,
        };
        assert_eq!(heats(100, 10, 100, 11).winner(), Winner::Fusion);
        assert_eq!(heats(100, 11, 100, 10).winner(), Winner::Fold);
        // Per byte, not per heat: fewer bytes in fewer ticks can still lose.
        assert_eq!(heats(90, 10, 100, 10).winner(), Winner::Fold);
        assert_eq!(heats(100, 10, 100, 10).winner(), Winner::Fusion);
        // A counter that went backwards wraps and loses its heat.
        assert_eq!(
            heats(100, 5u64.wrapping_sub(9), 100, 7).winner(),
            Winner::Fold
        );
        assert_eq!(
            heats(100, 7, 100, 5u64.wrapping_sub(9)).winner(),
            Winner::Fusion
        );
        // No overflow at the extremes.
        assert_eq!(
            heats(usize::MAX, u64::MAX, usize::MAX, u64::MAX).winner(),
            Winner::Fusion
        );
    }

    /// Either winner gives the tables' CRC, at the shortest racing input and past it, from
    /// every alignment class the kernels split on. Where the CPU lacks the kernels the race
    /// is never taken (`Cpu::races`), and there is nothing to run.
    #[cfg(feature = "std")]
    #[test]
    fn either_winner_is_exact() {
        let cpu = dispatch::features();
        if !(cpu.has(Backend::Fusion) && cpu.has(Backend::Vpclmul512)) {
            return;
        }
        let c = Crc32Iscsi::consts();
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let data: std::vec::Vec<u8> = (0..RACE_MIN + 70_000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x as u8
            })
            .collect();
        for len in [RACE_MIN, RACE_MIN + 1, RACE_MIN + 4099, RACE_MIN + 65_536] {
            for offset in [0, 1, 8, 63] {
                let bytes = &data[offset..offset + len];
                let want = update_tables(c, 0x1234_5678, bytes);
                for winner in [Winner::Fusion, Winner::Fold] {
                    let got = run_with(c, cpu, 0x1234_5678, bytes, |_| winner);
                    assert_eq!(got, want, "{winner:?}, {len} bytes from offset {offset}");
                }
            }
        }
    }
}
