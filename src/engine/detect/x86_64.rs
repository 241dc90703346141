//! An x86_64 CPU's routing family, from CPUID's vendor, family and model, and whether it has
//! AVX-512 (`Isa::has`); its extensions are `isa/x86_64/`'s.

#[cfg(not(miri))]
use crate::backend::Backend;
#[cfg(not(miri))]
use crate::engine::isa::{Host, Isa};
use crate::engine::plan::Family;

/// Intel family 6 models that downclock for 512-bit vectors, as Linux lists them
/// (`zmm_exclusion_list`, X86_FEATURE_PREFER_YMM): Skylake-X, Ice Lake (server, D, client,
/// NNPI), Tiger Lake. Later models (Rocket Lake, Sapphire Rapids and on) are not listed.
const PREFER_YMM_MODELS: [u32; 8] = [0x55, 0x6a, 0x6c, 0x7d, 0x7e, 0x9d, 0x8c, 0x8d];

/// Intel family 6 model 0xa7: Rocket Lake (Cypress Cove cores), with a profile of its own.
const ROCKET_LAKE_MODEL: u32 = 0xa7;

/// The family from CPUID's vendor, family and model.
#[cfg(not(miri))]
pub(super) fn family() -> Family {
    let (vendor, signature) = crate::engine::isa::x86_64::primitives::cpuid_vendor_signature();
    let (family, model, _) = family_model_stepping(signature);
    let is = |name: &[u8; 12]| &vendor == name;
    let zmm = Host::has(Backend::Vpclmul512);
    if is(b"GenuineIntel") && zmm && !(family == 6 && PREFER_YMM_MODELS.contains(&model)) {
        match family == 6 && model == ROCKET_LAKE_MODEL {
            true => const { Family::named("rocketlake") },
            false => const { Family::named("intel") },
        }
    } else if is(b"AuthenticAMD") && family == 0x19 && zmm {
        // Zen 4: Zen 3 shares the family without AVX-512; Zen 5 is 0x1a.
        const { Family::named("zen4") }
    } else if (is(b"AuthenticAMD") || is(b"HygonGenuine")) && family >= 0x19 {
        const { Family::named("amd") }
    } else {
        Family::GENERIC
    }
}

/// The display family, model and stepping of CPUID's processor signature (leaf 1, EAX): the
/// extended family is added where the base family is 0xf, and the extended model is the
/// model's high nibble for families 6 and 0xf, as Intel's and AMD's manuals define them.
#[cfg_attr(miri, allow(dead_code))]
pub(super) fn family_model_stepping(signature: u32) -> (u32, u32, u32) {
    let base = (signature >> 8) & 0xf;
    let family = if base == 0xf {
        base + ((signature >> 20) & 0xff)
    } else {
        base
    };
    let model = if base == 0x6 || base == 0xf {
        ((signature >> 4) & 0xf) | ((signature >> 12) & 0xf0)
    } else {
        (signature >> 4) & 0xf
    };
    (family, model, signature & 0xf)
}

/// Miri cannot run CPUID (inline assembly); it offers no accelerated kernels either, so no
/// family's thresholds matter there.
#[cfg(miri)]
pub(super) fn family() -> Family {
    let _ = (PREFER_YMM_MODELS, ROCKET_LAKE_MODEL);
    Family::GENERIC
}
