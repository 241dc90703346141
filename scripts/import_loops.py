#!/usr/bin/env python3
"""Import loops between the modules of every crate in the workspace.

    python3 scripts/import_loops.py [--graph] [--allow FILE]

Each source file is a module. A module depends on another when it names it: `use` lines and
paths in code (`crate::a::b`, `super::x`, `self::x`, a child module by its name), with the
crate root's `pub use` re-exports followed to the module that defines the name. Macro bodies'
`$crate::` paths are the expanding crate's, not this module's, and are skipped. Test code
counts: a test module is part of its file.

Prints every set of modules that import each other, directly or through others (the strongly
connected components of the graph), with the edges inside it, and exits 1 if there is one
that `--allow FILE` (one loop a line: its modules, space-separated, sorted) does not list.
`--graph` prints every edge.
"""
import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Crate roots of the workspace: (label, root file).
CRATES = [
    ("crcstamp", "src/lib.rs"),
    ("crcstamp-layout", "crc-layout/src/lib.rs"),
    ("crcstamp-macros", "crc-macros/src/lib.rs"),
    ("crcstamp-macros-impl", "crc-macros/impl/src/lib.rs"),
    ("crc-gen", "crc-gen/src/lib.rs"),
    ("crc-gen-cli", "crc-gen/cli/src/main.rs"),
]

MOD_DECL = re.compile(
    r'(?:#\[path\s*=\s*"([^"]+)"\]\s*)?(?:pub(?:\([^)]*\))?\s+)?mod\s+([a-z_][a-z0-9_]*)\s*;'
)
PATH = re.compile(r"(?<![\w$:])((?:crate|super|self|[a-z_][a-z0-9_]*)(?:::[A-Za-z_][A-Za-z0-9_]*)+)")
USE = re.compile(r"\b(?:pub(?:\([^)]*\))?\s+)?use\s+([^;]+);")


def strip(text, keep_strings=False):
    """Source without comments, and without strings and char literals unless asked."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        elif c == '"' or (c == "r" and re.match(r'r#*"', text[i:])):
            start = i
            m = re.match(r'r(#*)"', text[i:])
            if m:
                end = text.find('"' + m.group(1), i + len(m.group(0)))
                i = n if end < 0 else end + 1 + len(m.group(1))
            else:
                i += 1
                while i < n and text[i] != '"':
                    i += 2 if text[i] == "\\" else 1
                i += 1
            out.append(text[start:i] if keep_strings else '""')
        elif c == "'" and re.match(r"'(\\.|[^\\'])'", text[i:]):
            i += len(re.match(r"'(\\.|[^\\'])'", text[i:]).group(0))
        else:
            out.append(c)
            i += 1
    return "".join(out)


def drop_macro_rules(text):
    """`macro_rules!` bodies name `$crate` paths of the expanding crate: not this module's."""
    out, i = [], 0
    for m in re.finditer(r"macro_rules!\s*\w+\s*\{", text):
        if m.start() < i:
            continue
        out.append(text[i : m.start()])
        depth, j = 1, m.end()
        while j < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        i = j
    out.append(text[i:])
    return "".join(out)


def inline_depths(text):
    """For each offset, how many inline `mod name { ... }` blocks enclose it."""
    depth = [0] * (len(text) + 1)
    for m in re.finditer(r"\bmod\s+\w+\s*\{", text):
        level, j = 1, m.end()
        while j < len(text) and level:
            level += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        for k in range(m.end(), j):
            depth[k] += 1
    return depth


def lift(path, depth):
    """A path written inside `depth` inline modules, as the file's own module would write
    it: each leading `super` first leaves an inline module; `self` there is the inline one."""
    segs = path.split("::")
    while depth and segs and segs[0] == "super":
        segs, depth = segs[1:], depth - 1
    if depth and segs and segs[0] == "self":
        return None
    if not segs:
        return None
    return "::".join(segs) if len(segs) > 1 or segs[0] in ("super",) else None


def expand_use(tree):
    """`a::{b, c::{d, e}}` -> ['a::b', 'a::c::d', 'a::c::e']."""
    tree = re.sub(r"\s+", "", tree)
    m = re.match(r"^(.*?)::\{(.*)\}$", tree)
    if not m:
        return [re.sub(r"\bas\b.*$", "", tree)]
    prefix, inner = m.groups()
    parts, depth, cur = [], 0, ""
    for ch in inner:
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        depth += {"{": 1, "}": -1}.get(ch, 0)
        cur += ch
    parts.append(cur)
    return [p2 for p in parts if p for p2 in expand_use(f"{prefix}::{p}")]


