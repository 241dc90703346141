"""crcmod.predefined over crcstamp's catalogue.

Each of crcmod's predefined names (and its identifier, ``Crc32C``) maps to the catalogue
algorithm with the same parameters; crcmod's ``crc-64`` and ``crc-64-jones`` are not in the
catalogue and keep their own parameters. Names are matched as crcmod matches them: any
case, dashes and spaces ignored, a leading ``crc`` optional.

>>> from crcstamp.crcmod import predefined
>>> hex(predefined.mkPredefinedCrcFun("crc-32c")(b"123456789"))
'0xe3069283'
>>> predefined.PredefinedCrc("x-25").model.name
'CRC-16/IBM-SDLC'
"""

from __future__ import annotations

from typing import Callable, Dict, Tuple, Union

from .._crcstamp import Crc as _Model
from . import Crc as _CrcmodCrc
from . import _crcfun, _reflect

__all__ = ["PredefinedCrc", "mkPredefinedCrcFun"]

# (crcmod name, crcmod identifier, catalogue name or the Rocksoft parameters
# (width, poly, init, reflected, xorout) of the two crcmod defines beyond the catalogue).
_Target = Union[str, Tuple[int, int, int, bool, int]]
_DEFINITIONS: "list[tuple[str, str, _Target]]" = [
    ("crc-8", "Crc8", "CRC-8/SMBUS"),
    ("crc-8-darc", "Crc8Darc", "CRC-8/DARC"),
    ("crc-8-i-code", "Crc8ICode", "CRC-8/I-CODE"),
    ("crc-8-itu", "Crc8Itu", "CRC-8/I-432-1"),
    ("crc-8-maxim", "Crc8Maxim", "CRC-8/MAXIM-DOW"),
    ("crc-8-rohc", "Crc8Rohc", "CRC-8/ROHC"),
    ("crc-8-wcdma", "Crc8Wcdma", "CRC-8/WCDMA"),
    ("crc-16", "Crc16", "CRC-16/ARC"),
    ("crc-16-buypass", "Crc16Buypass", "CRC-16/UMTS"),
    ("crc-16-dds-110", "Crc16Dds110", "CRC-16/DDS-110"),
    ("crc-16-dect", "Crc16Dect", "CRC-16/DECT-R"),
    ("crc-16-dnp", "Crc16Dnp", "CRC-16/DNP"),
    ("crc-16-en-13757", "Crc16En13757", "CRC-16/EN-13757"),
    ("crc-16-genibus", "Crc16Genibus", "CRC-16/GENIBUS"),
    ("crc-16-maxim", "Crc16Maxim", "CRC-16/MAXIM-DOW"),
    ("crc-16-mcrf4xx", "Crc16Mcrf4xx", "CRC-16/MCRF4XX"),
    ("crc-16-riello", "Crc16Riello", "CRC-16/RIELLO"),
    ("crc-16-t10-dif", "Crc16T10Dif", "CRC-16/T10-DIF"),
    ("crc-16-teledisk", "Crc16Teledisk", "CRC-16/TELEDISK"),
    ("crc-16-usb", "Crc16Usb", "CRC-16/USB"),
    ("x-25", "CrcX25", "CRC-16/IBM-SDLC"),
    ("xmodem", "CrcXmodem", "CRC-16/XMODEM"),
    ("modbus", "CrcModbus", "CRC-16/MODBUS"),
    ("kermit", "CrcKermit", "CRC-16/KERMIT"),
    ("crc-ccitt-false", "CrcCcittFalse", "CRC-16/IBM-3740"),
    ("crc-aug-ccitt", "CrcAugCcitt", "CRC-16/SPI-FUJITSU"),
    ("crc-24", "Crc24", "CRC-24/OPENPGP"),
    ("crc-24-flexray-a", "Crc24FlexrayA", "CRC-24/FLEXRAY-A"),
    ("crc-24-flexray-b", "Crc24FlexrayB", "CRC-24/FLEXRAY-B"),
    ("crc-32", "Crc32", "CRC-32/ISO-HDLC"),
    ("crc-32-bzip2", "Crc32Bzip2", "CRC-32/BZIP2"),
    ("crc-32c", "Crc32C", "CRC-32/ISCSI"),
    ("crc-32d", "Crc32D", "CRC-32/BASE91-D"),
    ("crc-32-mpeg", "Crc32Mpeg", "CRC-32/MPEG-2"),
    ("posix", "CrcPosix", "CRC-32/CKSUM"),
    ("crc-32q", "Crc32Q", "CRC-32/AIXM"),
    ("jamcrc", "CrcJamCrc", "CRC-32/JAMCRC"),
    ("xfer", "CrcXfer", "CRC-32/XFER"),
    ("crc-64", "Crc64", (64, 0x1B, 0, True, 0)),
    ("crc-64-we", "Crc64We", "CRC-64/WE"),
    ("crc-64-jones", "Crc64Jones", (64, 0xAD93D23594C935A9, 0xFFFFFFFFFFFFFFFF, True, 0)),
]

#: crcmod's predefined names, in its order.
NAMES = [name for name, _, _ in _DEFINITIONS]


def _simplify(name: str) -> str:
    name = name.lower().replace("-", "").replace(" ", "")
    return name[3:] if name.startswith("crc") else name


_BY_NAME: Dict[str, _Target] = {_simplify(n): t for n, _, t in _DEFINITIONS}
_BY_IDENTIFIER: Dict[str, _Target] = {i: t for _, i, t in _DEFINITIONS}


def _lookup(crc_name: str) -> "tuple[_Model, int, int, bool, int]":
    """The model, and its crcmod parameters: poly with its top bit, initCrc, rev, xorOut."""
    target = _BY_NAME.get(_simplify(crc_name)) or _BY_IDENTIFIER.get(crc_name)
    if target is None:
        raise KeyError("Unknown CRC name '%s' (crcmod.predefined's names: %s)"
                       % (crc_name, ", ".join(NAMES)))
    if isinstance(target, str):
        model = _Model(target)
    else:
        width, poly, init, reflected, xorout = target
        model = _Model(width=width, poly=poly, init=init, refin=reflected, refout=reflected,
                       xorout=xorout)
    w = model.width
    init = _reflect(model.init, w) if model.refin else model.init
    return model, model.poly | (1 << w), init ^ model.xorout, model.refin, model.xorout


class PredefinedCrc(_CrcmodCrc):
    """crcmod's ``Crc`` for a predefined name; ``model`` is the crcstamp model it runs."""

    def __init__(self, crc_name: str) -> None:
        model, poly, init_crc, rev, xor_out = _lookup(crc_name)
        self._setup(model, poly, init_crc, rev, xor_out)

    @property
    def model(self) -> _Model:
        """The crcstamp model (catalogue name in ``model.name``)."""
        return self._model


Crc = PredefinedCrc


def mkPredefinedCrcFun(crc_name: str) -> Callable[..., int]:
    """crcmod's ``mkPredefinedCrcFun``: ``crcfun(data, crc=initCrc)`` for a predefined name."""
    model, _, init_crc, _, _ = _lookup(crc_name)
    return _crcfun(model, init_crc)


mkCrcFun = mkPredefinedCrcFun
