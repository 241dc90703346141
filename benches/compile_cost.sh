#!/usr/bin/env bash
# Compile cost of the #[crc] macro (issue 5, target 7): a crate that stamps every catalogue
# algorithm against the same crate stamping none, release profile, dependencies prebuilt.
# Prints the median of N rebuilds of each and the difference per expansion.
#
#   benches/compile_cost.sh [N=3]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
n="${1:-3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
names=$(sed -n 's/.*name="\([^"]*\)".*/\1/p' "$root/spec/catalogue.txt")
count=$(printf '%s\n' "$names" | wc -l)
mkdir -p "$work/src"
cat >"$work/Cargo.toml" <<TOML
[package]
name = "stamp-all"
version = "0.0.0"
edition = "2021"
publish = false
[dependencies]
crcstamp = { path = "$root", features = ["macros"] }
[workspace]
TOML
write() { # $1: all | none
    {
        echo "#![allow(dead_code)]"
        echo "use crcstamp::crc;"
        if [ "$1" = all ]; then
            i=0
            while IFS= read -r name; do
                printf '#[crc(catalog = "%s")]\npub struct A%d;\n' "$name" "$i"
                i=$((i + 1))
            done <<<"$names"
        fi
    } >"$work/src/lib.rs"
}
build() { # prints seconds for one release build of the crate itself
    touch "$work/src/lib.rs"
    local t0 t1
    t0=$(date +%s%N)
    cargo build -q --release --manifest-path "$work/Cargo.toml" --target-dir "$work/target"
    t1=$(date +%s%N)
    awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f\n", (b - a) / 1e9 }' 
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}'; }
write none
build >/dev/null # dependencies
none=$(for _ in $(seq "$n"); do build; done | median)
write all
all=$(for _ in $(seq "$n"); do build; done | median)
echo "empty crate: ${none} s; ${count} stamped algorithms: ${all} s (median of ${n} release builds)"
awk -v a="$all" -v z="$none" -v n="$count" \
    'BEGIN { printf "difference: %.2f s, per expansion: %.1f ms\n", a - z, (a - z) * 1000 / n }' 
