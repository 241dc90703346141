#!/usr/bin/env python3
"""What LLVM's scheduling models predict for the compiled fold loops, per CPU: a port model,
not a measurement, for the CPUs no session could run (AMD Zen 4 and Zen 5) and, to see
how far it can be trusted, for the one measured (Sapphire/Emerald Rapids).

    cargo build --release -p crc-gen-cli
    python3 spec/measurements/archive/port-model.py [--mca llvm-mca-19] [--binary PATH]

Disassembles the release `crc-gen` (objdump), takes each x86 fold kernel's main loop (the
innermost backward branch around two steps of four accumulators: 16 carry-less
multiplies), and runs `llvm-mca` on it for each CPU model. Prints the predicted cycles per
64 input bytes in steady state. Kernels: the 128-, 256- and 512-bit folds of an lsb CRC
(`reflected`) and of an msb CRC (`shuffle`: one byte shuffle per vector), the 512-bit
reflected run of an msb CRC (`gfni`: one `vgf2p8affineqb` per vector), and one loop the
engine does not have, the 256-bit msb loop with its shuffles replaced by the affine
(`gfni*`), to ask whether the reflected run would pay on 256-bit vectors; and fusion's
loops (bytes: the vectors' and the `crc32` steps'). LLVM 17 or later has the Zen 4 model
(Debian: `apt-get install llvm-19`).

What the models can and cannot say (`spec/decisions.md`, "The port model"): LLVM has one
scheduling class for every width of `vpclmulqdq` (`WriteCLMul`), so a Zen 4 model charges a
512-bit multiply what it charges a 256-bit one, which Zen 4's 256-bit units cannot do.
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CRC_GEN = os.path.join(ROOT, "target", "release", "crc-gen")
CPUS = ["sapphirerapids", "emeraldrapids", "znver3", "znver4", "znver5"]
ITERATIONS = 400
# (label, function-name part, vector bytes, shuffles in the loop?, affines in the loop?)
KERNELS = [
    ("128 reflected", "kernels3x866pclmul", 16, False, False),
    ("128 shuffle", "kernels3x866pclmul", 16, True, False),
    ("256 reflected", "kernels3x8610vpclmul256", 32, False, False),
    ("256 shuffle", "kernels3x8610vpclmul256", 32, True, False),
    ("512 reflected", "kernels3x8610vpclmul512", 64, False, False),
    ("512 shuffle", "kernels3x8610vpclmul512", 64, True, False),
    ("512 gfni", "kernels3x8620vpclmul512_reflected", 64, False, True),
    ("256 fusion", "kernels3x869fusion256", 32, False, False),
    ("512 fusion", "kernels3x869fusion512", 64, False, False),
]


def functions(binary):
    text = subprocess.run(
        ["objdump", "-d", "--no-show-raw-insn", "-M", "att", binary],
        check=True, capture_output=True, text=True).stdout
    funcs, cur = {}, None
    for line in text.splitlines():
        m = re.match(r"^[0-9a-f]+ <(.*)>:$", line)
        if m:
            cur = m.group(1)
            funcs[cur] = []
            continue
        m = re.match(r"^\s+([0-9a-f]+):\t(.*)$", line)
        if m and cur is not None:
            funcs[cur].append((int(m.group(1), 16), m.group(2).strip()))
    return funcs


def main_loop(body, fusion=False):
    """The shortest backward-branch loop with 16 carry-less multiplies (fusion: the one
    with the most `crc32` steps besides, every stream running)."""
    best = None
    for i, (addr, ins) in enumerate(body):
        m = re.match(r"^j\w+\s+([0-9a-f]+)", ins)
        if not m or int(m.group(1), 16) >= addr:
            continue
        target = int(m.group(1), 16)
        start = next(k for k, (a, _) in enumerate(body) if a == target)
        seg = [x for _, x in body[start:i]]
        seg = [re.sub(r"\s+[0-9a-f]+ <.*", " 0b", x) if x.startswith("j") else x
               for x in seg + [ins]]
        if sum("pclmul" in x for x in seg) != 16:
            continue
        if best is None or (steps(seg) > steps(best) if fusion else len(seg) < len(best)):
            best = seg
    return best


def steps(loop):
    return sum(x.startswith("crc32q") for x in loop)


def loop_for(funcs, part, shuffles, affines):
    for name, body in funcs.items():
        if part not in name:
            continue
        loop = main_loop(body, fusion="fusion" in part)
        if loop is None:
            continue
        has_shuffle = any("pshufb" in x for x in loop)
        has_affine = any("affine" in x for x in loop)
        if has_shuffle == shuffles and has_affine == affines:
            return loop
    return None


def split_loads(loop):
    """Each folded load as a load of its own into a free register: llvm-mca charges a
    folded load's latency to the operation's register inputs too, which puts it on the
    accumulators' chain where the hardware loads ahead."""
    used = {int(n) for n in re.findall(r"%[xyz]mm(\d+)", " ".join(loop))}
    evex = "zmm" in " ".join(loop) or max(used) >= 16
    free = next(n for n in range(31 if evex else 15, -1, -1) if n not in used)
    out = []
    for ins in loop:
        m = re.match(r"^(\S+)\s+(\$[^,]+,)?([^,%$][^,]*\(%\w+\)),(.*%([xyz])mm.*)$", ins)
        if m and not m.group(1).startswith(("vmov", "mov", "vbroadcast")):
            op, imm, mem, rest, cls = m.groups()
            reg = f"%{cls}mm{free}"
            load = "vmovdqu64" if evex else "vmovdqu" if op.startswith("v") else "movdqu"
            out.append(f"{load} {mem},{reg}")
            out.append(f"{op} {imm or ''}{reg},{rest}")
        else:
            out.append(ins)
    return out


