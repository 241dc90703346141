#!/usr/bin/env python3
"""Instructions executed by one call of crcstamp's CRCs and their peers' (x86_64, gdb).

    python3 spec/measurements/trace-calls.py [--lengths 64,768,1024] [--offset 16]
        [--listing crcstamp_crc32] [--stack crcstamp_crc32]

Builds `benches/calls.rs` (the bench profile), runs it under gdb for each length, steps
through the second call of each function (the first one detects the CPU) one instruction
at a time, and prints per call: every instruction executed, the vector ones among them
(mnemonics starting with `v`, `crc32`, `pclmul`), the branches, the transfers of control
taken (a taken branch costs the front end more than one that falls through: two builds with
the same counts can differ there), and which functions they ran in. Unlike a time, the
count does not move with the load of a shared host; it shows what routing and reduction add to the kernels' loops (`spec/decisions.md`, "Every folding
kernel called from the hot path"). Stepping costs about a millisecond an instruction, so
keep the lengths short (the loops are the same at every length). `--listing NAME` also
prints the instructions that call runs in its own frame (the inlined hot path, without the
kernels), to compare two builds' routing line by line. `--stack NAME` prints the frames
(inlined ones too) from that call down to the kernel's entry with the file each is defined
in, and the engine's files the input passes through on the way, in order: each should be
entered once (`spec/engine.md`, "One dispatch").
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

GDB_SCRIPT = r'''
import collections
import re
import gdb

gdb.execute("set pagination off")
gdb.execute("set confirm off")
names = sorted({m.group(1) for m in re.finditer(r"\b(call_\w+)\b",
                 gdb.execute("info functions ^call_", to_string=True))
                 if m.group(1).startswith("call_crc")})
for n in names:
    gdb.execute("break *" + n, to_string=True)
gdb.execute("run {args} > /dev/null", to_string=True)
hits = collections.Counter()
while True:
    try:
        frame = gdb.selected_frame()
    except gdb.error:
        break
    name = frame.name()
    if name is None or not name.startswith("call_"):
        break
    hits[name] += 1
    if hits[name] == 1:
        try:
            gdb.execute("continue", to_string=True)
        except gdb.error:
            break
        continue
    entry = int(gdb.parse_and_eval("$sp"))
    deepest = []
    total, vector, branch, taken = 0, 0, 0, 0
    where = collections.Counter()
    while True:
        f = gdb.selected_frame()
        text = gdb.execute("x/i $pc", to_string=True).split(":", 1)[-1].split()
        m = text[0] if text else "?"
        total += 1
        vector += m.startswith(("v", "crc32", "pclmul"))
        branch += m.startswith("j")
        where[(f.name() or "?").split("::")[-2 if "::" in (f.name() or "") else -1]] += 1
        if name == "call_{listing}" and f.name() == name:
            print("LIST " + " ".join(text))
        if name == "call_{stack}":
            # The frames, inlined ones included, from the call down to the innermost at
            # the deepest point of the call (the kernel's body), each with the file of its
            # line; kept down to the innermost real function, the kernel's entry.
            chain, g = [], f
            while g is not None and g.name() != name:
                sal = g.find_sal()
                chain.append((sal.symtab.filename if sal.symtab else "?", g.name() or "?",
                              g.type() == gdb.INLINE_FRAME))
                g = g.older()
            if len(chain) > len(deepest):
                deepest = chain
        # The next instruction in memory: where the step goes unless control moves.
        following = gdb.execute("x/2i $pc", to_string=True).splitlines()[-1]
        following = int(re.search(r"0x[0-9a-f]+", following).group(0), 16)
        gdb.execute("stepi", to_string=True)
        taken += int(gdb.parse_and_eval("$pc")) != following
        if int(gdb.parse_and_eval("$sp")) > entry:
            break
    entry_at = next((i for i, (_, _, inline) in enumerate(deepest) if not inline), 0)
    for file, fname, _ in reversed(deepest[entry_at:]):
        print("STACK " + file + "|" + fname)
    parts = ", ".join(f"{k} {v}" for k, v in where.most_common())
    print(f"TRACE {{name}} {{total}} {{vector}} {{branch}} {{taken}} | {{parts}}".format(
        name=name, total=total, vector=vector, branch=branch, taken=taken, parts=parts))
    try:
        gdb.execute("continue", to_string=True)
    except gdb.error:
        break
'''


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--lengths", default="64,768,1024")
    p.add_argument("--offset", type=int, default=16)
    p.add_argument("--listing", default="", metavar="NAME",
                   help="print what call NAME runs in its own frame, e.g. crcstamp_crc32")
    p.add_argument("--stack", default="", metavar="NAME",
                   help="print the frames (inlined ones too) and their source files from call"
                        " NAME down to the kernel's entry, and the files the input passes through")
    a = p.parse_args()
    # The frames of inlined functions need their debug information (it changes no code).
    env = dict(os.environ, CARGO_PROFILE_BENCH_DEBUG="line-tables-only") if a.stack else None
    out = subprocess.run(
        ["cargo", "bench", "--bench", "calls", "--no-run", "--message-format=json"],
        cwd=ROOT, capture_output=True, text=True, env=env)
    if out.returncode != 0:
        sys.exit(out.stderr)
    exes = [m["executable"] for m in map(json.loads, out.stdout.splitlines())
            if m.get("reason") == "compiler-artifact" and m.get("executable")
            and m["target"]["name"] == "calls"]
    if not exes:
        sys.exit("cargo built no `calls` bench")
    exe = exes[-1]
    print(f"instructions per call (the second), offset {a.offset}: total, vector, branches,"
          " control transfers taken (jumps, calls, returns) | by function")
    for length in a.lengths.split(","):
        with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as s:
            s.write(GDB_SCRIPT.replace("{args}", f"{length} {a.offset}")
                    .replace("{listing}", a.listing).replace("{stack}", a.stack))
        r = subprocess.run(["gdb", "-q", "-batch", "-x", s.name, exe],
                           capture_output=True, text=True)
        os.unlink(s.name)
        rows = [l.split(" ", 1)[1] for l in r.stdout.splitlines() if l.startswith("TRACE ")]
        if not rows:
            sys.exit(f"gdb traced nothing:\n{r.stdout[-2000:]}\n{r.stderr[-2000:]}")
        print(f"\n{length} bytes")
        for l in r.stdout.splitlines():
            if l.startswith("LIST "):
                print("    " + l[5:])
        stack = [l[6:].split("|", 1) for l in r.stdout.splitlines() if l.startswith("STACK ")]
        files = []
        for file, fname in stack:
            file = file.split("src/", 1)[-1]
            print(f"    {file:<28} {fname}")
            if not files or files[-1] != file:
                files.append(file)
        engine = [f for f in files if f.startswith("engine/")]
        if stack:
            again = sorted({f for f in engine if engine.count(f) > 1})
            print(f"    engine files on the way: {len(engine)} ({' -> '.join(engine)});"
                  f" entered again: {', '.join(again) or 'none'}")
        for row in rows:
            name, rest = row.split(" ", 1)
            counts, parts = rest.split(" | ")
            t, v, b, k = counts.split()
            print(f"  {name[5:]:<26} {t:>5} {v:>5} {b:>5} {k:>5} | {parts}")


if __name__ == "__main__":
    main()
