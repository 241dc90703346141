//! The race's rates, its state, and the race run on the route.

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
