/* kprog.h - the kernel program: the common in-memory form of penguin IR
 * and BIR. Tensors (inputs, constants, temporaries, outputs) and a list of
 * instructions over them; BIR adds a buffer size and per-tensor offsets. */
#ifndef PG_KPROG_H
#define PG_KPROG_H
#include "hlo.h"
#include "strmap.h"

typedef enum { PG_ROLE_INPUT, PG_ROLE_CONST, PG_ROLE_TEMP, PG_ROLE_OUTPUT } pg_role;

typedef struct {
    const char *name;
    pg_shape shape;
    pg_role role;
    int index;             /* parameter number / output number */
    void *data;            /* constants, of shape.et */
    int64_t ndata;
    int64_t offset, bytes; /* BIR placement; offset -1 when unplaced */
    int def, last;         /* liveness: defining and last using instruction */
    int line;              /* source line (readers), 0 otherwise */
} pg_ktensor;

typedef struct {
    pg_op op;
    int dst;               /* tensor index; -1 for dump */
    int src[PG_MAX_SRC];
    int nsrc;
    int64_t attr[PG_MAX_ATTR];
    int nattr;
    int fn;                /* reduce/scatter combiner, compare direction */
    int line;
} pg_kinst;

typedef struct {
    pg_arena arena;
    const char *module;
    pg_ktensor *t; int nt, capt;
    pg_kinst *ins; int ni, capi;
    int64_t buffer_bytes;
    pg_strmap names;       /* tensor name -> index (keys in the arena) */
} pg_kprog;

/* pg_kprog_init / pg_kprog_free: empty program; release everything. */
void pg_kprog_init(pg_kprog *k);
void pg_kprog_free(pg_kprog *k);
/* pg_kprog_add_tensor: append a tensor (name copied); returns its index
 * or -1 on out of memory. */
int pg_kprog_add_tensor(pg_kprog *k, const char *name, const pg_shape *s, pg_role role, int index);
/* pg_kprog_add_inst: append a copy of *in; returns 1, 0 on out of memory. */
int pg_kprog_add_inst(pg_kprog *k, const pg_kinst *in);
/* pg_kprog_find: index of the tensor called name, or -1 (hashed, O(1)). */
int pg_kprog_find(const pg_kprog *k, const char *name);
/* pg_tensor_bytes: bytes of a tensor of shape s (element count times
 * element size). */
int64_t pg_tensor_bytes(const pg_shape *s);
/* pg_kprog_check: shape-check every instruction; 0 with *d on error. */
int pg_kprog_check(const pg_kprog *k, pg_diag *d);
/* pg_liveness: set def/last of every tensor: inputs and constants are
 * defined at -1, outputs live until ni, unused tensors die where they are
 * defined. Dumps count as uses. */
void pg_liveness(pg_kprog *k);
/* pg_lower: lower the ENTRY computation of m into k (only what the
 * outputs need; outputs that alias an input/constant/other output get a
 * copy). m's instruction marks are clobbered. 0 with *d on OOM. */
int pg_lower(pg_module *m, pg_kprog *k, pg_diag *d);
#endif
