"""The Rocksoft model one bit at a time, in pure Python: the reference the tests trust.

Nothing here uses crcstamp.
"""

import array
import mmap
import os
import random


def reflect(value, width):
    out = 0
    for _ in range(width):
        out = (out << 1) | (value & 1)
        value >>= 1
    return out


def crc(width, poly, init, refin, refout, xorout, data):
    """The CRC of ``data``: each byte's bits into the top of the register, msb first
    (lsb first when ``refin``)."""
    mask = (1 << width) - 1
    top = width - 1
    reg = init
    for byte in bytes(data):
        if refin:
            byte = reflect(byte, 8)
        for i in range(7, -1, -1):
            feedback = ((reg >> top) ^ (byte >> i)) & 1
            reg = (reg << 1) & mask
            if feedback:
                reg ^= poly
    if refout:
        reg = reflect(reg, width)
    return reg ^ xorout


def seed():
    """The tests' random seed: CRCSTAMP_SEED, or one drawn and printed (pytest shows it on
    a failure), so a failing draw can be replayed."""
    value = int(os.environ.get("CRCSTAMP_SEED") or random.randrange(1 << 32))
    print("CRCSTAMP_SEED=%d" % value)
    return value


def buffers(data):
    """``data`` as each kind of object with the buffer protocol, each holding exactly these
    bytes: (label, object). The memoryview and NumPy slices start at an odd offset."""
    out = [
        ("bytes", bytes(data)),
        ("bytearray", bytearray(data)),
        ("memoryview slice", memoryview(b"\x00" + bytes(data) + b"\x00")[1:-1]),
        ("array B", array.array("B", data)),
    ]
    if len(data) % 4 == 0:
        out.append(("array I", array.array("I", bytes(data))))
    if data:
        m = mmap.mmap(-1, len(data))
        m.write(bytes(data))
        out.append(("mmap", m))
    try:
        import numpy
    except ImportError:
        if os.environ.get("CI"):  # CI installs NumPy: its buffers must be tested there
            raise
        return out
    raw = numpy.frombuffer(b"\x00" + bytes(data), dtype=numpy.uint8)
    out.append(("numpy slice", raw[1:]))
    if len(data) % 8 == 0:
        out.append(("numpy uint64", numpy.frombuffer(bytes(data), dtype=numpy.uint64).copy()))
    return out
