"""Checksums as object stores keep them: S3's full-object and composite values and GCS's
CRC-32C, each the base64 of the big-endian CRC; Azure's CRC-64, little-endian.

The rules, as the AWS SDKs apply them: a full-object value is the CRC of the whole object
(CRC-32, CRC-32C or CRC-64/NVME, S3's default); a composite value, for a multipart upload
with CRC-32 or CRC-32C, is the CRC of the parts' big-endian CRCs concatenated, with ``-N``
for N parts. Parts are 5 MiB to 5 GiB (the last may be shorter), at most 10,000; the AWS
CLI uploads files from 8 MiB on in 8 MiB parts (doubled until there are at most 10,000)
and smaller ones in one request, which S3 keeps as a full-object value.

>>> from crcstamp import s3
>>> s3.full_object(b"123456789")                      # CRC-64/NVME, as S3 shows it
'rosUhgp5mIg='
>>> s3.full_object(b"123456789", "x-amz-checksum-crc32c")
'4waSgw=='
>>> s3.composite(b"123456789", "CRC32", part_size=s3.MIN_PART_SIZE)   # one part
'7kxlUA==-1'
>>> parts = s3.part_crcs(b"123456789", "CRC32C", part_size=s3.MIN_PART_SIZE)
>>> parts
[(3808858755, 9)]
>>> s3.composite_from_parts(parts, "CRC32C"), s3.full_object_from_parts(parts, "CRC32C")
('pzJFoA==-1', '4waSgw==')
>>> s3.gcs_crc32c(b"123456789")                        # gcloud storage hash's crc32c_hash
'4waSgw=='
>>> s3.to_base64(0xE3069283, 32), hex(s3.from_base64("4waSgw==", 32))
('4waSgw==', '0xe3069283')
"""

import base64
import mmap
import os
from concurrent.futures import ThreadPoolExecutor
from typing import List, Optional, Sequence, Tuple, Union

from ._crcstamp import Crc

__all__ = [
    "ALGORITHMS", "MIN_PART_SIZE", "MAX_PART_SIZE", "MAX_PARTS", "CLI_PART_SIZE",
    "CLI_THRESHOLD", "algorithm_of", "cli_part_size", "to_base64", "from_base64", "part_crcs",
    "full_object", "composite", "full_object_from_parts", "composite_from_parts",
    "gcs_crc32c", "azure_crc64",
]

#: S3's CRC algorithms and the catalogue models they are.
ALGORITHMS = {"CRC32": "CRC-32/ISO-HDLC", "CRC32C": "CRC-32/ISCSI", "CRC64NVME": "CRC-64/NVME"}
#: S3's smallest part (all but the last).
MIN_PART_SIZE = 5 << 20
#: S3's largest part.
MAX_PART_SIZE = 5 << 30
#: The most parts an S3 upload has.
MAX_PARTS = 10_000
#: The AWS CLI's (s3transfer's) default ``multipart_chunksize``.
CLI_PART_SIZE = 8 << 20
#: The AWS CLI's default ``multipart_threshold``: smaller files are one request.
CLI_THRESHOLD = 8 << 20

#: Each part is summed in pieces of at most this many bytes, so large parts use every thread.
_PIECE = 32 << 20

Data = Union[bytes, bytearray, memoryview, str, "os.PathLike[str]"]


def algorithm_of(name: str) -> str:
    """S3's name (``CRC32``, ``CRC32C``, ``CRC64NVME``) for any name users paste:
    ``ChecksumCRC64NVME``, ``x-amz-checksum-crc32c``, ``crc32``, a catalogue name.

    >>> algorithm_of("x-amz-checksum-crc64nvme"), algorithm_of("CRC-32/ISCSI")
    ('CRC64NVME', 'CRC32C')
    """
    if not isinstance(name, str):
        raise TypeError(f"the algorithm must be a str, not {type(name).__name__!r}")
    bare = name.lower()
    for prefix in ("checksum", "x-amz-checksum-"):
        if bare.startswith(prefix):
            bare = bare[len(prefix):]
    for s3_name, model in ALGORITHMS.items():
        if bare == s3_name.lower():
            return s3_name
    try:
        crc = Crc(name)
    except ValueError:
        crc = None
    for s3_name, model in ALGORITHMS.items():
        if crc is not None and crc.name == model:
            return s3_name
    raise ValueError(f"S3 keeps CRC32, CRC32C and CRC64NVME checksums, not {name!r}")


