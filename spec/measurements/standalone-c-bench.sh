#!/usr/bin/env bash
# Speed of `crc-gen emit --lang c` output: the slice-by-8 tables against the --simd fold, in
# one process with interleaved rounds (best of 7), at 64 B, 4 KiB and 1 MiB; then crcstamp
# itself (`crc-gen bench --backend auto`) at the same sizes.
# Usage: spec/measurements/standalone-c-bench.sh [path/to/release/crc-gen] [cc]
set -euo pipefail
gen=${1:-target/release/crc-gen}
cc=${2:-gcc}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
models=(CRC-32/ISCSI CRC-64/XZ CRC-16/T10-DIF CRC-64/ECMA-182)
prefixes=(crc32_iscsi crc64_xz crc16_t10_dif crc64_ecma_182)
for i in "${!models[@]}"; do
    "$gen" emit --lang c "${models[$i]}" --prefix "tab_${prefixes[$i]}" -o "$dir"
    "$gen" emit --lang c "${models[$i]}" --prefix "simd_${prefixes[$i]}" --simd -o "$dir"
done
{
    echo '#include <stdio.h>'
    echo '#include <time.h>'
    for p in "${prefixes[@]}"; do echo "#include \"tab_$p.h\""; echo "#include \"simd_$p.h\""; done
    cat <<'C'
static unsigned char buf[1 << 20];
static volatile unsigned long long sink;
static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}
#define TIME(call, size, best)                                                       \
    do {                                                                             \
        size_t reps = (64u << 20) / (size), r;                                       \
        double t0 = now();                                                           \
        for (r = 0; r < reps; r++) sink += (call)(buf, (size));                       \
        double gibs = (double)reps * (size) / (now() - t0) / (1 << 30);              \
        if (gibs > (best)) (best) = gibs;                                            \
    } while (0)
#define ROW(name, tab, simd)                                                         \
    do {                                                                             \
        size_t sizes[3] = {64, 4096, 1 << 20}, s;                                    \
        for (s = 0; s < 3; s++) {                                                    \
            double bt = 0, bs = 0;                                                   \
            int round;                                                               \
            for (round = 0; round < 7; round++) {                                    \
                TIME(tab, sizes[s], bt);                                              \
                TIME(simd, sizes[s], bs);                                             \
            }                                                                        \
            printf("%-16s %8zu B  tables %6.2f GiB/s  simd %6.2f GiB/s  %5.1fx\n",   \
                   name, sizes[s], bt, bs, bs / bt);                                 \
        }                                                                            \
    } while (0)
int main(void)
{
    size_t i;
    for (i = 0; i < sizeof buf; i++) buf[i] = (unsigned char)(i * 131 + 7);
C
    for i in "${!models[@]}"; do
        p=${prefixes[$i]}
        echo "    ROW(\"${models[$i]}\", tab_${p}_checksum, simd_${p}_checksum);"
    done
    echo '    return 0;'
    echo '}'
} > "$dir/bench.c"
"$cc" -std=c99 -O2 -Wall -Wextra -Werror -pedantic -D_POSIX_C_SOURCE=199309L -o "$dir/bench" "$dir"/*.c
echo "# C, $cc -O2: $(uname -m), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
"$dir/bench"
echo "# crcstamp (crc-gen bench --backend auto)"
"$gen" bench -a "${models[@]}" --sizes 64,4K,1M --backend auto
