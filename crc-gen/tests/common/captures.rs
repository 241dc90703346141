//! Issue 42's captures, rebuilt from the descriptions under its "Why" by a seeded
//! generator; shared by `crc-gen/tests/search_captures.rs` and the command line's
//! `crc-gen/cli/tests/search_captures.rs` (included by path: it uses `super::common::Rng`).

use super::common::Rng;
use crc_gen::search::Endian;
use crc_gen::{Model, ModelSpec};

/// `frame = head ++ data ++ gap ++ crc` (CRC at the end) with `head`, `gap` random.
pub fn frame_end(
    m: &Model,
    rng: &mut Rng,
    n: usize,
    head: usize,
    gap: usize,
    endian: Endian,
) -> Vec<u8> {
    let data = rng.bytes(n);
    let crc = m.crc(&data);
    let bytes = m.width().div_ceil(8) as usize;
    let mut field: Vec<u8> = (0..bytes).map(|i| (crc >> (8 * i)) as u8).collect();
    if endian == Endian::Big {
        field.reverse();
    }
    [rng.bytes(head), data, rng.bytes(gap), field].concat()
}

/// Capture 1: eight frames of 19..=44 bytes, no two the same length, of a random 32-bit
/// model with poly 0x8add1e25, the CRC big-endian at the end over bytes 2.. .
pub fn capture_1() -> (Model, Vec<Vec<u8>>) {
    let mut rng = Rng(0x4201);
    let m = ModelSpec::new(32, 0x8add_1e25)
        .init(rng.bits(32))
        .xorout(rng.bits(32))
        .build()
        .unwrap();
    let frames = [19, 44, 23, 31, 27, 40, 35, 21]
        .iter()
        .map(|&len| frame_end(&m, &mut rng, len - 6, 2, 0, Endian::Big))
        .collect();
    (m, frames)
}

/// Capture 2: eight 16-byte frames of a custom CRC-32, the CRC big-endian at the end, one
/// bit flipped in frame 5.
pub fn capture_2() -> (Model, Vec<Vec<u8>>) {
    let mut rng = Rng(0x4202);
    let m = ModelSpec::new(32, rng.bits(32) | 1)
        .init(rng.bits(32))
        .xorout(rng.bits(32))
        .reflected(true)
        .build()
        .unwrap();
    let mut frames: Vec<Vec<u8>> = (0..8)
        .map(|_| frame_end(&m, &mut rng, 12, 0, 0, Endian::Big))
        .collect();
    frames[5][3] ^= 1 << rng.below(8);
    (m, frames)
}

/// Capture 3: six frames of 14..=40 bytes, no two the same length, of a random reflected
/// CRC-32, the CRC little-endian at the end.
pub fn capture_3() -> (Model, Vec<Vec<u8>>) {
    let mut rng = Rng(0x4203);
    let m = ModelSpec::new(32, rng.bits(32) | 1)
        .init(rng.bits(32))
        .xorout(rng.bits(32))
        .reflected(true)
        .build()
        .unwrap();
    let frames = [14, 40, 22, 31, 18, 27]
        .iter()
        .map(|&len| frame_end(&m, &mut rng, len - 4, 0, 0, Endian::Little))
        .collect();
    (m, frames)
}

/// Capture 4: eleven frames of a custom reflected CRC-48 whose generator is
/// `(x^8 + 0x2b)·G40`, the CRC little-endian at the end, frames 2 and 7 corrupt.
pub fn capture_4() -> (Model, Vec<Vec<u8>>) {
    use crc_gen::gf2::Poly;
    let mut rng = Rng(0x4204);
    let g40 = Poly::monic(40, rng.bits(40) | 1);
    let g48 = Poly::monic(8, 0x2b).mul(&g40);
    let m = ModelSpec::new(48, g48.low(48))
        .init(rng.bits(48))
        .xorout(rng.bits(48))
        .reflected(true)
        .build()
        .unwrap();
    let mut frames: Vec<Vec<u8>> = [10, 10, 14, 14, 19, 19, 25, 25, 30, 30, 33]
        .iter()
        .map(|&n| frame_end(&m, &mut rng, n, 0, 0, Endian::Little))
        .collect();
    frames[2][4] ^= 0x20;
    frames[7][1] ^= 0x01;
    (m, frames)
}

/// Capture 5: eight frames (four lengths, two of each) carrying the catalogue algorithm
/// `name` in a `bytes`-byte field at the end, in the low bits, in the given byte order,
/// followed by `trail` random bytes.
pub fn capture_5(name: &str, bytes: usize, endian: Endian, trail: usize) -> (Model, Vec<Vec<u8>>) {
    let m = crc_gen::catalogue::lookup(name).unwrap().model.clone();
    let mut rng = Rng(0x4205 + bytes as u64 + trail as u64);
    let frames = [11, 11, 16, 16, 23, 23, 30, 30]
        .iter()
        .map(|&n| {
            let data = rng.bytes(n);
            let crc = m.crc(&data);
            let mut field: Vec<u8> = (0..bytes).map(|i| (crc >> (8 * i)) as u8).collect();
            if endian == Endian::Big {
                field.reverse();
            }
            [data, field, rng.bytes(trail)].concat()
        })
        .collect();
    (m, frames)
}
