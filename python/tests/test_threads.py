"""Four threads checksumming 64 MiB each get the right values (with the GIL released for long
inputs, they run at once; bench/bench.py measures that, the test does not time it)."""

import random
import threading
import zlib

import crcstamp

SIZE = 64 << 20


def test_four_threads_64_mib_each():
    blobs = [random.Random(i).randbytes(SIZE) for i in range(4)]
    expected = [zlib.crc32(b) for b in blobs]  # an independent implementation
    crc = crcstamp.Crc("CRC-32/ISO-HDLC")
    got = [None] * 4
    hashes = [crcstamp.new(crc) for _ in range(4)]

    def work(i):
        got[i] = crc.checksum(blobs[i])
        view = memoryview(blobs[i])
        for start in range(0, SIZE, 1 << 22):  # and streamed, 4 MiB at a time
            hashes[i].update(view[start:start + (1 << 22)])

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == expected
    assert [h.intdigest() for h in hashes] == expected
    assert crcstamp.DETACH_AT <= 64 * 1024
