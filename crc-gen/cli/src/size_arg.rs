//! Sizes on the command line: `4096`, `4K`, `4KiB`, `8MB`, `1g` (units are powers of 1024, as
//! the AWS CLI reads `multipart_chunksize`), for `bench --sizes` and `sum --part-size`, each
//! of which checks its own range.

/// The bytes `s` names; the error says what is wrong with it.
pub fn bytes(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let lower = t.to_ascii_lowercase();
    let digits_end = lower
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(lower.len());
    let (num, unit) = lower.split_at(digits_end);
    let shift = match unit.trim() {
        "" | "b" => 0,
        "k" | "kib" | "kb" => 10,
        "m" | "mib" | "mb" => 20,
        "g" | "gib" | "gb" => 30,
        _ => return Err(format!("`{t}`: unknown size unit (use K, M or G)")),
    };
    let n: u64 = num
        .parse()
        .map_err(|_| format!("`{t}` is not a size in bytes"))?;
    n.checked_shl(shift)
        .filter(|b| *b >> shift == n)
        .ok_or_else(|| format!("`{t}` is too large"))
}

#[cfg(test)]
mod tests {
    use super::bytes;

    #[test]
    fn units_are_powers_of_1024() {
        assert_eq!(bytes("4096"), Ok(4096));
        assert_eq!(bytes(" 4K "), Ok(4096));
        assert_eq!(bytes("4kib"), Ok(4096));
        assert_eq!(bytes("8MB"), Ok(8 << 20));
        assert_eq!(bytes("1g"), Ok(1 << 30));
        assert!(bytes("4T").unwrap_err().contains("unknown size unit"));
        assert!(bytes("K").unwrap_err().contains("not a size"));
        assert!(bytes("99999999999999999999G").is_err());
        assert!(bytes("17179869184G").unwrap_err().contains("too large"));
    }
}
