//! crcstamp against the peer crates, in one process on the same buffers.
//!
//! For each algorithm and length: GiB/s of crcstamp's automatic path and of every backend
//! this machine has, of each peer that implements the algorithm (`crc` 3 with `Table<16>`,
//! `crc-fast`, `crc32fast`, `crc32c`, `crc64fast-nvme`), and of a bare VPCLMULQDQ fold loop
//! (the machine's ceiling for folding, on 512-bit vectors where the CPU has AVX-512; no CRC),
//! and the call floor: the same boxed call doing
//! nothing, which bounds what any implementation can gain at short lengths. `ratio` is
//! crcstamp auto / the best peer,
//! `vs crc` is crcstamp's portable path / `crc` Table<16>: slice16 through `checksum_with`,
//! or auto itself when it is a table kernel (run with `CRCSTAMP_MAX_TIER=portable`).
//!
//! Every round times each implementation once, in turn, and each figure is the median over
//! rounds (ratios: the median of the per-round ratios), so bursts of load on a shared
//! machine hit every column alike. Before timing, every implementation's result is checked
//! against crcstamp's bitwise kernel. Each table's title names the core clock measured just
//! before it (a chain of dependent adds): it differs between hosts of the same kind, and runs
//! at different clocks do not compare.
//!
//! Last, `combine`: nanoseconds to join two CRCs with `len_b` = 1 GiB (and 4 KiB), crcstamp
//! against `crc32fast`'s `Hasher::combine` and `crc-fast`'s `checksum_combine`.
//!
//! `cargo bench --bench peers [-- --quick] [-- --json] [-- --only NAME,...] [-- --lengths N,...]
//! [-- --offset N]`
//!
//! `--only` keeps the algorithms whose name contains one of the given strings (and skips
//! `combine` unless one of them is `combine`); `--lengths` replaces the list of lengths.
//! Every input starts `--offset` bytes (0..=63, default 16) past a 64-byte boundary: 16 is
//! where glibc's `malloc` puts a large buffer, 0 a page-aligned one (storage blocks, DMA
//! buffers). The kernels that align their loads, and the peers that do it with the CRC
//! instruction, cost differently at the two (`spec/decisions.md`, "Buffer offset").

use std::hint::black_box;
use std::time::{Duration, Instant};

use crcstamp::catalog::{
    Crc16T10Dif, Crc32Bzip2, Crc32Iscsi, Crc32IsoHdlc, Crc64Ecma182, Crc64Nvme, Crc64Xz,
};
use crcstamp::{crc, Backend, Crc};

#[crc(catalog = "CRC-24/OPENPGP")]
struct Crc24OpenPgp;
// The reflected CRC of T10-DIF's width, for its `/refl` column.
#[crc(catalog = "CRC-16/ARC")]
struct Crc16Arc;
// Widths no peer accelerates, to compare with CRC-32/ISO-HDLC (issue 5, target 5).
#[crc(catalog = "CRC-8/SMBUS")]
struct Crc8Smbus;
#[crc(catalog = "CRC-12/UMTS")]
struct Crc12Umts;
#[crc(catalog = "CRC-40/GSM")]
struct Crc40Gsm;
// A 128-bit register: tables only, eight by default (`spec/decisions.md`, "Slice kernel per
// register word").
#[crc(catalog = "CRC-82/DARC")]
struct Crc82Darc;

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
    rounds: usize,
    sample: Duration,
    json: bool,
    /// Substrings of the algorithm names to run; empty: all.
    only: Vec<String>,
    lengths: Vec<usize>,
    /// Bytes from a 64-byte boundary to every input's start.
    offset: usize,
}

impl Settings {
    fn wants(&self, name: &str) -> bool {
        self.only.is_empty() || self.only.iter().any(|o| name.contains(o.as_str()))
    }
}

/// A checksum function returning the CRC as u64.
type Sum<'a> = Box<dyn Fn(&[u8]) -> u64 + 'a>;

