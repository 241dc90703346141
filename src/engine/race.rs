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
mod tests;