def _crc(name: str) -> Crc:
    return Crc(ALGORITHMS[algorithm_of(name)])


def _no_composite() -> ValueError:
    return ValueError("S3 keeps CRC64NVME only as a full-object checksum (S3 refuses a "
                      "composite one); composite is CRC32 and CRC32C")


def cli_part_size(size: int) -> Optional[int]:
    """The AWS CLI's part size for a file of ``size`` bytes; ``None`` under 8 MiB (one request).

    >>> cli_part_size(8 << 20) == 8 << 20, cli_part_size(80_001 << 20) == 16 << 20
    (True, True)
    """
    if size < CLI_THRESHOLD:
        return None
    part = CLI_PART_SIZE
    while -(-size // part) > MAX_PARTS and part < MAX_PART_SIZE:
        part *= 2
    return min(part, MAX_PART_SIZE)


def _check_layout(size: int, part_size: int) -> int:
    """The number of parts, or a ValueError naming what S3 refuses."""
    if not isinstance(part_size, int) or isinstance(part_size, bool):
        raise TypeError(f"part_size must be an int, not {type(part_size).__name__!r}")
    if part_size < MIN_PART_SIZE:
        raise ValueError(f"part_size = {part_size} is under S3's 5 MiB minimum part size")
    if part_size > MAX_PART_SIZE:
        raise ValueError(f"part_size = {part_size} exceeds S3's 5 GiB maximum part size")
    count = max(1, -(-size // part_size))
    if count > MAX_PARTS:
        raise ValueError(f"{size} bytes in parts of {part_size} bytes make {count} parts; "
                         "S3 allows at most 10,000")
    return count


def to_base64(value: int, width: int) -> str:
    """``value`` as base64 of its ``width`` bits' whole bytes, big-endian."""
    return base64.b64encode(value.to_bytes((width + 7) // 8, "big")).decode("ascii")


def from_base64(text: str, width: int) -> int:
    """The CRC a base64 value states; a ValueError for anything but base64 of the width's
    whole bytes."""
    try:
        raw = base64.b64decode(text, validate=True)
    except (ValueError, TypeError) as e:
        raise ValueError(f"{text!r} is not base64 ({e})") from None
    if len(raw) != (width + 7) // 8:
        raise ValueError(f"{text!r} holds {len(raw)} bytes, a {width}-bit CRC has "
                         f"{(width + 7) // 8}")
    return int.from_bytes(raw, "big")


class _Bytes:
    """The bytes of a buffer, or of a file mapped read-only (no copy either way)."""

    def __init__(self, data: Data):
        self._file = self._map = None
        if isinstance(data, (str, os.PathLike)):
            self._file = open(data, "rb")
            size = os.fstat(self._file.fileno()).st_size
            if size:
                self._map = mmap.mmap(self._file.fileno(), 0, access=mmap.ACCESS_READ)
            self.view = memoryview(self._map if self._map is not None else b"")
        else:
            self.view = memoryview(data).cast("B")

    def __enter__(self) -> "_Bytes":
        return self

    def __exit__(self, *exc: object) -> None:
        self.view.release()
        if self._map is not None:
            self._map.close()
        if self._file is not None:
            self._file.close()


def _sum(crc: Crc, view: memoryview, start: int, end: int) -> int:
    with view[start:end] as piece:
        return crc.checksum(piece)


def _part_crcs(crc: Crc, view: memoryview, part_size: int,
               threads: Optional[int]) -> List[Tuple[int, int]]:
    size = len(view)
    bounds = [(a, min(a + part_size, size)) for a in range(0, size, part_size)] or [(0, 0)]
    pieces = [(i, p, min(p + _PIECE, b)) for i, (a, b) in enumerate(bounds)
              for p in range(a, max(b, a + 1), _PIECE)]
    # Long inputs are checksummed with the GIL released, so threads run at once.
    with ThreadPoolExecutor(max_workers=threads or os.cpu_count() or 1) as pool:
        crcs = list(pool.map(lambda t: _sum(crc, view, t[1], t[2]), pieces))
    parts: List[Optional[Tuple[int, int]]] = [None] * len(bounds)
    for (i, a, b), c in zip(pieces, crcs):
        prev = parts[i]
        parts[i] = (c, b - a) if prev is None else (crc.combine(prev[0], c, b - a),
                                                     prev[1] + b - a)
    return [p for p in parts if p is not None]


def part_crcs(data: Data, algorithm: str = "CRC64NVME", part_size: Optional[int] = None,
              threads: Optional[int] = None) -> List[Tuple[int, int]]:
    """Each part's ``(crc, size)`` for an upload of ``data`` (a buffer, or a path) in parts of
    ``part_size`` bytes (default: the AWS CLI's; a file under 8 MiB is then one part)."""
    crc = _crc(algorithm)
    with _Bytes(data) as b:
        size = len(b.view)
        part = part_size if part_size is not None else (cli_part_size(size) or max(size, 1))
        if part_size is not None:
            _check_layout(size, part_size)
        return _part_crcs(crc, b.view, part, threads)


def full_object_from_parts(parts: Sequence[Tuple[int, int]], algorithm: str = "CRC64NVME") -> str:
    """The full-object value from each part's ``(crc, size)``, joined with ``combine``."""
    crc = _crc(algorithm)
    if not parts:
        raise ValueError("no parts: an upload has at least one")
    whole = parts[0][0]
    for c, n in parts[1:]:
        whole = crc.combine(whole, c, n)
    return to_base64(whole, crc.width)


def composite_from_parts(parts: Sequence[Union[int, Tuple[int, int]]],
                         algorithm: str = "CRC32") -> str:
    """The composite value (``…-N``) from each part's CRC (or ``(crc, size)``)."""
    crc = _crc(algorithm)
    if crc.width == 64:
        raise _no_composite()
    if not parts or len(parts) > MAX_PARTS:
        raise ValueError(f"{len(parts)} parts: an upload has 1 to 10,000")
    crcs = [p[0] if isinstance(p, tuple) else p for p in parts]
    joined = b"".join(c.to_bytes(crc.width // 8, "big") for c in crcs)
    return f"{to_base64(crc.checksum(joined), crc.width)}-{len(crcs)}"


def _whole(crc: Crc, data: Data, threads: Optional[int]) -> int:
    """The CRC of all of ``data``: pieces summed on threads, joined with ``combine``."""
    with _Bytes(data) as b:
        return _part_crcs(crc, b.view, max(len(b.view), 1), threads)[0][0]


def full_object(data: Data, algorithm: str = "CRC64NVME", threads: Optional[int] = None) -> str:
    """The full-object value of ``data`` (a buffer, or a path: parts summed on threads and
    joined with ``combine``)."""
    crc = _crc(algorithm)
    return to_base64(_whole(crc, data, threads), crc.width)


def composite(data: Data, algorithm: str = "CRC32", part_size: Optional[int] = None,
              threads: Optional[int] = None) -> str:
    """The composite value of ``data`` uploaded in parts of ``part_size`` bytes; by default
    the AWS CLI's layout, where a file under 8 MiB is one request and S3 keeps its
    full-object value (no ``-N``)."""
    s3_name = algorithm_of(algorithm)
    if s3_name == "CRC64NVME":
        raise _no_composite()
    crc = _crc(s3_name)
    with _Bytes(data) as b:
        size = len(b.view)
        if part_size is None and cli_part_size(size) is None:
            return to_base64(_sum(crc, b.view, 0, size), crc.width)
        part = part_size if part_size is not None else cli_part_size(size)
        _check_layout(size, part)
        parts = _part_crcs(crc, b.view, part, threads)
    return composite_from_parts(parts, s3_name)


def gcs_crc32c(data: Data) -> str:
    """GCS's ``crc32c`` (``gcloud storage hash``, ``x-goog-hash: crc32c=``): base64 of the
    big-endian CRC-32C of the whole object."""
    return full_object(data, "CRC32C")


def azure_crc64(data: Data, threads: Optional[int] = None) -> str:
    """Azure Storage's ``x-ms-content-crc64``: CRC-64/NVME's model, its 8 bytes written
    little-endian (as Azure's SDKs write them), in base64.

    >>> azure_crc64(b"123456789")
    'iJh5CoYUi64='
    """
    crc = _whole(Crc("CRC-64/NVME"), data, threads)
    return base64.b64encode(crc.to_bytes(8, "little")).decode("ascii")
