#!/usr/bin/env bash
# Build time of a user's crate that calls crcstamp many times in one function (issue 36,
# item 1), against the same function over crc32fast and crc-fast, in one run: release
# profile, dependencies prebuilt in one shared target directory, only the user's crate
# rebuilt and timed in CPU seconds (the median of R rebuilds, the cases interleaved round
# by round).
#
#   benches/build_time.sh [--rounds R] [--calls 25,50,100] [--types 40] [--max-ratio X]
#   benches/build_time.sh --only 'iso-hdlc 100'     # one case, once
#
# Cases, each one `pub fn` in a library crate:
#   crcstamp N    N calls of `Crc32Iscsi::checksum(&b[j..])` (CRC-32C: the CPU's instruction)
#   iso-hdlc N    N calls of `Crc32IsoHdlc::checksum(&b[j..])` (CRC-32: folding), largest N
#   peers N       N calls of `crc32fast::hash(&b[j..])` and N of `crc_fast::checksum(..)`
#   types T       T different stamped CRCs (`#[crc(catalog = ...)]`), one call each, and
#   types T bare  the same T types with no calls (the macro's own share)
# With --max-ratio X it exits 1 when crcstamp or iso-hdlc at the largest N takes more than X
# times the peers at that N (CI's check); the ratios are printed either way. CRCSTAMP_DIR points the
# crates at another crcstamp checkout (a build before a change).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
crcstamp="${CRCSTAMP_DIR:-$root}"
rounds=3
calls=25,50,100
types=40
max_ratio=""
only=""
while [ $# -gt 0 ]; do
    case "$1" in
    --rounds) rounds="$2"; shift 2 ;;
    --calls) calls="$2"; shift 2 ;;
    --types) types="$2"; shift 2 ;;
    --max-ratio) max_ratio="$2"; shift 2 ;;
    --only) only="$2"; shift 2 ;;
    *) echo "usage: $0 [--rounds R] [--calls N,N..] [--types T] [--max-ratio X]" >&2; exit 2 ;;
    esac
done
# BUILD_TIME_DIR keeps the crate and its target directory between runs (for comparing
# builds without rebuilding the dependencies each time); by default a temporary one.
if [ -n "${BUILD_TIME_DIR:-}" ]; then
    work="$BUILD_TIME_DIR"
else
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work/src"
# The workspace's lock file, so the peers are the versions the peers bench measures.
cp "$root/Cargo.lock" "$work/Cargo.lock"
ver() { sed -n "/^name = \"$1\"$/{n;s/version = \"\(.*\)\"/\1/p;q}" "$root/Cargo.lock"; }
cat >"$work/Cargo.toml" <<TOML
[package]
name = "build-time"
version = "0.0.0"
edition = "2021"
publish = false
[dependencies]
crcstamp = { path = "$crcstamp", features = ["macros"] }
crc32fast = "=$(ver crc32fast)"
crc-fast = { version = "=$(ver crc-fast)", default-features = false, features = ["std"] }
[workspace]
TOML

# The function body: one line per call, each on its own slice so no two calls are the same.
gen() { # $1: case, $2: count
    echo "#![allow(unused)]"
    echo "use crcstamp::{catalog::{Crc32Iscsi, Crc32IsoHdlc}, crc};"
    case "$1" in
    crcstamp | iso-hdlc)
        local t=Crc32Iscsi
        if [ "$1" = iso-hdlc ]; then t=Crc32IsoHdlc; fi
        echo "pub fn f(b: &[u8]) -> u64 {"
        echo "    let mut x = 0u64;"
        for j in $(seq 0 $(($2 - 1))); do
            echo "    x ^= u64::from($t::checksum(&b[$j..]));"
        done
        echo "    x"
        echo "}"
        ;;
    peers)
        echo "pub fn f(b: &[u8]) -> u64 {"
        echo "    let mut x = 0u64;"
        for j in $(seq 0 $(($2 - 1))); do
            echo "    x ^= u64::from(crc32fast::hash(&b[$j..]));"
            echo "    x ^= crc_fast::checksum(crc_fast::CrcAlgorithm::Crc32Iscsi, &b[$j..]);"
        done
        echo "    x"
        echo "}"
        ;;
    types | bare)
        # Spread over the catalogue, so every register word is among them.
        sed -n 's/.*name="\([^"]*\)".*/\1/p' "$root/spec/catalogue.txt" |
            awk -v t="$2" '{ n[NR] = $0 } END {
                for (i = 1; i <= t; i++) printf "#[crc(catalog = \"%s\")]\npub struct A%d;\n", n[int((i - 1) * NR / t) + 1], i }'
        echo "pub fn f(b: &[u8]) -> u128 {"
        echo "    let mut x = 0u128;"
        if [ "$1" = types ]; then
            for j in $(seq 1 "$2"); do
                echo "    x ^= u128::from(A$j::checksum(&b[$j..]));"
            done
        fi
        echo "    x"
        echo "}"
        ;;
    esac
}
build() { # $1: case, $2: count; prints the CPU seconds (user + system) of one release build
    # of the crate itself: on a shared host far steadier than the wall clock, which other
    # jobs stretch.
    gen "$1" "$2" >"$work/src/lib.rs"
    local TIMEFORMAT="%U %S" t
    if ! t=$({ time cargo build -q --release --manifest-path "$work/Cargo.toml" \
        --target-dir "$work/target" 2>"$work/stderr"; } 2>&1); then
        cat "$work/stderr" >&2
        echo "error: the release build of case '$1 $2' failed" >&2
        return 1
    fi
    awk '{ printf "%.3f\n", $1 + $2 }' <<<"$t"
}
median() { tr ' ' '\n' | sed '/^$/d' | sort -n | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}'; }

cases=()
for n in ${calls//,/ }; do cases+=("crcstamp $n" "peers $n"); done
last="${calls##*,}"
cases+=("iso-hdlc $last")
if [ "$types" -gt 0 ]; then cases+=("types $types" "bare $types"); fi
build bare 0 >/dev/null # the dependencies
if [ -n "$only" ]; then
    t=$(build $only)
    echo "$only: $t s"
    exit 0
fi
declare -A times
for _ in $(seq "$rounds"); do
    for c in "${cases[@]}"; do
        times[$c]="${times[$c]:-} $(build $c)"
    done
done
echo "release rebuild of one crate, CPU seconds, median of $rounds, crcstamp at $crcstamp:"
for c in "${cases[@]}"; do
    printf '  %-14s %8s   (%s )\n' "$c" "$(median <<<"${times[$c]}")" "${times[$c]}"
done
theirs=$(median <<<"${times[peers $last]}")
status=0
for c in crcstamp iso-hdlc; do
    ours=$(median <<<"${times[$c $last]}")
    ratio=$(awk -v a="$ours" -v b="$theirs" 'BEGIN { printf "%.2f", a / b }')
    echo "$c / peers at $last calls: $ratio"
    if [ -n "$max_ratio" ] && awk -v r="$ratio" -v m="$max_ratio" 'BEGIN { exit !(r > m) }'; then
        echo "error: $last calls ($c) build in $ratio times the peers' time (limit $max_ratio)" >&2
        status=1
    fi
done
exit $status