/// One implementation under test.
struct Imp<'a> {
    name: String,
    f: Sum<'a>,
}

fn imp<'a>(name: &str, f: impl Fn(&[u8]) -> u64 + 'a) -> Imp<'a> {
    Imp {
        name: name.to_owned(),
        f: Box::new(f),
    }
}

/// crcstamp's automatic path and every backend it supports here but bitwise.
fn ours<'a, T: Crc>() -> Vec<Imp<'a>>
where
    T::Word: Into<u128>,
{
    let mut v = vec![imp("auto", |b| T::checksum(b).into() as u64)];
    for &backend in Backend::all() {
        if backend != Backend::Bitwise && T::consts().supports(backend) {
            v.push(imp(backend.name(), move |b| {
                T::checksum_with(backend, b).map_or(0, |c| c.into() as u64)
            }));
        }
    }
    v
}

/// `crc` 3 with slice-by-16 tables, for each register word.
trait Table16: crc::Width + Sized {
    fn table16(alg: &'static crc::Algorithm<Self>) -> Imp<'static>;
}
macro_rules! table16 {
    ($($w:ty),*) => {$(
        impl Table16 for $w {
            fn table16(alg: &'static crc::Algorithm<$w>) -> Imp<'static> {
                let c = crc::Crc::<$w, crc::Table<16>>::new(alg);
                imp("crc T16", move |b| c.checksum(b).into())
            }
        }
    )*};
}
table16!(u8, u16, u32, u64);

impl Table16 for u128 {
    fn table16(alg: &'static crc::Algorithm<u128>) -> Imp<'static> {
        let c = crc::Crc::<u128, crc::Table<16>>::new(alg);
        // The low 64 bits, as every column is compared.
        imp("crc T16", move |b| c.checksum(b) as u64)
    }
}

fn crc_table16<W: Table16>(alg: &'static crc::Algorithm<W>) -> Imp<'static> {
    W::table16(alg)
}

fn crc_fast(alg: crc_fast::CrcAlgorithm) -> Imp<'static> {
    imp("crc-fast", move |b| crc_fast::checksum(alg, b))
}

/// Columns that are not this table's CRC: the fold-loop ceiling, the call floor, and for a
/// forward CRC the automatic path of a reflected one of the same width.
const REFERENCES: [&str; 3] = ["ceiling", "floor", "refl"];

/// For a forward (msb) CRC: crcstamp's automatic path on the reflected CRC `R` of the same
/// register width, timed in the same rounds, so that `/refl` compares the two bit orders
/// without the drift between tables on a shared machine.
fn refl<R: Crc>() -> Imp<'static>
where
    R::Word: Into<u128>,
{
    imp("refl", |b| R::checksum(b).into() as u64)
}

/// The harness alone: the same boxed call on the same buffer, returning its length. No
/// implementation can beat it, so at short lengths it bounds every ratio: an implementation
/// taking `t` against a peer taking `p` is at most `p / floor` faster.
fn floor() -> Imp<'static> {
    imp("floor", |b| b.len() as u64)
}

fn ceiling() -> Option<Imp<'static>> {
    ceiling::available().then(|| imp("ceiling", ceiling::fold_loop))
}

/// A bare 4-accumulator VPCLMULQDQ fold loop: no byte shuffles, no reduction. On 512-bit
/// vectors with aligned loads where the CPU has AVX-512 (the multiplier's limit there), else
/// on 256-bit ones.
mod ceiling {
    #[cfg(target_arch = "x86_64")]
    use std::arch::x86_64::*;

    pub fn available() -> bool {
        #[cfg(target_arch = "x86_64")]
        return is_x86_feature_detected!("vpclmulqdq") && is_x86_feature_detected!("avx2");
        #[allow(unreachable_code)]
        false
    }

    #[cfg(target_arch = "x86_64")]
    fn zmm() -> bool {
        is_x86_feature_detected!("vpclmulqdq") && is_x86_feature_detected!("avx512f")
    }

