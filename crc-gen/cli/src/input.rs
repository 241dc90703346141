//! Reading one input and computing its CRC through crcstamp's [`DynCrc`].
//!
//! A regular file is summed by its size: in one pass on one thread, or, when it is larger
//! than a chunk and more than one job is allowed, in chunks handed out to threads and joined
//! in order with `combine`. Its bytes come from positional `read`s; a file that ends before
//! its size was reached is summed as read if its size has not changed (pseudo-files report
//! more than they hold), else an error, "file shrank while being read". (Not a memory map: a
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

/// The most threads that sum one file, per core this process may run on: a few more than
/// the cores keep reads in flight while others compute, and beyond that threads only wait
/// for the same cores and the same disk.
pub const JOBS_PER_CORE: usize = 4;

/// The most threads that sum one file, whatever the cores: each thread maps a stack and a
/// signal stack, each with a guard page, and past about half of `vm.max_map_count` (65,530
/// by default) a thread that `spawn` reported started cannot map its signal stack and aborts
/// the process.
pub const MAX_JOBS: usize = 256;

/// The most chunks a file is split into: a smaller chunk than `size / MAX_CHUNKS` only adds
/// reads and joins (and one entry each in memory), however small `--chunk-size` is.
pub const MAX_CHUNKS: u64 = 1 << 16;

/// The threads worth starting for one file when `requested` are asked for: at most
/// [`JOBS_PER_CORE`] per available core and [`MAX_JOBS`] in all, at least 1.
pub fn job_cap(requested: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    requested
        .min(cores.saturating_mul(JOBS_PER_CORE))
        .clamp(1, MAX_JOBS)
}

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

/// Standard input, or the error `Bad file descriptor` when it was closed when the process
/// started (`crc-gen sum <&-`), as coreutils reports it: a broken pipeline must not read as
/// an empty input.
pub fn stdin() -> io::Result<io::StdinLock<'static>> {
    if closed_at_start() {
        return Err(io::Error::from_raw_os_error(EBADF));
    }
    Ok(io::stdin().lock())
}

/// `EBADF`, the same number on every Unix and in the C library of Windows.
const EBADF: i32 = 9;

/// Whether descriptor 0 was closed when the process started. Rust's runtime reopens a closed
/// standard descriptor on `/dev/null`, read and write, before `main`; a shell's
/// `< /dev/null` opens it read-only. So descriptor 0 on `/dev/null` open for both is taken
/// as closed (an explicit `<> /dev/null` reads the same, and is reported alike).
#[cfg(unix)]
fn closed_at_start() -> bool {
    use rustix::fs::{fcntl_getfl, OFlags};
    use std::os::fd::AsFd;
    use std::os::unix::fs::MetadataExt;
    let stdin = io::stdin();
    let fd = stdin.as_fd();
    let read_write = fcntl_getfl(fd).is_ok_and(|f| f & OFlags::RWMODE == OFlags::RDWR);
    let id = |m: std::fs::Metadata| (m.dev(), m.ino());
    let null = std::fs::metadata("/dev/null").map(id).ok();
    let on_null = fd
        .try_clone_to_owned()
        .and_then(|owned| File::from(owned).metadata())
        .is_ok_and(|m| Some(id(m)) == null);
    read_write && on_null
}

#[cfg(not(unix))]
fn closed_at_start() -> bool {
    false
}

