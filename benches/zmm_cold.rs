//! Do 512-bit vectors pay when the AVX-512 unit is cold? On Intel the upper half of the
//! vector unit powers down after a while without 512-bit instructions, and the first ones
//! after that run slowly until it is back. This times single calls of the 256- and the
//! 512-bit kernel (CRC-32/ISO-HDLC, `checksum_with`), each after 2 ms of scalar work (no
//! vector instructions, the core kept busy), alternating, at each length, and prints the
//! median nanoseconds of each and their ratio; then the same warm (back-to-back calls).
//! Cold and warm, the ratios weigh the lengths from which the engine takes 512-bit vectors
//! (`spec/decisions.md`, "512-bit vectors from 1 KiB" and "Every folding kernel called from
//! the hot path").
//!
//! `cargo bench --bench zmm_cold [-- --trials N]` (x86_64 with AVX-512; elsewhere it says so).

use std::hint::black_box;
use std::time::{Duration, Instant};

use crcstamp::catalog::Crc32IsoHdlc;
use crcstamp::Backend;

const LENGTHS: [usize; 16] = [
    128, 256, 384, 448, 512, 640, 768, 1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072, 262144,
];

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// About `d` of scalar work: an integer hash chain, no vector instructions.
fn scalar_work(d: Duration) {
    let start = Instant::now();
    let mut x = 1u64;
    while start.elapsed() < d {
        for _ in 0..1000 {
            x = black_box(x.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(7));
        }
    }
}

/// Nanoseconds of one call of `b` on `data`, after `rest` of scalar work.
fn once(b: Backend, data: &[u8], rest: Duration) -> f64 {
    scalar_work(rest);
    let t = Instant::now();
    black_box(Crc32IsoHdlc::checksum_with(b, black_box(data)));
    t.elapsed().as_nanos() as f64
}

fn main() {
    let (ymm, zmm) = (Backend::Vpclmul256, Backend::Vpclmul512);
    if !zmm.is_available() || !ymm.is_available() {
        println!(
            "this CPU has no 512-bit (or no 256-bit) kernel: {}",
            zmm.availability()
        );
        return;
    }
    let args: Vec<String> = std::env::args().collect();
    let trials = args
        .iter()
        .skip_while(|a| *a != "--trials")
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(101);
    let data = vec![0x5au8; 262_144];
    println!("ns per call, median of {trials}; cold = each call after 2 ms of scalar work");
    println!(
        "{:>7} {:>10} {:>10} {:>7}   {:>10} {:>10} {:>7}",
        "bytes", "cold 256", "cold 512", "512/256", "warm 256", "warm 512", "512/256"
    );
    for len in LENGTHS {
        let buf = &data[..len];
        let (mut c256, mut c512, mut w256, mut w512) = (vec![], vec![], vec![], vec![]);
        for _ in 0..trials {
            c256.push(once(ymm, buf, Duration::from_millis(2)));
            c512.push(once(zmm, buf, Duration::from_millis(2)));
        }
        for _ in 0..trials {
            // Warm: 20 calls back to back, the last one timed.
            for _ in 0..20 {
                black_box(Crc32IsoHdlc::checksum_with(zmm, black_box(buf)));
            }
            w512.push(once(zmm, buf, Duration::ZERO));
            for _ in 0..20 {
                black_box(Crc32IsoHdlc::checksum_with(ymm, black_box(buf)));
            }
            w256.push(once(ymm, buf, Duration::ZERO));
        }
        let (c256, c512, w256, w512) = (median(c256), median(c512), median(w256), median(w512));
        println!(
            "{len:>7} {c256:>10.0} {c512:>10.0} {:>7.2}   {w256:>10.0} {w512:>10.0} {:>7.2}",
            c512 / c256,
            w512 / w256
        );
    }
}
