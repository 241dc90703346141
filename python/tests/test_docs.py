"""The docstrings' examples run, and every public name has a docstring."""

import doctest

import pytest

import crcstamp
import crcstamp._crcstamp
import crcstamp.crcmod
import crcstamp.crcmod.predefined
import crcstamp.s3

MODULES = [crcstamp, crcstamp._crcstamp, crcstamp.crcmod, crcstamp.crcmod.predefined,
           crcstamp.s3]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_examples(module):
    result = doctest.testmod(module, extraglobs={"crcstamp": crcstamp}, verbose=False)
    assert result.failed == 0
    assert result.attempted > 0


def test_docstrings():
    things = [crcstamp.Crc, crcstamp.Hash, crcstamp.Model, crcstamp.new, crcstamp.catalogue,
              crcstamp.Crc.checksum, crcstamp.Crc.extend, crcstamp.Crc.combine,
              crcstamp.Hash.update, crcstamp.Hash.digest, crcstamp.crcmod.mkCrcFun,
              crcstamp.crcmod.Crc, crcstamp.crcmod.predefined.mkPredefinedCrcFun,
              crcstamp.crcmod.predefined.PredefinedCrc]
    things += [getattr(crcstamp.s3, name) for name in crcstamp.s3.__all__
               if callable(getattr(crcstamp.s3, name))]
    assert [t for t in things if not (t.__doc__ or "").strip()] == []
