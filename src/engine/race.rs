//! The race: fusion against the plain 512-bit fold, timed on the automatic path, the faster
//! taking fusion's inputs.
//!
//! Which of the two leads from 32 KiB on Intel depends on the host more than on the CPU.
//! Fusion issues on three ports with no slot to spare (the multiplies, the XORs and the
//! `crc32` streams), and whatever else runs on the core takes its lead and more: 0.78–1.16×
//! the fold alone on the Xeons measured, flipping within minutes on one host, while the
//! fold alone held 1.00–1.05× crc-fast throughout (`spec/decisions.md`, "The race"). So
//! where the profile races ([`Cpu::races`]), each thread keeps a [`State`]: of every
//! [`PERIOD`] calls on fusion's route, the first [`TRIALS`] run fusion and the next
//! [`TRIALS`] the fold, each timed whole by the time-stamp counter, and the kernel whose best
//! trial ran more bytes a tick takes the rest of the period. The best trial, not the mean:
//! an interrupt, or the other tenant's burst, slows one trial, never speeds one up.
//!
//! Without `std` there are no thread-locals, and the state is one process-wide atomic read
//! and written with relaxed ordering: threads that race at once overwrite each other's
//! counts, which costs speed, never the CRC. Both kernels are exact.

use super::isa::x86_64::primitives::ticks;

/// Calls on fusion's route from one verdict to the next: 0.3 ms of 64 KiB inputs, 5 ms
/// of 1 MiB ones, where the state of the host was seen to last seconds.
const PERIOD: u16 = 512;

/// Timed calls per kernel and period: the loser's cost a period is [`TRIALS`] calls at its
/// speed, under 0.2% of the period where the two differ by a fifth.
const TRIALS: u16 = 4;

/// The kernel that takes a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Winner {
    Fusion,
    Fold,
}

/// Bytes a tick, in 256ths, saturating (at 256 bytes a tick, beyond any kernel); 0 is no
/// trial yet. A counter that went backwards (a move to a core whose counter lags) wraps
/// to a huge count: the lowest rate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Rate(u16);

impl Rate {
    fn of(bytes: usize, ticks: u64) -> Rate {
        let r = ((bytes as u128) << 8) / u128::from(ticks.max(1));
        Rate(r.clamp(1, u128::from(u16::MAX)) as u16)
    }
}

/// A thread's race: where it is in the period, each kernel's best trial of the period so
/// far, and the last verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct State {
    calls: u16,
    fusion: Rate,
    fold: Rate,
    winner: Winner,
}

/// What one call runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// A timed trial of this kernel.
    Trial(Winner),
    /// The verdict, untimed.
    Take(Winner),
}

impl State {
    /// A thread's first state: fusion until the first verdict, which comes after the
    /// period's trials.
    const NEW: State = State {
        calls: 0,
        fusion: Rate(0),
        fold: Rate(0),
        winner: Winner::Fusion,
    };

    fn step(self) -> Step {
        match self.calls % PERIOD {
            n if n < TRIALS => Step::Trial(Winner::Fusion),
            n if n < 2 * TRIALS => Step::Trial(Winner::Fold),
            _ => Step::Take(self.winner),
        }
    }

    /// The state after the call of [`State::step`], given a trial's rate: the verdict
    /// follows the last trial, which clears the rates for the next period.
    fn after(self, rate: Rate) -> State {
        let mut s = State {
            calls: self.calls.wrapping_add(1) % PERIOD,
            ..self
        };
        match self.step() {
            Step::Trial(Winner::Fusion) => s.fusion = s.fusion.max(rate),
            Step::Trial(Winner::Fold) => s.fold = s.fold.max(rate),
            Step::Take(_) => {}
        }
        if self.calls % PERIOD == 2 * TRIALS - 1 {
            s.winner = match s.fusion >= s.fold {
                true => Winner::Fusion,
                false => Winner::Fold,
            };
            (s.fusion, s.fold) = (Rate(0), Rate(0));
        }
        s
    }

    const fn pack(self) -> u64 {
        self.calls as u64
            | (self.fusion.0 as u64) << 16
            | (self.fold.0 as u64) << 32
            | (matches!(self.winner, Winner::Fold) as u64) << 48
    }

