/* et.h - element access and conversion for every element type: loads,
 * stores and XLA's `convert` semantics (see docs/toolchain-contract.md):
 * float narrowing rounds to nearest even; f64 -> f16/bf16 rounds through
 * f32; float -> integer truncates toward zero, saturates at the integer's
 * range and maps NaN to 0; anything -> pred is x != 0; integers wrap
 * (two's complement) when stored into a narrower integer type. */
#ifndef PG_ET_H
#define PG_ET_H
#include "ops.h"

/* pg_ld_f: element i of an array of type e as a double (exact for every
 * type except s64/u64 beyond 2^53) */
double pg_ld_f(pg_et e, const void *p, int64_t i);
/* pg_st_f: store v converted to e (float types: round to nearest even;
 * integers: truncate, saturate, NaN -> 0; pred: v != 0) */
void pg_st_f(pg_et e, void *p, int64_t i, double v);
/* pg_ld_i: element i of an integer or pred array, sign- or zero-extended
 * to 64 bits */
uint64_t pg_ld_i(pg_et e, const void *p, int64_t i);
/* pg_st_i: store the low bits of v (two's complement wrap); pred: v != 0 */
void pg_st_i(pg_et e, void *p, int64_t i, uint64_t v);
/* pg_convert_elems: dst[0..n) of type to = convert(src[0..n) of type from) */
void pg_convert_elems(pg_et to, void *dst, pg_et from, const void *src, int64_t n);
/* 16-bit float formats, round to nearest even; NaN stays a (quiet) NaN */
uint16_t pg_f32_to_f16(float f);
uint16_t pg_f32_to_bf16(float f);
float pg_f16_to_f32(uint16_t h);
float pg_bf16_to_f32(uint16_t h);
/* pg_elem_copy: copy element si of src to element di of dst (size bytes) */
static inline void pg_elem_copy(void *dst, int64_t di, const void *src, int64_t si, int size) {
    unsigned char *d = (unsigned char *)dst + di * size;
    const unsigned char *s = (const unsigned char *)src + si * size;
    for (int k = 0; k < size; k++) d[k] = s[k];
}
#endif
