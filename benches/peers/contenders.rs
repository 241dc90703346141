//! The implementations under test, and how each is called: boxed closures (the default), or
//! with `--fn-pointers` plain `fn(&[u8]) -> u64` with the peers' state in statics, as a
//! user's code calls a CRC that it picks at run time.

use std::hint::black_box;

use crcstamp::{Backend, Crc};

/// A checksum function returning the CRC as u64, boxed with what it captured.
pub type Sum<'a> = Box<dyn Fn(&[u8]) -> u64 + 'a>;

/// How an implementation is called.
pub enum Call<'a> {
    /// Through `dyn Fn`, with its state (a peer's tables, a backend) captured.
    Boxed(Sum<'a>),
    /// Through a plain function pointer: nothing captured.
    Pointer(fn(&[u8]) -> u64),
}

/// One implementation under test.
pub struct Imp<'a> {
    pub name: String,
    pub call: Call<'a>,
}

impl Imp<'_> {
    /// One call.
    pub fn sum(&self, b: &[u8]) -> u64 {
        match &self.call {
            Call::Boxed(f) => f(b),
            Call::Pointer(f) => f(b),
        }
    }

    /// `n` calls on `buf`, the input behind `black_box` each time (the match on how it is
    /// called is outside the loop).
    pub fn repeat(&self, buf: &[u8], n: u64) {
        match &self.call {
            Call::Boxed(f) => {
                for _ in 0..n {
                    black_box(f(black_box(buf)));
                }
            }
            Call::Pointer(f) => {
                let f = black_box(*f);
                for _ in 0..n {
                    black_box(f(black_box(buf)));
                }
            }
        }
    }
}

/// A boxed implementation.
pub fn imp<'a>(name: &str, f: impl Fn(&[u8]) -> u64 + 'a) -> Imp<'a> {
    Imp {
        name: name.to_owned(),
        call: Call::Boxed(Box::new(f)),
    }
}

/// An implementation called through a function pointer.
pub fn pointer(name: &str, f: fn(&[u8]) -> u64) -> Imp<'static> {
    Imp {
        name: name.to_owned(),
        call: Call::Pointer(f),
    }
}

/// `|b| body` boxed, or with `pointers` as a function pointer (a closure that captures
/// nothing).
macro_rules! either {
    ($pointers:expr, $name:expr, |$b:ident| $body:expr) => {
        if $pointers {
            $crate::contenders::pointer($name, |$b: &[u8]| $body)
        } else {
            $crate::contenders::imp($name, |$b: &[u8]| $body)
        }
    };
}

/// `crc` 3 with slice-by-16 tables for algorithm `$alg` of register word `$w`: built once
/// and captured by a boxed closure (the default), or a static read by a function pointer.
/// The low 64 bits of a 128-bit register, as every column is compared.
macro_rules! crc_table16 {
    ($pointers:expr, $w:ty, $alg:expr) => {{
        static TABLES: crc::Crc<$w, crc::Table<16>> = crc::Crc::<$w, crc::Table<16>>::new(&$alg);
        if $pointers {
            $crate::contenders::pointer("crc T16", |b| TABLES.checksum(b) as u64)
        } else {
            let c = crc::Crc::<$w, crc::Table<16>>::new(&$alg);
            $crate::contenders::imp("crc T16", move |b| c.checksum(b) as u64)
        }
    }};
}

/// `crc-fast` on algorithm `$alg` (a `crc_fast::CrcAlgorithm`).
macro_rules! crc_fast {
    ($pointers:expr, $alg:expr) => {{
        if $pointers {
            $crate::contenders::pointer("crc-fast", |b| crc_fast::checksum($alg, b))
        } else {
            let alg = $alg;
            $crate::contenders::imp("crc-fast", move |b| crc_fast::checksum(alg, b))
        }
    }};
}

/// crcstamp's automatic path and every backend it supports here but bitwise.
pub fn ours<'a, T: Crc>(pointers: bool) -> Vec<Imp<'a>>
where
    T::Word: Into<u128>,
{
    let mut v = vec![either!(pointers, "auto", |b| T::checksum(b).into() as u64)];
    let forced = Forced::<T>::ALL;
    for (i, &backend) in Backend::all().iter().enumerate() {
        if backend != Backend::Bitwise && T::consts().supports(backend) {
            v.push(match (pointers, forced.get(i)) {
                (true, Some(&f)) => pointer(backend.name(), f),
                _ => imp(backend.name(), move |b| {
                    T::checksum_with(backend, b).map_or(0, |c| c.into() as u64)
                }),
            });
        }
    }
    v
}

/// `checksum_with` the `I`-th of `Backend::all()`, as a function.
fn forced<T: Crc, const I: usize>(b: &[u8]) -> u64
where
    T::Word: Into<u128>,
{
    T::checksum_with(Backend::all()[I], b).map_or(0, |c| c.into() as u64)
}

/// [`forced`] for each index of `Backend::all()` (the rest, if it grows past them, stay
/// boxed).
struct Forced<T>(std::marker::PhantomData<T>);
impl<T: Crc> Forced<T>
where
    T::Word: Into<u128>,
{
    const ALL: [fn(&[u8]) -> u64; 16] = [
        forced::<T, 0>,
        forced::<T, 1>,
        forced::<T, 2>,
        forced::<T, 3>,
        forced::<T, 4>,
        forced::<T, 5>,
        forced::<T, 6>,
        forced::<T, 7>,
        forced::<T, 8>,
        forced::<T, 9>,
        forced::<T, 10>,
        forced::<T, 11>,
        forced::<T, 12>,
        forced::<T, 13>,
        forced::<T, 14>,
        forced::<T, 15>,
    ];
}
/// Columns that are not this table's CRC: the fold-loop ceiling, the call floor, and for a
/// forward CRC the automatic path of a reflected one of the same width.
pub const REFERENCES: [&str; 3] = ["ceiling", "floor", "refl"];

/// For a forward (msb) CRC: crcstamp's automatic path on the reflected CRC `R` of the same
/// register width, timed in the same rounds, so that `/refl` compares the two bit orders
/// without the drift between tables on a shared machine.
pub fn refl<R: Crc>(pointers: bool) -> Imp<'static>
where
    R::Word: Into<u128>,
{
    either!(pointers, "refl", |b| R::checksum(b).into() as u64)
}

/// The harness alone: the same call on the same buffer, returning its length. No
/// implementation can beat it, so at short lengths it bounds every ratio: an implementation
/// taking `t` against a peer taking `p` is at most `p / floor` faster.
pub fn floor(pointers: bool) -> Imp<'static> {
    either!(pointers, "floor", |b| b.len() as u64)
}

pub fn ceiling(pointers: bool) -> Option<Imp<'static>> {
    crate::ceiling::available()
        .then(|| either!(pointers, "ceiling", |b| crate::ceiling::fold_loop(b)))
}