    pub fn fold_loop(data: &[u8]) -> u64 {
        #[cfg(not(target_arch = "x86_64"))]
        let _ = data;
        #[cfg(target_arch = "x86_64")]
        // SAFETY: only called when `available()`; the 512-bit loop only where `zmm()`.
        return unsafe {
            if zmm() {
                fold_avx512(data)
            } else {
                fold_avx2(data)
            }
        };
        #[allow(unreachable_code)]
        0
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "vpclmulqdq,avx2")]
    fn fold_avx2(data: &[u8]) -> u64 {
        let (v, _) = data.as_chunks::<32>();
        if v.len() < 4 {
            return 0;
        }
        let load = |i: usize| {
            // SAFETY: `v[i]` is 32 readable bytes.
            unsafe { _mm256_loadu_si256(v[i].as_ptr().cast()) }
        };
        let k = _mm256_set1_epi64x(0x1234_5678_9abc_def1);
        let fold = |x: __m256i, y: __m256i| {
            _mm256_xor_si256(
                _mm256_xor_si256(
                    _mm256_clmulepi64_epi128::<0x00>(x, k),
                    _mm256_clmulepi64_epi128::<0x11>(x, k),
                ),
                y,
            )
        };
        let (mut a, mut b, mut c, mut d) = (load(0), load(1), load(2), load(3));
        let mut i = 4;
        while i + 4 <= v.len() {
            a = fold(a, load(i));
            b = fold(b, load(i + 1));
            c = fold(c, load(i + 2));
            d = fold(d, load(i + 3));
            i += 4;
        }
        let x = _mm256_xor_si256(_mm256_xor_si256(a, b), _mm256_xor_si256(c, d));
        _mm256_extract_epi64::<0>(x) as u64
    }

    /// From the first 64-byte boundary: a 512-bit load across two cache lines costs a fifth
    /// of the speed from L2, and crcstamp's kernel aligns its loads too.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "vpclmulqdq,avx512f")]
    fn fold_avx512(data: &[u8]) -> u64 {
        let skip = data.as_ptr().align_offset(64).min(data.len());
        let (v, _) = data[skip..].as_chunks::<64>();
        if v.len() < 4 {
            return 0;
        }
        let load = |i: usize| {
            // SAFETY: `v[i]` is 64 readable bytes.
            unsafe { _mm512_loadu_si512(v[i].as_ptr().cast()) }
        };
        let k = _mm512_set1_epi64(0x1234_5678_9abc_def1);
        let fold = |x: __m512i, y: __m512i| {
            _mm512_ternarylogic_epi64::<0x96>(
                _mm512_clmulepi64_epi128::<0x00>(x, k),
                _mm512_clmulepi64_epi128::<0x11>(x, k),
                y,
            )
        };
        let (mut a, mut b, mut c, mut d) = (load(0), load(1), load(2), load(3));
        let mut i = 4;
        while i + 4 <= v.len() {
            a = fold(a, load(i));
            b = fold(b, load(i + 1));
            c = fold(c, load(i + 2));
            d = fold(d, load(i + 3));
            i += 4;
        }
        let x = _mm512_ternarylogic_epi64::<0x96>(a, b, _mm512_xor_si512(c, d));
        _mm_cvtsi128_si64(_mm512_castsi512_si128(x)) as u64
    }
}

/// The core's clock, from a chain of dependent register adds: one cycle each on the x86-64
/// and Arm cores of the last decade (register operands, since Golden Cove's renamer folds
/// adds of an immediate), timed against the wall clock. The same kind of VM ran at 2.2–2.4
/// GHz in one session and 3.6–4.0 in another (`spec/decisions.md`, "The host's clock and the
/// ports"): each table names the clock it ran at, so that runs can be compared. `None` on
/// other architectures.
mod clock {
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
        Some(super::median(samples))
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
}

