//! The `--simd` part of the C output: a 128-bit carry-less-multiply fold (PCLMULQDQ on
//! x86-64, PMULL on aarch64 Linux) for inputs of at least `P_FOLD_MIN` bytes, chosen at
//! run time, with the tables as the fallback.
//!
//! The shape and every constant are the engine's (`src/engine/fold.rs`, scaled layout of
//! `spec/constants.md`): the register enters the first 16-byte lane; four accumulators
//! fold 64 bytes a step at distance 512 bits, reduced 4 → 2 → 1 at 256 and 128 bits; single
//! blocks fold at 128 bits; Barrett's three multiplies leave the register. The last
//! `len % 16` bytes go through the tables. The constants come from
//! [`DerivedFolds::named`](crate::fold::DerivedFolds::named), with their derivations.

use std::fmt::Write as _;

use super::{comment_text, DerivedConsts};
use crate::fold::DerivedFolds;

/// The fold's C text (to sit between the tables and `P_update`) and the lines `P_update`
/// runs before its tables.
pub(super) fn section(l: &DerivedConsts, p: &str) -> (String, String) {
    let m = &l.model;
    let f = DerivedFolds::new(m.width(), m.poly(), m.refin())
        .expect("C output is checked to be at most 64 bits wide");
    let up = p.to_ascii_uppercase();
    let mut s = format!(
        "
/* Carry-less-multiply folding for inputs of at least {up}_FOLD_MIN bytes, on CPUs that
 * have it (checked once, at run time); the tables serve the rest. The constants are in the
 * scaled layout of crc-gen's spec/constants.md: each is (x^e mod G)*x^(64-n), n = {n},
 * {order}; the same values `crc-gen show` prints. */
#if defined(__GNUC__) && (defined(__x86_64__) || (defined(__aarch64__) && defined(__linux__) \\
    && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__))
#define {up}_HAVE_FOLD 1
#define {up}_FOLD_MIN 64
",
        n = m.width(),
        order = if m.refin() {
            "stored bit-reflected over 64 bits (lsb-first model)"
        } else {
            "msb-first"
        },
    );
    for c in f.named() {
        if ["k128", "k256", "k512", "barrett"]
            .iter()
            .any(|k| c.name.starts_with(k))
        {
            let _ = writeln!(
                s,
                "#define {up}_{} UINT64_C({:#018x}) /* {} */",
                c.name.to_ascii_uppercase(),
                c.value,
                comment_text(&c.formula)
            );
        }
    }
    let fold = fold(l, p, &f);
    s.push_str(&primitives(p, &fold));
    s.push_str(&fold);
    s.push_str("#endif\n");
    let t = format!("uint{}_t", l.word_bits);
    let u = l.unused_bits();
    let (to, from) = if m.refin() {
        ("(uint64_t)state".to_string(), format!("({t})reg"))
    } else {
        (
            format!("(uint64_t)(state >> {u})"),
            format!("({t})(reg << {u})"),
        )
    };
    let call = format!(
        "#ifdef {up}_HAVE_FOLD
    if (len >= {up}_FOLD_MIN && {p}_has_fold()) {{
        size_t whole = len & ~(size_t)15;
        uint64_t reg = {p}_fold({to}, bytes, whole / 16);
        state = {from};
        bytes += whole;
        len -= whole;
    }}
#endif
"
    );
    (s, call)
}

