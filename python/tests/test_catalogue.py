"""Every catalogue model, by name and by alias."""

import pytest

import crcstamp
from bitwise import crc as reference

MODELS = crcstamp.catalogue()


def test_catalogue_is_the_whole_catalogue():
    assert len(MODELS) == 113
    assert len({m.name for m in MODELS}) == 113
    assert "CRC-32C" in next(m for m in MODELS if m.name == "CRC-32/ISCSI").aliases


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.name)
def test_check_value(model):
    crc = crcstamp.Crc(model.name)
    assert crc.checksum(b"123456789") == model.check
    assert crc.check == model.check
    assert crc.residue == model.residue
    assert (crc.width, crc.poly, crc.init, crc.refin, crc.refout, crc.xorout) == (
        model.width, model.poly, model.init, model.refin, model.refout, model.xorout)
    assert crc.name == model.name
    # The catalogue's check is its own claim; the bitwise reference confirms it.
    assert reference(model.width, model.poly, model.init, model.refin, model.refout,
                     model.xorout, b"123456789") == model.check
    # The same model given by its parameters (and its check, which is verified).
    by_params = crcstamp.Crc(width=model.width, poly=model.poly, init=model.init,
                             refin=model.refin, refout=model.refout, xorout=model.xorout,
                             check=model.check, residue=model.residue)
    assert by_params.name is None
    data = bytes(range(256)) * 5
    assert by_params.checksum(data) == crc.checksum(data)


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.name)
def test_aliases_and_case(model):
    for name in [model.name, model.name.lower(), model.name.swapcase()] + model.aliases:
        assert crcstamp.Crc(name).name == model.name


def test_loose_names():
    # Only letters and digits count once the exact lookup fails.
    assert crcstamp.Crc("crc32c").name == "CRC-32/ISCSI"
    assert crcstamp.Crc("crc64nvme").name == "CRC-64/NVME"
    assert crcstamp.Crc("CRC 16 ARC").name == "CRC-16/ARC"
