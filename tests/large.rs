//! Inputs past 4 GiB: streaming more than 2^32 bytes through the kernels, checked against
//! combine's 64-bit zero extension (itself checked against the reference in
//! tests/differential.rs).

use crcstamp::crc;

/// CRC-32/BZIP2's generator with init 0x1234567 and no xorout: the CRC of n zero bytes is
/// `init · x^(8n) mod G`.
#[crc(width = 32, poly = 0x04c11db7, init = 0x1234567)]
struct WithInit;

/// The same generator from a zero register: `combine(a, 0, n)` is `a · x^(8n) mod G`.
#[crc(width = 32, poly = 0x04c11db7)]
struct Zero;

#[test]
fn streaming_past_4_gib_matches_zero_extension() {
    let block = vec![0u8; 1 << 20];
    let n: u64 = (1 << 32) + 3 * (1 << 20) + 5;
    let mut d = WithInit::new();
    let mut fed = 0u64;
    while fed + block.len() as u64 <= n {
        d.update(&block);
        fed += block.len() as u64;
    }
    d.update(&block[..(n - fed) as usize]);
    assert_eq!(d.finalize(), Zero::combine(WithInit::MODEL.init, 0, n));
}
