#!/usr/bin/env python3
"""Two builds' full `cargo bench --bench peers` runs, compared cell by cell.

    python3 spec/measurements/peers_compare.py --before A1.txt A2.txt --after B1.txt B2.txt

A cell is one CRC at one length of the summary "crcstamp auto / best peer" (each run's median
of per-round ratios). It is worse beyond noise when every after-run is below every
before-run by more than `--noise` (default 5%), better the other way round. Prints those
cells, then how many cells each way. Run the two builds' benches interleaved (before, after,
before, after), so that the host's drift falls on both.

Build both with every function aligned to a cache line,

    RUSTFLAGS="-C llvm-args=-align-all-functions=6" cargo bench --bench peers --no-run

(with a target dir per build), so that the comparison is of the code and not of where the
linker put it: in default builds the bench's own no-op call (`floor`) moves by a quarter of
a nanosecond between two builds of the same harness, and the short cells with it
(`spec/decisions.md`, "Comparing two builds: functions aligned").
"""
import argparse


def summary(path):
    """{(length, crc): ratio} from the 'auto / best peer' summary of one run."""
    cells, header, inside = {}, None, False
    for line in open(path):
        if line.startswith("summary: crcstamp auto / best peer"):
            inside = True
            continue
        if inside and line.startswith("summary:"):
            break
        if not inside:
            continue
        left = line.split("|")[0].split()
        if left and left[0] == "bytes":
            header = left[1:]
        elif left and left[0].isdigit() and header:
            for crc, value in zip(header, left[1:]):
                cells[(int(left[0]), crc)] = float(value)
    return cells


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--before", nargs="+", required=True)
    p.add_argument("--after", nargs="+", required=True)
    p.add_argument("--noise", type=float, default=0.05)
    a = p.parse_args()
    before = [summary(f) for f in a.before]
    after = [summary(f) for f in a.after]
    worse = better = 0
    for cell in sorted(before[0]):
        b = [r[cell] for r in before if cell in r]
        n = [r[cell] for r in after if cell in r]
        if not n:
            continue
        fmt = lambda xs: "/".join(f"{x:.2f}" for x in xs)
        if max(n) < min(b) * (1 - a.noise):
            worse += 1
            print(f"worse  {cell[1]:>9} {cell[0]:>8} B: before {fmt(b)}, after {fmt(n)}")
        elif min(n) > max(b) * (1 + a.noise):
            better += 1
            print(f"better {cell[1]:>9} {cell[0]:>8} B: before {fmt(b)}, after {fmt(n)}")
    print(f"{len(before[0])} cells: {worse} worse and {better} better beyond {a.noise:.0%}")


if __name__ == "__main__":
    main()
