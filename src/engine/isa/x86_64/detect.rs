//! What an x86_64 CPU offers: its extensions (detected at run time with `std`, from the
//! compile-time target features without). Its routing family is `detect/x86_64.rs`'s.

use crate::backend::Backend;

macro_rules! has {
    ($f:tt) => {
        detected!(is_x86_feature_detected, $f)
    };
}

/// Every instruction set extension the kernel `b` uses.
pub(super) fn has(b: Backend) -> bool {
    let clmul128 = has!("pclmulqdq") && has!("sse4.1") && has!("ssse3");
    let clmul256 = clmul128 && has!("vpclmulqdq") && has!("avx2");
    match b {
        Backend::Pclmul => clmul128,
        Backend::Vpclmul256 => clmul256,
        Backend::Vpclmul512 => {
            clmul256
                && has!("avx512f")
                && has!("avx512vl")
                && has!("avx512bw")
                && has!("avx512vbmi")
        }
        Backend::HwCrc => has!("sse4.2"),
        Backend::Fusion => clmul256 && has!("sse4.2"),
        _ => false,
    }
}

/// GFNI, for the reflected run of msb CRCs on 512-bit vectors.
pub(super) fn has_gfni() -> bool {
    has!("gfni")
}

/// The extensions of [`features`], each with whether this CPU has it.
pub(super) type Features = [(&'static str, bool); 11];

/// Every extension [`has()`] asks for, and whether this CPU has it (the engine's own test,
/// not `CRCSTAMP_DISABLE`'s), for `engine::detect::identity`.
pub(super) fn features() -> Features {
    [
        ("sse4.2", has!("sse4.2")),
        ("ssse3", has!("ssse3")),
        ("sse4.1", has!("sse4.1")),
        ("pclmulqdq", has!("pclmulqdq")),
        ("avx2", has!("avx2")),
        ("vpclmulqdq", has!("vpclmulqdq")),
        ("avx512f", has!("avx512f")),
        ("avx512vl", has!("avx512vl")),
        ("avx512bw", has!("avx512bw")),
        ("avx512vbmi", has!("avx512vbmi")),
        ("gfni", has!("gfni")),
    ]
}
