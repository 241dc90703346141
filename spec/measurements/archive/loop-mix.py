#!/usr/bin/env python3
"""Bare 512-bit loops of the engine's shapes, timed by the TSC: what the CPU gives each mix
of instructions, with the data in L1 or L2, apart from everything else the engine does.

Each loop runs one step per iteration: four 512-bit accumulators folded (two VPCLMULQDQ
and one VPTERNLOGQ each), the data from a buffer of SPAN bytes walked 256 bytes a step;
the variants add what the engine's loops add (fusion's three `crc32` streams of 1-3 words
a step, the GFNI bit reversal of the forward CRCs' reflected run, prefetches 1 KiB ahead);
`engine-reflected` and `engine-forward` are the engine's own loop as LLVM emits it, two
steps an iteration. The constants and the data are arbitrary: only the time counts. Prints
TSC ticks per step and bytes per tick (median of the rounds), per span. Needs x86_64 with
AVX-512, VPCLMULQDQ and GFNI, and gcc. Used in spec/decisions.md, "Measured on a second
Intel Xeon" and "The host's clock and the ports".

    python3 spec/measurements/archive/loop-mix.py [--spans 4096,65536,1048576] [--rounds 5]
"""

import argparse
import os
import statistics
import subprocess
import tempfile

HARNESS = r"""
#include <stdio.h>
#include <stdlib.h>
#include <x86intrin.h>
#include "loops.h"
int main(int argc, char **argv) {
    long steps = atol(argv[1]);
    char *buf = aligned_alloc(64, 1 << 22);
    for (int i = 0; i < 1 << 22; i++) buf[i] = (char)(i * 7);
    for (unsigned v = 0; v < sizeof LOOPS / sizeof LOOPS[0]; v++) {
        LOOPS[v].f(steps / 10, buf); /* warm-up */
        unsigned long long t0 = __rdtsc();
        LOOPS[v].f(steps, buf);
        unsigned long long t1 = __rdtsc();
        printf("%s %.4f\n", LOOPS[v].name, (double)(t1 - t0) / steps);
    }
    return 0;
}
"""


def fold(mem):
    """Four accumulators zmm0-3 folded by zmm4, data from memory or the register zmm9."""
    out = []
    for i in range(4):
        data = f"{64 * i}(%rsi,%r11)" if mem else "%zmm9"
        out += [
            f"vpclmulqdq $0x00, %zmm4, %zmm{i}, %zmm{5 + i}",
            f"vpclmulqdq $0x11, %zmm4, %zmm{i}, %zmm{i}",
            f"vpternlogq $0x96, {data}, %zmm{5 + i}, %zmm{i}",
        ]
    return out


def forward():
    """The forward CRCs' reflected run: each vector loaded, bit-reversed (GFNI), folded."""
    out = []
    for i in range(4):
        out += [
            f"vmovdqu64 {64 * i}(%rsi,%r11), %zmm{10 + i}",
            f"vgf2p8affineqb $0, %zmm15, %zmm{10 + i}, %zmm{10 + i}",
            f"vpclmulqdq $0x00, %zmm4, %zmm{i}, %zmm{5 + i}",
            f"vpclmulqdq $0x11, %zmm4, %zmm{i}, %zmm{i}",
            f"vpternlogq $0x96, %zmm{10 + i}, %zmm{5 + i}, %zmm{i}",
        ]
    return out


def kernel_shape(reverse):
    """The engine's loop as LLVM emits it (`fold::body`): two steps an iteration, each step's
    four loads first, then per vector the bit reversal (forward CRCs) and the fold."""
    out = []
    accs = [6, 4, 5, 3]
    for half in range(2):
        out += [f"vmovdqu64 {256 * half + 64 * i}(%rsi,%r11), %zmm{7 + i}" for i in range(4)]
        for i, a in enumerate(accs):
            data = 7 + i
            if reverse:
                out.append(f"vgf2p8affineqb $0, %zmm1, %zmm{data}, %zmm{12 + i}")
                data = 12 + i
            out += [
                f"vpclmulqdq $0x00, %zmm2, %zmm{a}, %zmm{16 + i}",
                f"vpclmulqdq $0x11, %zmm2, %zmm{a}, %zmm{a}",
                f"vpternlogq $0x96, %zmm{data}, %zmm{16 + i}, %zmm{a}",
            ]
    return out