/// The CRC of one input: standard input for `-`, else the file at `path`.
pub fn sum_path(crc: &DynCrc, path: &Path, plan: &Plan) -> io::Result<Summed> {
    if path.as_os_str() == "-" {
        sum_stream(crc, stdin()?)
    } else {
        sum_file(crc, path, &path.to_string_lossy(), plan)
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

/// What a regular file offers the summing: positional reads and its size now. A trait so
/// the size-versus-content rules can be tested on files no file system offers.
pub trait Source: Sync {
    /// Reads at `pos`, as `pread` does; 0 at the end.
    fn read_at(&self, buf: &mut [u8], pos: u64) -> io::Result<usize>;
    /// The size the file system reports now.
    fn len_now(&self) -> io::Result<u64>;
}

impl Source for File {
    fn read_at(&self, buf: &mut [u8], pos: u64) -> io::Result<usize> {
        read_at(self, buf, pos)
    }

    fn len_now(&self) -> io::Result<u64> {
        self.metadata().map(|m| m.len())
    }
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
    let summed = sum_sized(crc, &file, size, plan, &bar);
    bar.finish_and_clear();
    summed
}

/// The CRC of a regular file that reported `size` bytes when opened.
///
/// Its first `size` bytes are read (in chunks across threads when it is larger than a
/// chunk), then whatever follows (bytes appended since). A read that ends before `size`
/// is the file's end if its size is still `size`: pseudo-files (sysfs reports 4096 bytes
/// and holds 23) are summed as read, as `sha256sum` does. If the size changed, the file
/// shrank while being read, and that is an error.
pub fn sum_sized(
    crc: &DynCrc,
    src: &dyn Source,
    size: u64,
    plan: &Plan,
    bar: &ProgressBar,
) -> io::Result<Summed> {
    let ranges = if plan.jobs > 1 && size > plan.chunk {
        in_chunks(crc, src, size, plan, bar)?
    } else {
        vec![(sum_range(crc, src, 0..size, plan.read_size, bar)?, size)]
    };
    // Each chunk's CRC and the bytes it got; a short one must be the last with any bytes.
    let mut whole = Summed { crc: 0, bytes: 0 };
    let (mut ended, mut gap) = (false, false);
    for (i, &((c, got), want)) in ranges.iter().enumerate() {
        if ended {
            gap |= got > 0;
            continue;
        }
        whole = match i {
            0 => Summed { crc: c, bytes: got },
            _ => Summed {
                crc: crc.combine(whole.crc, c, got),
                bytes: whole.bytes + got,
            },
        };
        ended = got < want;
    }
    if ended {
        match src.len_now()? {
            now if now == size => {}
            now if now < size => return Err(shrank()),
            _ => return Err(changed()),
        }
    }
    // Bytes after a short chunk: no file reads like that unless it changed.
    if gap {
        return Err(changed());
    }
    // Bytes appended since the size was taken are summed too, as reading to the end would.
    let tail = sum_stream(
        crc,
        At {
            src,
            pos: whole.bytes,
        },
    )?;
    if tail.bytes == 0 {
        return Ok(whole);
    }
    Ok(Summed {
        crc: crc.combine(whole.crc, tail.crc, tail.bytes),
        bytes: whole.bytes + tail.bytes,
    })
}

/// Splits `0..size` into chunks of `plan.chunk` bytes (larger where that would make more than
/// [`MAX_CHUNKS`]) and sums them on up to `plan.jobs` threads (each takes the next unclaimed
/// chunk): never more threads than chunks, and fewer
/// when the system will not start one (this thread works too, so one always runs). Returns
/// each chunk's (CRC, bytes read) and its length, in order.
fn in_chunks(
    crc: &DynCrc,
    src: &dyn Source,
    size: u64,
    plan: &Plan,
    bar: &ProgressBar,
) -> io::Result<Vec<((u128, u64), u64)>> {
    let chunk = plan.chunk.max(size.div_ceil(MAX_CHUNKS));
    let count = usize::try_from(size.div_ceil(chunk)).map_err(io::Error::other)?;
    let range = |i: usize| {
        let start = i as u64 * chunk;
        start..(start + chunk).min(size)
    };
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let worker = || -> io::Result<Vec<(usize, (u128, u64))>> {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= count || failed.load(Ordering::Relaxed) {
                return Ok(done);
            }
            match sum_range(crc, src, range(i), plan.read_size, bar) {
                Ok(c) => done.push((i, c)),
                Err(e) => {
                    failed.store(true, Ordering::Relaxed);
                    return Err(e);
                }
            }
        }
    };
    let results = on_threads(plan.jobs.min(count), &worker, &|_| true);
    let mut crcs = vec![(0u128, 0u64); count];
    for done in results {
        for (i, c) in done? {
            crcs[i] = c;
        }
    }
    Ok(crcs
        .into_iter()
        .enumerate()
        .map(|(i, c)| {
            let r = range(i);
            (c, r.end - r.start)
        })
        .collect())
}

/// The CRC of each of `ranges` of the regular file at `path`, summed on up to `plan.jobs`
/// threads (each takes the next unclaimed range), in order: S3's parts. A range the file
/// no longer holds in full is "file changed while being read".
pub fn sum_ranges(
    crc: &DynCrc,
    path: &Path,
    ranges: &[Range<u64>],
    plan: &Plan,
) -> io::Result<Vec<u128>> {
    let file = File::open(path)?;
    let bar = progress_bar(file.metadata()?.len(), &path.to_string_lossy());
    let (next, failed) = (AtomicUsize::new(0), AtomicBool::new(false));
    let crcs = std::sync::Mutex::new(vec![0u128; ranges.len()]);
    let worker = || -> io::Result<()> {
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(r) = ranges.get(i).filter(|_| !failed.load(Ordering::Relaxed)) else {
                break;
            };
            match sum_range(crc, &file, r.clone(), plan.read_size, &bar) {
                Ok((c, got)) if got == r.end - r.start => {
                    crcs.lock().unwrap_or_else(|p| p.into_inner())[i] = c;
                }
                result => {
                    failed.store(true, Ordering::Relaxed);
                    return Err(result.err().unwrap_or_else(changed));
                }
            }
        }
        Ok(())
    };
    let results = on_threads(plan.jobs.min(ranges.len()).max(1), &worker, &|_| true);
    bar.finish_and_clear();
    results.into_iter().collect::<io::Result<()>>()?;
    Ok(crcs.into_inner().unwrap_or_else(|p| p.into_inner()))
}

