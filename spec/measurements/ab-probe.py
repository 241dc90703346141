#!/usr/bin/env python3
"""The A/B probe: two builds of crcstamp in one process, timed in interleaved rounds.

    python3 spec/measurements/ab-probe.py [--a REV] [--b REV] [--backend NAME]
        [--crcs ISO-HDLC,ISCSI,...] [--lengths 256,512,...] [--rounds 31]

Prints, per CRC and input length, the median over the rounds of the per-round ratio
time(a) / time(b): above 1, `b` is faster. `--a` defaults to HEAD, `--b` to the working
tree (uncommitted changes included). Both sides get the same buffer, the same calls
(`checksum`, or `checksum_with` for `--backend`), and each round times them in alternating
order, so that neither side always runs first. The bracket is the middle half of the
rounds' ratios. Run it once with `--b` equal to `--a` (an A/A run) to see the host's noise:
on the shared 2-vCPU Intel Xeon of `spec/decisions.md`, 21 rounds, the medians of an A/A
run were 0.985-1.007 with the default `--rustflags` and 0.96-1.01 without. Where a change
is a few instructions on the way to a short input, the probe and the peers bench can
disagree beyond that: one change to CRC-32C's head ran 1.13-1.22x in the probe at 1-64
bytes and 0.85-0.94x in the peers bench at 1-127 bytes (`spec/decisions.md`, "Tried: the
instruction's test on the word as it is"). Check such a change in the peers bench, the measure the engine is held to.

Why not two binaries one after another: the hosts are shared with other tenants, and their
load moves a binary's speed by a factor of two between runs minutes apart
(`spec/decisions.md`, "Measured on this Intel Xeon"). In one process, round by round, both
sides see the same host.

How: each side's `src/` and `generated/` (by `git archive`, or copied from the working
tree) become a crate of their own, `crcstamp_a` and `crcstamp_b`, under a build directory
(`--dir`, default `$TMPDIR/crcstamp-ab`), with the working tree's macro crate; a probe
binary links both. The extracted files are touched, since `git archive` keeps the
commit's times and cargo would otherwise reuse an older build of the same path.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

CRCS = {
    "ISO-HDLC": "Crc32IsoHdlc",
    "ISCSI": "Crc32Iscsi",
    "BZIP2": "Crc32Bzip2",
    "NVME": "Crc64Nvme",
    "XZ": "Crc64Xz",
    "ECMA-182": "Crc64Ecma182",
    "T10-DIF": "Crc16T10Dif",
}

PROBE = r'''
use std::hint::black_box;
use std::time::Instant;

type Call<'a> = Box<dyn Fn() -> u64 + 'a>;

fn calls<'a>(name: &str, backend: Option<&str>, data: &'a [u8]) -> (Call<'a>, Call<'a>) {
    macro_rules! side {
        ($krate:ident, $t:ident) => {{
            // Revisions where `checksum` was the trait's method need it.
            #[allow(unused_imports)]
            use $krate::Crc;
            match backend {
                None => Box::new(move || $krate::catalog::$t::checksum(black_box(data)) as u64)
                    as Call<'a>,
                Some(b) => {
                    let b = *$krate::Backend::all()
                        .iter()
                        .find(|x| x.name() == b)
                        .expect("a backend name");
                    Box::new(move || {
                        $krate::catalog::$t::checksum_with(b, black_box(data))
                            .expect("the backend is available here") as u64
                    })
                }
            }
        }};
    }
    match name {
        @ARMS@
        _ => panic!("unknown CRC {name}"),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let names: Vec<&str> = args[1].split(',').collect();
    let lens: Vec<usize> = args[2].split(',').map(|s| s.parse().expect("a length")).collect();
    let rounds: usize = args[3].parse().expect("a round count");
    let backend = Some(args[4].as_str()).filter(|b| *b != "auto");
    let offset: usize = args[5].parse().expect("an offset");
    let buf: Vec<u8> = (0..(1usize << 21) + 128).map(|i| (i * 131 + 7) as u8).collect();
    let buf = &buf[buf.as_ptr().align_offset(64) + offset..];
    for &len in &lens {
        let reps = (400_000 / (len + 40)).max(8);
        let mut line = format!("{len:>8}");
        for &name in &names {
            let (a, b) = calls(name, backend, &buf[..len]);
            assert_eq!(a(), b(), "{name} at {len} bytes: the two builds disagree");
            let time = |f: &Call| {
                let t = Instant::now();
                for _ in 0..reps {
                    black_box(f());
                }
                t.elapsed().as_secs_f64()
            };
            let mut ratios: Vec<f64> = (0..rounds)
                .map(|r| {
                    if r % 2 == 0 {
                        let ta = time(&a);
                        ta / time(&b)
                    } else {
                        let tb = time(&b);
                        time(&a) / tb
                    }
                })
                .collect();
            ratios.sort_by(|x, y| x.total_cmp(y));
            let q = |f: usize| ratios[(ratios.len() - 1) * f / 4];
            line += &format!("  {name} {:.3} [{:.2}-{:.2}]", q(2), q(1), q(3));
        }
        println!("{line}");
    }
}
'''


def export(rev, dest):
    """`src/` and `generated/` of `rev` (or of the working tree for `None`) into `dest`."""
    if os.path.exists(dest):
        shutil.rmtree(dest)
    os.makedirs(dest)
    paths = ["src", "generated", "README.md"]
    if rev is None:
        for p in paths:
            src = os.path.join(ROOT, p)
            (shutil.copytree if os.path.isdir(src) else shutil.copy)(src, os.path.join(dest, p))
    else:
        archive = subprocess.run(["git", "-C", ROOT, "archive", rev, *paths],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", dest], input=archive, check=True)
    for d, _, files in os.walk(dest):
        for f in files:
            os.utime(os.path.join(d, f))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--a", default="HEAD", help="git revision of side a (default HEAD)")
    ap.add_argument("--b", default=None, help="git revision of side b (default: the working tree)")
    ap.add_argument("--backend", default="auto", help="auto, or a backend name (vpclmul512, ...)")
    ap.add_argument("--crcs", default="ISO-HDLC,ISCSI,NVME,BZIP2",
                    help="comma-separated, of: " + ", ".join(CRCS))
    ap.add_argument("--lengths", default="256,512,1024,4096,16384,65536")
    ap.add_argument("--rounds", type=int, default=31)
    ap.add_argument("--offset", type=int, default=16,
                    help="the input's start past a 64-byte boundary, 0..63 (default 16, where "
                    "glibc's malloc puts a large buffer on x86_64)")
    ap.add_argument("--dir", default=os.path.join(tempfile.gettempdir(), "crcstamp-ab"))
    ap.add_argument("--rustflags", default="-C llvm-args=-align-loops=64",
                    help="RUSTFLAGS of the probe's build (default: every loop 64-byte aligned, "
                    "so that a change elsewhere does not move the fold loop across a fetch "
                    "boundary and time the layout instead of the code)")
    args = ap.parse_args()
    if not 0 <= args.offset < 64:
        sys.exit(f"ab-probe: --offset {args.offset} is not in 0..63")
    for c in args.crcs.split(","):
        if c not in CRCS:
            sys.exit(f"ab-probe: unknown CRC {c!r} (known: {', '.join(CRCS)})")

    for side, rev in (("a", args.a), ("b", args.b)):
        d = os.path.join(args.dir, side)
        export(rev, d)
        with open(os.path.join(d, "Cargo.toml"), "w") as f:
            f.write(f'[package]\nname = "crcstamp_{side}"\nversion = "0.1.0"\nedition = "2021"\n'
                    # `dynamic` (DynCrc) needs crc-gen; declared, never enabled, so its
                    # `cfg`s are known to the compiler.
                    '[features]\ndefault = ["std"]\nstd = []\ndynamic = []\n[dependencies]\n'
                    f'crcstamp-macros = {{ path = "{os.path.join(ROOT, "crc-macros")}" }}\n'
                    # The constants layout (a side from before it ignores the dependency).
                    f'crcstamp-layout = {{ path = "{os.path.join(ROOT, "crc-layout")}" }}\n')
    probe = os.path.join(args.dir, "probe")
    os.makedirs(os.path.join(probe, "src"), exist_ok=True)
    with open(os.path.join(probe, "Cargo.toml"), "w") as f:
        f.write('[package]\nname = "probe"\nversion = "0.1.0"\nedition = "2021"\n[dependencies]\n'
                'a = { package = "crcstamp_a", path = "../a" }\n'
                'b = { package = "crcstamp_b", path = "../b" }\n[workspace]\n')
    arms = "\n        ".join(f'"{k}" => (side!(a, {t}), side!(b, {t})),' for k, t in CRCS.items())
    with open(os.path.join(probe, "src", "main.rs"), "w") as f:
        f.write(PROBE.replace("@ARMS@", arms))
    env = dict(os.environ, RUSTFLAGS=args.rustflags)
    subprocess.run(["cargo", "build", "--release", "-q"], cwd=probe, check=True, env=env)
    print(f"a = {args.a}, b = {args.b or 'working tree'}, backend {args.backend}, "
          f"{args.rounds} rounds, offset {args.offset}, RUSTFLAGS={args.rustflags!r}; "
          "time(a) / time(b), "
          "median [middle half]", flush=True)
    binary = os.path.join(probe, "target", "release", "probe")
    subprocess.run([binary, args.crcs, args.lengths, str(args.rounds), args.backend,
                    str(args.offset)], check=True)


if __name__ == "__main__":
    try:
        main()
    except subprocess.CalledProcessError as e:
        sys.exit(f"ab-probe: `{' '.join(map(str, e.cmd))}` failed (exit {e.returncode})")
