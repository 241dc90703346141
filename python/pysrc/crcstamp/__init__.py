"""Any CRC model, widths 1 to 128, at carry-less-multiply speed.

crcstamp's ``DynCrc`` for Python: a model is built once (tables and folding constants) and
runs on the same self-tested SIMD kernels as the Rust crate's stamped types.

>>> import crcstamp
>>> crc = crcstamp.Crc("CRC-32/ISCSI")            # a catalogue name or alias, any case
>>> hex(crc.checksum(b"123456789"))
'0xe3069283'
>>> crc24 = crcstamp.Crc(width=24, poly=0x864cfb, init=0xb704ce, refin=False,
...                      refout=False, xorout=0)
>>> crc24.combine(crc24.checksum(b"12345"), crc24.checksum(b"6789"), 4) == crc24.check
True
>>> h = crcstamp.new("crc-64/nvme", b"1234")      # hashlib's habits
>>> h.update(b"56789")
>>> h.hexdigest()
'ae8b14860a799888'

``crcstamp.crcmod`` keeps crcmod's interface (``mkCrcFun``, ``Crc``, ``predefined``).
"""

from ._crcstamp import DETACH_AT, Crc, Hash, Model, catalogue, new

__all__ = ["Crc", "Hash", "Model", "catalogue", "new", "DETACH_AT"]
