#!/usr/bin/env python3
"""Issue 13's speed criteria, read from the summaries of full `cargo bench --bench peers` runs.

    python3 spec/measurements/archive/criteria.py spec/measurements/peers-2026-12-03d-*.txt [...]

For each file: the lowest ratio to the best peer over the six headline CRCs (1 B-1 MiB);
CRC-32C against the best peer from 16 KiB; CRC-32 and CRC-64/NVME against the 512-bit
fold-loop ceiling from 16 KiB; the three forward CRCs (BZIP2, T10-DIF, ECMA-182) against the
ceiling at 16 KiB and from 64 KiB, and against the reflected CRC of their width (`/refl`) at
4-16 KiB and from 64 KiB. The figures are the summaries' medians of per-round ratios.
"""
import sys

HEADLINE = ["ISO-HDLC", "ISCSI", "BZIP2", "T10-DIF", "NVME", "ECMA-182"]
FORWARD = [2, 3, 5]  # BZIP2, T10-DIF, ECMA-182 in HEADLINE


def summaries(path):
    """The two summary tables: {length: [ratios by column]} for peer, ceiling and refl."""
    peer, ceil, refl, section = {}, {}, {}, None
    for line in open(path):
        if line.startswith("summary: crcstamp auto / best peer"):
            section = "peer"
            continue
        if line.startswith("summary: crcstamp auto / fold-loop ceiling"):
            section = "ceil"
            continue
        cells = line.split()
        if section is None or "|" not in cells or not cells[0].isdigit():
            continue
        bar = cells.index("|")
        left = [float(x) for x in cells[1:bar]]
        right = [float(x) for x in cells[bar + 1:]]
        if section == "peer":
            peer[int(cells[0])] = left
        else:
            ceil[int(cells[0])], refl[int(cells[0])] = left, right
    return peer, ceil, refl


def fmt(xs):
    return " ".join(f"{x:.2f}" for x in xs)


def main():
    if len(sys.argv) < 2:
        sys.exit("criteria: give one or more peers output files")
    for path in sys.argv[1:]:
        peer, ceil, refl = summaries(path)
        if not peer or not ceil:
            sys.exit(f"criteria: {path}: no summary tables (a full peers run prints two)")
        lo = min((peer[n][i], n, HEADLINE[i]) for n in peer for i in range(len(HEADLINE)))
        long = [n for n in sorted(peer) if n >= 16384]
        print(f"== {path}")
        print(f"  headline, lowest / best peer:       {lo[0]:.2f} ({lo[2]} at {lo[1]} B)")
        print(f"  CRC-32C / best peer from 16 KiB:    {fmt(peer[n][1] for n in long)}")
        print(f"  CRC-32, NVME / ceiling from 16 KiB: "
              + ", ".join(f"{ceil[n][0]:.2f} {ceil[n][4]:.2f}" for n in long))
        for n in long:
            print(f"  forward / ceiling at {n:>7} B:    {fmt(ceil[n][i] for i in FORWARD)}")
        for n in [4096] + long:
            print(f"  forward / reflected at {n:>7} B:  {fmt(refl[n][i] for i in FORWARD)}")


if __name__ == "__main__":
    main()
