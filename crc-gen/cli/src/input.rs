//! Reading one input and computing its CRC through crcstamp's [`DynCrc`].
//!
//! A regular file is summed by its size: in one pass on one thread, or, when it is larger
//! than a chunk and more than one job is allowed, in chunks handed out to threads and joined
//! in order with `combine`. Its bytes come from positional `read`s; a file that ends before
//! its size was reached is an error, "file shrank while being read". (Not a memory map: a
//! mapped file truncated by another process kills the reader with SIGBUS, and reads come
//! within a third of the map's speed; `spec/decisions.md`.) Anything else — standard
//! input, pipes, devices — is streamed to its end.

use std::fs::File;
use std::io::{self, ErrorKind, IsTerminal, Read};
use std::ops::Range;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crcstamp::DynCrc;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Bytes per chunk when a file is split across threads.
pub const DEFAULT_CHUNK: u64 = 32 << 20;

/// Inputs larger than this show a progress bar, when stderr is a terminal.
pub const PROGRESS_MIN: u64 = 256 << 20;

/// Bytes per `read` call: the fastest of 64 KiB to 16 MiB on a page-cached file; small
/// enough that the kernel's copy is still in cache when the CRC reads it (`spec/decisions.md`).
pub const READ_BUF: usize = 256 << 10;

/// How to sum a file.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// Threads per file, at least 1.
    pub jobs: usize,
    /// Bytes per chunk when splitting, at least 1.
    pub chunk: u64,
    /// Bytes per positional `read` of a regular file, at least 1.
    pub read_size: usize,
}

/// A CRC and the number of bytes it covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summed {
    /// The CRC.
    pub crc: u128,
    /// The input's length.
    pub bytes: u64,
}

/// The one-line reason for an I/O error, without Rust's `(os error N)` suffix.
pub fn reason(e: &io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error ") {
        Some(i) => s[..i].to_owned(),
        None => s,
    }
}

/// The CRC of everything `r` yields until its end.
pub fn sum_stream(crc: &DynCrc, mut r: impl Read) -> io::Result<Summed> {
    let mut buf = vec![0u8; READ_BUF];
    let mut digest = crc.digest();
    let mut bytes = 0u64;
    loop {
        match r.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                digest.update(&buf[..n]);
                bytes += n as u64;
            }
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(Summed {
        crc: digest.finalize(),
        bytes,
    })
}

/// The CRC of the file at `path`; `name` labels its progress bar.
pub fn sum_file(crc: &DynCrc, path: &Path, name: &str, plan: &Plan) -> io::Result<Summed> {
    let file = File::open(path)?;
    let meta = file.metadata()?;
    if meta.is_dir() {
        return Err(io::Error::new(ErrorKind::IsADirectory, "Is a directory"));
    }
    if !meta.is_file() {
        return sum_stream(crc, file);
    }
    let size = meta.len();
    let bar = progress_bar(size, name);
    let whole = if plan.jobs > 1 && size > plan.chunk {
        in_chunks(crc, &file, size, plan, &bar)?
    } else {
        sum_range(crc, &file, 0..size, plan.read_size, &bar)?
    };
    // Bytes appended since the size was taken are summed too, as reading to the end would.
    let tail = sum_stream(
        crc,
        At {
            file: &file,
            pos: size,
        },
    )?;
    bar.finish_and_clear();
    Ok(if tail.bytes == 0 {
        Summed {
            crc: whole,
            bytes: size,
        }
    } else {
        Summed {
            crc: crc.combine(whole, tail.crc, tail.bytes),
            bytes: size + tail.bytes,
        }
    })
}

