/* gen_hlo.h - structure-aware generator of HLO modules for fuzzing.
 * Produces modules the parser mostly accepts, so that the checker, the
 * partitioner, the printer and the lowering are reached, with deliberate
 * faults mixed in: computations in any order (reduce bodies before or
 * after ENTRY), any operand count for any opcode, every opcode and
 * attribute the parser knows plus unknown ones, wrong shapes, dimensions
 * and literals, unknown names, cycles, layouts, typed operands, comments
 * and ignored attributes (metadata, sharding, backend_config, ...);
 * element types f32, s32, pred, bf16, f16, f64, s8, u32, s4 and the ops
 * that use them (convert, compare, select, gather, scatter, bitwise ops,
 * dynamic-slice, pad, reverse, ...); one module in eight is a call graph
 * of fusion/call with depth and fan-out (gen_calls.c). */
#ifndef PG_GEN_HLO_H
#define PG_GEN_HLO_H
#include "base.h"
#include <stdint.h>

/* The source of every choice: fuzzer bytes (libFuzzer drives the
 * structure; when they run out every choice is 0) or a splitmix64 stream
 * (the standalone driver). */
typedef struct { const unsigned char *data; size_t len, pos; uint64_t state; int use_bytes; } fz_src;

/* fz_from_bytes / fz_from_seed: a choice source over data[0..len) or
 * seeded with seed (the same seed always yields the same module). */
void fz_from_bytes(fz_src *s, const unsigned char *data, size_t len);
void fz_from_seed(fz_src *s, uint64_t seed);
/* fz_pick: a choice in [0, n) (0 when n is 0). */
unsigned fz_pick(fz_src *s, unsigned n);
/* fz_gen_module: append one generated HLO module to out. */
void fz_gen_module(fz_src *s, pg_sbuf *out);
/* fz_gen_calls: append a module whose computations form a deep or wide
 * call graph (gen_calls.c). */
void fz_gen_calls(fz_src *s, pg_sbuf *out);
#endif
