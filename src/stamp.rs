//! The impls every stamped type gets, written once here instead of in every expansion.
//!
//! `crc-gen`'s emitter (behind both the `#[crc]` macro and `generated/`) writes the struct and
//! its data, then invokes [`__stamp!`](crate::__stamp) for the behaviour.

/// Implements [`Crc`](crate::Crc), the inherent API, `Clone`, `Copy`, `Debug`, `Default`,
/// `Hasher`, (with `std`) `io::Write` and (with `digest`) the RustCrypto traits for a stamped
/// struct `$name { state: $word }`.
#[doc(hidden)]
#[macro_export]
macro_rules! __stamp {
    ($name:ident, $word:ty, $model:expr, $consts:path) => {
        impl $crate::Crc for $name {
            type Word = $word;
            const MODEL: $crate::StampedModel<$word> = $model;
            #[inline(always)]
            fn consts() -> &'static $crate::Consts<'static, $word> {
                &$consts
            }
            #[inline(always)]
            fn __from_state(state: $word) -> Self {
                $name { state }
            }
            #[inline(always)]
            fn __state(&self) -> $word {
                self.state
            }
        }

        #[allow(dead_code)]
        impl $name {
            /// The model, with its check and residue.
            pub const MODEL: $crate::StampedModel<$word> = <Self as $crate::Crc>::MODEL;
            /// The CRC of ASCII `123456789`.
            pub const CHECK: $word = Self::MODEL.check;

            /// A digest in its initial state.
            #[inline]
            pub fn new() -> Self {
                <Self as $crate::Crc>::new()
            }
            /// Feeds bytes; any split of a message gives the same result as the whole.
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            pub fn update(&mut self, bytes: &[u8]) {
                <Self as $crate::Crc>::update(self, bytes)
            }
            /// The CRC of everything fed so far (the digest stays usable).
            #[inline]
            pub fn finalize(&self) -> $word {
                <Self as $crate::Crc>::finalize(self)
            }
            /// Back to the initial state.
            #[inline]
            pub fn reset(&mut self) {
                <Self as $crate::Crc>::reset(self)
            }
            /// The CRC of `bytes` in one call.
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            pub fn checksum(bytes: &[u8]) -> $word {
                <Self as $crate::Crc>::checksum(bytes)
            }
            /// The CRC of `bytes`, computable in a `const` item (slice-by-1 on the stamped
            /// table, bit by bit where none is stamped); at run time
            /// [`checksum`](Self::checksum) is the fast one, with the same result.
            pub const fn checksum_const(bytes: &[u8]) -> $word {
                $crate::__private::ConstEval::<$word>::checksum(&$consts, bytes)
            }
            /// The CRC of A‖B from `crc(A)`, `crc(B)` and `len(B)`, in O(log len_b); bits
            /// above the width in the inputs are ignored.
            #[inline]
            pub fn combine(crc_a: $word, crc_b: $word, len_b: u64) -> $word {
                <Self as $crate::Crc>::combine(crc_a, crc_b, len_b)
            }
            /// The CRC of `bytes` on exactly `backend`, `None` where it is unavailable.
            #[inline]
            pub fn checksum_with(backend: $crate::Backend, bytes: &[u8]) -> Option<$word> {
                <Self as $crate::Crc>::checksum_with(backend, bytes)
            }
            /// The backend `checksum` and `update` use here.
            #[inline]
            pub fn backend() -> $crate::Backend {
                <Self as $crate::Crc>::backend()
            }
            /// The generated tables and constants this type runs on.
            #[inline]
            pub fn consts() -> &'static $crate::Consts<'static, $word> {
                <Self as $crate::Crc>::consts()
            }
        }

        impl ::core::clone::Clone for $name {
            #[inline]
            fn clone(&self) -> Self {
                *self
            }
        }
        impl ::core::marker::Copy for $name {}

        impl ::core::default::Default for $name {
            #[inline]
            fn default() -> Self {
                <Self as $crate::Crc>::new()
            }
        }

        impl ::core::fmt::Debug for $name {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.debug_struct(::core::stringify!($name))
                    .field(
                        "crc",
                        &$crate::__private::Hex(<Self as $crate::Crc>::finalize(self)),
                    )
                    .finish()
            }
        }

        /// `finish` returns the current CRC widened to `u64`; for widths above 64, its low
        /// 64 bits (see [`Crc`](crate::Crc), "Hasher").
        impl ::core::hash::Hasher for $name {
            #[inline]
            fn write(&mut self, bytes: &[u8]) {
                <Self as $crate::Crc>::update(self, bytes)
            }
            #[inline]
            fn finish(&self) -> u64 {
                $crate::Word::low_u64(<Self as $crate::Crc>::finalize(self))
            }
        }

        $crate::__impl_write!($name);
        $crate::__impl_digest!($name, $model);
    };
}

/// `io::Write` for a stamped type when crcstamp's `std` feature is on.
#[cfg(feature = "std")]
#[doc(hidden)]
#[macro_export]
macro_rules! __impl_write {
    ($name:ident) => {
        impl $crate::__private::std::io::Write for $name {
            #[inline]
            fn write(&mut self, buf: &[u8]) -> $crate::__private::std::io::Result<usize> {
                <Self as $crate::Crc>::update(self, buf);
                Ok(buf.len())
            }
            #[inline]
            fn flush(&mut self) -> $crate::__private::std::io::Result<()> {
                Ok(())
            }
        }
    };
}

/// Without `std` there is no `io::Write` to implement.
#[cfg(not(feature = "std"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __impl_write {
    ($name:ident) => {};
}

/// The RustCrypto `digest` traits for a stamped type when crcstamp's `digest` feature is on:
/// with `Default` and `Clone`, they give it `Digest` and `DynDigest` (blanket impls). The
/// output is the CRC big-endian in the width's whole bytes, its size a type-level number
/// computed from the model's width.
#[cfg(feature = "digest")]
#[doc(hidden)]
#[macro_export]
macro_rules! __impl_digest {
    ($name:ident, $model:expr) => {
        impl $crate::__private::digest::HashMarker for $name {}
        impl $crate::__private::digest::OutputSizeUser for $name {
            type OutputSize =
                $crate::__private::digest::typenum::U<{ ($model).width.div_ceil(8) as usize }>;
        }
        impl $crate::__private::digest::Update for $name {
            #[inline]
            fn update(&mut self, data: &[u8]) {
                <Self as $crate::Crc>::update(self, data)
            }
        }
        impl $crate::__private::digest::FixedOutput for $name {
            #[inline]
            fn finalize_into(self, out: &mut $crate::__private::digest::Output<Self>) {
                $crate::__private::be_bytes(<Self as $crate::Crc>::finalize(&self), out)
            }
        }
        impl $crate::__private::digest::Reset for $name {
            #[inline]
            fn reset(&mut self) {
                <Self as $crate::Crc>::reset(self)
            }
        }
        impl $crate::__private::digest::FixedOutputReset for $name {
            #[inline]
            fn finalize_into_reset(&mut self, out: &mut $crate::__private::digest::Output<Self>) {
                $crate::__private::be_bytes(<Self as $crate::Crc>::finalize(self), out);
                <Self as $crate::Crc>::reset(self)
            }
        }
    };
}

/// Without `digest` there are no RustCrypto traits to implement.
#[cfg(not(feature = "digest"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __impl_digest {
    ($name:ident, $model:expr) => {};
}
