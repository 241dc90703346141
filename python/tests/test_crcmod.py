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
        # Not x^width alone: the one poly crcmod takes and the shim refuses (see below).
        poly = (1 << width) | rng.randrange(1, 1 << width)
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


# Parameter sets crcmod refuses: a poly without its top bit (0x1021, a 12-bit CRC if taken),
# degrees other than 8, 16, 24, 32 and 64, values that are not ints.
BAD = [
    dict(poly=0x1021), dict(poly=0x3), dict(poly=0x180F), dict(poly=0x1), dict(poly=0),
    dict(poly=0x3FFFFFF), dict(poly=(1 << 65) | 1), dict(poly=(1 << 128) | 1),
    dict(poly=-0x11021), dict(poly=True), dict(poly=1.5), dict(poly=float(0x11021)),
    dict(poly="0x11021"), dict(poly=None), dict(poly=0x11021, initCrc="0"),
    dict(poly=0x11021, initCrc=1.0), dict(poly=0x11021, initCrc=None),
    dict(poly=0x11021, xorOut="0"), dict(poly=0x11021, xorOut=0.0),
]
# Edges crcmod takes: the top bit's neighbours, an even poly, a bool or a numpy int as a
# value, inits and xorouts wider than the width or negative.
GOOD = [
    dict(poly=0x100 | 7), dict(poly=0x1FF, rev=False), dict(poly=0x11020),
    dict(poly=(1 << 64) | 0x1B, initCrc=-5, xorOut=1 << 70), dict(poly=0x1864CFB, rev=False),
    dict(poly=0x11021, initCrc=True), dict(poly=0x11021, rev=0, xorOut=False),
]


def outcome(make, params):
    try:
        crcfun = make(**params)
        return crcfun(b"123456789") if callable(crcfun) else crcfun.crcValue
    except Exception as err:  # the type is what is compared
        return type(err)


@pytest.mark.parametrize("params", BAD + GOOD, ids=repr)
def test_refuses_what_crcmod_refuses(params):
    for theirs, ours in ((crcmod.mkCrcFun, compat.mkCrcFun), (crcmod.Crc, compat.Crc)):
        expected = outcome(theirs, params)
        assert outcome(ours, params) == expected
        assert isinstance(expected, type) == any(params is b for b in BAD), expected


def test_numpy_ints_as_crcmod_takes_them():
    numpy = __import__("numpy") if os.environ.get("CI") else pytest.importorskip("numpy")
    params = dict(poly=numpy.int64(0x11021), initCrc=numpy.uint16(7))
    assert outcome(compat.mkCrcFun, params) == outcome(crcmod.mkCrcFun, params)


def test_the_message_says_what_to_write():
    with pytest.raises(ValueError) as err:
        compat.mkCrcFun(0x1021)
    assert str(err.value).startswith("The degree of the polynomial must be 8, 16, 24, 32 or 64")
    assert "poly = 0x1021" in str(err.value) and "0x11021" in str(err.value)


def test_a_zero_generator_is_refused():
    """The one set crcmod takes and the shim refuses: poly x^8, where every message of a
    byte or more has the same CRC."""
    assert outcome(crcmod.mkCrcFun, dict(poly=0x100)) == 0
    with pytest.raises(ValueError, match="poly = 0 is not a generator"):
        compat.mkCrcFun(0x100)


def test_bad_parameters():
    with pytest.raises(ValueError, match="degree"):
        compat.mkCrcFun(0x1)
    with pytest.raises(TypeError, match="poly must be an int"):
        compat.mkCrcFun("0x104C11DB7")
    with pytest.raises(KeyError, match="Unknown CRC name 'crc-99'"):
        compat_predefined.mkPredefinedCrcFun("crc-99")
    with pytest.raises(TypeError):
        compat.mkCrcFun(0x104C11DB7)("text")
