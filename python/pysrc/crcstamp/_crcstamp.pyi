"""Type stubs for the extension module (crcstamp's Rust ``DynCrc`` through PyO3)."""

import sys
from typing import List, Optional, Union, final

if sys.version_info >= (3, 12):
    from collections.abc import Buffer as ReadableBuffer
else:
    from typing_extensions import Buffer as ReadableBuffer

__all__ = ["Crc", "Hash", "Model", "new", "catalogue", "DETACH_AT"]

#: Inputs at least this long are checksummed with the GIL released.
DETACH_AT: int

@final
class Crc:
    """A CRC model, by catalogue name or alias (any case) or by its Rocksoft parameters.

    >>> crcstamp.Crc("crc32c").checksum(b"123456789") == 0xE3069283
    True
    >>> crcstamp.Crc(width=24, poly=0x864CFB, init=0xB704CE).check == 0x21CF02
    True
    """

    def __new__(
        cls,
        name: Optional[str] = None,
        *,
        width: Optional[int] = None,
        poly: Optional[int] = None,
        init: Optional[int] = None,
        refin: Optional[bool] = None,
        refout: Optional[bool] = None,
        xorout: Optional[int] = None,
        check: Optional[int] = None,
        residue: Optional[int] = None,
    ) -> "Crc": ...
    def checksum(self, data: ReadableBuffer, /) -> int:
        """The CRC of ``data`` (any C-contiguous buffer), read in place."""
    def extend(self, crc_a: int, data_b: ReadableBuffer) -> int:
        """``crc(A + B)`` from ``crc(A)`` and the bytes of B."""
    def combine(self, crc_a: int, crc_b: int, len_b: int) -> int:
        """``crc(A + B)`` from ``crc(A)``, ``crc(B)`` and ``len(B)``, in O(log len_b)."""
    @property
    def width(self) -> int: ...
    @property
    def poly(self) -> int: ...
    @property
    def init(self) -> int: ...
    @property
    def refin(self) -> bool: ...
    @property
    def refout(self) -> bool: ...
    @property
    def xorout(self) -> int: ...
    @property
    def check(self) -> int: ...
    @property
    def residue(self) -> int: ...
    @property
    def name(self) -> Optional[str]:
        """The catalogue name; ``None`` for a model given by its parameters."""
    @property
    def backend(self) -> str:
        """The kernel long inputs run on here."""

@final
class Hash:
    """A running CRC with the interface of a ``hashlib`` object, from ``crcstamp.new``."""

    def update(self, data: ReadableBuffer, /) -> None: ...
    def digest(self) -> bytes:
        """The CRC big-endian in the width's whole bytes."""
    def hexdigest(self) -> str: ...
    def intdigest(self) -> int: ...
    def copy(self) -> "Hash": ...
    @property
    def name(self) -> str: ...
    @property
    def digest_size(self) -> int: ...
    @property
    def block_size(self) -> int: ...
    @property
    def crc(self) -> Crc: ...

@final
class Model:
    """A catalogue entry: name, aliases and parameters (``Crc(model.name)`` builds it)."""

    @property
    def name(self) -> str: ...
    @property
    def aliases(self) -> List[str]: ...
    @property
    def width(self) -> int: ...
    @property
    def poly(self) -> int: ...
    @property
    def init(self) -> int: ...
    @property
    def refin(self) -> bool: ...
    @property
    def refout(self) -> bool: ...
    @property
    def xorout(self) -> int: ...
    @property
    def check(self) -> int: ...
    @property
    def residue(self) -> int: ...

def new(name_or_crc: Union[str, Crc], data: Optional[ReadableBuffer] = None, *,
        usedforsecurity: bool = True) -> Hash:
    """A new ``Hash`` for a catalogue name or a ``Crc``, fed ``data``."""

def catalogue() -> List[Model]:
    """Every catalogue algorithm, by width and then name."""
