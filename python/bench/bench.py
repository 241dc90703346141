"""crcstamp against the Python CRC packages installed here, as ratios within one run.

    python bench/bench.py [--quick]

For CRC-32, CRC-32C, CRC-64/NVME and CRC-24/OPENPGP at 64 B, 4 KiB and 1 MiB, each cell gives
crcstamp's time per call and, for every package that computes that CRC, its time divided by
crcstamp's: above 1.0 crcstamp is faster. The packages take turns within each round, and
each cell keeps the fastest of its rounds, so a load that comes and goes shows less. The
64 B cell is mostly the cost of a Python call.

Then the GIL: how far a pure-Python thread gets while another checksums 256 MiB (crcstamp
releases the GIL from crcstamp.DETACH_AT bytes on; crcmod holds it), and four threads
checksumming 64 MiB each, one after another and then at once: they run in parallel on as
many cores as are free, up to the memory's bandwidth.
"""

import argparse
import os
import threading
import time
import timeit
import zlib

import crcstamp
from crcstamp import crcmod as _compat  # noqa: F401  (imported: its cost is not timed)

SIZES = [("64 B", 64), ("4 KiB", 4096), ("1 MiB", 1 << 20)]


def peers():
    """{model: [(package, function)]} for what is installed."""
    out = {"CRC-32/ISO-HDLC": [("zlib.crc32", zlib.crc32)], "CRC-32/ISCSI": [],
           "CRC-64/NVME": [], "CRC-24/OPENPGP": []}
    try:
        import google_crc32c
        out["CRC-32/ISCSI"].append(("google-crc32c (%s)" % google_crc32c.implementation,
                                    google_crc32c.value))
    except ImportError:
        pass
    try:
        import crc32c
        out["CRC-32/ISCSI"].append(("crc32c", crc32c.crc32c))
    except ImportError:
        pass
    try:
        import crcmod
        import crcmod.predefined
        for model, name in [("CRC-32/ISO-HDLC", "crc-32"), ("CRC-32/ISCSI", "crc-32c"),
                            ("CRC-24/OPENPGP", "crc-24")]:
            out[model].append(("crcmod", crcmod.predefined.mkPredefinedCrcFun(name)))
        out["CRC-64/NVME"].append(
            ("crcmod", crcmod.mkCrcFun(0x1AD93D23594C93659, initCrc=0, rev=True,
                                       xorOut=0xFFFFFFFFFFFFFFFF)))
    except ImportError:
        pass
    try:
        import anycrc
        for model, name in [("CRC-32/ISO-HDLC", "CRC32-ISO-HDLC"), ("CRC-32/ISCSI", "CRC32-ISCSI"),
                            ("CRC-64/NVME", "CRC64-NVME"), ("CRC-24/OPENPGP", "CRC24-OPENPGP")]:
            out[model].append(("anycrc", anycrc.Model(name).calc))
    except ImportError:
        pass
    try:
        import fastcrc
        out["CRC-32/ISO-HDLC"].append(("fastcrc", fastcrc.crc32.iso_hdlc))
        out["CRC-32/ISCSI"].append(("fastcrc", fastcrc.crc32.iscsi))
    except ImportError:
        pass
    return out


def per_call(fn, data, target):
    """Seconds per call, the fastest of one round of calls lasting about `target` seconds."""
    number = max(1, int(target / max(timeit.timeit(lambda: fn(data), number=1), 1e-7)))
    return timeit.timeit(lambda: fn(data), number=number) / number


def cells(rounds, target):
    data = os.urandom(1 << 20)
    rows = []
    for model, others in peers().items():
        crc = crcstamp.Crc(model)
        contenders = [("crcstamp", crc.checksum)] + others
        for fn_name, fn in contenders:  # every package agrees before it is timed
            assert fn(data) == crc.checksum(data), (model, fn_name)
        for size_name, size in SIZES:
            buf = data[:size]
            best = {name: float("inf") for name, _ in contenders}
            for _ in range(rounds):
                for name, fn in contenders:
                    best[name] = min(best[name], per_call(fn, buf, target))
            rows.append((model, size_name, size, best, [n for n, _ in others]))
    return rows


def gil(threads=4, block=64 << 20, calls=1):
    """Seconds for `threads` × `calls` checksums of a `block`, one thread after another and
    then in `threads` threads (one 64 MiB input each by default)."""
    blobs = [os.urandom(block) for _ in range(threads)]
    crc = crcstamp.Crc("CRC-32/ISCSI")

    def work(blob):
        for _ in range(calls):
            crc.checksum(blob)

    best_serial = best_parallel = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        for b in blobs:
            work(b)
        best_serial = min(best_serial, time.perf_counter() - t0)
        workers = [threading.Thread(target=work, args=(b,)) for b in blobs]
        t0 = time.perf_counter()
        for w in workers:
            w.start()
        for w in workers:
            w.join()
        best_parallel = min(best_parallel, time.perf_counter() - t0)
    return best_serial, best_parallel


def progress(checksum, data):
    """How far a pure-Python counting thread gets while `checksum(data)` runs in another
    thread, as a fraction of how far it gets alone in the same time: near 1 when the
    checksum releases the GIL (and a core is free), near 0 when it holds it."""
    stop = threading.Event()
    count = [0]

    def counter():
        while not stop.is_set():
            count[0] += 1

    t = threading.Thread(target=counter)
    t.start()
    time.sleep(0.01)
    before, t0 = count[0], time.perf_counter()
    checksum(data)
    during, elapsed = count[0] - before, time.perf_counter() - t0
    before = count[0]
    time.sleep(elapsed)
    alone = count[0] - before
    stop.set()
    t.join()
    return during / max(alone, 1), elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="3 short rounds (a smoke run)")
    args = parser.parse_args()
    rounds, target = (3, 0.005) if args.quick else (7, 0.05)
    print("crcstamp backend here: %s; %d CPUs" % (crcstamp.Crc("CRC-32").backend, os.cpu_count()))
    print()
    print("| CRC | size | crcstamp | package: its time / crcstamp's |")
    print("|---|---|---|---|")
    for model, size_name, size, best, others in cells(rounds, target):
        t = best["crcstamp"]
        ratios = ", ".join("%s %.2f×" % (n, best[n] / t) for n in others) or "(none installed)"
        print("| %s | %s | %.0f ns, %.2f GB/s | %s |" % (model, size_name, t * 1e9, size / t / 1e9,
                                                       ratios))
    data = os.urandom(256 << 20)
    print()
    for name, fn in [("crcstamp", crcstamp.Crc("CRC-32/ISCSI").checksum)] + [
            (n, f) for n, f in peers()["CRC-32/ISCSI"] if n.startswith(("crcmod", "anycrc"))]:
        share, elapsed = progress(fn, data)
        print("GIL: a Python thread counting while %s checksums 256 MiB (%.0f ms) in another "
              "gets %.0f%% as far as alone" % (name, elapsed * 1e3, share * 100))
    serial, parallel = gil()
    print()
    print("Threads: 4 × 64 MiB of CRC-32C, one thread after another %.1f ms, 4 threads at "
          "once %.1f ms: %.2f× on %d CPUs (as many as are free, up to memory bandwidth)"
          % (serial * 1e3, parallel * 1e3, serial / parallel, os.cpu_count()))


if __name__ == "__main__":
    main()