/// The vector helpers, each `(name, x86-64 definition, aarch64 definition)`: the bit orders
/// use different ones, and only those `P_fold` calls are written, since clang's
/// `-Weverything` flags an unused `static inline` function.
const HELPERS: [(&str, &str, &str); 8] = [
    (
        "P_v_load(",
        "P_TARGET P_HELPER P_v128 P_v_load(const unsigned char *b)
{
    return _mm_loadu_si128((const __m128i *)(const void *)b);
}
",
        "P_TARGET P_HELPER P_v128 P_v_load(const unsigned char *b) { return vreinterpretq_u64_u8(vld1q_u8(b)); }
",
    ),
    (
        "P_v_pair(",
        "P_TARGET P_HELPER P_v128 P_v_pair(uint64_t q0, uint64_t q1)
{
    return _mm_set_epi64x((long long)q1, (long long)q0);
}
",
        "P_TARGET P_HELPER P_v128 P_v_pair(uint64_t q0, uint64_t q1) { return vcombine_u64(vcreate_u64(q0), vcreate_u64(q1)); }
",
    ),
    (
        "P_v_xor(",
        "P_TARGET P_HELPER P_v128 P_v_xor(P_v128 a, P_v128 b) { return _mm_xor_si128(a, b); }
",
        "P_TARGET P_HELPER P_v128 P_v_xor(P_v128 a, P_v128 b) { return veorq_u64(a, b); }
",
    ),
    (
        "P_v_clmul_lo(",
        "P_TARGET P_HELPER P_v128 P_v_clmul_lo(P_v128 a, P_v128 b) { return _mm_clmulepi64_si128(a, b, 0x00); }
",
        "P_TARGET P_HELPER P_v128 P_v_clmul_lo(P_v128 a, P_v128 b)
{
    return vreinterpretq_u64_p128(vmull_p64((poly64_t)vgetq_lane_u64(a, 0), (poly64_t)vgetq_lane_u64(b, 0)));
}
",
    ),
    (
        "P_v_clmul_hi(",
        "P_TARGET P_HELPER P_v128 P_v_clmul_hi(P_v128 a, P_v128 b) { return _mm_clmulepi64_si128(a, b, 0x11); }
",
        "P_TARGET P_HELPER P_v128 P_v_clmul_hi(P_v128 a, P_v128 b)
{
    return vreinterpretq_u64_p128(vmull_high_p64(vreinterpretq_p64_u64(a), vreinterpretq_p64_u64(b)));
}
",
    ),
    (
        "P_v_q0(",
        "P_TARGET P_HELPER uint64_t P_v_q0(P_v128 a) { return (uint64_t)_mm_cvtsi128_si64(a); }
",
        "P_TARGET P_HELPER uint64_t P_v_q0(P_v128 a) { return vgetq_lane_u64(a, 0); }
",
    ),
    (
        "P_v_q1(",
        "P_TARGET P_HELPER uint64_t P_v_q1(P_v128 a) { return (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(a, a)); }
",
        "P_TARGET P_HELPER uint64_t P_v_q1(P_v128 a) { return vgetq_lane_u64(a, 1); }
",
    ),
    (
        "P_v_reverse(",
        "P_TARGET P_HELPER P_v128 P_v_reverse(P_v128 a)
{
    return _mm_shuffle_epi8(a, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}
",
        "P_TARGET P_HELPER P_v128 P_v_reverse(P_v128 a)
{
    uint8x16_t v = vrev64q_u8(vreinterpretq_u8_u64(a));
    return vreinterpretq_u64_u8(vextq_u8(v, v, 8));
}
",
    ),
];

/// The x86-64 includes and target, before its helpers.
const X86_HEAD: &str = "#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>
#define P_TARGET __attribute__((target(\"pclmul,ssse3\")))
#define P_HELPER static inline
typedef __m128i P_v128;
";

/// The x86-64 run-time check, then the aarch64 includes and target.
const X86_TAIL_ARM_HEAD: &str = "/* CPUID leaf 1, ECX: PCLMULQDQ is bit 1, SSSE3 bit 9. */
static int P_detect(void)
{
    unsigned a, b, c, d;
    return __get_cpuid(1, &a, &b, &c, &d) && (c & (1u << 1)) && (c & (1u << 9));
}
#else
#include <arm_neon.h>
#include <sys/auxv.h>
#if defined(__clang__)
#define P_TARGET __attribute__((target(\"aes\")))
#else
#define P_TARGET __attribute__((target(\"+crypto\")))
#endif
#define P_HELPER static inline
typedef uint64x2_t P_v128;
";

/// The aarch64 run-time check, and the parts both share.
const ARM_TAIL: &str = "/* Bit 4 of AT_HWCAP is the PMULL bit on aarch64 Linux. */
static int P_detect(void) { return (getauxval(AT_HWCAP) & (1ul << 4)) != 0; }
#endif

/* 1 where the fold runs; detected on the first call (the same answer on every thread). */
static int P_has_fold(void)
{
    static int known = -1;
    int v = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (v < 0) {
        v = P_detect();
        __atomic_store_n(&known, v, __ATOMIC_RELAXED);
    }
    return v;
}

/* acc * x^D xor data, with k the pair for distance D. */
P_TARGET static P_v128 P_v_fold(P_v128 acc, P_v128 data, P_v128 k)
{
    return P_v_xor(P_v_xor(P_v_clmul_lo(acc, k), P_v_clmul_hi(acc, k)), data);
}
";

/// The per-architecture primitives on 128-bit vectors and the run-time check: the helpers
/// `fold` (the text of `P_fold` and its callees) or `P_v_fold` calls, each architecture's.
fn primitives(p: &str, fold: &str) -> String {
    let calls = |name: &str| {
        ARM_TAIL.contains(name) || fold.contains(&name.replace("P_", &format!("{p}_")))
    };
    let used: Vec<_> = HELPERS.iter().filter(|(name, ..)| calls(name)).collect();
    let mut s = String::from(X86_HEAD);
    s.extend(used.iter().map(|(_, x86, _)| *x86));
    s.push_str(X86_TAIL_ARM_HEAD);
    s.extend(used.iter().map(|(.., arm)| *arm));
    s.push_str(ARM_TAIL);
    s.replace("P_", &format!("{p}_"))
}

/// `P_v_get`, `P_barrett` and `P_fold` for the model's bit order.
fn fold(l: &DerivedConsts, p: &str, f: &DerivedFolds) -> String {
    let n = l.model.width();
    let up = p.to_ascii_uppercase();
    let lsb = l.model.refin();
    // Each pair in the register as `P_v_fold` multiplies it: qword 0 by the accumulator's
    // qword 0. lsb keeps the x^64..x^127 half in qword 0, msb in qword 1.
    let pair = |d: u32| {
        if lsb {
            format!("{p}_v_pair({up}_K{d}_HI, {up}_K{d}_LO)")
        } else {
            format!("{p}_v_pair({up}_K{d}_LO, {up}_K{d}_HI)")
        }
    };
    let (get, init, barrett) = if lsb {
        (
            format!("{p}_v_load(b)"),
            format!("{p}_v_pair(reg, 0)"),
            barrett_lsb(p, &up, n, f.g0),
        )
    } else {
        (
            format!("{p}_v_reverse({p}_v_load(b))"),
            format!("{p}_v_pair(0, reg << {})", 64 - n),
            barrett_msb(p, &up, n),
        )
    };
    format!(
        "
/* 16 message bytes as a lane in the fold's bit order. */
{p}_TARGET static {p}_v128 {p}_v_get(const unsigned char *b)
{{
    return {get};
}}
{barrett}
/* The register reg folded over blocks (at least 1) 16-byte blocks at b. */
{p}_TARGET static uint64_t {p}_fold(uint64_t reg, const unsigned char *b, size_t blocks)
{{
    {p}_v128 k1 = {k128};
    {p}_v128 x0 = {p}_v_xor({p}_v_get(b), {init});
    b += 16;
    blocks--;
    if (blocks >= 7) {{
        {p}_v128 k4 = {k512}, k2 = {k256};
        {p}_v128 x1 = {p}_v_get(b), x2 = {p}_v_get(b + 16), x3 = {p}_v_get(b + 32);
        b += 48;
        blocks -= 3;
        for (; blocks >= 4; b += 64, blocks -= 4) {{
            x0 = {p}_v_fold(x0, {p}_v_get(b), k4);
            x1 = {p}_v_fold(x1, {p}_v_get(b + 16), k4);
            x2 = {p}_v_fold(x2, {p}_v_get(b + 32), k4);
            x3 = {p}_v_fold(x3, {p}_v_get(b + 48), k4);
        }}
        x0 = {p}_v_fold(x0, x2, k2);
        x1 = {p}_v_fold(x1, x3, k2);
        x0 = {p}_v_fold(x0, x1, k1);
    }}
    for (; blocks > 0; b += 16, blocks--) {{
        x0 = {p}_v_fold(x0, {p}_v_get(b), k1);
    }}
    return {p}_barrett(x0);
}}
",
        k128 = pair(128),
        k256 = pair(256),
        k512 = pair(512),
    )
}

/// Barrett for lsb models: the register in qword 1's low n bits.
fn barrett_lsb(p: &str, up: &str, n: u32, g0: bool) -> String {
    let mask = if n == 64 {
        String::new()
    } else {
        format!(" & (UINT64_MAX >> {})", 64 - n)
    };
    let g0_term = if n == 64 && g0 {
        format!("    r = {p}_v_xor(r, {p}_v_pair(0, {p}_v_q0(q))); /* G's x^0 term, left out of B2 */\n")
    } else {
        String::new()
    };
    format!(
        "
/* The folded 128 bits reduced to the register: three carry-less multiplies. */
{p}_TARGET static uint64_t {p}_barrett({p}_v128 x)
{{
    /* High half times x^(64+n) mod G, plus the low half moved up 64 bits. */
    {p}_v128 t = {p}_v_xor({p}_v_pair({p}_v_q1(x), 0), {p}_v_clmul_lo(x, {p}_v_pair({up}_K128_LO, 0)));
    /* The quotient floor(t / G), then t minus quotient * G. */
    {p}_v128 q = {p}_v_clmul_lo(t, {p}_v_pair({up}_BARRETT_B1, 0));
    {p}_v128 r = {p}_v_xor(t, {p}_v_clmul_lo(q, {p}_v_pair({up}_BARRETT_B2, 0)));
{g0_term}    return {p}_v_q1(r){mask};
}}
"
    )
}

/// Barrett for msb models: the register in qword 0's high n bits.
fn barrett_msb(p: &str, up: &str, n: u32) -> String {
    format!(
        "
/* The folded 128 bits reduced to the register: three carry-less multiplies. */
{p}_TARGET static uint64_t {p}_barrett({p}_v128 x)
{{
    /* High half times x^(64+n) mod G, plus the low half moved up 64 bits. */
    {p}_v128 t = {p}_v_xor({p}_v_pair(0, {p}_v_q0(x)),
        {p}_v_clmul_lo({p}_v_pair({p}_v_q1(x), 0), {p}_v_pair({up}_K128_LO, 0)));
    /* The quotient floor(t / G); B1 leaves out its x^64 term, so t is added back. */
    {p}_v128 q = {p}_v_xor({p}_v_clmul_lo({p}_v_pair({p}_v_q1(t), 0), {p}_v_pair({up}_BARRETT_B1, 0)), t);
    {p}_v128 r = {p}_v_xor(t, {p}_v_clmul_lo({p}_v_pair({p}_v_q1(q), 0), {p}_v_pair({up}_BARRETT_B2, 0)));
    return {p}_v_q0(r) >> {};
}}
",
        64 - n
    )
}
