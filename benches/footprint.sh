#!/usr/bin/env bash
# What taking crcstamp on costs from cold, against the peers: one-file programs that print the
# CRC-32/ISO-HDLC of their argument, each built from clean (registry fetched, nothing built),
# release and debug, in interleaved rounds. Prints per case the crates in its tree (the
# program's own included, normal and build edges), the median wall times, the stripped
# binary's text size, and each crcstamp case's ratio to crc-fast and to crc32fast.
#
#   benches/footprint.sh [--rounds N] [--check]
#
# --check exits 1 unless the issue-60 budgets hold: (a) and (d) no more crates than crc-fast
# and no syn/num-bigint/prettyplease/strsim; (a) <= 1.0x, (d) <= 0.75x, (b) and (c) <= 1.5x
# crc-fast's release and debug times, with `--slack` (default 1.15) for a busy host.
set -euo pipefail

rounds=3
check=false
slack=1.15
while [ $# -gt 0 ]; do
    case "$1" in
    --rounds) rounds=$2; shift 2 ;;
    --check) check=true; shift ;;
    --slack) slack=$2; shift 2 ;;
    *) echo "usage: $0 [--rounds N] [--check] [--slack F]" >&2; exit 2 ;;
    esac
done

root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ver() { sed -n "/^name = \"$1\"$/{n;s/version = \"\(.*\)\"/\1/p;q}" "$root/Cargo.lock"; }

# case name | dependency line | main.rs body (reads `arg: &[u8]`, prints the CRC)
cases=(
    "a:crcstamp|crcstamp = { path = \"$root\" }|crcstamp::catalog::Crc32IsoHdlc::checksum(arg)"
    "b:#[crc]|crcstamp = { path = \"$root\", features = [\"macros\"] }|C::checksum(arg)"
    "c:DynCrc|crcstamp = { path = \"$root\", features = [\"dynamic\"] }|crcstamp::DynCrc::from_catalog(\"CRC-32/ISO-HDLC\").unwrap().checksum(arg) as u32"
    "d:no-std|crcstamp = { path = \"$root\", default-features = false }|crcstamp::catalog::Crc32IsoHdlc::checksum(arg)"
    "crc32fast|crc32fast = \"=$(ver crc32fast)\"|crc32fast::hash(arg)"
    "crc|crc = \"=$(ver crc)\"|crc::Crc::<u32>::new(&crc::CRC_32_ISO_HDLC).checksum(arg)"
    "crc-fast|crc-fast = { version = \"=$(ver crc-fast)\", default-features = false, features = [\"std\"] }|crc_fast::checksum(crc_fast::CrcAlgorithm::Crc32IsoHdlc, arg) as u32"
)

names=()
dirs=()
for c in "${cases[@]}"; do
    IFS='|' read -r name dep body <<<"$c"
    dir="$work/$(echo "$name" | tr -c 'a-z0-9\n-' '_')"
    mkdir -p "$dir/src"
    cp "$root/Cargo.lock" "$dir/Cargo.lock"
    printf '[package]\nname = "footprint"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n[dependencies]\n%s\n[workspace]\n' \
        "$dep" >"$dir/Cargo.toml"
    {
        if [ "${name#b:}" != "$name" ]; then
            echo '#[crcstamp::crc(width = 32, poly = 0x04c11db7, init = 0xffffffff, refin = true, refout = true, xorout = 0xffffffff)]'
            echo 'struct C;'
        fi
        echo 'fn main() {'
        echo '    let arg = std::env::args().nth(1).unwrap_or_default();'
        echo '    let arg = arg.as_bytes();'
        echo "    println!(\"{:08x}\", $body);"
        echo '}'
    } >"$dir/src/main.rs"
    names+=("$name")
    dirs+=("$dir")
done

# The crates of each tree, and a first build that fetches what is missing and checks that
# every program prints CRC-32's check value.
declare -A tree
for i in "${!names[@]}"; do
    dir=${dirs[$i]}
    tree[$i]=$(cargo tree -q --manifest-path "$dir/Cargo.toml" -e normal,build --prefix none |
        sed 's/ (\*)$//; s/ (proc-macro)$//' | sort -u)
    cargo build -q --release --manifest-path "$dir/Cargo.toml" --target-dir "$dir/target"
    out=$("$dir/target/release/footprint" 123456789)
    if [ "$out" != cbf43926 ]; then
        echo "${names[$i]}: printed $out for \"123456789\", not cbf43926" >&2
        exit 1
    fi