/// Stack size of a summing thread: it holds no buffers (those are on the heap).
const WORKER_STACK: usize = 256 << 10;

/// Runs `worker` on this thread and on up to `threads - 1` more, and returns every run's
/// result. A thread the system will not start (or `may_start` refuses: tests) means fewer
/// threads, never a failure.
fn on_threads<T: Send>(
    threads: usize,
    worker: &(dyn Fn() -> T + Sync),
    may_start: &dyn Fn(usize) -> bool,
) -> Vec<T> {
    std::thread::scope(|s| {
        let mut handles = Vec::new();
        for i in 1..threads {
            if !may_start(i) {
                break;
            }
            let builder = std::thread::Builder::new().stack_size(WORKER_STACK);
            match builder.spawn_scoped(s, worker) {
                Ok(h) => handles.push(h),
                Err(_) => break,
            }
        }
        let mut results = vec![worker()];
        for h in handles {
            results.push(h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)));
        }
        results
    })
}

/// The CRC of the bytes of `src` in `range`, by positional reads of `read_size` bytes,
/// advancing `bar` as it goes, and the number of bytes read: fewer than the range holds
/// when the file ends first (the caller decides what that means).
fn sum_range(
    crc: &DynCrc,
    src: &dyn Source,
    range: Range<u64>,
    read_size: usize,
    bar: &ProgressBar,
) -> io::Result<(u128, u64)> {
    let mut digest = crc.digest();
    let len = (range.end - range.start).min(read_size as u64) as usize;
    let mut buf = vec![0u8; len];
    let mut pos = range.start;
    while pos < range.end {
        let want = (range.end - pos).min(len as u64) as usize;
        let n = match src.read_at(&mut buf[..want], pos) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        digest.update(&buf[..n]);
        bar.inc(n as u64);
        pos += n as u64;
    }
    Ok((digest.finalize(), pos - range.start))
}

