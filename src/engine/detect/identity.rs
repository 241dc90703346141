//! Which CPU this is, for a measurement to name the machine it ran on: CPUID's vendor,
//! signature and brand string on x86_64, and on every target the extensions the kernels use.

use crate::engine::isa::{Host, Isa};

/// The CPU this program runs on ([`cpu_identity`]): CPUID's vendor, family, model, stepping
/// and brand string on x86_64 (`None` elsewhere, and under Miri), and the instruction set
/// extensions the kernels use, each with whether the CPU has it, whatever `CRCSTAMP_DISABLE`
/// or `CRCSTAMP_MAX_TIER` say. `crc-gen route --measure` writes it beside its timings.
///
/// ```
/// let cpu = crcstamp::cpu_identity();
/// if cfg!(all(target_arch = "x86_64", not(miri))) {
///     assert!(!cpu.vendor().unwrap().is_empty());
///     assert!(cpu.family().is_some() && cpu.model().is_some());
///     assert!(cpu.features().iter().any(|&(name, _)| name == "pclmulqdq"));
/// } else {
///     assert_eq!(cpu.vendor(), None);
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CpuIdentity {
    /// CPUID's vendor string (leaf 0) and signature (leaf 1, EAX), where there is CPUID.
    cpuid: Option<([u8; 12], u32)>,
    /// CPUID's brand string, NUL-padded, where the CPU has its leaves.
    brand: Option<[u8; 48]>,
    features: <Host as Isa>::Features,
}

impl CpuIdentity {
    /// CPUID's vendor string, e.g. `GenuineIntel` or `AuthenticAMD`.
    ///
    /// ```
    /// let cpu = crcstamp::cpu_identity();
    /// assert!(cpu.vendor().is_none_or(|v| v.is_ascii()));
    /// ```
    pub fn vendor(&self) -> Option<&str> {
        self.cpuid.as_ref().map(|(vendor, _)| text(vendor))
    }

    /// CPUID's brand string, trimmed, e.g. `AMD EPYC 7B13 64-Core Processor`.
    ///
    /// ```
    /// if let Some(brand) = crcstamp::cpu_identity().brand() {
    ///     assert_eq!(brand, brand.trim());
    /// }
    /// ```
    pub fn brand(&self) -> Option<&str> {
        self.brand.as_ref().map(|b| text(b).trim())
    }

    /// The display family (base family plus extended family where the base is 0xf), e.g.
    /// 0x19 for AMD Zen 3 and Zen 4, 6 for most Intel cores.
    ///
    /// ```
    /// let cpu = crcstamp::cpu_identity();
    /// assert_eq!(cpu.family().is_some(), cpu.vendor().is_some());
    /// ```
    pub fn family(&self) -> Option<u32> {
        self.fields().map(|(family, _, _)| family)
    }

    /// The display model (with the extended model for families 6 and 0xf).
    ///
    /// ```
    /// let cpu = crcstamp::cpu_identity();
    /// assert!(cpu.model().is_none_or(|m| m <= 0xff));
    /// ```
    pub fn model(&self) -> Option<u32> {
        self.fields().map(|(_, model, _)| model)
    }

    /// The stepping (CPUID leaf 1, EAX bits 0–3).
    ///
    /// ```
    /// let cpu = crcstamp::cpu_identity();
    /// assert!(cpu.stepping().is_none_or(|s| s <= 0xf));
    /// ```
    pub fn stepping(&self) -> Option<u32> {
        self.fields().map(|(_, _, stepping)| stepping)
    }

    /// Each instruction set extension the kernels use on this architecture, with whether
    /// the CPU has it (on x86_64 `sse4.2`, `pclmulqdq`, `avx512f`, `gfni` and the rest; on
    /// aarch64 `pmull`, `sha3` and `crc`; empty elsewhere).
    ///
    /// ```
    /// let cpu = crcstamp::cpu_identity();
    /// let names: Vec<_> = cpu.features().iter().map(|&(name, _)| name).collect();
    /// if cfg!(target_arch = "aarch64") {
    ///     assert_eq!(names, ["pmull", "sha3", "crc"]);
    /// }
    /// ```
    pub fn features(&self) -> &[(&'static str, bool)] {
        self.features.as_ref()
    }

    fn fields(&self) -> Option<(u32, u32, u32)> {
        #[cfg(all(target_arch = "x86_64", not(miri)))]
        return self
            .cpuid
            .map(|(_, signature)| super::x86_64::family_model_stepping(signature));
        #[cfg(not(all(target_arch = "x86_64", not(miri))))]
        None
    }
}

/// The bytes up to the first NUL, or nothing where they are not UTF-8 (CPUID's strings are
/// ASCII).
fn text(bytes: &[u8]) -> &str {
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    core::str::from_utf8(&bytes[..end]).unwrap_or("")
}

/// The CPU this program runs on: see [`CpuIdentity`]. Not on the hot path: it asks the CPU
/// each time it is called.
///
/// ```
/// let cpu = crcstamp::cpu_identity();
/// println!("{:?} {:?}", cpu.vendor(), cpu.brand());
/// ```
pub fn cpu_identity() -> CpuIdentity {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    let (cpuid, brand) = {
        use crate::engine::isa::x86_64::primitives::{cpuid_brand, cpuid_vendor_signature};
        (Some(cpuid_vendor_signature()), cpuid_brand())
    };
    #[cfg(not(all(target_arch = "x86_64", not(miri))))]
    let (cpuid, brand) = (None, None);
    CpuIdentity {
        cpuid,
        brand,
        features: Host::features(),
    }
}

#[cfg(all(
    test,
    feature = "std",
    target_os = "linux",
    target_arch = "x86_64",
    not(miri)
))]
mod tests {
    use std::string::ToString;
    use std::vec::Vec;

    /// CPUID's fields as Linux decodes them in `/proc/cpuinfo`, from its first processor.
    #[test]
    fn agrees_with_proc_cpuinfo() {
        let Ok(info) = std::fs::read_to_string("/proc/cpuinfo") else {
            return;
        };
        let field = |key: &str| {
            info.lines()
                .take_while(|l| !l.trim().is_empty())
                .find_map(|l| {
                    let (k, v) = l.split_once(':')?;
                    (k.trim() == key).then(|| v.trim().to_string())
                })
                .unwrap()
        };
        let cpu = super::cpu_identity();
        assert_eq!(cpu.vendor().unwrap(), field("vendor_id"));
        assert_eq!(cpu.family().unwrap().to_string(), field("cpu family"));
        assert_eq!(cpu.model().unwrap().to_string(), field("model"));
        assert_eq!(cpu.stepping().unwrap().to_string(), field("stepping"));
        assert_eq!(cpu.brand().unwrap(), field("model name"));
        let flags = field("flags");
        let flags: Vec<&str> = flags.split(' ').collect();
        for &(name, has) in cpu.features() {
            // Linux writes SSE4's names with an underscore.
            let linux = name.replace("sse4.", "sse4_");
            assert_eq!(flags.contains(&linux.as_str()), has, "{name}");
        }
    }
}