    fn unpack(v: u64) -> State {
        State {
            calls: v as u16,
            fusion: Rate((v >> 16) as u16),
            fold: Rate((v >> 32) as u16),
            winner: match v >> 48 & 1 {
                1 => Winner::Fold,
                _ => Winner::Fusion,
            },
        }
    }
}

/// Where a thread keeps its [`State`], packed: a thread-local (every thread races on its
/// own core), or without `std` one atomic for the process.
mod store {
    #[cfg(feature = "std")]
    std::thread_local! {
        static STATE: core::cell::Cell<u64> = const { core::cell::Cell::new(super::State::NEW.pack()) };
    }

    // `try_with`: a thread-local without a destructor is never torn down, but should one
    // be unreachable, a thread races from a fresh state rather than panic.
    #[cfg(feature = "std")]
    pub(super) fn get() -> u64 {
        STATE
            .try_with(core::cell::Cell::get)
            .unwrap_or(super::State::NEW.pack())
    }

    #[cfg(feature = "std")]
    pub(super) fn set(v: u64) {
        let _ = STATE.try_with(|s| s.set(v));
    }

    #[cfg(not(feature = "std"))]
    static STATE: core::sync::atomic::AtomicU64 =
        core::sync::atomic::AtomicU64::new(super::State::NEW.pack());

    #[cfg(not(feature = "std"))]
    pub(super) fn get() -> u64 {
        STATE.load(core::sync::atomic::Ordering::Relaxed)
    }

    #[cfg(not(feature = "std"))]
    pub(super) fn set(v: u64) {
        STATE.store(v, core::sync::atomic::Ordering::Relaxed)
    }
}

/// Runs fusion's route on `len` bytes by this thread's race: `fusion` or `fold`, each the
/// whole input through that kernel (the CPU runs both). Inlined, the kernels' calls with
/// it: called out of line, through closures whose captures it copied, the race cost CRC-32C
/// 3–5% at 32–64 KiB on a Xeon, as much as the gap it decides (`spec/decisions.md`, "The
/// race, inlined; Intel fusion from 64 KiB").
#[inline(always)]
pub(super) fn run<W>(len: usize, fusion: impl FnOnce() -> W, fold: impl FnOnce() -> W) -> W {
    let (state, race) = run_in(len, fusion, fold, State::unpack(store::get()));
    store::set(race.pack());
    state
}

