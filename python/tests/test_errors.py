"""Bad input: each a clear ValueError or TypeError naming what is wrong."""

import os

import pytest

import crcstamp


@pytest.mark.parametrize("name, hint", [
    ("CRC-32/ISCI", "did you mean one of: CRC-32/ISCSI"),
    ("crc-64/nvmee", "CRC-64/NVME"),
    ("no such thing", "crcstamp.catalogue() lists them"),
    ("", "crcstamp.catalogue() lists them"),
])
def test_unknown_names(name, hint):
    with pytest.raises(ValueError, match="unknown catalogue name") as err:
        crcstamp.Crc(name)
    assert hint in str(err.value)
    with pytest.raises(ValueError, match="unknown catalogue name"):
        crcstamp.new(name)


@pytest.mark.parametrize("kwargs, error, message", [
    (dict(width=8, poly=0), ValueError, "poly = 0 is not a generator"),
    (dict(width=0, poly=1), ValueError, "width = 0 is out of range"),
    (dict(width=129, poly=1), ValueError, "width = 129 is out of range"),
    (dict(width=1 << 40, poly=1), ValueError, "width = 1099511627776 is out of range"),
    (dict(width=-8, poly=1), ValueError, "width = -8 is out of range"),
    (dict(width=1 << 200, poly=1), ValueError, "width = %d is out of range" % (1 << 200)),
    (dict(width=8, poly=0x107), ValueError, "poly = 0x107 does not fit in width = 8 bits"),
    (dict(width=8, poly=7, init=0x100), ValueError, "init = 0x100 does not fit in width = 8"),
    (dict(width=8, poly=7, xorout=0x1FF), ValueError, "xorout = 0x1ff does not fit in width"),
    (dict(width=128, poly=1 << 128), ValueError,
     "poly = 0x100000000000000000000000000000000 does not fit in width = 128 bits"),
    (dict(width=8, poly=-7), ValueError, "poly = -0x7 does not fit in width = 8 bits: it is"),
    (dict(width=16, poly=0x1021, check=1 << 300), ValueError,
     "check = 0x1%s does not fit in width = 16 bits" % ("0" * 75)),
    (dict(width=8, poly=7, refin=True), ValueError, "refin = true without refout"),
    (dict(width=8, poly=7, refout=True), ValueError, "refout = true without refin"),
    (dict(width=8, poly=7, check=1), ValueError, "check mismatch"),
    (dict(width=32, poly=0xEDB88320, init=0xFFFFFFFF, refin=True, refout=True,
          xorout=0xFFFFFFFF, check=0xCBF43926), ValueError, "reflected form"),
    (dict(width=8, poly="7"), TypeError, "poly must be an int, not 'str'"),
    (dict(width=8, poly=True), TypeError, "poly must be an int, not 'bool'"),
    (dict(width=8.0, poly=7), TypeError, "width must be an int"),
    (dict(width=8, poly=7, refin=1, refout=1), TypeError, "refin"),
    (dict(poly=7), TypeError, "missing `width`"),
    (dict(width=8), TypeError, "missing `poly`"),
    (dict(), TypeError, "needs a catalogue name, as Crc('CRC-32/ISCSI'), or a model"),
    (dict(name=None), TypeError, "needs a catalogue name, as Crc('CRC-32/ISCSI'), or a model"),
    (dict(name=None, poly=7), TypeError, "missing `width`"),
])
def test_bad_models(kwargs, error, message):
    with pytest.raises(error) as err:
        crcstamp.Crc(**kwargs)
    assert message in str(err.value)


def test_name_and_parameters_together():
    with pytest.raises(TypeError, match="not both"):
        crcstamp.Crc("CRC-32", width=32)
    with pytest.raises(TypeError, match="catalogue name"):
        crcstamp.Crc(32)


