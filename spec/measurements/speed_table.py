#!/usr/bin/env python3
"""The README's speed table, read from full `cargo bench --bench peers` runs.

    python3 spec/measurements/speed_table.py 'CPU name=FILE' [...]

One row per run: for each of the six headline CRCs, crcstamp's ratio to the best peer at
64 B, 4 KiB and 1 MiB (the medians of per-round ratios of the run's summary) and its GiB/s at
1 MiB (the `auto` column of the CRC's own table), as a Markdown table.
"""
import sys

HEADLINE = ["ISO-HDLC", "ISCSI", "BZIP2", "T10-DIF", "NVME", "ECMA-182"]
FULL = ["CRC-32/ISO-HDLC", "CRC-32/ISCSI", "CRC-32/BZIP2", "CRC-16/T10-DIF", "CRC-64/NVME",
        "CRC-64/ECMA-182"]
LENGTHS = ["64", "4096", "1048576"]


def ratios(path):
    """{length: {crc: ratio}} from the summary 'crcstamp auto / best peer'."""
    out, names, inside = {}, None, False
    for line in open(path, encoding="utf-8"):
        if line.startswith("summary: crcstamp auto / best peer"):
            inside = True
            continue
        if not inside:
            continue
        cells = line.split("|")[0].split()
        if not cells:
            break
        if cells[0] == "bytes":
            names = cells[1:]
        elif cells[0].isdigit():
            out[cells[0]] = dict(zip(names, cells[1:]))
    return out


def auto_at_1mib(path):
    """{crc: GiB/s} from each CRC's table, the `auto` column at 1 MiB."""
    out, crc = {}, None
    for line in open(path, encoding="utf-8"):
        if line.startswith("CRC-"):
            crc = line.split()[0].split("/")[-1]
        elif line.startswith("summary"):
            break
        cells = line.split()
        if crc and cells and cells[0] == "1048576":
            out.setdefault(crc, cells[1])
    return out


def row(cpu, path):
    r, gib = ratios(path), auto_at_1mib(path)
    cells = []
    for crc in HEADLINE:
        trio = " / ".join(r[n][crc] for n in LENGTHS)
        cells.append(f"{trio} · {float(gib[crc]):.0f}")
    return f"| {cpu} | " + " | ".join(cells) + " |"


def main(args):
    if not args:
        sys.exit(__doc__)
    print("| CPU | " + " | ".join(FULL) + " |")
    print("|---|" + "---|" * len(HEADLINE))
    for arg in args:
        cpu, _, path = arg.rpartition("=")
        print(row(cpu, path))


if __name__ == "__main__":
    main(sys.argv[1:])
