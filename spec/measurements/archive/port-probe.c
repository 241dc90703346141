/* The 512-bit instructions of the fold loops alone and mixed: throughput (independent
 * instructions) and latency (one dependent chain), in core cycles, the clock taken from a
 * chain of dependent register adds. Needs x86_64 with AVX-512, VPCLMULQDQ and GFNI.
 *
 *     gcc -O2 -o port-probe spec/measurements/archive/port-probe.c && ./port-probe
 *
 * Used in spec/decisions.md, "Which ports": a mix whose cycles equal the busiest port's
 * count runs its instructions on separate ports. */
#include <stdio.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

#define N 20000000L
#define REP4(s) s s s s
#define CL(d) "vpclmulqdq $0x00, %%zmm0, %%zmm1, %%zmm" #d "\n"
#define GF(d) "vgf2p8affineqb $0, %%zmm0, %%zmm1, %%zmm" #d "\n"
#define TL(d) "vpternlogq $0x96, %%zmm0, %%zmm1, %%zmm" #d "\n"
#define CLOB "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", \
             "xmm11", "xmm12", "xmm13", "xmm14", "xmm15"

/* Nanoseconds per iteration of `body` (an asm statement). */
#define TIME(body) ({ double t0 = now(); for (long i = 0; i < N; i++) { body; } (now() - t0) / N; })

int main(void) {
    for (int round = 0; round < 3; round++) {
        unsigned long x = 1;
        double add = TIME(__asm__ volatile(REP4("add %0, %0\n") REP4("add %0, %0\n")
                                           "add %0, %0\n add %0, %0\n" : "+r"(x)));
        double ghz = 10 / add;
        double c = ghz; /* cycles per ns */
        double cl = TIME(__asm__ volatile(CL(2) CL(3) CL(4) CL(5) CL(6) CL(7) CL(8) CL(9) ::: CLOB));
        double gf = TIME(__asm__ volatile(GF(2) GF(3) GF(4) GF(5) GF(6) GF(7) GF(8) GF(9) ::: CLOB));
        double tl = TIME(__asm__ volatile(TL(2) TL(3) TL(4) TL(5) TL(6) TL(7) TL(8) TL(9) ::: CLOB));
        double cl_lat = TIME(__asm__ volatile(REP4("vpclmulqdq $0, %%zmm0, %%zmm1, %%zmm1\n") ::: "xmm1"));
        double gf_lat = TIME(__asm__ volatile(REP4("vgf2p8affineqb $0, %%zmm0, %%zmm1, %%zmm1\n") ::: "xmm1"));
        /* Four multiplies and four affines: 4 cycles if they take different ports. */
        double cl_gf = TIME(__asm__ volatile(CL(2) GF(3) CL(4) GF(5) CL(6) GF(7) CL(8) GF(9) ::: CLOB));
        /* Four multiplies and four three-way XORs: 4 cycles if the XORs avoid the multiplier's port. */
        double cl_tl = TIME(__asm__ volatile(CL(2) TL(3) CL(4) TL(5) CL(6) TL(7) CL(8) TL(9) ::: CLOB));
        /* The forward loop's mix per two vectors: 4 multiplies, 2 affines, 2 XORs (4 cycles at best). */
        double fwd = TIME(__asm__ volatile(CL(2) CL(3) GF(4) TL(5) CL(6) CL(7) GF(8) TL(9) ::: CLOB));
        printf("clock %.2f GHz | per cycle: clmul %.2f, gfni %.2f, ternlog %.2f | latency: clmul %.1f, gfni %.1f"
               " | cycles: 4 clmul + 4 gfni %.2f, 4 clmul + 4 ternlog %.2f, 4 clmul + 2 gfni + 2 ternlog %.2f\n",
               ghz, 8 / (cl * c), 8 / (gf * c), 8 / (tl * c), cl_lat * c / 4, gf_lat * c / 4,
               cl_gf * c, cl_tl * c, fwd * c);
    }
    return 0;
}