/// Splits `0..size` into chunks of `plan.chunk` bytes, sums them on `plan.jobs` threads (each
/// takes the next unclaimed chunk) and joins the CRCs in order with `combine`.
fn in_chunks(
    crc: &DynCrc,
    file: &File,
    size: u64,
    plan: &Plan,
    bar: &ProgressBar,
) -> io::Result<u128> {
    let chunk = plan.chunk;
    let count = usize::try_from(size.div_ceil(chunk)).map_err(io::Error::other)?;
    let range = |i: usize| {
        let start = i as u64 * chunk;
        start..(start + chunk).min(size)
    };
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let worker = || -> io::Result<Vec<(usize, u128)>> {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= count || failed.load(Ordering::Relaxed) {
                return Ok(done);
            }
            match sum_range(crc, file, range(i), plan.read_size, bar) {
                Ok(c) => done.push((i, c)),
                Err(e) => {
                    failed.store(true, Ordering::Relaxed);
                    return Err(e);
                }
            }
        }
    };
    let results: Vec<io::Result<Vec<(usize, u128)>>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..plan.jobs.min(count)).map(|_| s.spawn(worker)).collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    });
    let mut crcs = vec![0u128; count];
    for done in results {
        for (i, c) in done? {
            crcs[i] = c;
        }
    }
    let mut whole = crcs[0];
    for (i, &c) in crcs.iter().enumerate().skip(1) {
        let r = range(i);
        whole = crc.combine(whole, c, r.end - r.start);
    }
    Ok(whole)
}

/// The CRC of the bytes of `file` in `range`, by positional reads of `read_size` bytes,
/// advancing `bar` as it goes. The file ending before `range.end` is an error.
fn sum_range(
    crc: &DynCrc,
    file: &File,
    range: Range<u64>,
    read_size: usize,
    bar: &ProgressBar,
) -> io::Result<u128> {
    let mut digest = crc.digest();
    let len = (range.end - range.start).min(read_size as u64) as usize;
    let mut buf = vec![0u8; len];
    let mut pos = range.start;
    while pos < range.end {
        let want = (range.end - pos).min(len as u64) as usize;
        let n = match read_at(file, &mut buf[..want], pos) {
            Ok(0) => return Err(shrank()),
            Ok(n) => n,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        digest.update(&buf[..n]);
        bar.inc(n as u64);
        pos += n as u64;
    }
    Ok(digest.finalize())
}

/// A regular file that ended before the size it had when it was opened: truncated (by
/// logrotate's copytruncate, say) while being read.
fn shrank() -> io::Error {
    io::Error::new(ErrorKind::UnexpectedEof, "file shrank while being read")
}

/// A reader over a file from `pos` on, by positional reads.
struct At<'a> {
    file: &'a File,
    pos: u64,
}

impl Read for At<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = read_at(self.file, buf, self.pos)?;
        self.pos += n as u64;
        Ok(n)
    }
}

#[cfg(unix)]
fn read_at(file: &File, buf: &mut [u8], pos: u64) -> io::Result<usize> {
    std::os::unix::fs::FileExt::read_at(file, buf, pos)
}

#[cfg(windows)]
fn read_at(file: &File, buf: &mut [u8], pos: u64) -> io::Result<usize> {
    std::os::windows::fs::FileExt::seek_read(file, buf, pos)
}

#[cfg(not(any(unix, windows)))]
fn read_at(_: &File, _: &mut [u8], _: u64) -> io::Result<usize> {
    Err(io::Error::new(
        ErrorKind::Unsupported,
        "positional reads are not available on this platform",
    ))
}

/// A progress bar on stderr for inputs over [`PROGRESS_MIN`] when stderr is a terminal; a
/// hidden one (never drawn) otherwise.
fn progress_bar(size: u64, name: &str) -> ProgressBar {
    if size <= PROGRESS_MIN || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let style = ProgressStyle::with_template(
        "{msg} {wide_bar} {binary_bytes}/{binary_total_bytes} {binary_bytes_per_sec} {eta}",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    let bar = ProgressBar::with_draw_target(Some(size), ProgressDrawTarget::stderr());
    bar.set_style(style);
    bar.set_message(name.to_owned());
    bar
}
