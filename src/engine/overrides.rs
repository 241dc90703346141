//! The `CRCSTAMP_*` environment variables' syntax: one name among a few, a comma-separated
//! list of names (both in any case), and what a value holds that is not understood. A leaf:
//! `detect` gives the variables their meaning and their lists of names.

/// The value of `var` among `values` (any case, surrounding blanks ignored); `None` when
/// unset or unknown.
#[cfg(feature = "std")]
pub(super) fn env_choice<T: Copy>(var: &str, values: &[(&str, T)]) -> Option<T> {
    let v = std::env::var_os(var)?;
    let v = v.to_str()?.trim();
    values
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(v))
        .map(|&(_, t)| t)
}

/// Without `std` there is no environment: always `None`.
#[cfg(not(feature = "std"))]
pub(super) fn env_choice<T: Copy>(_: &str, _: &[(&str, T)]) -> Option<T> {
    None
}

/// One `CRCSTAMP_*` value the engine does not know and so ignores, as
/// [`ignored_overrides`](crate::ignored_overrides) reports it.
#[cfg(feature = "std")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IgnoredOverride {
    /// The variable: `CRCSTAMP_CPU`, `CRCSTAMP_MAX_TIER`, `CRCSTAMP_DISABLE` or
    /// `CRCSTAMP_FAIL_SELF_TEST`.
    pub variable: &'static str,
    /// The value as set (for the comma-separated lists, the one unknown name).
    pub value: std::string::String,
    /// The values the variable takes, for a message: `intel, amd, generic`.
    pub expected: std::string::String,
}

#[cfg(feature = "std")]
impl core::fmt::Display for IgnoredOverride {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "{}: `{}` is not one of {} (any case); ignored",
            self.variable,
            self.value.escape_debug(),
            self.expected
        )
    }
}

/// Adds to `out` what `value` of `var` holds that is not in `known`: the whole value when
/// the variable takes `one` name, else each unknown item of its comma-separated list.
#[cfg(feature = "std")]
pub(super) fn ignored_in(
    var: &'static str,
    value: &str,
    one: bool,
    known: &[&str],
    out: &mut std::vec::Vec<IgnoredOverride>,
) {
    let is_known = |item: &str| known.iter().any(|k| k.eq_ignore_ascii_case(item.trim()));
    let items: std::vec::Vec<&str> = if one {
        std::vec![value]
    } else {
        value.split(',').filter(|i| !i.trim().is_empty()).collect()
    };
    for item in items.into_iter().filter(|i| !is_known(i)) {
        out.push(IgnoredOverride {
            variable: var,
            value: item.into(),
            expected: known.join(", "),
        });
    }
}

/// A comma-separated list of names (any case) from an environment variable, read once
/// (empty without `std`): `CRCSTAMP_DISABLE` (backend names, `gfni` and `prefetch`), so tests can run the
/// combinations no CPU at hand has (folding without the CRC instruction, say), and
/// `CRCSTAMP_FAIL_SELF_TEST`.
pub(super) struct EnvList {
    #[cfg(feature = "std")]
    value: Option<std::string::String>,
}

impl EnvList {
    /// The list in `var`.
    #[cfg(feature = "std")]
    pub(super) fn read(var: &str) -> EnvList {
        EnvList {
            value: std::env::var(var).ok(),
        }
    }

    /// Without `std`, an empty list.
    #[cfg(not(feature = "std"))]
    pub(super) fn read(_: &str) -> EnvList {
        EnvList {}
    }

    /// Whether the list names `name`.
    #[cfg(feature = "std")]
    pub(super) fn names(&self, name: &str) -> bool {
        let list = self.value.as_deref().unwrap_or("");
        list.split(',').any(|n| n.trim().eq_ignore_ascii_case(name))
    }

    /// Without `std`, nothing.
    #[cfg(not(feature = "std"))]
    pub(super) fn names(&self, _: &str) -> bool {
        false
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn unknown_override_values_are_reported_known_ones_in_any_case_are_not() {
        let ignored = |var, value, one, known: &[&str]| {
            let mut out = std::vec::Vec::new();
            ignored_in(var, value, one, known, &mut out);
            out.into_iter()
                .map(|o| o.value)
                .collect::<std::vec::Vec<_>>()
        };
        let cpu = ["intel", "amd", "generic"];
        assert!(ignored("CRCSTAMP_CPU", "AMD", true, &cpu).is_empty());
        assert_eq!(ignored("CRCSTAMP_CPU", "garbage", true, &cpu), ["garbage"]);
        assert_eq!(ignored("CRCSTAMP_CPU", "", true, &cpu), [""]);
        let list = ["hwcrc", "fusion", "gfni"];
        assert!(ignored("CRCSTAMP_DISABLE", "HWCRC, Fusion,", false, &list).is_empty());
        assert_eq!(
            ignored("CRCSTAMP_DISABLE", "hwcrc,bogus,GFNI,x", false, &list),
            ["bogus", "x"]
        );
        let o = IgnoredOverride {
            variable: "CRCSTAMP_MAX_TIER",
            value: "0".into(),
            expected: "portable, clmul128".into(),
        };
        assert_eq!(
            o.to_string(),
            "CRCSTAMP_MAX_TIER: `0` is not one of portable, clmul128 (any case); ignored"
        );
    }
}