def streams(words):
    """Three `crc32` streams of `words` words a step, 4 KiB past the fold's data."""
    return [
        f"crc32q {4096 + 1024 * j + 8 * w}(%rsi,%r11), %{r}"
        for w in range(words)
        for j, r in enumerate(["r8", "r9", "r10"])
    ]


AHEAD = [f"prefetcht0 {1024 + 64 * i}(%rsi,%r11)" for i in range(4)]

VARIANTS = {
    "fold": (fold(True), 256),
    "fold+ahead": (AHEAD + fold(True), 256),
    "fusion-1": (fold(True) + streams(1), 280),
    "fusion-2": (fold(True) + streams(2), 304),
    "fusion-2+ahead": (AHEAD + fold(True) + streams(2), 304),
    "fusion-3": (fold(True) + streams(3), 328),
    "forward": (forward(), 256),
    "forward+ahead": (AHEAD + forward(), 256),
    "fold-registers": (fold(False), 256),
    "engine-reflected": (kernel_shape(False), 512),
    "engine-forward": (kernel_shape(True), 512),
}


def build(tmp, span):
    mask = span - 1
    with open(os.path.join(tmp, "loops.S"), "w") as s:
        s.write(".text\n")
        for name, (body, _) in VARIANTS.items():
            sym = "loop_" + name.replace("-", "_").replace("+", "_")
            s.write(f".globl {sym}\n.p2align 6\n{sym}:\n  xor %r11, %r11\n.p2align 6\n1:\n")
            for line in body + [f"add ${VARIANTS[name][1]}, %r11", f"and ${mask:#x}, %r11"]:
                s.write(f"  {line}\n")
            s.write("  dec %rdi\n  jnz 1b\n  ret\n")
        s.write('.section .note.GNU-stack,"",@progbits\n')
    with open(os.path.join(tmp, "loops.h"), "w") as h:
        syms = []
        for name in VARIANTS:
            sym = "loop_" + name.replace("-", "_").replace("+", "_")
            h.write(f"void {sym}(long, char *);\n")
            syms.append(f'{{"{name}", {sym}}}')
        h.write("static struct { const char *name; void (*f)(long, char *); } LOOPS[] = {")
        h.write(", ".join(syms) + "};\n")
    with open(os.path.join(tmp, "main.c"), "w") as c:
        c.write(HARNESS)
    exe = os.path.join(tmp, f"mix{span}")
    subprocess.run(["gcc", "-O2", "-o", exe, "main.c", "loops.S"], cwd=tmp, check=True)
    return exe


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--spans", default="4096,65536,1048576")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--steps", type=int, default=20_000_000)
    args = ap.parse_args()
    spans = [int(s) for s in args.spans.split(",")]
    for span in spans:
        if span & (span - 1) or span < 4096:
            raise SystemExit(f"span {span}: a power of two from 4096")
    with tempfile.TemporaryDirectory() as tmp:
        exes = {span: build(tmp, span) for span in spans}
        print(f"TSC ticks per step (bytes per tick), median of {args.rounds} rounds")
        print(f"{'loop':16s}" + "".join(f"{'span ' + str(s):>22s}" for s in spans))
        # The spans in alternation, round by round: a shared host's speed moves within
        # minutes, and this way every span sees the same moments.
        times = {span: {} for span in exes}
        for _ in range(args.rounds):
            for span, exe in exes.items():
                run = subprocess.run([exe, str(args.steps)], capture_output=True, text=True)
                for line in run.stdout.split("\n"):
                    if line:
                        name, t = line.split()
                        times[span].setdefault(name, []).append(float(t))
        for span in exes:
            exes[span] = {n: statistics.median(v) for n, v in times[span].items()}
        for name, (_, step) in VARIANTS.items():
            cells = "".join(
                f"{exes[s][name]:>12.2f} ({step / exes[s][name]:5.1f})" for s in spans
            )
            print(f"{name:16s}{cells}")


if __name__ == "__main__":
    main()
