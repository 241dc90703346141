//! `CrcReader` and `CrcWriter`: the CRC covers exactly the bytes that went through, through
//! short reads and writes, errors, `BufRead` consumption and the `Read` helpers, for stamped
//! types of several widths and (with `dynamic`) `DynCrc`.

use std::io::{self, BufRead, BufReader, Read, Write};

use crcstamp::catalog::{Crc32Iscsi, Crc64Nvme};
use crcstamp::{crc, CrcReader, CrcWriter, RunningCrc};
use proptest::prelude::*;

#[crc(catalog = "CRC-12/UMTS")]
struct Crc12Umts;
#[crc(catalog = "CRC-82/DARC")]
struct Crc82Darc;

/// Returns at most `chunk` bytes a call, and fails with `Interrupted` every third call.
struct Trickle<'a> {
    data: &'a [u8],
    chunk: usize,
    calls: u32,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.calls += 1;
        if self.calls.is_multiple_of(3) {
            return Err(io::ErrorKind::Interrupted.into());
        }
        let n = buf.len().min(self.chunk).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// Accepts at most `chunk` bytes a call, fails with `Interrupted` every third call, and
/// with a hard error once `capacity` bytes are stored.
struct ShortWriter {
    stored: Vec<u8>,
    chunk: usize,
    capacity: usize,
    calls: u32,
}

impl ShortWriter {
    fn new(chunk: usize, capacity: usize) -> Self {
        ShortWriter {
            stored: Vec::new(),
            chunk,
            capacity,
            calls: 0,
        }
    }
}

