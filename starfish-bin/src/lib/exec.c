/* exec.c - see exec.h */
#include "exec.h"
#include "kernels.h"
#include <stdlib.h>
#include <string.h>

void pg_count_io(const pg_kprog *k, int *nin, int *nout) {
    *nin = *nout = 0;
    for (int i = 0; i < k->nt; i++) {
        if (k->t[i].role == PG_ROLE_INPUT) (*nin)++;
        if (k->t[i].role == PG_ROLE_OUTPUT) (*nout)++;
    }
}

static void run(const pg_kprog *k, const pg_kinst *in, void *dst, const void *const *src) {
    pg_shape ss[PG_MAX_SRC];
    for (int s = 0; s < in->nsrc; s++) ss[s] = k->t[in->src[s]].shape;
    pg_kernel_run(in->op, in->fn, in->attr, in->nattr, &k->t[in->dst].shape, dst, ss, src, in->nsrc);
}

int pg_eval_limits(const pg_kprog *k, pg_diag *d) {
    int64_t total = 0;
    for (int i = 0; i < k->nt; i++) {
        int64_t b = pg_tensor_bytes(&k->t[i].shape);
        char s[160];
        if (b > PG_MAX_TENSOR_BYTES)
            return pg_diag_set(d, 0, 0, "tensor '%s' %s needs %lld bytes, more than the %lld-byte limit per tensor",
                               k->t[i].name, pg_shape_str(&k->t[i].shape, s, sizeof s), (long long)b,
                               (long long)PG_MAX_TENSOR_BYTES);
        total += b;
        if (total > PG_MAX_EVAL_BYTES)
            return pg_diag_set(d, 0, 0, "evaluation needs more than the %lld-byte limit for all tensors at once",
                               (long long)PG_MAX_EVAL_BYTES);
    }
    return 1;
}

int pg_eval(const pg_kprog *k, const void *const *inputs, void **outputs, pg_diag *d) {
    void **val = calloc((size_t)k->nt + 1, sizeof *val);
    if (!val) return pg_diag_set(d, 0, 0, "out of memory");
    int ok = 1;
    for (int i = 0; i < k->nt && ok; i++) {
        const pg_ktensor *t = &k->t[i];
        if (t->role == PG_ROLE_INPUT) { val[i] = (void *)inputs[t->index]; continue; }
        if (t->role == PG_ROLE_CONST) { val[i] = t->data; continue; }
        val[i] = malloc((size_t)pg_tensor_bytes(&t->shape) + 8);
        if (!val[i]) ok = pg_diag_set(d, 0, 0, "out of memory evaluating '%s'", t->name);
    }
    for (int n = 0; n < k->ni && ok; n++) {
        const pg_kinst *in = &k->ins[n];
        if (in->op == PG_OP_DUMP) continue;
        const void *src[PG_MAX_SRC] = {NULL};
        for (int s = 0; s < in->nsrc; s++) src[s] = val[in->src[s]];
        run(k, in, val[in->dst], src);
    }
    for (int i = 0; i < k->nt; i++) {
        const pg_ktensor *t = &k->t[i];
        if (t->role == PG_ROLE_INPUT || t->role == PG_ROLE_CONST) continue;
        if (ok && t->role == PG_ROLE_OUTPUT) outputs[t->index] = val[i];
        else free(val[i]);
    }
    free(val);
    return ok;
}

int pg_exec_buffer(const pg_kprog *k, unsigned char *buf, pg_dump_fn dump, void *ctx) {
    for (int i = 0; i < k->nt; i++)
        if (k->t[i].role == PG_ROLE_CONST && k->t[i].ndata)
            memcpy(buf + k->t[i].offset, k->t[i].data, (size_t)(k->t[i].ndata * pg_et_size(k->t[i].shape.et)));
    for (int n = 0; n < k->ni; n++) {
        const pg_kinst *in = &k->ins[n];
        if (in->op == PG_OP_DUMP) {
            const pg_ktensor *t = &k->t[in->src[0]];
            if (dump && !dump(ctx, t, buf + t->offset)) return 0;
            continue;
        }
        const void *src[PG_MAX_SRC] = {NULL};
        for (int s = 0; s < in->nsrc; s++) src[s] = buf + k->t[in->src[s]].offset;
        run(k, in, buf + k->t[in->dst].offset, src);
    }
    return 1;
}
