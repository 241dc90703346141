#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora (committed; rerun after changing a target's input).

attribute:  the arguments of every #[crc(...)] in tests/ui (errors and forms that compile).
model_line: catalogue lines, aliases, RevEng lines with mistakes, search samples.
engine, search: the targets' `arbitrary` layouts (integers little-endian, a bool is one
byte's low bit, an Option a bool then the value, a Vec a bool before each element, a
trailing &[u8] the rest) for catalogue models and real samples.
"""
import pathlib, re, struct

here = pathlib.Path(__file__).resolve().parent
root = here.parent.parent


def write(target, name, data):
    d = here / target
    d.mkdir(exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    (d / name).write_bytes(data)


def u128(v):
    return v.to_bytes(16, "little")


def crc(width, poly, init, refin, refout, xorout, data):
    """The bitwise reference (Williams register, unreflected)."""
    mask = (1 << width) - 1
    r = init
    for b in data:
        if refin:
            b = int(f"{b:08b}"[::-1], 2)
        for i in range(7, -1, -1):
            fb = ((r >> (width - 1)) & 1) ^ ((b >> i) & 1)
            r = (r << 1) & mask
            if fb:
                r ^= poly
    if refout:
        r = int(f"{r:0{width}b}"[::-1], 2)
    return r ^ xorout


# (name, width, poly, init, refin, refout, xorout)
MODELS = [
    ("crc32", 32, 0x04C11DB7, 0xFFFFFFFF, True, True, 0xFFFFFFFF),
    ("crc32-bzip2", 32, 0x04C11DB7, 0xFFFFFFFF, False, False, 0xFFFFFFFF),
    ("crc32c", 32, 0x1EDC6F41, 0xFFFFFFFF, True, True, 0xFFFFFFFF),
    ("crc64-xz", 64, 0x42F0E1EBA9EA3693, (1 << 64) - 1, True, True, (1 << 64) - 1),
    ("crc64-ecma", 64, 0x42F0E1EBA9EA3693, 0, False, False, 0),
    ("crc64-even", 64, 0x42F0E1EBA9EA3692, 0x1234, True, True, 0),
    ("crc16-arc", 16, 0x8005, 0, True, True, 0),
    ("crc16-xmodem", 16, 0x1021, 0, False, False, 0),
    ("crc12-umts", 12, 0x80F, 0, False, True, 0),
    ("crc24-openpgp", 24, 0x864CFB, 0xB704CE, False, False, 0),
    ("crc8", 8, 0x07, 0, False, False, 0),
    ("crc5-crossed", 5, 0x15, 0x1F, True, False, 0x3),
    ("crc1", 1, 1, 1, False, False, 0),
    ("crc63", 63, 0x2B, 0x55, True, False, 0),
    ("crc82-darc", 82, 0x0308C0111011401440411, 0, True, True, 0),
    ("crc128", 128, 0x87, (1 << 128) - 1, False, False, 0),
]

# attribute: the argument tokens of each #[crc(...)] in the UI tests.
for path in sorted((root / "tests/ui").rglob("*.rs")):
    text = path.read_text()
    start = text.find("#[crc")
    if start < 0:
        continue
    i = text.find("(", start)
    if i < 0 or text[start + 5 : i].strip():
        write("attribute", path.stem, "")
        continue
    depth, j = 0, i
    while j < len(text):
        depth += {"(": 1, ")": -1}.get(text[j], 0)
        if depth == 0:
            break
        j += 1
    write("attribute", path.stem, text[i + 1 : j].strip())
write("attribute", "item_struct", "pub struct Crc32;")
write("attribute", "raw_keys", "r#width = 8, r#poly = 0x07")

# model_line
lines = [l for l in (root / "spec/catalogue.txt").read_text().splitlines() if l.startswith("width=")]
for n, line in enumerate(lines[::8]):
    write("model_line", f"catalogue_{n:02}", line)
for name in ["CRC-32/ISCSI", "crc-32c", "CRC-82/DARC", "CRC-32/ISCI", "x-25"]:
    write("model_line", "name_" + re.sub(r"\W", "_", name), name)
for n, line in enumerate([
    "width=16 poly=0x1021 init=0xffff",
    "width=16 poly=0x1021 init=0xffff check=0x29b1 residue=0",
    "width=5 poly=15 init=1f refin=true refout=false xorout=3",
    "width=128 poly=0x87 name=\"wide one\"",
    "width=0 poly=1",
    "width=129 poly=1",
    "width=8 poly=0x107",
    "width=8 poly=0x07 check=0x00",
    "width=16 poly=0x1021 colour=blue",
    "width=16 name=\"unterminated",
    "width=16 poly=0x1021 refin=yes",
]):
    write("model_line", f"line_{n:02}", line)
write("model_line", "sample", "0x3132 33:0xBEEF")
write("model_line", "sample_odd", "313:00")

# engine: width byte (b < 192: width 1 + b % 64, else 65 + b % 64), poly, init, xorout,
# refin, refout, splits (a continue byte before each u16), then the data.
datas = {
    "check": b"123456789",
    "bytes": bytes(range(256)),
    "long": bytes((i * 167 + 13) & 0xFF for i in range(4160)),
}
for name, w, poly, init, refin, refout, xorout in MODELS:
    wb = w - 1 if w <= 64 else 192 + w - 65
    for dname, data in datas.items():
        if dname == "long" and name not in ("crc32", "crc64-xz", "crc5-crossed", "crc82-darc"):
            continue
        splits = [1, len(data) // 2, len(data) - 15]
        head = bytes([wb]) + u128(poly) + u128(init) + u128(xorout) + bytes([refin, refout])
        head += b"".join(b"\x01" + struct.pack("<H", s & 0xFFFF) for s in splits) + b"\x00"
        write("engine", f"{name}_{dname}", head + data)

# search: lo, span, refin, refout (Options), max_models, catalogue, even_polys,
# model (Option of width, poly, init, xorout, refin, refout), samples (data, crc).
def search_seed(lo, span, model, samples, catalogue=True, even=False, refin=None, refout=None):
    opt = lambda v: b"\x00" if v is None else bytes([1, v])
    out = bytes([lo - 1, span]) + opt(refin) + opt(refout) + bytes([32, catalogue, even])
    if model is None:
        out += b"\x00"
    else:
        w, poly, init, mrefin, mrefout, xorout = model
        out += b"\x01" + bytes([w - 1]) + u128(poly) + u128(init) + u128(xorout)
        out += bytes([mrefin, mrefout])
    for data, value in samples:
        out += b"\x01" + b"".join(b"\x01" + bytes([x]) for x in data) + b"\x00" + u128(value)
    return out + b"\x00"


msgs = [b"hello", b"world", b"123456789", b"abc"]
for name, w, poly, init, refin, refout, xorout in MODELS:
    if w > 64:
        continue
    samples = [(m, crc(w, poly, init, refin, refout, xorout, m)) for m in msgs]
    # Catalogue hit by value; then the same model through the solver (catalogue off).
    write("search", f"{name}_values", search_seed(w, 0, None, samples))
    write("search", f"{name}_solve", search_seed(w, 1, None, samples, catalogue=False))
    # Byte-swapped CRCs, for the widths that have bytes to swap.
    if w % 8 == 0 and w > 8:
        swapped = [(m, int.from_bytes(v.to_bytes(w // 8, "big"), "little")) for m, v in samples]
        write("search", f"{name}_swapped", search_seed(w, 0, None, swapped))
write("search", "model_width24", search_seed(24, 0, (24, 0x864CFB, 0xB704CE, False, False, 0), [(m, 0) for m in msgs]))
write("search", "model_width8_distinct_lengths", search_seed(8, 0, (8, 0x07, 0, False, False, 0), [(b"a", 0), (b"bc", 0), (b"def", 0)]))
write("search", "no_samples", search_seed(16, 0, None, []))
write("search", "too_wide", search_seed(8, 0, None, [(b"x", 0x1234)]))

# search on frames: the samples' data are whole frames (their CRC values unused), then the
# Option of (CRC at start?, big-endian?, k range, j range). The target reads k // 3 % 2 as the
# trailer range 0..=1 and j // 2 % 2 as "widths that are not whole bytes too".
def frames_seed(lo, span, model, frames, at=None, endian=None, k=0, j=0):
    opt = lambda v: b"\x00" if v is None else bytes([1, v])
    base = search_seed(lo, span, model, [(f, 0) for f in frames])
    return base + b"\x01" + opt(at) + opt(endian) + bytes([k, j])


dnp = (16, 0x3D65, 0, True, True, 0xFFFF)
dnp_frames = [m + crc(*dnp, m).to_bytes(2, "little") for m in [b"\x01\x02\x03\x04", b"\x10\x20\x30\x40", b"\xc0\x01\x02", b"\xc0\x05\x06", b"\x31\x32\x33\x34"]]
write("search", "frames_dnp_auto", frames_seed(16, 0, None, dnp_frames))
bad = list(dnp_frames)
bad[3] = bytes([bad[3][0] ^ 4]) + bad[3][1:]
write("search", "frames_dnp_one_bad", frames_seed(16, 0, None, bad))
write("search", "frames_dnp_preamble_skip", frames_seed(16, 0, None, [b"\x05\x64" + f for f in dnp_frames], k=2))
write("search", "frames_model_crc_at_end", frames_seed(32, 1, (32, 0x04C11DB7, 0, False, False, 0), msgs, at=False, endian=True))
umts = (12, 0x80F, 0, False, True, 0)
umts_frames = [m + crc(*umts, m).to_bytes(2, "big") for m in msgs]
write("search", "frames_umts_narrow", frames_seed(12, 0, None, umts_frames, at=False, endian=True, j=2))
write("search", "frames_dnp_trailer", frames_seed(16, 0, None, [f + b"\x7e" for f in dnp_frames], k=3))
