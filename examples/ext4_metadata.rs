//! CRC-32C over 4 KiB filesystem blocks, streamed, in the way ext4's `metadata_csum` uses it.
//!
//! ext4 seeds CRC-32C with the filesystem UUID and then checksums each metadata block from that
//! seed; the stored value is the raw register (no final inversion). A stamped digest is `Copy`,
//! so the seeded state is computed once and copied for every block, and each block is fed in
//! 512-byte sectors as a driver reads them.
//!
//! `cargo run --example ext4_metadata`

use crcstamp::catalog::Crc32Iscsi; // CRC-32C (Castagnoli)
use crcstamp::Backend;

const BLOCK: usize = 4096;
const SECTOR: usize = 512;

/// The checksum ext4 would store for `block`: CRC-32C seeded with `uuid`, without the final XOR.
fn block_checksum(seeded: Crc32Iscsi, block: &[u8]) -> u32 {
    let mut d = seeded;
    for sector in block.chunks(SECTOR) {
        d.update(sector);
    }
    !d.finalize()
}

fn main() {
    let uuid: [u8; 16] = *b"\x5e\x2f\x94\x1d\xa0\x3b\x4c\x71\x8e\x02\xd6\x53\x19\xc8\x7a\x44";
    // A made-up "filesystem image": 8 blocks of deterministic bytes.
    let image: Vec<u8> = (0..8 * BLOCK)
        .map(|i| (i as u32).wrapping_mul(2_654_435_761).rotate_left(7) as u8)
        .collect();

    let mut seeded = Crc32Iscsi::new();
    seeded.update(&uuid);

    for (n, block) in image.chunks(BLOCK).enumerate() {
        let csum = block_checksum(seeded, block);
        // The same value in one call over uuid ‖ block, and on the bitwise reference kernel.
        let whole = [&uuid[..], block].concat();
        assert_eq!(csum, !Crc32Iscsi::checksum(&whole));
        assert_eq!(
            Some(csum),
            Crc32Iscsi::checksum_with(Backend::Bitwise, &whole).map(|c| !c)
        );
        println!("block {n}: crc32c {csum:08x}");
    }
    assert_eq!(Crc32Iscsi::checksum(b"123456789"), 0xe306_9283); // the catalogue's check
    println!("CRC-32C runs on {} here", Crc32Iscsi::backend());
}

#[test]
fn runs() {
    main();
}
