/* alloc.h - buffer allocation of a kernel program (walrus_driver). */
#ifndef PG_ALLOC_H
#define PG_ALLOC_H
#include "kprog.h"

/* pg_allocate: compute liveness and give every tensor an offset in a
 * buffer of buffer_bytes (64-byte aligned; a tensor's space is reused once
 * its last reader ran; an instruction's result never shares space with its
 * operands). Returns 1; or 0 with *d = "tensor 'X' needs N bytes; F of B
 * free in the buffer (raise --buffer-bytes)" when it does not fit (*oom = 0), or "out of memory"
 * (*oom = 1). */
int pg_allocate(pg_kprog *k, int64_t buffer_bytes, pg_diag *d, int *oom);
#endif
