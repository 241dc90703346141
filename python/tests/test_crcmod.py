"""crcstamp.crcmod against the real crcmod from PyPI: its predefined models and 50 random
mkCrcFun parameter sets."""

import os
import random

import pytest

from bitwise import buffers, seed
from crcstamp import crcmod as compat
from crcstamp.crcmod import predefined as compat_predefined

# CI installs crcmod and must not skip (CI=true); elsewhere its absence skips this file.
crcmod = pytest.importorskip("crcmod") if not os.environ.get("CI") else __import__("crcmod")
import crcmod.predefined  # noqa: E402  (after the skip)

SEED = seed()
DEFINITIONS = crcmod.predefined._crc_definitions


def test_every_predefined_name_is_mapped():
    assert [d["name"] for d in DEFINITIONS] == compat_predefined.NAMES


def samples(rng):
    return [b"", b"123456789"] + [rng.randbytes(rng.randint(1, 3000)) for _ in range(4)]


@pytest.mark.parametrize("definition", DEFINITIONS, ids=lambda d: d["name"])
def test_predefined(definition):
    rng = random.Random(SEED)
    for key in (definition["name"], definition["identifier"], definition["name"].upper()):
        theirs = crcmod.predefined.mkPredefinedCrcFun(key)
        ours = compat_predefined.mkPredefinedCrcFun(key)
        for data in samples(rng):
            assert ours(data) == theirs(data)
            start = theirs(rng.randbytes(7))
            assert ours(data, start) == theirs(data, start)
    assert compat_predefined.mkCrcFun is compat_predefined.mkPredefinedCrcFun
    theirs_obj = crcmod.predefined.PredefinedCrc(definition["name"])
    ours_obj = compat_predefined.Crc(definition["name"])
    assert ours_obj.model.check == definition["check"]
    same_objects(theirs_obj, ours_obj, rng)


def same_objects(theirs, ours, rng):
    for attr in ("digest_size", "initCrc", "xorOut", "poly", "reverse", "crcValue"):
        assert getattr(ours, attr) == getattr(theirs, attr), attr
    assert ours.table == theirs.table
    assert str(ours) == str(theirs)
    for data in samples(rng):
        _, buf = rng.choice(buffers(data))
        theirs.update(data)
        ours.update(buf)
        assert ours.crcValue == theirs.crcValue
        assert ours.digest() == theirs.digest()
        assert ours.hexdigest() == theirs.hexdigest()
    assert ours.copy().crcValue == theirs.copy().crcValue
    ours2, theirs2 = ours.new(b"abc"), theirs.new(b"abc")
    assert ours2.crcValue == theirs2.crcValue
    # A value set by hand is continued from, as crcmod continues from it.
    value = rng.randrange(1 << (8 * theirs.digest_size))
    ours.crcValue = theirs.crcValue = value
    ours.update(b"xyz")
    theirs.update(b"xyz")
    assert ours.crcValue == theirs.crcValue


def draw_parameters(rng, count):
    out = []
    for _ in range(count):
        width = rng.choice([8, 16, 24, 32, 64])
        poly = (1 << width) | rng.randrange(1 << width)
        init = rng.choice([~0, 0, rng.randrange(1 << width), -rng.randrange(1, 1 << 70)])
        xor_out = rng.choice([0, (1 << width) - 1, rng.randrange(1 << width)])
        out.append((poly, init, rng.random() < 0.5, xor_out))
    return out


PARAMETERS = draw_parameters(random.Random(SEED), 50)


@pytest.mark.parametrize("index", range(len(PARAMETERS)))
def test_mkcrcfun(index):
    rng = random.Random(SEED + index)
    poly, init, rev, xor_out = PARAMETERS[index]
    theirs = crcmod.mkCrcFun(poly, initCrc=init, rev=rev, xorOut=xor_out)
    ours = compat.mkCrcFun(poly, initCrc=init, rev=rev, xorOut=xor_out)
    for data in samples(rng):
        assert ours(data) == theirs(data), (hex(poly), init, rev, xor_out, len(data))
        start = rng.randrange(1 << 64)  # wider than the width: both mask it
        assert ours(data, start) == theirs(data, start)
    same_objects(crcmod.Crc(poly, init, rev, xor_out), compat.Crc(poly, init, rev, xor_out), rng)


def test_defaults_are_crcmods():
    theirs = crcmod.mkCrcFun(0x104C11DB7)
    ours = compat.mkCrcFun(0x104C11DB7)
    assert ours(b"123456789") == theirs(b"123456789")


def test_bad_parameters():
    with pytest.raises(ValueError, match="degree"):
        compat.mkCrcFun(0x1)
    with pytest.raises(TypeError, match="poly must be an int"):
        compat.mkCrcFun("0x104C11DB7")
    with pytest.raises(KeyError, match="Unknown CRC name 'crc-99'"):
        compat_predefined.mkPredefinedCrcFun("crc-99")
    with pytest.raises(TypeError):
        compat.mkCrcFun(0x104C11DB7)("text")