def cycles(mca, cpu, loop):
    src = "0:\n" + "\n".join(split_loads(loop)) + "\n"
    out = subprocess.run(
        [mca, "-mtriple=x86_64", f"-mcpu={cpu}", f"-iterations={ITERATIONS}"],
        input=src, capture_output=True, text=True)
    m = re.search(r"Total Cycles:\s+(\d+)", out.stdout)
    return int(m.group(1)) / ITERATIONS if m else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mca", default="llvm-mca-19")
    ap.add_argument("--binary", default=CRC_GEN)
    args = ap.parse_args()
    funcs = functions(args.binary)
    loops = []
    for label, part, vbytes, shuffles, affines in KERNELS:
        loop = loop_for(funcs, part, shuffles, affines)
        if loop is None:
            sys.exit(f"port-model: no main loop found for {label} in {args.binary}")
        loops.append((label, vbytes, loop))
    # The loop the engine does not have: the 256-bit msb loop, each shuffle an affine.
    shuffle256 = next(loop for label, _, loop in loops if label == "256 shuffle")
    affine256 = [re.sub(r"^vpshufb (%ymm\d+|[^,]*\(%\w+\)),", r"vgf2p8affineqb $0x0,\1,", x)
                 for x in shuffle256]
    loops.append(("256 gfni*", 32, affine256))
    print(f"# python3 spec/measurements/archive/port-model.py ({args.mca}, {ITERATIONS} iterations)")
    print("# predicted cycles per 64 input bytes, main fold loop in steady state")
    print(f"{'kernel':<15}" + "".join(f"{c:>16}" for c in CPUS))
    for label, vbytes, loop in loops:
        # Two steps of four vectors an iteration, and fusion's 8-byte instruction steps.
        per = (8 * vbytes + 8 * steps(loop)) / 64
        row = []
        for cpu in CPUS:
            zmm = any("zmm" in x for x in loop)
            c = None if zmm and cpu == "znver3" else cycles(args.mca, cpu, loop)
            row.append("-" if c is None else f"{c / per:.2f}")
        print(f"{label:<15}" + "".join(f"{r:>16}" for r in row))


if __name__ == "__main__":
    main()
