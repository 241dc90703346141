//! Base64 (RFC 4648, standard alphabet, padded) of a CRC's big-endian bytes: the form GNU
//! cksum's `--base64` prints and S3 and GCS keep.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The CRC's width in whole bytes, big-endian (a 12-bit CRC is 2 bytes).
pub fn crc_bytes(crc: u128, width: u32) -> Vec<u8> {
    let n = width.div_ceil(8) as usize;
    crc.to_be_bytes()[16 - n..].to_vec()
}

/// `bytes` in padded base64.
pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for group in bytes.chunks(3) {
        let b = [
            group[0],
            *group.get(1).unwrap_or(&0),
            *group.get(2).unwrap_or(&0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            if i <= group.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The CRC as base64 of its width's bytes, big-endian.
pub fn encode_crc(crc: u128, width: u32) -> String {
    encode(&crc_bytes(crc, width))
}

/// Decodes padded base64; `None` for anything else (a wrong length, a stray character,
/// missing or misplaced padding, nonzero bits in the padding).
pub fn decode(text: &[u8]) -> Option<Vec<u8>> {
    if text.is_empty() || !text.len().is_multiple_of(4) {
        return None;
    }
    let pad = text.iter().rev().take_while(|&&c| c == b'=').count();
    if pad > 2 {
        return None;
    }
    let mut out = Vec::with_capacity(text.len() / 4 * 3);
    let value = |c: u8| ALPHABET.iter().position(|&a| a == c).map(|v| v as u32);
    for (i, quad) in text.chunks(4).enumerate() {
        let last = i + 1 == text.len() / 4;
        let used = if last { 4 - pad } else { 4 };
        let mut n = 0u32;
        for (j, &c) in quad.iter().enumerate() {
            n <<= 6;
            if j < used {
                n |= value(c)?;
            }
        }
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        let keep = used - 1;
        // Canonical form only: the bits below the last byte must be zero.
        if bytes[keep..].iter().any(|&b| b != 0) {
            return None;
        }
        out.extend_from_slice(&bytes[..keep]);
    }
    Some(out)
}

/// The CRC a base64 value states for a `width`-bit model: exactly its width's whole bytes.
pub fn decode_crc(text: &[u8], width: u32) -> Result<u128, String> {
    let n = width.div_ceil(8) as usize;
    let shown = String::from_utf8_lossy(text);
    let bytes = decode(text).ok_or_else(|| format!("`{shown}` is not base64"))?;
    if bytes.len() != n {
        return Err(format!(
            "the base64 value `{shown}` holds {} bytes, a {width}-bit CRC has {n}",
            bytes.len()
        ));
    }
    let crc = bytes.iter().fold(0u128, |acc, &b| acc << 8 | u128::from(b));
    if width < 128 && crc >> width != 0 {
        return Err(format!("the base64 value `{shown}` exceeds {width} bits"));
    }
    Ok(crc)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 4648's test vectors, both ways; malformed text is refused.
    #[test]
    fn rfc4648_vectors_round_trip() {
        let vectors = [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ];
        for (plain, coded) in vectors {
            assert_eq!(encode(plain.as_bytes()), coded);
            if !coded.is_empty() {
                assert_eq!(decode(coded.as_bytes()).unwrap(), plain.as_bytes());
            }
        }
        for bad in [
            "", "Zg=", "Zg===", "Z===", "Zh==", "Zm9v!A==", "=Zm9", "Zm=v",
        ] {
            assert_eq!(decode(bad.as_bytes()), None, "{bad}");
        }
    }

    /// CRC-64/NVME's check value, as S3 shows it; a 32-bit value is refused for 64 bits.
    #[test]
    fn crcs_are_their_big_endian_bytes() {
        assert_eq!(encode_crc(0xae8b_1486_0a79_9888, 64), "rosUhgp5mIg=");
        assert_eq!(decode_crc(b"rosUhgp5mIg=", 64), Ok(0xae8b_1486_0a79_9888));
        assert_eq!(encode_crc(0xe306_9283, 32), "4waSgw==");
        assert_eq!(encode_crc(0x0fff, 12), "D/8=");
        assert!(decode_crc(b"4waSgw==", 64)
            .unwrap_err()
            .contains("holds 4 bytes"));
        assert!(decode_crc(b"//8=", 12)
            .unwrap_err()
            .contains("exceeds 12 bits"));
    }
}
