//! CRC-64/NVME of an object uploaded in parts (as S3 multipart uploads checksum it): each part's
//! CRC is computed on its own — here on separate threads — and `combine` joins them into the
//! CRC of the whole object, with no pass over the data again.
//!
//! `cargo run --example s3_composite`

use crcstamp::catalog::Crc64Nvme;
use crcstamp::Backend;

fn main() {
    let object: Vec<u8> = (0..5_000_003u64)
        .map(|i| (i.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 56) as u8)
        .collect();
    let part_size = 1 << 20; // the last part is shorter

    let parts: Vec<&[u8]> = object.chunks(part_size).collect();
    let part_crcs: Vec<u64> = std::thread::scope(|s| {
        let handles: Vec<_> = parts
            .iter()
            .map(|&p| s.spawn(move || Crc64Nvme::checksum(p)))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });

    let mut whole = part_crcs[0];
    for (part, &crc) in parts.iter().zip(&part_crcs).skip(1) {
        whole = Crc64Nvme::combine(whole, crc, part.len() as u64);
    }

    assert_eq!(whole, Crc64Nvme::checksum(&object));
    assert_eq!(
        Some(whole),
        Crc64Nvme::checksum_with(Backend::Slice16, &object)
    );
    assert_eq!(Crc64Nvme::checksum(b"123456789"), 0xae8b_1486_0a79_9888); // the catalogue's check
    for (i, crc) in part_crcs.iter().enumerate() {
        println!("part {}: {crc:016x}", i + 1);
    }
    println!(
        "object ({} bytes, {} parts): {whole:016x}",
        object.len(),
        parts.len()
    );
}

#[test]
fn runs() {
    main();
}
