"""crcmod's interface over crcstamp: existing code changes one import.

``import crcmod`` becomes ``from crcstamp import crcmod``, and ``import crcmod.predefined``
becomes ``from crcstamp.crcmod import predefined``. The conventions are crcmod's:

- ``poly`` includes its top bit (``0x104C11DB7`` for CRC-32), and its degree is the width;
- ``initCrc`` is the CRC of the empty message: the initial register XORed with ``xorOut``,
  in the algorithm's own bit order (reflected when ``rev``);
- ``rev=True`` is a reflected algorithm (refin and refout both true);
- ``crcfun(data, crc)`` continues from ``crc``, the CRC of what came before.

As crcmod, it takes degrees 8, 16, 24, 32 and 64 and refuses others with crcmod's
``ValueError``: a poly written without its top bit (``0x1021``) would otherwise be a CRC of
another width. ``crcstamp.Crc`` takes any width from 1 to 128. crcmod's
``Crc.generateCode`` (C source) is not provided: ``crc-gen emit --lang c`` writes C.

>>> from crcstamp import crcmod
>>> crc32 = crcmod.mkCrcFun(0x104C11DB7, initCrc=0, xorOut=0xFFFFFFFF)
>>> hex(crc32(b"123456789"))
'0xcbf43926'
>>> hex(crc32(b"56789", crc32(b"1234")))
'0xcbf43926'
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Callable, List, Optional

from .._crcstamp import Crc as _Model

if TYPE_CHECKING:
    import sys

    if sys.version_info >= (3, 12):
        from collections.abc import Buffer as ReadableBuffer
    else:
        from typing_extensions import Buffer as ReadableBuffer

__all__ = ["mkCrcFun", "Crc"]


def _reflect(value: int, width: int) -> int:
    return int(format(value, "0%db" % width)[::-1], 2)


def _int(name: str, value: int) -> int:
    """``value`` as an int; anything else is crcmod's ``TypeError``."""
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError("%s must be an int, not %r" % (name, type(value).__name__)) from None


def _degree(poly: int) -> int:
    """The width of crcmod's ``poly``, tested as crcmod tests it, by comparing: what crcmod
    refuses (a bool, a float out of range) raises what crcmod raises."""
    for width in (8, 16, 24, 32, 64):
        try:
            if 1 << width <= poly < 2 << width:
                return width
        except TypeError:
            raise TypeError("poly must be an int, not %r" % type(poly).__name__) from None
    shown = "%#x" % poly if isinstance(poly, int) else repr(poly)
    raise ValueError(
        "The degree of the polynomial must be 8, 16, 24, 32 or 64 (poly = %s; crcmod's poly "
        "includes its top bit: 0x11021 for CRC-16/XMODEM; crcstamp.Crc takes other widths)"
        % shown
    )


def _model(poly: int, initCrc: int, rev: bool, xorOut: int) -> "tuple[_Model, int, int]":
    """The crcstamp model of crcmod's parameters, and crcmod's masked initCrc and xorOut."""
    width = _degree(poly)
    poly = _int("poly", poly)
    initCrc = _int("initCrc", initCrc)
    xorOut = _int("xorOut", xorOut)
    mask = (1 << width) - 1
    initCrc &= mask
    xorOut &= mask
    register = initCrc ^ xorOut
    init = _reflect(register, width) if rev else register
    model = _Model(width=width, poly=poly & mask, init=init, refin=bool(rev),
                   refout=bool(rev), xorout=xorOut)
    return model, initCrc, xorOut


def mkCrcFun(poly: int, initCrc: int = ~0, rev: bool = True,
             xorOut: int = 0) -> Callable[..., int]:
    """A function ``crcfun(data, crc=initCrc) -> int``, as crcmod's.

    >>> kermit = mkCrcFun(0x11021, initCrc=0, rev=True)
    >>> hex(kermit(b"123456789"))
    '0x2189'
    """
    model, init_crc, _ = _model(poly, initCrc, rev, xorOut)
    return _crcfun(model, init_crc)


def _crcfun(model: _Model, init_crc: int) -> Callable[..., int]:
    checksum, extend = model.checksum, model.extend
    mask = (1 << model.width) - 1

    def crcfun(data: ReadableBuffer, crc: int = init_crc) -> int:
        if crc == init_crc:
            return checksum(data)
        return extend(crc & mask, data)

    crcfun.__doc__ = "The CRC of data, continuing from crc (%r)." % model
    return crcfun


class Crc:
    """crcmod's ``Crc``: a hashlib-style object with crcmod's attributes.

    ``crcValue`` is the running CRC and may be set; ``hexdigest()`` is upper case, as
    crcmod's.

    >>> c = Crc(0x11021, initCrc=0, rev=False)     # XMODEM
    >>> c.update(b"123456789")
    >>> c.hexdigest(), c.digest_size
    ('31C3', 2)
    """

    def __init__(self, poly: int, initCrc: int = ~0, rev: bool = True, xorOut: int = 0,
                 initialize: bool = True) -> None:
        if not initialize:
            return
        model, init_crc, xor_out = _model(poly, initCrc, rev, xorOut)
        self._setup(model, poly, init_crc, bool(rev), xor_out)

    def _setup(self, model: _Model, poly: int, initCrc: int, rev: bool, xorOut: int) -> None:
        self._model = model
        self._table: Optional[List[int]] = None
        self.digest_size = (model.width + 7) // 8
        self.initCrc = initCrc
        self.xorOut = xorOut
        self.poly = poly
        self.reverse = rev
        self.crcValue = initCrc

    def __str__(self) -> str:
        fmt = "0x%%0%dX" % (self.digest_size * 2)
        return "\n".join([
            "poly = 0x%X" % self.poly,
            "reverse = %s" % self.reverse,
            "initCrc  = %s" % (fmt % self.initCrc),
            "xorOut   = %s" % (fmt % self.xorOut),
            "crcValue = %s" % (fmt % self.crcValue),
        ])

    def new(self, arg: Optional[ReadableBuffer] = None) -> "Crc":
        """A fresh object with the same parameters, fed ``arg`` if given."""
        n = self.__class__.__new__(self.__class__)
        Crc._setup(n, self._model, self.poly, self.initCrc, self.reverse, self.xorOut)
        n._table = self._table
        if arg is not None:
            n.update(arg)
        return n

    def copy(self) -> "Crc":
        """A fresh object with the same parameters and the current ``crcValue``."""
        c = self.new()
        c.crcValue = self.crcValue
        return c

    def update(self, data: ReadableBuffer) -> None:
        """Feeds ``data`` (any object with the buffer protocol)."""
        self.crcValue = self._model.extend(self.crcValue, data)

    def digest(self) -> bytes:
        """``crcValue`` big-endian in ``digest_size`` bytes."""
        return self.crcValue.to_bytes(self.digest_size, "big")

    def hexdigest(self) -> str:
        """``digest()`` as upper-case hex."""
        return "%0*X" % (self.digest_size * 2, self.crcValue)

    @property
    def table(self) -> List[int]:
        """crcmod's 256-entry byte table: the register after each byte value from zero."""
        if self._table is None:
            m = self._model
            zero = _Model(width=m.width, poly=m.poly, refin=m.refin, refout=m.refout)
            self._table = [zero.checksum(bytes([i])) for i in range(256)]
        return self._table
