//! The instruction sets, one folder each: `isa/<arch>/` holds the primitives the generic
//! kernels run on (`primitives.rs`: intrinsics, or the `asm!` of one instruction), the entry
//! points that instantiate the bodies of `fold.rs`, `fusion.rs` and `hwcrc.rs` with the
//! `#[target_feature]`s they need (`mod.rs`), and what the CPU offers (`detect.rs` where it
//! is more than a few lines), all behind one trait, [`Isa`], whose defaults stand for what an
//! instruction set lacks. [`Host`] is the instruction set of the build's target, picked once,
//! by the registration list at the end of this file. `pair/` holds the two-qword lane of the
//! instruction sets that multiply in general registers, `emulated/` the primitives and
//! kernels in plain Rust that the test suites run on any CPU.
//!
//! Adding an instruction set: `spec/engine.md`, "Adding an ISA".

use crate::backend::{Backend, RouteStep};
use crcstamp_layout::{FoldConsts, HwCrc};

/// Whether the CPU has the extension `$f`: at run time with `std` (`$detect`, std's macro
/// for the architecture), from the compile-time target features without. (Unused where
/// nothing is detected: the targets without kernels, and powerpc64's auxiliary vector.)
#[cfg(feature = "std")]
#[allow(unused_macros)]
macro_rules! detected {
    ($detect:ident, $f:tt) => {
        std::arch::$detect!($f)
    };
}
#[cfg(not(feature = "std"))]
#[allow(unused_macros)]
macro_rules! detected {
    ($detect:ident, $f:tt) => {
        cfg!(target_feature = $f)
    };
}

/// The items of `Vector` that every 128-bit vector, one lane, has alike: its block, and
/// itself as its lane and its half (`widen`, `low_lane`; `halves` never runs). (Unused on
/// the targets without kernels.)
#[allow(unused_macros)]
macro_rules! one_lane {
    () => {
        type Block = [u8; 16];
        type Lane = Self;
        type Half = Self;
        const BYTES: usize = 16;

        #[cfg_attr(debug_assertions, inline)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        fn blocks(bytes: &[u8]) -> (&[[u8; 16]], &[u8]) {
            bytes.as_chunks()
        }
        #[cfg_attr(debug_assertions, inline)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        unsafe fn widen(lane: Self) -> Self {
            lane
        }
        #[cfg_attr(debug_assertions, inline)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        unsafe fn low_lane(self) -> Self {
            self
        }
        #[cfg_attr(debug_assertions, inline)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        unsafe fn halves(self) -> (Self, Self) {
            unreachable!("a 128-bit vector is one lane")
        }
    };
}

