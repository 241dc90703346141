//! The SIMD kernels under Miri: every length to 48 bytes and the lengths around each loop's
//! stride to 700 bytes, at two start offsets, and one input past fusion's first block, on each kernel the target features offer, for a
//! CRC with an instruction of its own, a 64-bit lsb CRC and a 16-bit msb CRC, against the
//! bitwise reference. Miri checks every load of the `unsafe` kernel code for bounds and
//! initialisation, which no native run can.
//!
//! CI runs it as
//! `RUSTFLAGS="-C target-feature=+pclmulqdq,+sse4.2,+avx2,+vpclmulqdq" cargo +nightly miri
//! test -p crcstamp --features dynamic --test miri_kernels`: Miri answers feature queries from
//! the features the crate is built with, and implements PCLMULQDQ, VPCLMULQDQ on 256-bit
//! vectors, AVX2 and SSE4.2's `crc32`, not the 512-bit kernel's `vpternlogq`. Natively the
//! same test runs on whatever this CPU has, with the same lengths.

use crc_gen::{reference, tables, Model, ModelSpec, Slice};
use crcstamp::dynamic::OwnedConsts;
use crcstamp::{Backend, Word};

/// Lengths: every one to this, at each offset in [`OFFSETS`], then [`BOUNDARIES`].
const EVERY_LENGTH_TO: usize = if cfg!(miri) { 48 } else { 1024 };
/// Around the loops' strides (16, 32, 64, 128 and 256 bytes a step), and 700 bytes.
const BOUNDARIES: [usize; 13] = [63, 64, 65, 127, 128, 129, 255, 256, 257, 511, 512, 513, 700];
/// Start offsets from an aligned buffer: aligned, and one that splits every vector load.
const OFFSETS: [usize; 2] = [0, 7];
/// One length past fusion's first block (fusion folds whole blocks of 7 KiB, then the rest),
/// at the second offset, for fusion only.
const LONG: usize = 7 * 1024 + 100;

/// The kernels with `unsafe` code: the folding ones and the CRC instruction's.
const ACCELERATED: [Backend; 7] = [
    Backend::Pclmul,
    Backend::Vpclmul256,
    Backend::Vpclmul512,
    Backend::Pmull,
    Backend::PmullEor3,
    Backend::HwCrc,
    Backend::Fusion,
];

/// One model of each kind the kernels treat differently.
fn models() -> Vec<Model> {
    let specs = [
        // CRC-32C: the CRC instruction, fusion.
        ModelSpec::new(32, 0x1edc6f41)
            .init(0xffff_ffff)
            .reflected(true)
            .xorout(0xffff_ffff),
        // CRC-64/NVME: a 64-bit lsb fold.
        ModelSpec::new(64, 0xad93d23594c93659)
            .init(u64::MAX.into())
            .reflected(true),
        // CRC-16/T10-DIF: msb, left-aligned register.
        ModelSpec::new(16, 0x8bb7),
    ];
    specs.into_iter().map(|s| s.build().unwrap()).collect()
}

fn data(len: usize) -> Vec<u8> {
    (0..len)
        .map(|i| (i as u32).wrapping_mul(2_654_435_761).to_le_bytes()[3])
        .collect()
}

/// Feeds bytes to one backend from a register; `None` where the backend is refused.
type Run<'a> = &'a dyn Fn(Backend, u128, &[u8]) -> Option<u128>;

/// Runs `check` with a function that feeds bytes to one backend from a register (unreflected,
/// as the reference keeps it). Only table-free constants are built: under Miri every table
/// entry the generator derives is interpreted too.
fn with<W: Word + TryFrom<u128> + Into<u128>>(m: &Model, check: &mut dyn FnMut(Run<'_>)) {
    let owned = OwnedConsts::<W>::new(&crc_gen::DerivedConsts::new(m, Slice::Zero));
    let c = owned.consts();
    check(&|b, register, bytes| {
        let state = W::try_from(tables::to_state(m, register)).ok()?;
        let after = c.update_with(b, state, bytes)?;
        Some(tables::from_state(m, after.into()))
    });
}

#[test]
fn simd_kernels_match_the_reference() {
    let kernels: Vec<Backend> = ACCELERATED
        .into_iter()
        .filter(|b| b.is_available())
        .collect();
    let buffer = data(LONG + 16);
    let mut checked = 0usize;
    for m in models() {
        let mut each = |run: Run<'_>| {
            for &k in &kernels {
                let mut check = |offset: usize, len: usize| {
                    let bytes = &buffer[offset..offset + len];
                    let register = 0x5a5a_5a5a_5a5a_5a5a & ((1u128 << m.width()) - 1);
                    if let Some(got) = run(k, register, bytes) {
                        let want = reference::feed(&m, register, bytes);
                        assert_eq!(got, want, "{k} on {m}, {len} bytes at offset {offset}");
                        checked += 1;
                    }
                };
                for offset in OFFSETS {
                    for len in (0..=EVERY_LENGTH_TO).chain(BOUNDARIES) {
                        check(offset, len);
                    }
                }
                if k == Backend::Fusion {
                    check(OFFSETS[1], LONG);
                }
            }
        };
        match m.width() {
            16 => with::<u16>(&m, &mut each),
            32 => with::<u32>(&m, &mut each),
            _ => with::<u64>(&m, &mut each),
        }
    }
    // Each model ran on every folding kernel offered, or there was none to run.
    let per_kernel = OFFSETS.len() * (EVERY_LENGTH_TO + 1 + BOUNDARIES.len());
    assert!(
        checked >= models().len() * per_kernel || kernels.is_empty(),
        "only {checked} inputs ran on {kernels:?}"
    );
}

/// The kernels this test is for are offered when the features are on: under Miri with the
/// CI flags, the 128- and 256-bit folds and the CRC instruction.
#[test]
fn the_flags_offer_the_kernels() {
    if cfg!(all(
        miri,
        target_feature = "vpclmulqdq",
        target_feature = "sse4.2"
    )) {
        for b in [Backend::Pclmul, Backend::Vpclmul256, Backend::HwCrc] {
            assert!(b.is_available(), "{b} is not offered under Miri");
        }
    }
}
