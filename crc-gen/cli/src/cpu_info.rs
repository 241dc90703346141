//! The CPU a measurement ran on, as `route --measure` records it: CPUID's identity on x86_64
//! (from crcstamp, which holds the one call that needs `unsafe`), and on other Linux targets
//! the identifying lines of `/proc/cpuinfo` (on aarch64 the fields of MIDR_EL1).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// `/proc/cpuinfo`'s keys that name an Arm core (MIDR_EL1's fields) or any CPU by name.
const CPUINFO_KEYS: [&str; 7] = [
    "CPU implementer",
    "CPU architecture",
    "CPU variant",
    "CPU part",
    "CPU revision",
    "model name",
    "Model name",
];

/// Which CPU, and what of it the kernels use.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CpuInfo {
    /// `std::env::consts::ARCH` and `OS` of the build that measured.
    pub arch: String,
    pub os: String,
    /// CPUID's vendor, display family and model, stepping and brand string (x86_64 only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vendor: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub family: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stepping: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub brand: Option<String>,
    /// Each extension the kernels use, and whether the CPU has it.
    pub features: BTreeMap<String, bool>,
    /// The lines of `/proc/cpuinfo`'s first processor that identify it, off x86_64.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub cpuinfo: BTreeMap<String, String>,
    /// Logical CPUs this process may run on.
    pub logical_cpus: usize,
}

impl CpuInfo {
    /// This machine's.
    pub fn here() -> CpuInfo {
        let id = crcstamp::cpu_identity();
        let cpuinfo = match id.vendor() {
            Some(_) => BTreeMap::new(),
            None => std::fs::read_to_string("/proc/cpuinfo")
                .map(|text| identifying_lines(&text))
                .unwrap_or_default(),
        };
        CpuInfo {
            arch: std::env::consts::ARCH.into(),
            os: std::env::consts::OS.into(),
            vendor: id.vendor().map(String::from),
            family: id.family(),
            model: id.model(),
            stepping: id.stepping(),
            brand: id.brand().map(String::from),
            features: id
                .features()
                .iter()
                .map(|&(name, has)| (name.to_string(), has))
                .collect(),
            cpuinfo,
            logical_cpus: std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }

    /// One line for people: `GenuineIntel family 0x6 model 0xa7 stepping 1, Intel(R) Xeon(R)
    /// Processor (x86_64, 2 logical CPUs)`.
    pub fn describe(&self) -> String {
        let mut words: Vec<String> = self.vendor.iter().cloned().collect();
        for (name, value) in [("family", self.family), ("model", self.model)] {
            words.extend(value.map(|x| format!("{name} {x:#x}")));
        }
        words.extend(self.stepping.map(|s| format!("stepping {s}")));
        let mut fields: Vec<String> = Some(words.join(" "))
            .filter(|w| !w.is_empty())
            .into_iter()
            .collect();
        fields.extend(self.brand.iter().cloned());
        fields.extend(self.cpuinfo.iter().map(|(k, v)| format!("{k} {v}")));
        if fields.is_empty() {
            fields.push("an unidentified CPU".into());
        }
        format!(
            "{} ({}, {} logical CPUs)",
            fields.join(", "),
            self.arch,
            self.logical_cpus
        )
    }
}

/// [`CPUINFO_KEYS`]' lines from the first processor's block of `/proc/cpuinfo`.
fn identifying_lines(text: &str) -> BTreeMap<String, String> {
    text.lines()
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| {
            let (key, value) = l.split_once(':')?;
            let key = key.trim();
            CPUINFO_KEYS
                .contains(&key)
                .then(|| (key.to_string(), value.trim().to_string()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CPUID's fields in the manuals' notation, then the brand; without any, says so.
    #[test]
    fn describes_what_it_knows() {
        let mut cpu = CpuInfo {
            arch: "x86_64".into(),
            os: "linux".into(),
            vendor: Some("AuthenticAMD".into()),
            family: Some(0x19),
            model: Some(0x11),
            stepping: Some(1),
            brand: Some("AMD EPYC 9R14 96-Core Processor".into()),
            features: BTreeMap::new(),
            cpuinfo: BTreeMap::new(),
            logical_cpus: 8,
        };
        assert_eq!(
            cpu.describe(),
            "AuthenticAMD family 0x19 model 0x11 stepping 1, AMD EPYC 9R14 96-Core Processor \
             (x86_64, 8 logical CPUs)"
        );
        (cpu.vendor, cpu.family, cpu.model, cpu.stepping, cpu.brand) =
            (None, None, None, None, None);
        cpu.arch = "riscv64".into();
        assert_eq!(
            cpu.describe(),
            "an unidentified CPU (riscv64, 8 logical CPUs)"
        );
    }

    /// An Arm core's block: MIDR's fields are kept, the rest is not.
    #[test]
    fn keeps_the_identifying_lines_of_the_first_processor() {
        let text = "processor\t: 0\nBogoMIPS\t: 50.00\nFeatures\t: fp asimd pmull crc32\n\
                    CPU implementer\t: 0x41\nCPU architecture: 8\nCPU variant\t: 0x1\n\
                    CPU part\t: 0xd40\nCPU revision\t: 1\n\nprocessor\t: 1\nCPU part\t: 0xd0c\n";
        let lines = identifying_lines(text);
        let want: BTreeMap<String, String> = [
            ("CPU implementer", "0x41"),
            ("CPU architecture", "8"),
            ("CPU variant", "0x1"),
            ("CPU part", "0xd40"),
            ("CPU revision", "1"),
        ]
        .iter()
        .map(|&(k, v)| (k.to_string(), v.to_string()))
        .collect();
        assert_eq!(lines, want);
    }
}