/// A regular file that ended before the size it had when it was opened, and whose size
/// changed: truncated (by logrotate's copytruncate, say) while being read.
fn shrank() -> io::Error {
    io::Error::new(ErrorKind::UnexpectedEof, "file shrank while being read")
}

/// A regular file whose reads and size disagree in a way no steady file shows.
fn changed() -> io::Error {
    io::Error::other("file changed while being read")
}

/// A reader over a file from `pos` on, by positional reads.
struct At<'a> {
    src: &'a dyn Source,
    pos: u64,
}

impl Read for At<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.src.read_at(buf, self.pos)?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU64;

    /// A file whose reported size and content need not agree, and whose size can change.
    struct Fake {
        data: Vec<u8>,
        now: AtomicU64,
    }

    impl Source for Fake {
        fn read_at(&self, buf: &mut [u8], pos: u64) -> io::Result<usize> {
            let rest = self.data.get(pos as usize..).unwrap_or_default();
            let n = rest.len().min(buf.len());
            buf[..n].copy_from_slice(&rest[..n]);
            Ok(n)
        }

        fn len_now(&self) -> io::Result<u64> {
            Ok(self.now.load(Ordering::Relaxed))
        }
    }

    fn plan(jobs: usize, chunk: u64) -> Plan {
        Plan {
            jobs,
            chunk,
            read_size: 5,
        }
    }

    /// Reports 4096 bytes and holds 23, as sysfs files do: summed as read, on one thread or
    /// in chunks; the same short read with a changed size is "shrank".
    #[test]
    fn a_file_holding_less_than_its_size_is_summed_as_read() {
        let crc = DynCrc::from_catalog("CRC-32/ISCSI").unwrap();
        let data = b"always [madvise] never\n".to_vec();
        let want = Summed {
            crc: crc.checksum(&data),
            bytes: 23,
        };
        for p in [plan(1, 1 << 20), plan(4, 8), plan(3, 1)] {
            let fake = Fake {
                data: data.clone(),
                now: AtomicU64::new(4096),
            };
            let bar = ProgressBar::hidden();
            assert_eq!(sum_sized(&crc, &fake, 4096, &p, &bar).unwrap(), want);
            fake.now.store(23, Ordering::Relaxed);
            let err = sum_sized(&crc, &fake, 4096, &p, &bar).unwrap_err();
            assert_eq!(err.to_string(), "file shrank while being read");
        }
        // A file that grew past its size is summed to its end.
        let fake = Fake {
            data: data.clone(),
            now: AtomicU64::new(23),
        };
        let got = sum_sized(&crc, &fake, 10, &plan(2, 3), &ProgressBar::hidden()).unwrap();
        assert_eq!(got, want);
    }

    /// However many threads are asked for, at most a few per core and 256 start; one always.
    #[test]
    fn jobs_are_capped_per_core_and_in_all() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert_eq!(job_cap(1), 1);
        assert_eq!(job_cap(0), 1);
        assert_eq!(job_cap(usize::MAX), (cores * JOBS_PER_CORE).min(MAX_JOBS));
        assert_eq!(job_cap(65535), job_cap(usize::MAX));
        assert!(job_cap(65535) <= MAX_JOBS);
    }

    /// Threads the system will not start mean fewer threads, never a failure: this thread
    /// runs the work alone if need be.
    #[test]
    fn threads_that_do_not_start_mean_fewer_threads() {
        let runs = AtomicUsize::new(0);
        let worker = || runs.fetch_add(1, Ordering::Relaxed);
        for (threads, allowed, expect) in [(8, 3, 3), (8, 0, 1), (1, 8, 1), (4, 8, 4)] {
            runs.store(0, Ordering::Relaxed);
            let results = on_threads(threads, &worker, &|i| i < allowed.max(1));
            assert_eq!(results.len(), expect, "{threads} {allowed}");
            assert_eq!(runs.load(Ordering::Relaxed), expect);
        }
    }
}