/// Two entry points of one fold body for each line, one per bit order (`lsb` and `msb`),
/// each the code a generic instantiation would be, with no test of the order at entry.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
macro_rules! by_order {
    ($(
        $(#[doc = $doc:literal])*
        #[target_feature(enable = $features:literal)]
        fn $lsb:ident / $msb:ident = $body:ident::<$v:ty, _ $(, $arg:tt)*>;
    )+) => {$(
        $(#[doc = $doc])*
        #[target_feature(enable = $features)]
        unsafe fn $lsb(f: &FoldConsts, width: u32, reg: u64, bytes: &[u8]) -> u64 {
            // SAFETY: our features are the body's requirement.
            unsafe { $body::<$v, true $(, $arg)*>(f, width, reg, bytes) }
        }
        $(#[doc = $doc])*
        #[target_feature(enable = $features)]
        unsafe fn $msb(f: &FoldConsts, width: u32, reg: u64, bytes: &[u8]) -> u64 {
            // SAFETY: as above.
            unsafe { $body::<$v, false $(, $arg)*>(f, width, reg, bytes) }
        }
    )+};
}

/// [`Isa::fold_reflected`] and [`Isa::fusion`] in an `impl Isa`, their signatures written
/// once, here: the body sees the parameters by the names (or `_`) listed before it.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64", feature = "emulated"))]
macro_rules! signed {
    (
        $(#[$attr:meta])*
        fn fold_reflected |$b:pat_param, $ahead:pat_param, $aligned:pat_param, $twin:pat_param, $width:pat_param, $reg:pat_param, $bytes:pat_param| $body:block
    ) => {
        $(#[$attr])*
        fn fold_reflected(
            $b: Backend,
            $ahead: bool,
            $aligned: bool,
            $twin: &FoldConsts,
            $width: u32,
            $reg: u64,
            $bytes: &[u8],
        ) -> u64 $body
    };
    (
        $(#[$attr:meta])*
        fn fusion |$hw:pat_param, $step:pat_param, $f:pat_param, $state:pat_param, $bytes:pat_param| $body:block
    ) => {
        $(#[$attr])*
        fn fusion<'a>(
            $hw: HwCrc,
            $step: &RouteStep,
            $f: &FoldConsts,
            $state: u32,
            $bytes: &'a [u8],
        ) -> (u32, &'a [u8]) $body
    };
}

/// [`Isa::fold`] in an `impl Isa`: each folding kernel `$backend` to its two entry points
/// (`$lsb` for lsb CRCs, `$msb` for msb ones), picked by the const parameter, and for a
/// kernel that aligns its loads (`Isa::aligns_from`) the two that do, picked by the step's
/// `aligned`.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
macro_rules! fold_by_backend {
    ($($backend:ident => $lsb:path, $msb:path $(, aligned $alsb:path, $amsb:path)?;)+) => {
        #[inline(always)]
        fn fold<const LSB: bool>(
            backend: Backend,
            aligned: bool,
            f: &FoldConsts,
            width: u32,
            reg: u64,
            bytes: &[u8],
        ) -> u64 {
            // SAFETY (every arm): `backend` is available, so detection checked every
            // extension its entry point enables.
            unsafe {
                match (backend, LSB, aligned) {
                    $(
                        $(
                            (Backend::$backend, true, true) => $alsb(f, width, reg, bytes),
                            (Backend::$backend, false, true) => $amsb(f, width, reg, bytes),
                        )?
                        (Backend::$backend, true, _) => $lsb(f, width, reg, bytes),
                        (Backend::$backend, false, _) => $msb(f, width, reg, bytes),
                    )+
                    _ => unreachable!("not a folding backend of this architecture: {backend:?}"),
                }
            }
        }
    };
}

/// What the engine asks of an instruction set: what the CPU offers, the plan's lengths
/// that differ per instruction set, and the kernels' safe entries, which take every choice
/// the route made (the kernel, the shape, reading ahead, three streams) as arguments and
/// look nothing up. The defaults are an instruction set without accelerated kernels: it
/// offers none, so the route never calls the entries that are unreachable there
/// (`spec/engine.md`, "Adding an ISA").
pub(crate) trait Isa {
    /// The extensions [`features`](Self::features) lists.
    type Features: Copy + core::fmt::Debug + Eq + AsRef<[(&'static str, bool)]>;

    /// The folding kernels, best first (`plan::FOLDING_ORDER`).
    const FOLDING_ORDER: &'static [Backend] = &[];

    /// Below this many bytes a CRC without an instruction of its own runs on the tables
    /// (`plan::FOLD_MIN`): one slice-16 block, measured on x86_64 and aarch64.
    const FOLD_MIN: usize = 17;

    /// Every extension [`has`](Self::has) asks for, and whether this CPU has it (the
    /// engine's own test, not `CRCSTAMP_DISABLE`'s), for `detect::identity`.
    fn features() -> Self::Features;

    /// Whether this CPU has every extension the kernel `backend` uses.
    fn has(backend: Backend) -> bool {
        let _ = backend;
        false
    }

    /// GFNI (or what stands for it), for the reflected run of msb CRCs (`plan::runs_reflected`).
    fn has_gfni() -> bool {
        false
    }

    /// Runs the folding kernel `backend` on `bytes` (at least 16) from the register `reg` in
    /// the kernels' layout, its loads aligned where `aligned` (`RouteStep::aligned`).
    /// `backend` must be available here.
    fn fold<const LSB: bool>(
        backend: Backend,
        _: bool,
        _: &FoldConsts,
        _: u32,
        _: u64,
        _: &[u8],
    ) -> u64 {
        unreachable!("no folding kernel on this target: {backend:?}")
    }

    /// [`fold`](Self::fold) for the CRC of `hw`'s instruction, reduced by it instead of
    /// Barrett (`fold::ByInstruction`); `None` where no entry does. The instruction must be
    /// available.
    #[inline(always)]
    fn fold_by_instruction(
        _: Backend,
        _: bool,
        _: HwCrc,
        _: &FoldConsts,
        _: u64,
        _: &[u8],
    ) -> Option<u64> {
        None
    }

    /// Whether [`fold_by_instruction`](Self::fold_by_instruction) has an entry for `backend`
    /// and `hw`.
    fn reduces_by_instruction(_: Backend, _: HwCrc) -> bool {
        false
    }

    /// From which length `backend`'s entries aligned loads pay (`by_instruction`: the entry
    /// reduced by the instruction), where it has them.
    fn aligns_from(_: Backend, _: bool) -> Option<usize> {
        None
    }

    /// Whether `backend` runs `len` bytes with its loads aligned: the step's `aligned`, which
    /// the kernel's entry takes as given.
    #[inline(always)]
    fn aligns(backend: Backend, by_instruction: bool, len: usize) -> bool {
        Self::aligns_from(backend, by_instruction).is_some_and(|from| len >= from)
    }

    /// [`fold`](Self::fold) for an msb CRC run reflected over bit-reversed bytes: `twin` are
    /// the constants of the lsb CRC of the same polynomial; `reg`, in and out, the msb
    /// register; `ahead`: reading `shapes::AHEAD` bytes ahead, where the entry can;
    /// `aligned` as for [`fold`](Self::fold).
    fn fold_reflected(
        b: Backend,
        ahead: bool,
        aligned: bool,
        twin: &FoldConsts,
        _: u32,
        _: u64,
        _: &[u8],
    ) -> u64 {
        let _ = (ahead, aligned, twin);
        unreachable!("no folding kernel on this target: {b:?}")
    }

    /// Fusion over the blocks at the start of `bytes` (`hw`'s instruction with the fold) in
    /// the shape of `step` (its width, `fusion_wide`, `reads_ahead`), returning the register
    /// and the rest. Fusion must be available here.
    fn fusion<'a>(
        hw: HwCrc,
        step: &RouteStep,
        f: &FoldConsts,
        state: u32,
        bytes: &'a [u8],
    ) -> (u32, &'a [u8]) {
        let _ = (hw, step, f, state, bytes);
        unreachable!("no fusion kernel on this target")
    }

    /// `hw`'s instruction on `bytes`, as three streams where `three` (the CPU has a
    /// carry-less multiply to join them). The instruction must be available.
    fn hw(hw: HwCrc, three: bool, state: u32, bytes: &[u8]) -> u32 {
        let _ = (hw, three, state, bytes);
        unreachable!("no CRC instructions on this target")
    }
}

/// Declares the folder of the target's instruction set and makes it [`Host`], or
/// `Portable` (every default) on any other target. `lanes`: on vectors of their own, each
/// its `Isa`; `pairs`: on the two-qword lanes of `pair/`, each its `PairIsa`.
macro_rules! register {
    (
        lanes: $($arch:literal => $module:ident::$isa:ident,)*
        pairs: $($pair_arch:literal => $pair_module:ident::$pair_isa:ident,)*
    ) => {
        $(
            #[cfg(target_arch = $arch)]
            pub(crate) mod $module;
            /// The instruction set of this build's target.
            #[cfg(target_arch = $arch)]
            pub(crate) type Host = $module::$isa;
        )*
        $(
            #[cfg(target_arch = $pair_arch)]
            pub(crate) mod $pair_module;
            /// The instruction set of this build's target.
            #[cfg(target_arch = $pair_arch)]
            pub(crate) type Host = pair::kernels::OnPairs<$pair_module::$pair_isa>;
        )*
        #[cfg(any($(target_arch = $pair_arch),*))]
        mod pair;
        /// The instruction set of this build's target: none with accelerated kernels.
        #[cfg(not(any($(target_arch = $arch,)* $(target_arch = $pair_arch),*)))]
        pub(crate) type Host = Portable;
        /// The targets without accelerated kernels (32-bit x86, Arm M-profile, wasm): every
        /// default, and nothing to detect.
        #[cfg(not(any($(target_arch = $arch,)* $(target_arch = $pair_arch),*)))]
        pub(crate) struct Portable;
        #[cfg(not(any($(target_arch = $arch,)* $(target_arch = $pair_arch),*)))]
        impl Isa for Portable {
            type Features = [(&'static str, bool); 0];
            fn features() -> Self::Features {
                []
            }
        }
    };
}

#[cfg(feature = "emulated")]
pub(crate) mod emulated;

// One line an instruction set.
register! {
    lanes:
    "x86_64" => x86_64::X86_64,
    "aarch64" => aarch64::Aarch64,
    pairs:
    "riscv64" => riscv64::Zbc,
    "s390x" => s390x::Vgfm,
    "powerpc64" => powerpc64::Vpmsum,
}
