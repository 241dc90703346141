#!/usr/bin/env python3
"""Which slice kernel is fastest for each register word (u8, u16, u32, u64, u128): the
default `slice` the emitter stamps and the table kernel the engine runs.

    cargo build --release -p crc-gen-cli
    python3 spec/measurements/slice-choice.py [--runs N] [--sizes LIST]

Runs `crc-gen bench --backend slice4,slice8,slice16` (forced backends through DynCrc; 11
interleaved rounds, medians) N times over two algorithms per word, one per bit order, and
prints, per word, the speed of slice-4 and slice-8 relative to slice-16 in each cell
(algorithm x size x run): range and median. Ratios within one bench run only; the machine
is shared and noisy.
"""
import argparse
import json
import os
import statistics
import subprocess
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CRC_GEN = os.path.join(ROOT, "target", "release", "crc-gen")
ALGORITHMS = {
    "u8": ["CRC-8/SMBUS", "CRC-8/MAXIM-DOW"],
    "u16": ["CRC-16/T10-DIF", "CRC-16/ARC"],
    "u32": ["CRC-32/BZIP2", "CRC-32/ISO-HDLC"],
    "u64": ["CRC-64/ECMA-182", "CRC-64/NVME"],
    "u128": ["CRC-82/DARC",
             "width=128 poly=0x87 init=0x0 refin=false refout=false",
             "width=128 poly=0x87 init=0xffffffffffffffffffffffffffffffff refin=true refout=true"],
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--sizes", default="16,64,256,1K,4K,64K,1M")
    ap.add_argument("--crc-gen", default=CRC_GEN)
    args = ap.parse_args()
    ratios = defaultdict(lambda: defaultdict(list))  # word -> backend -> [ratio]
    cells = defaultdict(lambda: defaultdict(list))  # (word, size) -> backend -> [ratio]
    for run in range(args.runs):
        for word, algs in ALGORITHMS.items():
            cmd = [args.crc_gen, "bench", "--backend", "slice4,slice8,slice16",
                   "--sizes", args.sizes, "--format", "json", "-a", *algs]
            doc = json.loads(subprocess.run(cmd, check=True, capture_output=True).stdout)
            speed = {(r["algorithm"], r["size"], r["backend"]): r["mib_per_s"]
                     for r in doc["results"]}
            for (alg, size, backend), v in speed.items():
                base = speed[(alg, size, "slice16")]
                ratios[word][backend].append(v / base)
                cells[(word, size)][backend].append(v / base)
        print(f"run {run + 1} of {args.runs} done", flush=True)

    def summary(v):
        return f"{min(v):.2f}-{max(v):.2f}, median {statistics.median(v):.2f}"

    print("\nspeed / slice-16 speed, every algorithm, size and run")
    print(f"{'word':>5}  {'slice4':<26} {'slice8':<26}")
    for word in ALGORITHMS:
        print(f"{word:>5}  {summary(ratios[word]['slice4']):<26} {summary(ratios[word]['slice8']):<26}")
    print("\nper size: median of slice8 / slice16 (and slice4 / slice16)")
    sizes = sorted({size for (_, size) in cells})
    print(f"{'word':>5}  " + "  ".join(f"{s:>11}" for s in sizes))
    for word in ALGORITHMS:
        row = []
        for s in sizes:
            c = cells[(word, s)]
            row.append(f"{statistics.median(c['slice8']):.2f} ({statistics.median(c['slice4']):.2f})")
        print(f"{word:>5}  " + "  ".join(f"{r:>11}" for r in row))


if __name__ == "__main__":
    main()