@pytest.mark.parametrize("data", ["123", 123, [1, 2, 3], None, object(), 1.5])
def test_non_buffer_data(data):
    crc = crcstamp.Crc("CRC-32")
    with pytest.raises(TypeError, match="bytes-like object is required"):
        crc.checksum(data)
    h = crcstamp.new(crc)
    with pytest.raises(TypeError, match="bytes-like object is required"):
        h.update(data)
    if data is not None:  # new(crc, None) is new(crc), as for hashlib's constructors
        with pytest.raises(TypeError, match="bytes-like object is required"):
            crcstamp.new(crc, data)


def test_strided_numpy_is_refused():
    numpy = __import__("numpy") if os.environ.get("CI") else pytest.importorskip("numpy")
    with pytest.raises(ValueError, match="not C-contiguous"):
        crcstamp.Crc("CRC-32").checksum(numpy.arange(10, dtype=numpy.uint8)[::2])


def test_values_wider_than_the_width():
    crc = crcstamp.Crc("CRC-16/ARC")
    with pytest.raises(ValueError, match="crc_a = 0x10000 does not fit in width = 16 bits"):
        crc.combine(0x10000, 0, 1)
    with pytest.raises(ValueError, match="crc_b = 0x10000 does not fit"):
        crc.combine(0, 0x10000, 1)
    with pytest.raises(ValueError, match="len_b = -1 is negative"):
        crc.combine(0, 0, -1)
    with pytest.raises(ValueError, match="crc_a = 0x10000 does not fit in width = 16 bits"):
        crc.extend(0x10000, b"")
    with pytest.raises(TypeError, match="bytes-like object is required"):
        crc.extend(0, "text")
    with pytest.raises(TypeError, match="crc_a must be an int"):
        crc.combine("0", 0, 1)


@pytest.mark.parametrize("what", ["init", "xorout", "check", "residue"])
def test_one_message_for_values_out_of_range(what):
    """Whatever the size or sign, a value out of range says it in hex and names the width."""
    for value, shown in [(0x10000, "0x10000"), (1 << 200, "0x1" + "0" * 50), (-1, "-0x1")]:
        with pytest.raises(ValueError) as err:
            crcstamp.Crc(width=16, poly=0x1021, **{what: value})
        message = str(err.value)
        assert message.startswith("%s = %s does not fit in width = 16 bits" % (what, shown))
        assert "128" not in message
    crc = crcstamp.Crc("CRC-16/ARC")
    for value, shown in [(0x10000, "0x10000"), (1 << 200, "0x1" + "0" * 50), (-1, "-0x1")]:
        for call in (lambda: crc.combine(value, 0, 1), lambda: crc.extend(value, b"")):
            with pytest.raises(ValueError, match="^crc_a = %s does not fit in width = 16 bits"
                               % shown):
                call()


def test_new_takes_hashlibs_usedforsecurity():
    import hashlib
    for flag in (False, True, 0):
        ours = crcstamp.new("crc32c", b"123456789", usedforsecurity=flag)
        assert ours.intdigest() == 0xE3069283
        hashlib.new("sha256", b"123456789", usedforsecurity=flag)
    assert crcstamp.new(crcstamp.Crc("CRC-32"), usedforsecurity=False).intdigest() == 0
    # As hashlib's, a keyword only.
    for new in (crcstamp.new, hashlib.new):
        with pytest.raises(TypeError):
            new("crc32c" if new is crcstamp.new else "sha256", b"", False)


def test_new_takes_a_name_or_a_crc():
    with pytest.raises(TypeError, match="new\\(\\) takes a catalogue name or a crcstamp.Crc"):
        crcstamp.new(32)


def test_one_argument_methods():
    crc = crcstamp.Crc("CRC-32")
    h = crcstamp.new(crc)
    for call in (lambda: crc.checksum(), lambda: crc.checksum(b"", 1),
                 lambda: crc.checksum(data=b""), lambda: h.update(), lambda: h.update(b"", b"")):
        with pytest.raises(TypeError):
            call()
