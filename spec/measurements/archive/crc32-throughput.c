#include <stdio.h>
#include <stdint.h>
#include <time.h>
#include <nmmintrin.h>
static double now(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec*1e-9;}
int main(){
  const long N=400000000;
  uint64_t a=1,b=2,c=3,d=4;
  double t0=now();
  for(long i=0;i<N;i++){ __asm__ volatile("add %1,%0\n\tadd %1,%0\n\tadd %1,%0\n\tadd %1,%0":"+r"(a):"r"(b)); }
  double t1=now(); double ghz=4.0*N/(t1-t0)/1e9; printf("add chain: %.2f GHz (4 adds/iter)\n",ghz);
  t0=now();
  for(long i=0;i<N;i++){ a=_mm_crc32_u64(a,i); a=_mm_crc32_u64(a,b);a=_mm_crc32_u64(a,c);a=_mm_crc32_u64(a,d);}
  t1=now(); printf("crc32q latency: %.2f cycles\n",(t1-t0)*ghz*1e9/(4.0*N));
  t0=now();
  for(long i=0;i<N;i++){ a=_mm_crc32_u64(a,i); b=_mm_crc32_u64(b,i);c=_mm_crc32_u64(c,i);d=_mm_crc32_u64(d,i);}
  t1=now(); printf("crc32q 4 chains: %.2f cycles/insn\n",(t1-t0)*ghz*1e9/(4.0*N));
  uint64_t e=5,f=6,g=7,h=8;
  t0=now();
  for(long i=0;i<N;i++){ a=_mm_crc32_u64(a,i); b=_mm_crc32_u64(b,i);c=_mm_crc32_u64(c,i);d=_mm_crc32_u64(d,i);e=_mm_crc32_u64(e,i); f=_mm_crc32_u64(f,i);g=_mm_crc32_u64(g,i);h=_mm_crc32_u64(h,i);}
  t1=now(); printf("crc32q 8 chains: %.2f cycles/insn\n",(t1-t0)*ghz*1e9/(8.0*N));
  printf("%lu\n",a^b^c^d^e^f^g^h);
}
