#!/usr/bin/env bash
# Read-only data of a firmware image per `slice` choice, measured from the linked object:
# for each of 0, "nibble", 1, 4, 8 and 16, a no_std binary for thumbv7em-none-eabihf
# (Cortex-M4F; release, opt-level "s", fat LTO, panic = abort) whose only root is
# `crc(data, len)`, one CRC-32/ISO-HDLC checksum, linked by rust-lld with --gc-sections.
# Prints the `.rodata` bytes (llvm-size -A) and the table symbols (llvm-nm -S), and fails
# unless 0 < nibble < 1 < 4 < 8 < 16 and slice 0 links no table at all.
#
#   benches/embedded_sizes.sh [CATALOGUE-NAME]     (needs: rustup target add
#   thumbv7em-none-eabihf; rustup component add llvm-tools)
#   benches/embedded_sizes.sh --speed              the host speeds instead: runs
#   examples/embedded_small_tables.rs built --release in the same outside crate (only
#   crcstamp to compile, not the workspace's dev-dependencies)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
name="${1:-CRC-32/ISO-HDLC}"
speed=false
if [ "$name" = --speed ]; then
    speed=true
    name=CRC-32/ISO-HDLC
fi
target=thumbv7em-none-eabihf
bin="$(rustc --print sysroot)/lib/rustlib/$(rustc -vV | sed -n 's/^host: //p')/bin"
work="$root/target/embedded-sizes"
mkdir -p "$work/src"
cat >"$work/Cargo.toml" <<TOML
[package]
name = "embedded-sizes"
version = "0.0.0"
edition = "2021"
publish = false
[dependencies]
crcstamp = { path = "$root", default-features = false, features = ["macros"] }
[profile.release]
opt-level = "s"
lto = true
codegen-units = 1
panic = "abort"
[workspace]
TOML
if $speed; then
    cp "$root/examples/embedded_small_tables.rs" "$work/src/main.rs"
    # Speed at the release profile's usual opt-level, not the image's "s".
    CARGO_PROFILE_RELEASE_OPT_LEVEL=3 exec cargo run -q --release --manifest-path "$work/Cargo.toml" --target-dir "$work/target"
fi
printf '%-8s %8s %8s  %s\n' slice rodata text "table symbols (bytes)"
declare -A rodata
for slice in 0 '"nibble"' 1 4 8 16; do
    cat >"$work/src/main.rs" <<RS
#![no_std]
#![no_main]

#[crcstamp::crc(catalog = "$name", slice = $slice)]
struct Crc;

/// The image's one root (the entry point): a checksum of the first \`len\` bytes.
#[no_mangle]
pub extern "C" fn crc(data: &[u8; 1024], len: usize) -> u64 {
    crcstamp::Word::low_u64(Crc::checksum(&data[..len.min(1024)]))
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    loop {}
}
RS
    RUSTFLAGS="-C link-arg=--entry=crc" cargo build -q --release --target "$target" \
        --manifest-path "$work/Cargo.toml" --target-dir "$work/target"
    elf="$work/target/$target/release/embedded-sizes"
    ro=$("$bin/llvm-size" -A "$elf" | awk '$1 ~ /^\.rodata/ { s += $2 } END { print s + 0 }')
    text=$("$bin/llvm-size" -A "$elf" | awk '$1 == ".text" { print $2 }')
    # The stamped statics keep their names (TABLES, NIBBLE, COMBINE) in the symbol table.
    syms=$("$bin/llvm-nm" -S --size-sort --radix=d -C "$elf" |
        awk '$4 ~ /(TABLES|NIBBLE|COMBINE)/ { n = $4; sub(/::h[0-9a-f]+$/, "", n); sub(/.*::/, "", n); printf "%s %d ", n, $2 + 0 }')
    key=${slice//\"/}
    rodata[$key]=$ro
    printf '%-8s %8d %8d  %s\n' "$key" "$ro" "$text" "${syms:-none}"
    if [ "$key" = 0 ] && [ -n "$syms" ]; then
        echo "slice = 0 links tables: $syms" >&2
        exit 1
    fi
done
prev=-1
for key in 0 nibble 1 4 8 16; do
    if [ "${rodata[$key]}" -le "$prev" ]; then
        echo "read-only data does not grow with the tables at slice = $key" >&2
        exit 1
    fi
    prev=${rodata[$key]}
done
echo "ok: 0 < nibble < 1 < 4 < 8 < 16 ($name, $target)"