class Crate:
    def __init__(self, label, root):
        self.label = label
        self.files = {}  # module path tuple -> file
        self.children = {}  # module path -> set of child names
        self.load((), os.path.join(ROOT, root), is_dir_owner=True)
        self.reexports = self.root_reexports()
        root_text = strip(open(self.files[()], encoding="utf-8").read())
        self.externs = set(re.findall(r"\bextern\s+crate\s+(\w+)", root_text))

    def load(self, path, file, is_dir_owner):
        self.files[path] = file
        self.children[path] = set()
        text = strip(open(file, encoding="utf-8").read(), keep_strings=True)
        base = os.path.dirname(file)
        stem = os.path.splitext(os.path.basename(file))[0]
        sub_dir = base if is_dir_owner else os.path.join(base, stem)
        for m in MOD_DECL.finditer(text):
            explicit, name = m.groups()
            if explicit:
                child = os.path.join(base, explicit)
                owner = False
            elif os.path.exists(os.path.join(sub_dir, name + ".rs")):
                child, owner = os.path.join(sub_dir, name + ".rs"), False
            elif os.path.exists(os.path.join(sub_dir, name, "mod.rs")):
                child, owner = os.path.join(sub_dir, name, "mod.rs"), True
            else:
                continue
            self.children[path].add(name)
            self.load(path + (name,), child, owner)

    def root_reexports(self):
        """Names the crate root re-exports (`pub use a::b::Name;`) -> the module path."""
        text = strip(open(self.files[()], encoding="utf-8").read())
        out = {}
        for m in USE.finditer(text):
            if not m.group(0).lstrip().startswith("pub"):
                continue
            for p in expand_use(m.group(1)):
                segs = p.split("::")
                if segs[0] == "crate":
                    segs = segs[1:]
                target = self.longest_module(tuple(segs[:-1]))
                if target:
                    out[segs[-1]] = target
        return out

    def longest_module(self, segs):
        for k in range(len(segs), 0, -1):
            if tuple(segs[:k]) in self.files:
                return tuple(segs[:k])
        return None

    def resolve(self, here, path):
        """The module a path names, from module `here`, or None (external, or an item)."""
        segs = path.split("::")
        if segs[0] == "crate" and len(segs) > 1 and segs[1] in self.externs:
            return None
        if segs[0] == "crate":
            base, rest = (), segs[1:]
        elif segs[0] in ("super", "self"):
            base = here
            while segs and segs[0] in ("super", "self"):
                if segs[0] == "super":
                    base = base[:-1]
                segs = segs[1:]
            rest = segs
        elif segs[0] in self.children.get(here, ()):
            base, rest = here, segs
        else:
            return None
        if not rest:
            return base
        target = self.longest_module(base + tuple(rest))
        if target is None and base == () and rest[0] in self.reexports:
            return self.reexports[rest[0]]
        if target is None or target == base:
            # `crate::Name` where Name is a re-export resolves through the root's re-exports.
            if base == () and rest and rest[0] in self.reexports:
                return self.reexports[rest[0]]
            return base
        return target

    def edges(self):
        out = {}
        for here, file in self.files.items():
            text = drop_macro_rules(strip(open(file, encoding="utf-8").read()))
            deps = set()
            depth = inline_depths(text)
            for m in USE.finditer(text):
                is_root_reexport = here == () and m.group(0).lstrip().startswith("pub")
                if is_root_reexport:
                    continue
                for p in expand_use(m.group(1)):
                    p = lift(p if "::" in p else p + "::_", depth[m.start()])
                    t = p and self.resolve(here, p)
                    if t is not None:
                        deps.add(t)
            body = USE.sub(lambda m: " " * len(m.group(0)), text)
            for m in PATH.finditer(body):
                p = lift(m.group(1), depth[m.start()])
                t = p and self.resolve(here, p)
                if t is not None:
                    deps.add(t)
            out[here] = {d for d in deps if d != here}
        return out


def sccs(graph):
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(comp)

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return [c for c in out if len(c) > 1]


def name(crate, mod):
    return crate.label + ("::" + "::".join(mod) if mod else "")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--graph", action="store_true", help="print every edge")
    ap.add_argument("--allow", help="file of known loops, one a line")
    args = ap.parse_args()
    allowed = set()
    if args.allow:
        for line in open(args.allow, encoding="utf-8"):
            line = line.split("#")[0].strip()
            if line:
                allowed.add(" ".join(sorted(line.split())))
    failed = False
    total = 0
    for label, root in CRATES:
        crate = Crate(label, root)
        graph = crate.edges()
        if args.graph:
            for v in sorted(graph):
                for w in sorted(graph[v]):
                    print(f"{name(crate, v)} -> {name(crate, w)}")
        for comp in sccs(graph):
            total += 1
            members = sorted(name(crate, m) for m in comp)
            key = " ".join(members)
            known = key in allowed
            failed |= not known
            print(f"{'known' if known else 'LOOP'}: {key}")
            inside = set(comp)
            for v in sorted(comp):
                for w in sorted(graph[v] & inside):
                    print(f"    {name(crate, v)} -> {name(crate, w)}")
    print(f"{total} import loop(s)" if total else "no import loops")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
