/* exec.h - running kernel programs: the reference evaluator (one array per
 * tensor) and the simulated machine (one flat byte buffer, tensors at
 * their BIR offsets). Both use the kernels of kernels.h, so results are
 * bit-identical. */
#ifndef PG_EXEC_H
#define PG_EXEC_H
#include "kprog.h"

/* pg_eval: evaluate k with inputs[p] = data of input number p (numel of
 * its shape). On success returns 1 and outputs[o] = malloc'ed result of
 * output number o (caller frees each, nout = number of outputs). 0 with
 * *d on out of memory. */
int pg_eval(const pg_kprog *k, const void *const *inputs, void **outputs, pg_diag *d);
/* pg_count_io: number of inputs and outputs of k. */
void pg_count_io(const pg_kprog *k, int *nin, int *nout);

/* Called for each `dump` instruction when executing on the machine. */
typedef int (*pg_dump_fn)(void *ctx, const pg_ktensor *t, const void *data);
/* pg_exec_buffer: run all instructions of a verified, placed k on buf
 * (k->buffer_bytes bytes, inputs already stored at their offsets, 4-byte
 * aligned). Calls dump(ctx, ...) on dump instructions if dump != NULL;
 * returns 0 if a dump callback failed, else 1. */
int pg_exec_buffer(const pg_kprog *k, unsigned char *buf, pg_dump_fn dump, void *ctx);
/* pg_eval_limits: 0 with a message in *d when a tensor of k needs more
 * than PG_MAX_TENSOR_BYTES or all tensors pg_eval holds at once (inputs,
 * constants, temporaries, outputs) more than PG_MAX_EVAL_BYTES; callers
 * check this before allocating inputs and calling pg_eval. 1 otherwise. */
int pg_eval_limits(const pg_kprog *k, pg_diag *d);
#endif
