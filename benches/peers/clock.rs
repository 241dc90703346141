//! The core's clock, from a chain of dependent register adds: one cycle each on the x86-64
//! and Arm cores of the last decade (register operands, since Golden Cove's renamer folds
//! adds of an immediate), timed against the wall clock. The same kind of VM ran at 2.2–2.4
//! GHz in one session and 3.6–4.0 in another (`spec/decisions.md`, "The host's clock and the
//! ports"): each table names the clock it ran at, so that runs can be compared. `None` on
//! other architectures.

use std::time::Instant;

/// Adds per iteration of the chain, and iterations per sample (about 20 M cycles).
const ADDS: u64 = 10;
const ITERATIONS: u64 = 2_000_000;

/// The median of five samples, in GHz.
pub fn ghz() -> Option<f64> {
    let mut samples = Vec::new();
    for _ in 0..5 {
        let start = Instant::now();
        std::hint::black_box(chain(ITERATIONS)?);
        let ns = start.elapsed().as_nanos() as f64;
        samples.push((ADDS * ITERATIONS) as f64 / ns);
    }
    Some(crate::timing::median(samples))
}

/// `n` iterations of `ADDS` dependent adds (x ← 2x): `n · ADDS` cycles.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
fn chain(n: u64) -> Option<u64> {
    let mut x = std::hint::black_box(1u64);
    for _ in 0..n {
        // SAFETY: register arithmetic only: no memory, no stack.
        #[cfg(target_arch = "x86_64")]
        unsafe {
            std::arch::asm!(
                "add {x}, {x}", "add {x}, {x}", "add {x}, {x}", "add {x}, {x}",
                "add {x}, {x}", "add {x}, {x}", "add {x}, {x}", "add {x}, {x}",
                "add {x}, {x}", "add {x}, {x}",
                x = inout(reg) x,
                options(nomem, nostack),
            );
        }
        // SAFETY: as above.
        #[cfg(target_arch = "aarch64")]
        unsafe {
            std::arch::asm!(
                "add {x}, {x}, {x}", "add {x}, {x}, {x}", "add {x}, {x}, {x}",
                "add {x}, {x}, {x}", "add {x}, {x}, {x}", "add {x}, {x}, {x}",
                "add {x}, {x}, {x}", "add {x}, {x}, {x}", "add {x}, {x}, {x}",
                "add {x}, {x}, {x}",
                x = inout(reg) x,
                options(nomem, nostack, preserves_flags),
            );
        }
    }
    Some(x)
}

#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
fn chain(_: u64) -> Option<u64> {
    None
}