/// Median GiB/s of each implementation, and the median per-round ratio of each pair.
fn measure(
    s: &Settings,
    buf: &[u8],
    imps: &[Imp<'_>],
    pairs: &[(usize, usize)],
) -> (Vec<f64>, Vec<f64>) {
    let iters: Vec<u64> = imps
        .iter()
        .map(|m| {
            let start = Instant::now();
            let mut n = 0u64;
            while start.elapsed() < s.sample / 4 {
                black_box((m.f)(black_box(buf)));
                n += 1;
            }
            (n * 4).max(1)
        })
        .collect();
    let mut rates = vec![Vec::new(); imps.len()];
    let mut ratios = vec![Vec::new(); pairs.len()];
    for _ in 0..s.rounds {
        for (i, m) in imps.iter().enumerate() {
            let t = Instant::now();
            for _ in 0..iters[i] {
                black_box((m.f)(black_box(buf)));
            }
            let secs = t.elapsed().as_secs_f64();
            rates[i].push(buf.len() as f64 * iters[i] as f64 / secs / (1u64 << 30) as f64);
        }
        for (j, &(a, b)) in pairs.iter().enumerate() {
            let last = |i: usize| rates[i].last().copied().unwrap_or(f64::NAN);
            ratios[j].push(last(a) / last(b));
        }
    }
    (
        rates.into_iter().map(median).collect(),
        ratios.into_iter().map(median).collect(),
    )
}

fn median(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

struct Out {
    settings: Settings,
    /// The inputs' bytes, starting `settings.offset` past a 64-byte boundary.
    data: Vec<u8>,
    /// Where in `data` the inputs start.
    start: usize,
    json: Vec<serde_json::Value>,
    /// Every cell's ratios, for the summary.
    ratios: Vec<Cell>,
}

/// One algorithm at one length: median per-round ratios (NaN where a column is missing).
struct Cell {
    name: String,
    len: usize,
    /// auto / best peer.
    ratio: f64,
    /// portable path / crc Table<16>.
    vs_crc: f64,
    /// auto / the fold-loop ceiling.
    vs_ceiling: f64,
    /// auto / the reflected twin's auto (forward CRCs).
    vs_refl: f64,
}

impl Out {
    fn run<T: Crc>(&mut self, name: &str, peers: Vec<Imp<'_>>, twin: Option<Imp<'_>>)
    where
        T::Word: Into<u128>,
    {
        let s = &self.settings;
        if !s.wants(name) {
            return;
        }
        let mut imps = ours::<T>();
        let first_peer = imps.len();
        imps.extend(peers);
        let peer_ids: Vec<usize> = (first_peer..imps.len()).collect();
        imps.extend(ceiling());
        imps.push(floor());
        imps.extend(twin);
        let idx = |n: &str| imps.iter().position(|m| m.name == n);
        // Ratios: auto (index 0) against each peer, then the portable path against crc
        // Table<16>: auto itself where it is a table kernel (a `CRCSTAMP_MAX_TIER=portable`
        // run), else slice16 forced through `checksum_with`.
        let mut pairs: Vec<(usize, usize)> = peer_ids.iter().map(|&p| (0, p)).collect();
        let portable_auto = T::backend().name().starts_with("slice");
        let portable = if portable_auto {
            Some(0)
        } else {
            idx("slice16")
        };
        let vs_crc = (portable, idx("crc T16"));
        if let (Some(a), Some(b)) = vs_crc {
            pairs.push((a, b));
        }
        // Then auto against the ceiling and against the reflected twin, where they exist.
        let extra: Vec<Option<usize>> = ["ceiling", "refl"]
            .iter()
            .map(|n| {
                idx(n).map(|i| {
                    pairs.push((0, i));
                    pairs.len() - 1
                })
            })
            .collect();
        let ghz = clock::ghz();
        if !s.json {
            match ghz {
                Some(ghz) => print!("\n{name}   (core clock {ghz:.2} GHz)\n{:>8}", "bytes"),
                None => print!("\n{name}\n{:>8}", "bytes"),
            }
            for m in &imps {
                print!(" {:>10}", m.name);
            }
            println!(
                " {:>7} {:>7} {:>7} {:>7}",
                "ratio", "vs crc", "/ceil", "/refl"
            );
        }
        for &len in &s.lengths {
            let buf = &self.data[self.start..self.start + len];
            let want = T::checksum_with(Backend::Bitwise, buf).unwrap().into() as u64;
            for m in imps
                .iter()
                .filter(|m| !REFERENCES.contains(&m.name.as_str()))
            {
                assert_eq!(
                    (m.f)(buf),
                    want,
                    "{name}: {} is wrong at {len} bytes",
                    m.name
                );
            }
            let (rates, ratios) = measure(s, buf, &imps, &pairs);
            // auto / best peer = the smallest of the per-peer ratios.
            let ratio = ratios[..peer_ids.len()]
                .iter()
                .copied()
                .fold(f64::INFINITY, f64::min);
            let vs_crc = match vs_crc {
                (Some(_), Some(_)) => ratios[peer_ids.len()],
                _ => f64::NAN,
            };
            let [vs_ceiling, vs_refl] = [0, 1].map(|j| extra[j].map_or(f64::NAN, |i| ratios[i]));
            self.ratios.push(Cell {
                name: name.to_owned(),
                len,
                ratio,
                vs_crc,
                vs_ceiling,
                vs_refl,
            });
            if s.json {
                let cells: serde_json::Map<String, serde_json::Value> = imps
                    .iter()
                    .zip(&rates)
                    .map(|(m, r)| (m.name.clone(), (*r).into()))
                    .collect();
                self.json.push(serde_json::json!({
                    "algorithm": name,
                    "bytes": len,
                    "offset": s.offset,
                    "gib_per_s": cells,
                    "ratio_auto_vs_best_peer": ratio,
                    "ratio_portable_vs_crc_table16": vs_crc,
                    "ratio_auto_vs_ceiling": vs_ceiling,
                    "ratio_auto_vs_reflected": vs_refl,
                    "auto_backend": T::backend().name(),
                    "core_ghz": ghz,
                }));
            } else {
                print!("{len:>8}");
                for r in &rates {
                    print!(" {r:>10.2}");
                }
                println!(" {ratio:>6.2}x {vs_crc:>6.2}x {vs_ceiling:>7.2} {vs_refl:>7.2}");
            }
        }
    }
}

impl Out {
    /// The ratio columns of every table side by side: one row per length, for each algorithm
    /// `auto / best peer` (then, after `|`, `portable / crc Table<16>`); then `auto /
    /// ceiling` (after `|`, a forward CRC's `auto / refl`).
    fn summary(&self) {
        let mut names: Vec<&str> = Vec::new();
        for c in &self.ratios {
            if !names.contains(&c.name.as_str()) {
                names.push(&c.name);
            }
        }
        if names.is_empty() {
            return;
        }
        let short = |n: &str| n.rsplit('/').next().unwrap_or(n).to_owned();
        let block = |title: &str, left: fn(&Cell) -> f64, right: fn(&Cell) -> f64| {
            println!("\nsummary: {title}");
            print!("{:>8}", "bytes");
            for side in 0..2 {
                if side == 1 {
                    print!(" |");
                }
                for n in &names {
                    print!(" {:>9}", short(n));
                }
            }
            println!();
            for &len in &self.settings.lengths {
                let cell = |n: &str, pick: fn(&Cell) -> f64| {
                    self.ratios
                        .iter()
                        .find(|c| c.name == n && c.len == len)
                        .map_or(f64::NAN, pick)
                };
                print!("{len:>8}");
                for n in &names {
                    print!(" {:>9.2}", cell(n, left));
                }
                print!(" |");
                for n in &names {
                    print!(" {:>9.2}", cell(n, right));
                }
                println!();
            }
        };
        block(
            "crcstamp auto / best peer | portable / crc Table<16>",
            |c| c.ratio,
            |c| c.vs_crc,
        );
        block(
            "crcstamp auto / fold-loop ceiling | forward: auto / reflected CRC of its width (refl)",
            |c| c.vs_ceiling,
            |c| c.vs_refl,
        );
    }

    /// Nanoseconds per `combine` (median of rounds), crcstamp against the peers that have one.
    fn combine(&mut self) {
        let (a, b) = (
            Crc32IsoHdlc::checksum(b"1234"),
            Crc32IsoHdlc::checksum(b"56789"),
        );
        let (a64, b64) = (Crc64Nvme::checksum(b"1234"), Crc64Nvme::checksum(b"56789"));
        use crc_fast::CrcAlgorithm as F;
        for len_b in [4096u64, 1 << 30] {
            let imps = [
                imp("crcstamp CRC-32", move |_| {
                    u64::from(Crc32IsoHdlc::combine(black_box(a), black_box(b), len_b))
                }),
                imp("crc32fast", move |_| {
                    let mut h = crc32fast::Hasher::new_with_initial_len(black_box(a), 4);
                    h.combine(&crc32fast::Hasher::new_with_initial_len(
                        black_box(b),
                        len_b,
                    ));
                    u64::from(h.finalize())
                }),
                imp("crc-fast CRC-32", move |_| {
                    crc_fast::checksum_combine(
                        F::Crc32IsoHdlc,
                        black_box(a).into(),
                        black_box(b).into(),
                        len_b,
                    )
                }),
                imp("crcstamp CRC-64", move |_| {
                    Crc64Nvme::combine(black_box(a64), black_box(b64), len_b)
                }),
                imp("crc-fast CRC-64", move |_| {
                    crc_fast::checksum_combine(F::Crc64Nvme, black_box(a64), black_box(b64), len_b)
                }),
            ];
            // All agree before anything is timed.
            let results: Vec<u64> = imps.iter().map(|m| (m.f)(&[])).collect();
            assert!(
                results[..3].iter().all(|&r| r == results[0]),
                "CRC-32 combine disagrees"
            );
            assert_eq!(results[3], results[4], "CRC-64 combine disagrees");
            // `measure` reports GiB/s of a 1-byte "buffer": invert it to ns per call.
            let (rates, _) = measure(&self.settings, &[0], &imps, &[]);
            let ns: Vec<f64> = rates
                .iter()
                .map(|r| 1e9 / (r * (1u64 << 30) as f64))
                .collect();
            if self.settings.json {
                let cells: serde_json::Map<String, serde_json::Value> = imps
                    .iter()
                    .zip(&ns)
                    .map(|(m, n)| (m.name.clone(), (*n).into()))
                    .collect();
                self.json
                    .push(serde_json::json!({ "combine_len_b": len_b, "ns": cells }));
            } else {
                println!("\ncombine, len_b = {len_b} bytes: ns per call (median)");
                for (m, n) in imps.iter().zip(&ns) {
                    println!("{:>18} {n:>10.1}", m.name);
                }
            }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|a| a == "--quick");
    // The value after `flag`, split at commas.
    let list = |flag: &str| -> Vec<String> {
        args.iter()
            .skip_while(|a| *a != flag)
            .nth(1)
            .map(|v| v.split(',').map(str::to_owned).collect())
            .unwrap_or_default()
    };
    let lengths = list("--lengths")
        .iter()
        .map(|n| {
            n.parse()
                .expect("--lengths takes byte counts, e.g. 1,64,4096")
        })
        .collect::<Vec<usize>>();
    let offset = match list("--offset").as_slice() {
        [] => 16,
        [n] => match n.parse() {
            Ok(n @ 0..64) => n,
            _ => {
                eprintln!("peers: --offset takes a byte count below 64, not {n:?}");
                std::process::exit(2);
            }
        },
        _ => {
            eprintln!("peers: --offset takes one byte count");
            std::process::exit(2);
        }
    };
    let settings = Settings {
        rounds: if quick { 5 } else { 15 },
        sample: Duration::from_millis(if quick { 2 } else { 20 }),
        json: args.iter().any(|a| a == "--json"),
        only: list("--only"),
        offset,
        lengths: if lengths.is_empty() {
            LENGTHS.to_vec()
        } else {
            lengths
        },
    };
    if !settings.json {
        println!(
            "GiB/s, median of {} interleaved rounds; ratio = crcstamp auto / best peer; \
             vs crc = portable path / crc Table<16>; auto backend here: {}; inputs {} bytes \
             past a 64-byte boundary",
            settings.rounds,
            Crc32IsoHdlc::backend(),
            settings.offset
        );
    }
    let data_len = settings.lengths.iter().copied().max().unwrap_or(0) + 64 + offset;
    let data: Vec<u8> = (0..data_len)
        .map(|i| ((i as u32).wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    let start = data.as_ptr().align_offset(64) + offset;
    let mut out = Out {
        settings,
        data,
        start,
        json: Vec::new(),
        ratios: Vec::new(),
    };
    use crc_fast::CrcAlgorithm as F;
    out.run::<Crc32IsoHdlc>(
        "CRC-32/ISO-HDLC",
        vec![
            crc_table16(&crc::CRC_32_ISO_HDLC),
            crc_fast(F::Crc32IsoHdlc),
            imp("crc32fast", |b| crc32fast::hash(b).into()),
        ],
        None,
    );
    out.run::<Crc32Iscsi>(
        "CRC-32/ISCSI",
        vec![
            crc_table16(&crc::CRC_32_ISCSI),
            crc_fast(F::Crc32Iscsi),
            imp("crc32c", |b| crc32c::crc32c(b).into()),
        ],
        None,
    );
    out.run::<Crc32Bzip2>(
        "CRC-32/BZIP2",
        vec![crc_table16(&crc::CRC_32_BZIP2), crc_fast(F::Crc32Bzip2)],
        Some(refl::<Crc32IsoHdlc>()),
    );
    out.run::<Crc16T10Dif>(
        "CRC-16/T10-DIF",
        vec![crc_table16(&crc::CRC_16_T10_DIF), crc_fast(F::Crc16T10Dif)],
        Some(refl::<Crc16Arc>()),
    );
    out.run::<Crc64Nvme>(
        "CRC-64/NVME",
        vec![
            crc_table16(&crc::CRC_64_NVME),
            crc_fast(F::Crc64Nvme),
            imp("crc64fast", |b| {
                let mut d = crc64fast_nvme::Digest::new();
                d.write(b);
                d.sum64()
            }),
        ],
        None,
    );
    out.run::<Crc64Ecma182>(
        "CRC-64/ECMA-182",
        vec![
            crc_table16(&crc::CRC_64_ECMA_182),
            crc_fast(F::Crc64Ecma182),
        ],
        Some(refl::<Crc64Xz>()),
    );
    out.run::<Crc24OpenPgp>(
        "CRC-24/OPENPGP",
        vec![crc_table16(&crc::CRC_24_OPENPGP)],
        None,
    );
    out.run::<Crc8Smbus>("CRC-8/SMBUS", vec![crc_table16(&crc::CRC_8_SMBUS)], None);
    out.run::<Crc12Umts>("CRC-12/UMTS", vec![crc_table16(&crc::CRC_12_UMTS)], None);
    out.run::<Crc40Gsm>("CRC-40/GSM", vec![crc_table16(&crc::CRC_40_GSM)], None);
    out.run::<Crc82Darc>("CRC-82/DARC", vec![crc_table16(&crc::CRC_82_DARC)], None);
    if out.settings.wants("combine") {
        out.combine();
    }
    if !out.settings.json {
        out.summary();
    }
    if out.settings.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&out.json).expect("JSON of numbers and strings")
        );
    }
}
