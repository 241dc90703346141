//! A CRC for a microcontroller: how much table each `slice` choice stamps, and what it costs
//! in speed. `slice = 0` stamps no table (bit by bit), `slice = "nibble"` one 16-entry
//! table (two lookups per byte), `slice = 1`, `4`, `8`, `16` that many 256-entry tables.
//! The firmware part below uses only `core` — no allocation, no `std` — as firmware built
//! with `default-features = false` would.
//!
//! Read-only data of a Cortex-M4F image (`thumbv7em-none-eabihf`, opt-level "s", LTO) that
//! computes CRC-32/ISO-HDLC, measured from the linked object by `benches/embedded_sizes.sh`
//! (`spec/decisions.md`, "Small stamps for firmware"):
//!
//! | slice                    | 0  | "nibble" | 1     | 4     | 8     | 16     |
//! |--------------------------|----|----------|-------|-------|-------|--------|
//! | `.rodata` bytes          | 0  | 64       | 1 024 | 4 096 | 8 192 | 16 384 |
//! | host MiB/s at 4 KiB      | 94 | 206      | 384   | 1 061 | 2 012 | 2 945  |
//!
//! This program prints each kernel's speed on the host (MiB/s, the best of 200 samples of
//! 32 KiB per length; the figures above are from a shared, loaded 2-core AMD EPYC VM, so
//! noisy): `cargo run --release --example embedded_small_tables`, or without building the
//! workspace's dev-dependencies, `benches/embedded_sizes.sh --speed`.

use std::time::Instant;

use crcstamp::{crc, Backend, Crc};

/// What would live in the firmware: only `core`.
mod firmware {
    use crcstamp::crc;

    /// CRC-16/XMODEM, the CRC of XMODEM and many bootloaders, with one 16-entry table
    /// (32 bytes).
    #[crc(catalog = "CRC-16/XMODEM", slice = "nibble")]
    pub struct Crc16;

    /// A 128-byte XMODEM packet's payload checksum, fed as a UART delivers it.
    pub fn packet_crc(payload: &[u8; 128]) -> u16 {
        let mut d = Crc16::new();
        for burst in payload.chunks(16) {
            d.update(burst);
        }
        d.finalize()
    }

    /// Bytes of tables in the binary: the nibble table and no 256-entry table.
    pub fn table_bytes() -> usize {
        let c = Crc16::consts();
        core::mem::size_of_val(c.tables) + c.nibble.map_or(0, core::mem::size_of_val)
    }
}

#[crc(catalog = "CRC-32/ISO-HDLC", slice = 0)]
struct Crc32Slice0;
#[crc(catalog = "CRC-32/ISO-HDLC", slice = "nibble")]
struct Crc32Nibble;
#[crc(catalog = "CRC-32/ISO-HDLC", slice = 1)]
struct Crc32Slice1;
#[crc(catalog = "CRC-32/ISO-HDLC", slice = 4)]
struct Crc32Slice4;
#[crc(catalog = "CRC-32/ISO-HDLC", slice = 8)]
struct Crc32Slice8;
#[crc(catalog = "CRC-32/ISO-HDLC", slice = 16)]
struct Crc32Slice16;

/// One stamp: its `slice`, the table kernel it runs where there is no folding (a
/// microcontroller), and that kernel's CRC of a buffer.
type Stamp = (&'static str, Backend, fn(&[u8]) -> Option<u32>);

fn stamps() -> [Stamp; 6] {
    fn kernel<C: Crc<Word = u32>>(b: Backend) -> fn(&[u8]) -> Option<u32> {
        // Each stamp's own table kernel: the one `update` runs on short inputs.
        assert_eq!(C::consts().backend_for(1), b);
        |bytes| C::checksum_with(C::consts().backend_for(1), bytes)
    }
    [
        (
            "0",
            Backend::Bitwise,
            kernel::<Crc32Slice0>(Backend::Bitwise),
        ),
        (
            "nibble",
            Backend::Nibble,
            kernel::<Crc32Nibble>(Backend::Nibble),
        ),
        ("1", Backend::Slice1, kernel::<Crc32Slice1>(Backend::Slice1)),
        ("4", Backend::Slice4, kernel::<Crc32Slice4>(Backend::Slice4)),
        ("8", Backend::Slice8, kernel::<Crc32Slice8>(Backend::Slice8)),
        (
            "16",
            Backend::Slice16,
            kernel::<Crc32Slice16>(Backend::Slice16),
        ),
    ]
}

/// MiB/s of `f` over `len` bytes: the best of `rounds` samples of 32 KiB each. Samples this
/// short (well under a scheduler slice) mostly run undisturbed on a loaded machine, where
/// long ones would share the core with whatever else runs.
fn mib_per_s(f: fn(&[u8]) -> Option<u32>, data: &[u8], len: usize, rounds: usize) -> f64 {
    let calls = (32 << 10) / len;
    (0..rounds)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..calls {
                std::hint::black_box(f(std::hint::black_box(&data[..len])));
            }
            (calls * len) as f64 / t.elapsed().as_secs_f64() / f64::from(1 << 20)
        })
        .fold(0.0, f64::max)
}

fn run(rounds: usize) {
    let mut payload = [0u8; 128];
    for (i, b) in payload.iter_mut().enumerate() {
        *b = (i as u8).wrapping_mul(29) ^ 0xa5;
    }
    let crc = firmware::packet_crc(&payload);
    let bitwise = firmware::Crc16::checksum_with(Backend::Bitwise, &payload);
    assert_eq!(Some(crc), bitwise);
    assert_eq!(firmware::Crc16::checksum(b"123456789"), 0x31c3); // the catalogue's check
    assert_eq!(firmware::table_bytes(), 16 * 2);
    assert_eq!(
        firmware::Crc16::checksum_with(Backend::Slice1, &payload),
        None
    ); // not stamped
    println!(
        "packet CRC-16/XMODEM {crc:04x}, {} bytes of tables, runs on {}",
        firmware::table_bytes(),
        firmware::Crc16::consts().backend_for(128)
    );

    let data: Vec<u8> = (0..16384u32).map(|i| ((i * 31) ^ (i >> 5)) as u8).collect();
    let lengths = [16, 256, 4096];
    println!("CRC-32/ISO-HDLC table kernels on this host, MiB/s (best of {rounds} rounds):");
    println!(
        "slice    kernel   {:>9} {:>9} {:>9}",
        "16 B", "256 B", "4 KiB"
    );
    for (slice, backend, f) in stamps() {
        assert_eq!(f(b"123456789"), Some(0xcbf43926), "slice = {slice}");
        let speeds = lengths.map(|len| mib_per_s(f, &data, len, rounds));
        println!(
            "{slice:<8} {backend:<8} {:>9.0} {:>9.0} {:>9.0}",
            speeds[0], speeds[1], speeds[2]
        );
    }
}

fn main() {
    run(200);
}

#[test]
fn runs() {
    run(1);
}
