"""Streaming, copy, combine and hashlib's habits, checked against one-shot checksums and the
bitwise reference."""

import hashlib
import io
import random
import sys

import pytest

import crcstamp
from bitwise import buffers, crc as reference, seed

SEED = seed()
NAMES = ["CRC-32/ISO-HDLC", "CRC-32/ISCSI", "CRC-64/NVME", "CRC-24/OPENPGP", "CRC-12/UMTS",
         "CRC-82/DARC", "CRC-5/USB", "CRC-16/ARC"]


@pytest.mark.parametrize("name", NAMES)
def test_random_splits(name):
    rng = random.Random(SEED)
    crc = crcstamp.Crc(name)
    for _ in range(20):
        data = rng.randbytes(rng.randint(0, 5000))
        h = crcstamp.new(crc)
        cuts = sorted(rng.randint(0, len(data)) for _ in range(rng.randint(0, 6)))
        for start, end in zip([0] + cuts, cuts + [len(data)]):
            _, buf = rng.choice(buffers(data[start:end]))
            h.update(buf)
        assert h.intdigest() == crc.checksum(data)
        # extend(crc, data) continues a CRC, as zlib.crc32(data, value) does.
        mid = rng.randint(0, len(data))
        assert crc.extend(crc.checksum(data[:mid]), data[mid:]) == crc.checksum(data)


def test_digest_is_big_endian_in_whole_bytes():
    for name, size in [("CRC-12/UMTS", 2), ("CRC-32/ISCSI", 4), ("CRC-82/DARC", 11),
                       ("CRC-5/USB", 1), ("CRC-64/NVME", 8)]:
        crc = crcstamp.Crc(name)
        h = crcstamp.new(name, b"123456789")
        assert h.digest_size == size
        assert h.digest() == crc.check.to_bytes(size, "big")
        assert h.hexdigest() == crc.check.to_bytes(size, "big").hex()
        assert h.intdigest() == crc.check
        assert h.name == crc.name
        assert h.block_size == 1
    assert crcstamp.new("crc-32c").hexdigest() == "00000000"


def test_copy_is_independent():
    a = crcstamp.new("CRC-64/NVME", b"1234")
    b = a.copy()
    a.update(b"56789")
    b.update(b"5678")
    b.update(b"9")
    c = b.copy()
    c.update(b"more")
    crc = crcstamp.Crc("CRC-64/NVME")
    assert a.intdigest() == b.intdigest() == crc.check
    assert c.intdigest() == crc.checksum(b"123456789more")


def test_combine():
    rng = random.Random(SEED)
    for name in NAMES:
        crc = crcstamp.Crc(name)
        for _ in range(10):
            a = rng.randbytes(rng.randint(0, 3000))
            b = rng.randbytes(rng.randint(0, 3000))
            assert crc.combine(crc.checksum(a), crc.checksum(b), len(b)) == crc.checksum(a + b)


def test_custom_model_name_is_its_parameters():
    crc = crcstamp.Crc(width=24, poly=0x864CFB, init=0xB704CE)
    h = crcstamp.new(crc, b"123456789")
    assert h.intdigest() == 0x21CF02
    assert h.name == "width=24 poly=0x864cfb init=0xb704ce refin=false refout=false xorout=0x000000"
    assert h.crc is crc


@pytest.mark.skipif(sys.version_info < (3, 11), reason="hashlib.file_digest is 3.11+")
@pytest.mark.parametrize("name", ["crc32c", "CRC-64/NVME", "CRC-82/DARC"])
def test_file_digest(name, tmp_path):
    data = random.Random(SEED).randbytes(3 * 65536 + 123)
    path = tmp_path / "blob"
    path.write_bytes(data)
    with open(path, "rb") as f:  # read in chunks through readinto
        from_file = hashlib.file_digest(f, lambda: crcstamp.new(name))
    from_bytesio = hashlib.file_digest(io.BytesIO(data), lambda: crcstamp.new(name))
    crc = crcstamp.Crc(name)
    expected = crc.checksum(data).to_bytes(from_file.digest_size, "big")
    assert from_file.digest() == from_bytesio.digest() == expected


def test_reference_agrees_on_a_long_input():
    # One long input per bit order against the reference, past every kernel's threshold.
    data = random.Random(SEED).randbytes(20000)
    for name in ["CRC-32/BZIP2", "CRC-64/XZ", "CRC-12/UMTS"]:
        m = next(m for m in crcstamp.catalogue() if m.name == name)
        expected = reference(m.width, m.poly, m.init, m.refin, m.refout, m.xorout, data)
        assert crcstamp.Crc(name).checksum(data) == expected
