//! The CRC-32 a zip or gzip archive stores for a file, computed through `io::Write`: `io::copy`
//! streams the file into the digest without holding it in memory.
//!
//! `cargo run --example zip_crc32 [FILE]` (without a file it writes and checks a sample one).

use std::fs::File;
use std::io;

use crcstamp::catalog::Crc32IsoHdlc; // the CRC-32 of zip, gzip, PNG, Ethernet
use crcstamp::Backend;

/// The CRC-32 and length of the file at `path`.
fn file_crc32(path: &std::path::Path) -> io::Result<(u32, u64)> {
    let mut digest = Crc32IsoHdlc::new();
    let len = io::copy(&mut File::open(path)?, &mut digest)?;
    Ok((digest.finalize(), len))
}

fn main() -> io::Result<()> {
    run(std::env::args_os().nth(1))
}

/// Sums `path`, or without one writes and checks a sample file.
fn run(path: Option<std::ffi::OsString>) -> io::Result<()> {
    if let Some(path) = path {
        let (crc, len) = file_crc32(path.as_ref())?;
        println!("{crc:08x}  {len}  {}", path.to_string_lossy());
        return Ok(());
    }
    let path = std::env::temp_dir().join(format!("crcstamp-zip-example-{}", std::process::id()));
    let contents: Vec<u8> = (0..300_000u32)
        .map(|i| (i % 251) as u8 ^ (i >> 9) as u8)
        .collect();
    std::fs::write(&path, &contents)?;
    let result = file_crc32(&path);
    std::fs::remove_file(&path)?;
    let (crc, len) = result?;

    assert_eq!(len, contents.len() as u64);
    assert_eq!(crc, Crc32IsoHdlc::checksum(&contents));
    assert_eq!(
        Some(crc),
        Crc32IsoHdlc::checksum_with(Backend::Bitwise, &contents)
    );
    assert_eq!(Crc32IsoHdlc::checksum(b"123456789"), 0xcbf4_3926); // the catalogue's check
    println!("{crc:08x}  {len}  (sample file)");
    Ok(())
}

#[test]
fn runs() {
    // Not `main`: the test harness's own arguments (`--quiet`, filters) are not files.
    run(None).unwrap();
}
