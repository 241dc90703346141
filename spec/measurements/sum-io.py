#!/usr/bin/env python3
"""How `crc-gen sum` should read files: positional read() vs mmap, by file size; and the
throughput of `sum` on a 1 GiB file with 1 and 2 jobs next to other tools.

    cargo build --release -p crc-gen-cli
    python3 spec/measurements/sum-io.py [--rounds N] [--dir DIR] [--only-large]
        [--read-sizes 256K,1M,4M] [--crc-gen PATH] [--extra NAME=COMMAND ...]

Files are written to DIR (default: a new directory under /tmp) and read once before timing,
so every figure is page-cached. Part 1 sums, per size, distinct files totalling ~512 MiB
(at most 2000) in one process with `--jobs 1 --io read` and `--io mmap`: distinct, so each
byte comes from RAM and not from a CPU cache warm from the previous file; many per process,
so start-up is amortised. Part 2 sums one 1 GiB file, mapped and with positional reads of
each of `--read-sizes`, on 1 and 2 jobs (`--only-large`: part 2 alone). Each round runs every command once, in
turn, so bursts of load on a shared machine hit them alike; figures are medians over rounds.
`--extra 'crc32fast=/tmp/crc32fast-sum {file}'` adds a command to part 2. `--io mmap` went
with mmap itself (`spec/decisions.md`); `--crc-gen PATH` runs a build from before that.
"""
import argparse
import os
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CRC_GEN = os.path.join(ROOT, "target", "release", "crc-gen")
SIZES = [("4K", 4 << 10), ("16K", 16 << 10), ("64K", 64 << 10), ("256K", 256 << 10),
         ("1M", 1 << 20), ("4M", 4 << 20), ("16M", 16 << 20), ("64M", 64 << 20),
         ("256M", 256 << 20)]
TOTAL = 512 << 20


def bench(cmds, rounds, warm=2):
    times = [[] for _ in cmds]
    for r in range(rounds + warm):
        for i, c in enumerate(cmds):
            start = time.perf_counter()
            subprocess.run(c, stdout=subprocess.DEVNULL, check=True)
            if r >= warm:
                times[i].append(time.perf_counter() - start)
    return [statistics.median(t) for t in times]


def write_random(path, size):
    with open(path, "wb") as f:
        left = size
        while left:
            n = min(left, 16 << 20)
            f.write(os.urandom(n))
            left -= n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--dir")
    ap.add_argument("--extra", action="append", default=[])
    ap.add_argument("--only-large", action="store_true")
    ap.add_argument("--read-sizes", default="256K")
    ap.add_argument("--crc-gen", default=CRC_GEN)
    args = ap.parse_args()
    crc_gen = args.crc_gen
    d = args.dir or tempfile.mkdtemp(prefix="crc-gen-sum-io-")
    os.makedirs(d, exist_ok=True)
    if not args.only_large:
        small_files(args, crc_gen, d)
    large_file(args, crc_gen, d)


def small_files(args, crc_gen, d):

    print("part 1: read vs mmap, --jobs 1, distinct page-cached files (medians)")
    print(f"{'size':>5} {'files':>6} {'read ms':>9} {'GiB/s':>6} {'mmap ms':>9} {'GiB/s':>6} {'mmap/read':>9}")
    for name, size in SIZES:
        count = max(1, min(2000, TOTAL // size))
        sub = os.path.join(d, name)
        os.makedirs(sub, exist_ok=True)
        files = [os.path.join(sub, f"p{i:05}") for i in range(count)]
        for f in files:
            if not os.path.exists(f) or os.path.getsize(f) != size:
                write_random(f, size)
        subprocess.run(["cat", *files], stdout=subprocess.DEVNULL, check=True)
        base = [crc_gen, "sum", "--jobs", "1", "--io"]
        r, m = bench([base + ["read", *files], base + ["mmap", *files]], args.rounds)
        tot = size * count
        print(f"{name:>5} {count:>6} {r*1e3:9.1f} {tot/r/2**30:6.2f} {m*1e3:9.1f} {tot/m/2**30:6.2f} {m/r:9.2f}", flush=True)


def large_file(args, crc_gen, d):
    big = os.path.join(d, "1G")
    if not os.path.exists(big) or os.path.getsize(big) != 1 << 30:
        write_random(big, 1 << 30)
    subprocess.run(["cat", big], stdout=subprocess.DEVNULL, check=True)
    cmds = {}
    for jobs in ["1", "2"]:
        cmds[f"mmap --jobs {jobs}"] = [crc_gen, "sum", "--jobs", jobs, "--io", "mmap", big]
        for size in args.read_sizes.split(","):
            n = int(size.rstrip("KM")) << (10 if size.endswith("K") else 20 if size.endswith("M") else 0)
            cmds[f"read {size} --jobs {jobs}"] = [
                crc_gen, "sum", "--jobs", jobs, "--io", "read", "--read-size", str(n), big]
    cmds["cksum"] = ["cksum", big]
    for e in args.extra:
        name, cmd = e.split("=", 1)
        cmds[name] = cmd.replace("{file}", big).split()
    print("\npart 2: one 1 GiB page-cached file (medians)")
    times = bench(list(cmds.values()), args.rounds)
    print(f"{'':<24} {'median':>8}    {'GiB/s':>6}  {'time / mmap --jobs 1':>20}")
    for (name, _), t in zip(cmds.items(), times):
        print(f"{name:<24} {t*1e3:8.1f} ms {1/t:6.2f}  {t/times[0]:20.2f}")


if __name__ == "__main__":
    main()
