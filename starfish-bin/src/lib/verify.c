/* verify.c - see verify.h */
#include "verify.h"
#include <stdio.h>
#include <stdlib.h>

#define V(line, ...) do { pg_sbuf_printf(rep, "%s:%d:1: ", file, (line)); pg_sbuf_printf(rep, __VA_ARGS__); \
                          pg_sbuf_printf(rep, "\n"); nerr++; } while (0)

static int check_tensors(pg_kprog *k, const char *file, int placed, pg_sbuf *rep) {
    int nerr = 0;
    for (int i = 0; i < k->nt; i++) {
        pg_ktensor *t = &k->t[i];
        int64_t need = pg_shape_numel(&t->shape) * 4;
        if (!t->dtype_ok) V(t->line, "tensor '%s': unsupported element type (only f32)", t->name);
        if (t->role == PG_ROLE_CONST && t->ndata != pg_shape_numel(&t->shape))
            V(t->line, "constant '%s' has %lld values, needs %lld", t->name, (long long)t->ndata, (long long)(need / 4));
        for (int j = 0; j < i; j++)
            if (k->t[j].role == t->role && (t->role == PG_ROLE_INPUT || t->role == PG_ROLE_OUTPUT) &&
                k->t[j].index == t->index)
                V(t->line, "tensor '%s': %s number %d also used by '%s'", t->name,
                  t->role == PG_ROLE_INPUT ? "input" : "output", t->index, k->t[j].name);
        if (!placed) continue;
        if (t->bytes != need)
            V(t->line, "tensor '%s': bytes=%lld but its shape needs %lld", t->name, (long long)t->bytes, (long long)need);
        if (t->offset < 0 || t->offset % 64 != 0)
            V(t->line, "tensor '%s': offset %lld is not a 64-byte aligned position", t->name, (long long)t->offset);
        else if (t->offset + t->bytes > k->buffer_bytes)
            V(t->line, "tensor '%s': [%lld, %lld) is outside the %lld-byte buffer", t->name, (long long)t->offset,
              (long long)(t->offset + t->bytes), (long long)k->buffer_bytes);
    }
    return nerr;
}

static int check_insts(pg_kprog *k, const char *file, pg_sbuf *rep) {
    int nerr = 0;
    char err[320];
    int *defined = calloc((size_t)k->nt + 1, sizeof(int));
    if (!defined) { V(0, "out of memory"); return nerr; }
    for (int i = 0; i < k->nt; i++) defined[i] = k->t[i].role == PG_ROLE_INPUT || k->t[i].role == PG_ROLE_CONST;
    for (int n = 0; n < k->ni; n++) {
        pg_kinst *in = &k->ins[n];
        for (int s = 0; s < in->nsrc; s++)
            if (!defined[in->src[s]]) V(in->line, "'%s' is used before it is defined", k->t[in->src[s]].name);
        if (in->op == PG_OP_DUMP) continue;
        pg_ktensor *d = &k->t[in->dst];
        if (d->role == PG_ROLE_INPUT || d->role == PG_ROLE_CONST)
            V(in->line, "%s writes %s tensor '%s'", pg_op_name(in->op), d->role == PG_ROLE_INPUT ? "input" : "constant", d->name);
        else if (defined[in->dst]) V(in->line, "tensor '%s' is defined twice", d->name);
        defined[in->dst] = 1;
        pg_shape ss[2], out = d->shape;
        for (int s = 0; s < in->nsrc; s++) ss[s] = k->t[in->src[s]].shape;
        if (!pg_infer_shape(in->op, ss, in->nsrc, in->attr, in->nattr, &out, err, sizeof err))
            V(in->line, "%s '%s': %s", pg_op_name(in->op), d->name, err);
        else if (!pg_shape_eq(&out, &d->shape)) {
            char a[160], b[160];
            V(in->line, "%s '%s' is declared %s but computes %s", pg_op_name(in->op), d->name,
              pg_shape_str(&d->shape, a, sizeof a), pg_shape_str(&out, b, sizeof b));
        }
        for (int s = 0; s < in->nsrc; s++)
            if (in->src[s] == in->dst) V(in->line, "%s '%s' reads its own result", pg_op_name(in->op), d->name);
    }
    for (int i = 0; i < k->nt; i++)
        if (!defined[i]) V(k->t[i].line, "tensor '%s' is never defined", k->t[i].name);
    free(defined);
    return nerr;
}

static int check_overlap(pg_kprog *k, const char *file, pg_sbuf *rep) {
    int nerr = 0;
    for (int i = 0; i < k->nt; i++) {
        pg_ktensor *a = &k->t[i];
        if (a->offset < 0 || a->def == -2) continue;
        for (int j = i + 1; j < k->nt; j++) {
            pg_ktensor *b = &k->t[j];
            if (b->offset < 0 || b->def == -2) continue;
            int live = a->def <= b->last && b->def <= a->last;
            int mem = a->offset < b->offset + b->bytes && b->offset < a->offset + a->bytes;
            if (live && mem)
                V(b->line, "tensors '%s' [%lld,+%lld) and '%s' [%lld,+%lld) overlap while both are live", a->name,
                  (long long)a->offset, (long long)a->bytes, b->name, (long long)b->offset, (long long)b->bytes);
        }
    }
    return nerr;
}

int pg_verify(pg_kprog *k, const char *file, int placed, pg_sbuf *rep) {
    int nerr = 0;
    if (placed && k->buffer_bytes <= 0) { V(0, "missing buffer_bytes"); }
    nerr += check_tensors(k, file, placed, rep);
    nerr += check_insts(k, file, rep);
    pg_liveness(k);
    if (placed) nerr += check_overlap(k, file, rep);
    return nerr;
}