/// [`run`] in the race `race`; returns the register and the race after the call.
#[inline(always)]
fn run_in<W>(
    len: usize,
    fusion: impl FnOnce() -> W,
    fold: impl FnOnce() -> W,
    race: State,
) -> (W, State) {
    let take = |winner| match winner {
        Winner::Fusion => fusion(),
        Winner::Fold => fold(),
    };
    match race.step() {
        Step::Take(winner) => (take(winner), race.after(Rate(0))),
        Step::Trial(kernel) => {
            let t0 = ticks();
            let state = take(kernel);
            let t1 = ticks();
            (state, race.after(Rate::of(len, t1.wrapping_sub(t0))))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::Backend;
    use crate::catalog::Crc32Iscsi;
    use crate::engine::route::{self, Ask};
    use crate::engine::{detect, plan, run};

    #[test]
    fn rates_are_bytes_a_tick() {
        assert!(Rate::of(100_000, 1000) > Rate::of(100_000, 1100));
        // Per byte, not per call: fewer bytes in fewer ticks can be slower.
        assert!(Rate::of(90_000, 1000) < Rate::of(100_000, 1050));
        // A counter that went backwards wraps to the lowest rate.
        assert_eq!(Rate::of(100_000, 5u64.wrapping_sub(9)), Rate(1));
        // No overflow or division by zero at the extremes, and never "no trial".
        assert_eq!(Rate::of(usize::MAX, 0), Rate(u16::MAX));
        assert_eq!(Rate::of(0, 1), Rate(1));
    }

    /// Runs `periods` periods from `s`, each kernel's trials at the rates given, and
    /// returns the steps taken and the state after.
    fn periods(
        mut s: State,
        periods: usize,
        fusion: &[u16],
        fold: &[u16],
    ) -> (std::vec::Vec<Step>, State) {
        let mut steps = std::vec::Vec::new();
        let (mut i, mut j) = (0, 0);
        for _ in 0..periods * usize::from(PERIOD) {
            let step = s.step();
            let rate = match step {
                Step::Trial(Winner::Fusion) => (Rate(fusion[i % fusion.len()]), i += 1).0,
                Step::Trial(Winner::Fold) => (Rate(fold[j % fold.len()]), j += 1).0,
                Step::Take(_) => Rate(0),
            };
            steps.push(step);
            s = s.after(rate);
        }
        (steps, s)
    }

    #[test]
    fn each_period_trials_both_then_takes_the_best() {
        let t = usize::from(TRIALS);
        // Fold faster in every trial: fusion's trials, the fold's, then the fold.
        let (steps, s) = periods(State::NEW, 2, &[100], &[110]);
        for period in steps.chunks(usize::from(PERIOD)) {
            assert!(period[..t]
                .iter()
                .all(|&x| x == Step::Trial(Winner::Fusion)));
            assert!(period[t..2 * t]
                .iter()
                .all(|&x| x == Step::Trial(Winner::Fold)));
            assert!(period[2 * t..]
                .iter()
                .all(|&x| x == Step::Take(Winner::Fold)));
        }
        assert_eq!(
            (s.calls, s.fusion, s.fold, s.winner),
            (0, Rate(0), Rate(0), Winner::Fold)
        );
        // The best trial counts, not the mean: one fast fusion trial among slow ones wins,
        // and a tie keeps fusion.
        let (steps, _) = periods(State::NEW, 1, &[50, 120, 50, 50], &[110]);
        assert_eq!(steps[2 * t], Step::Take(Winner::Fusion));
        let (steps, _) = periods(State::NEW, 1, &[110], &[110]);
        assert_eq!(steps[2 * t], Step::Take(Winner::Fusion));
        // Each period decides afresh, on its own trials: the fold's lead in the first does
        // not carry into the second, where fusion leads.
        let (steps, _) = periods(State::NEW, 2, &[100, 100, 100, 100, 130], &[110]);
        assert_eq!(steps[2 * t], Step::Take(Winner::Fold));
        let second = usize::from(PERIOD);
        assert_eq!(steps[second + 2 * t], Step::Take(Winner::Fusion));
    }

    #[test]
    fn the_state_packs_into_one_word() {
        assert_eq!(State::unpack(0), State::NEW);
        for winner in [Winner::Fusion, Winner::Fold] {
            let s = State {
                calls: PERIOD - 1,
                fusion: Rate(u16::MAX),
                fold: Rate(1234),
                winner,
            };
            assert_eq!(State::unpack(s.pack()), s);
        }
    }

    /// Every step of the race gives the tables' CRC, at fusion's shortest input and past
    /// it, from alignments the kernels split on. Where the CPU lacks the kernels the race is
    /// never run (`Cpu::races`), and there is nothing to run here.
    #[cfg(feature = "std")]
    #[test]
    fn every_step_is_exact() {
        let cpu = detect::features();
        if !(cpu.has(Backend::Fusion) && cpu.has(Backend::Vpclmul512)) {
            return;
        }
        let c = Crc32Iscsi::consts();
        let shortest = plan::fusion_from(cpu);
        let state = 0x1234_5678;
        let race_in = |bytes: &[u8], race| {
            let fusion = || c.update_with(Backend::Fusion, state, bytes).unwrap();
            let step = route::step(c, bytes.len(), cpu, Ask::Kernel(Backend::Vpclmul512));
            let fold = || run::run(c, &step, state, bytes);
            run_in(bytes.len(), fusion, fold, race)
        };
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let data: std::vec::Vec<u8> = (0..300_000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x as u8
            })
            .collect();
        for len in [shortest, shortest + 4099, 200_003, 299_000] {
            for offset in [0, 1, 63] {
                let bytes = &data[offset..offset + len];
                let want = c.update_with(Backend::Slice16, state, bytes);
                let mut race = State::NEW;
                for _ in 0..2 * TRIALS + 2 {
                    let step = race.step();
                    let got;
                    (got, race) = race_in(bytes, race);
                    assert_eq!(
                        Some(got),
                        want,
                        "{step:?}, {len} bytes from offset {offset}"
                    );
                }
                for winner in [Winner::Fusion, Winner::Fold] {
                    let race = State {
                        calls: 2 * TRIALS,
                        winner,
                        ..State::NEW
                    };
                    assert_eq!(race.step(), Step::Take(winner));
                    assert_eq!(Some(race_in(bytes, race).0), want);
                }
            }
        }
    }
}