impl Write for ShortWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.calls += 1;
        if self.calls.is_multiple_of(3) {
            return Err(io::ErrorKind::Interrupted.into());
        }
        let room = self.capacity - self.stored.len();
        if room == 0 && !buf.is_empty() {
            return Err(io::Error::other("full"));
        }
        let n = buf.len().min(self.chunk).min(room);
        self.stored.extend_from_slice(&buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn data(len: usize) -> Vec<u8> {
    (0..len).map(|i| (i * 31 + i / 7) as u8).collect()
}

#[test]
fn reader_crcs_what_read_to_end_returns() {
    let msg = data(1000);
    let mut r = CrcReader::<Crc32Iscsi, _>::new(Trickle {
        data: &msg,
        chunk: 37,
        calls: 0,
    });
    let mut out = Vec::new();
    r.read_to_end(&mut out).unwrap();
    assert_eq!(out, msg);
    assert_eq!(r.crc(), Crc32Iscsi::checksum(&msg));
    assert!(r.get_ref().data.is_empty());
}

#[test]
fn reader_stops_where_reading_stops() {
    let msg = data(100);
    let mut r = CrcReader::<Crc82Darc, _>::new(&msg[..]);
    let mut head = [0; 40];
    r.read_exact(&mut head).unwrap();
    assert_eq!(r.crc(), Crc82Darc::checksum(&msg[..40]));
    // Bytes taken past the adapter are not its business.
    let mut skipped = [0; 10];
    r.get_mut().read_exact(&mut skipped).unwrap();
    let mut rest = Vec::new();
    r.read_to_end(&mut rest).unwrap();
    let mut seen = msg[..40].to_vec();
    seen.extend_from_slice(&msg[50..]);
    assert_eq!(r.crc(), Crc82Darc::checksum(&seen));
    let (crc, inner) = r.into_parts();
    assert_eq!(RunningCrc::finalize(&crc), Crc82Darc::checksum(&seen));
    assert!(inner.is_empty());
}

#[test]
fn buf_read_counts_consumed_bytes_only() {
    let msg = b"first line\nsecond line\nthird".to_vec();
    let mut r = CrcReader::<Crc12Umts, _>::new(BufReader::with_capacity(8, &msg[..]));
    assert_eq!(r.fill_buf().unwrap(), &msg[..8]);
    assert_eq!(
        r.crc(),
        Crc12Umts::checksum(b""),
        "looking is not consuming"
    );
    r.consume(3);
    assert_eq!(r.fill_buf().unwrap(), &msg[3..8]);
    assert_eq!(r.crc(), Crc12Umts::checksum(&msg[..3]));
    let mut line = String::new();
    r.read_line(&mut line).unwrap();
    assert_eq!(line, "st line\n");
    assert_eq!(r.crc(), Crc12Umts::checksum(&msg[..11]));
    let lines: Vec<String> = r.by_ref().lines().map(Result::unwrap).collect();
    assert_eq!(lines, ["second line", "third"]);
    assert_eq!(r.crc(), Crc12Umts::checksum(&msg));
    r.consume(0);
    assert_eq!(r.crc(), Crc12Umts::checksum(&msg));
}

#[test]
fn writer_counts_accepted_bytes_through_short_writes_and_errors() {
    let msg = data(500);
    let mut w = CrcWriter::<Crc64Nvme, _>::new(ShortWriter::new(13, 300));
    let err = w.write_all(&msg).unwrap_err();
    assert_eq!(err.to_string(), "full");
    assert_eq!(w.get_ref().stored, msg[..300]);
    assert_eq!(w.crc(), Crc64Nvme::checksum(&msg[..300]));
    // A single short write.
    let mut w = CrcWriter::<Crc64Nvme, _>::new(ShortWriter::new(13, 300));
    assert_eq!(w.write(&msg).unwrap(), 13);
    assert_eq!(w.crc(), Crc64Nvme::checksum(&msg[..13]));
    w.flush().unwrap();
    assert_eq!(w.into_inner().stored, msg[..13]);
}

#[test]
fn writer_through_io_copy() {
    let msg = data(10_000);
    let mut r = CrcReader::<Crc32Iscsi, _>::new(&msg[..]);
    let mut w = CrcWriter::<Crc32Iscsi, _>::new(Vec::new());
    assert_eq!(io::copy(&mut r, &mut w).unwrap(), 10_000);
    assert_eq!(r.crc(), Crc32Iscsi::checksum(&msg));
    assert_eq!(w.crc(), Crc32Iscsi::checksum(&msg));
    w.get_mut().clear();
    assert_eq!(w.crc(), Crc32Iscsi::checksum(&msg));
}

#[cfg(feature = "dynamic")]
#[test]
fn dyn_crc_and_its_digest_drive_the_adapters() {
    use crcstamp::DynCrc;
    let msg = data(777);
    let crc = DynCrc::from_catalog("CRC-82/DARC").unwrap();
    let mut r = CrcReader::with_crc(crc.clone(), BufReader::with_capacity(64, &msg[..]));
    let mut out = Vec::new();
    r.read_to_end(&mut out).unwrap();
    assert_eq!(r.crc(), Crc82Darc::checksum(&msg));
    assert_eq!(r.running().checksum(&msg), r.crc());

    let mut w = CrcWriter::with_crc(crc.digest(), ShortWriter::new(50, 400));
    assert!(w.write_all(&msg).is_err());
    assert_eq!(w.crc(), Crc82Darc::checksum(&msg[..400]));
}

proptest! {
    #[test]
    fn any_chunking_gives_the_crc_of_what_went_through(
        msg in proptest::collection::vec(any::<u8>(), 0..2000),
        chunk in 1usize..100,
        capacity in 0usize..2000,
    ) {
        let mut r = CrcReader::<Crc12Umts, _>::new(Trickle { data: &msg, chunk, calls: 0 });
        let mut out = Vec::new();
        r.read_to_end(&mut out).unwrap();
        prop_assert_eq!(r.crc(), Crc12Umts::checksum(&msg));

        let mut w = CrcWriter::<Crc12Umts, _>::new(ShortWriter::new(chunk, capacity));
        let _ = w.write_all(&msg);
        let stored = &w.get_ref().stored;
        prop_assert_eq!(&stored[..], &msg[..capacity.min(msg.len())]);
        prop_assert_eq!(w.crc(), Crc12Umts::checksum(stored));
    }
}
