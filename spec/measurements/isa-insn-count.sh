#!/usr/bin/env bash
# Instructions per 64 bytes of a folding kernel and of slice-by-16, counted under qemu-user
# (issue 43: no riscv64, s390x or POWER hardware was at hand, so nothing is timed). A small
# program (built here, in release, against this checkout) runs `checksum_with(BACKEND)` over
# LEN bytes REPS times; qemu logs every translation block it executes (`-d
# in_asm,exec,nochain`) and the instructions of each, and this sums them. One call's count
# is the run with two calls less the run with one (startup and the buffer cancel); per 64
# bytes, one call's count at 2N bytes less at N, over N / 64 (its fixed cost cancels). On riscv64 build with
# `+zbc` (RUSTFLAGS): qemu 7.2's user mode has no riscv_hwprobe, so detection cannot see Zbc.
#
#   [RAW=1] spec/measurements/isa-insn-count.sh TARGET LINKER "QEMU -cpu ..." CRC BACKEND [N]
#   RUSTFLAGS="-C target-feature=+zbc" spec/measurements/isa-insn-count.sh riscv64gc-unknown-linux-gnu riscv64-linux-gnu-gcc \
#       "qemu-riscv64 -cpu rv64,zbc=true -L /usr/riscv64-linux-gnu" Crc32IsoHdlc zbc
set -euo pipefail
target=$1 linker=$2 qemu=$3 crc=$4 backend=$5 n=${6:-16384}
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=$root/target/isa-insn-count
mkdir -p "$dir/src"
cat >"$dir/Cargo.toml" <<TOML
[package]
name = "isa-insn-count"
version = "0.0.0"
edition = "2021"
publish = false
[dependencies]
crcstamp = { path = "$root" }
[workspace]
TOML
cat >"$dir/src/main.rs" <<'RS'
use crcstamp::{catalog::*, Backend};
fn main() {
    let mut args = std::env::args().skip(1);
    let (crc, backend, len) = (args.next().unwrap(), args.next().unwrap(), args.next().unwrap());
    let reps: usize = args.next().unwrap().parse().unwrap();
    let b = *Backend::all().iter().find(|b| b.name() == backend).expect("backend");
    let data: Vec<u8> = (0..len.parse::<usize>().unwrap()).map(|i| (i * 131 >> 3) as u8).collect();
    for _ in 0..reps {
        let data = std::hint::black_box(&data[..]);
        let sum = match crc.as_str() {
            "Crc32IsoHdlc" => Crc32IsoHdlc::checksum_with(b, data).map(u64::from),
            "Crc32Bzip2" => Crc32Bzip2::checksum_with(b, data).map(u64::from),
            "Crc64Xz" => Crc64Xz::checksum_with(b, data),
            "Crc64Ecma182" => Crc64Ecma182::checksum_with(b, data),
            _ => panic!("crc"),
        };
        println!("{:x}", sum.expect("backend available"));
    }
}
RS
var=CARGO_TARGET_$(echo "$target" | tr a-z- A-Z_)_LINKER
env "$var=$linker" cargo build -q --release --manifest-path "$dir/Cargo.toml" --target "$target" \
    --target-dir "$dir/target"
bin=$dir/target/$target/release/isa-insn-count
cat >"$dir/sum.py" <<'PY'
import re, sys
size, cur, total = {}, None, 0
for line in open(sys.argv[1], errors="replace"):
    if line.startswith("IN:"):
        cur = None
        continue
    m = re.match(r"^0x([0-9a-f]+):\s", line)
    if m:
        if cur is None:
            cur = int(m.group(1), 16)
            size[cur] = 0
        size[cur] += 1
        continue
    if not line.strip():
        cur = None
    # Trace CPU: HOST [CS_BASE/PC/FLAGS/CFLAGS]
    m = re.search(r"Trace \d+: \S+ \[[0-9a-f]+/([0-9a-f]+)/", line)
    if m:
        total += size.get(int(m.group(1), 16), 0)
print(total)
PY
count() {
    # in_asm: each block's instructions at translation; exec: each block executed.
    $qemu -d in_asm,exec,nochain -D "$dir/log" "$bin" "$crc" "$backend" "$1" "$2" >/dev/null
    python3 "$dir/sum.py" "$dir/log"
}
# One call at $1 bytes.
call() {
    echo $(($(count "$1" 2) - $(count "$1" 1)))
}
# RAW=1: one call's count at N bytes alone, to compare two backends
# at one length: where the folding kernel's fixed cost is paid off (`plan::FOLD_MIN`).
if [ "${RAW:-}" = 1 ]; then
    echo "$target $crc $backend: $(call "$n") instructions in one call of $n bytes"
    exit
fi
one=$(call "$n")
two=$(call $((2 * n)))
echo "$target $crc $backend: one call $one instructions at $n bytes, $two at $((2 * n)); per 64 bytes: $(python3 -c "print(round(($two - $one) / ($n / 64), 1))")"