done

# Interleaved rounds: every case cold, debug then release (whose binary the text size is
# read from), before the next round. Not incremental: cargo builds a path dependency, as
# crcstamp is here, incrementally in debug, and a dependency from crates.io never, which is
# how a user takes crcstamp and every peer.
export CARGO_INCREMENTAL=0
declare -A times
for r in $(seq "$rounds"); do
    for i in "${!names[@]}"; do
        dir=${dirs[$i]}
        for profile in debug release; do
            rm -rf "$dir/target"
            flag=()
            [ "$profile" = release ] && flag=(--release)
            start=$(date +%s.%N)
            cargo build -q "${flag[@]}" --manifest-path "$dir/Cargo.toml" --target-dir "$dir/target"
            end=$(date +%s.%N)
            times[$i,$profile]+="$(echo "$end - $start" | bc) "
        done
    done
done

median() { tr ' ' '\n' | sed '/^$/d' | sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
text() { # the stripped release binary's text size, KB (the last round's build)
    strip -o "$1/stripped" "$1/target/release/footprint"
    size -A "$1/stripped" | awk '$1 == ".text" { printf "%d", $2 / 1000 }'
}

declare -A rel dbg kb crates
for i in "${!names[@]}"; do
    rel[$i]=$(echo "${times[$i,release]}" | median)
    dbg[$i]=$(echo "${times[$i,debug]}" | median)
    kb[$i]=$(text "${dirs[$i]}")
    crates[$i]=$(echo "${tree[$i]}" | wc -l)
done
index() { for i in "${!names[@]}"; do if [ "${names[$i]}" = "$1" ]; then echo "$i"; fi; done; }
fast=$(index crc-fast)
c32=$(index crc32fast)

echo "Cold builds of a one-line CRC-32 program, medians of $rounds interleaved rounds ($(nproc) cores)"
printf '%-12s %6s %9s %9s %8s %22s %22s\n' case crates release debug text "release/crc-fast (dbg)" "release/crc32fast (dbg)"
for i in "${!names[@]}"; do
    ratio_fast=$(echo "scale=2; ${rel[$i]} / ${rel[$fast]}" | bc)
    ratio_fast_d=$(echo "scale=2; ${dbg[$i]} / ${dbg[$fast]}" | bc)
    ratio_32=$(echo "scale=2; ${rel[$i]} / ${rel[$c32]}" | bc)
    ratio_32_d=$(echo "scale=2; ${dbg[$i]} / ${dbg[$c32]}" | bc)
    printf '%-12s %6d %8.2fs %8.2fs %6dKB %14s (%5s) %15s (%5s)\n' "${names[$i]}" "${crates[$i]}" \
        "${rel[$i]}" "${dbg[$i]}" "${kb[$i]}" "$ratio_fast" "$ratio_fast_d" "$ratio_32" "$ratio_32_d"
done
for n in a:crcstamp d:no-std; do
    echo
    echo "cargo tree of $n:"
    echo "${tree[$(index "$n")]}" | sed 's/^/    /'
done

$check || exit 0
fail=0
budget() { # case, the most of crc-fast's time it may take
    local i
    i=$(index "$1")
    for profile in release debug; do
        local t f
        if [ $profile = release ]; then t=${rel[$i]} f=${rel[$fast]}; else t=${dbg[$i]} f=${dbg[$fast]}; fi
        if [ "$(echo "$t > $f * $2 * $slack" | bc)" = 1 ]; then
            echo "footprint: $1's $profile build took ${t}s, over ${2}x crc-fast's ${f}s (slack $slack)" >&2
            fail=1
        fi
    done
}
budget a:crcstamp 1.0
budget d:no-std 0.75
budget 'b:#[crc]' 1.5
budget c:DynCrc 1.5
for n in a:crcstamp d:no-std; do
    i=$(index "$n")
    if [ "${crates[$i]}" -gt "${crates[$fast]}" ]; then
        echo "footprint: $n has ${crates[$i]} crates in its tree, crc-fast ${crates[$fast]}" >&2
        fail=1
    fi
    if echo "${tree[$i]}" | grep -E '^(syn|num-bigint|prettyplease|strsim) '; then
        echo "footprint: $n's tree has one of syn, num-bigint, prettyplease, strsim" >&2
        fail=1
    fi
done
exit $fail
