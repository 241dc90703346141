//! Portable kernels against the `crc` crate's `Table<16>` (slice-by-16), in one process on
//! the same buffers: GiB/s per (algorithm, length, implementation), the median of repeated
//! timed runs, and the ratio crcstamp slice16 / crc Table<16>.
//!
//! `cargo bench --bench portable` (add `-- --quick` for a run of a few seconds).
//! The SIMD kernels and the full peer table come with the peer benchmark (issue 3).

use std::hint::black_box;
use std::time::{Duration, Instant};

use crcstamp::catalog::{Crc16T10Dif, Crc32Iscsi, Crc32IsoHdlc, Crc64Nvme};
use crcstamp::{crc, Backend, Crc};

#[crc(catalog = "CRC-8/SMBUS")]
struct Crc8Smbus;

const LENGTHS: [usize; 14] = [
    1,
    16,
    64,
    127,
    156,
    256,
    512,
    1024,
    1536,
    3173,
    4096,
    16384,
    65536,
    1 << 20,
];

struct Settings {
    samples: usize,
    sample_time: Duration,
    lengths: Vec<usize>,
}

/// Median GiB/s of each of `fs` over `len`-byte inputs, and the median over rounds of the
/// ratio `fs[ratio.0] / fs[ratio.1]`. Every round times each function once, in turn, so a
/// burst of load from elsewhere on this shared machine hits all of them alike.
fn measure(
    s: &Settings,
    len: usize,
    fs: &mut [&mut dyn FnMut() -> u64],
    ratio: (usize, usize),
) -> (Vec<f64>, f64) {
    let iters: Vec<u64> = fs
        .iter_mut()
        .map(|f| {
            let start = Instant::now();
            let mut n = 0u64;
            while start.elapsed() < s.sample_time / 4 {
                black_box(f());
                n += 1;
            }
            (n * 4).max(1)
        })
        .collect();
    let mut rates = vec![Vec::new(); fs.len()];
    let mut ratios = Vec::new();
    for _ in 0..s.samples {
        for (i, f) in fs.iter_mut().enumerate() {
            let t = Instant::now();
            for _ in 0..iters[i] {
                black_box(f());
            }
            let secs = t.elapsed().as_secs_f64();
            rates[i].push(len as f64 * iters[i] as f64 / secs / (1u64 << 30) as f64);
        }
        let round = |i: usize| *rates[i].last().unwrap();
        ratios.push(round(ratio.0) / round(ratio.1));
    }
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    (rates.into_iter().map(median).collect(), median(ratios))
}

fn row<T: Crc>(s: &Settings, name: &str, peer: &dyn Fn(&[u8]) -> u64, data: &[u8])
where
    T::Word: Into<u128>,
{
    for &len in &s.lengths {
        let buf = &data[..len];
        let backends = [
            Backend::Slice1,
            Backend::Slice4,
            Backend::Slice8,
            Backend::Slice16,
        ];
        for b in backends {
            let want: u128 = T::checksum_with(b, buf).unwrap().into();
            assert_eq!(u128::from(peer(buf)), want, "{name} {b} disagrees with crc");
        }
        let mut fns: Vec<Box<dyn FnMut() -> u64>> = backends
            .iter()
            .map(|&b| {
                Box::new(move || T::checksum_with(b, black_box(buf)).unwrap().into() as u64)
                    as Box<dyn FnMut() -> u64>
            })
            .collect();
        fns.push(Box::new(|| T::checksum(black_box(buf)).into() as u64));
        fns.push(Box::new(|| peer(black_box(buf))));
        let mut refs: Vec<&mut dyn FnMut() -> u64> =
            fns.iter_mut().map(|f| &mut **f as _).collect();
        let (r, ratio) = measure(s, len, &mut refs, (3, 5));
        println!(
            "{name:<16} {len:>8} {:>8.2} {:>8.2} {:>8.2} {:>8.2} {:>8.2} {:>9.2} {ratio:>7.2}x",
            r[0], r[1], r[2], r[3], r[4], r[5]
        );
    }
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let s = Settings {
        samples: if quick { 5 } else { 15 },
        sample_time: Duration::from_millis(if quick { 5 } else { 40 }),
        lengths: if quick {
            vec![16, 256, 4096, 65536]
        } else {
            LENGTHS.to_vec()
        },
    };
    let data: Vec<u8> = (0..1u32 << 20)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect();
    println!(
        "GiB/s, median of {} interleaved rounds; ratio = median over rounds of slice16 / crc Table<16>",
        s.samples
    );
    println!(
        "{:<16} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8} {:>9} {:>8}",
        "algorithm", "bytes", "slice1", "slice4", "slice8", "slice16", "auto", "crc T<16>", "ratio"
    );
    let c32c = crc::Crc::<u32, crc::Table<16>>::new(&crc::CRC_32_ISCSI);
    row::<Crc32Iscsi>(&s, "CRC-32/ISCSI", &|b| c32c.checksum(b).into(), &data);
    let c32 = crc::Crc::<u32, crc::Table<16>>::new(&crc::CRC_32_ISO_HDLC);
    row::<Crc32IsoHdlc>(&s, "CRC-32/ISO-HDLC", &|b| c32.checksum(b).into(), &data);
    let c16 = crc::Crc::<u16, crc::Table<16>>::new(&crc::CRC_16_T10_DIF);
    row::<Crc16T10Dif>(&s, "CRC-16/T10-DIF", &|b| c16.checksum(b).into(), &data);
    let c64 = crc::Crc::<u64, crc::Table<16>>::new(&crc::CRC_64_NVME);
    row::<Crc64Nvme>(&s, "CRC-64/NVME", &|b| c64.checksum(b), &data);
    let c8 = crc::Crc::<u8, crc::Table<16>>::new(&crc::CRC_8_SMBUS);
    row::<Crc8Smbus>(&s, "CRC-8/SMBUS", &|b| c8.checksum(b).into(), &data);
}
