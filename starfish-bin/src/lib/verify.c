/* verify.c - see verify.h */
#include "verify.h"
#include <stdio.h>
#include <stdlib.h>

#define V(line, ...) do { pg_sbuf_printf(rep, "%s:%d:1: ", file, (line)); pg_sbuf_printf(rep, __VA_ARGS__); \
                          pg_sbuf_printf(rep, "\n"); nerr++; } while (0)

static int check_tensors(pg_kprog *k, const char *file, int placed, pg_sbuf *rep) {
    int nerr = 0;
    /* first tensor seen per input / output number (numbers >= nt are
     * necessarily reported elsewhere or unique enough to skip) */
    int *first_in = malloc(sizeof(int) * ((size_t)k->nt + 1)), *first_out = malloc(sizeof(int) * ((size_t)k->nt + 1));
    if (!first_in || !first_out) { free(first_in); free(first_out); V(0, "out of memory"); return nerr; }
    for (int i = 0; i <= k->nt; i++) first_in[i] = first_out[i] = -1;
    for (int i = 0; i < k->nt; i++) {
        pg_ktensor *t = &k->t[i];
        int64_t need = pg_tensor_bytes(&t->shape);
        if (t->role == PG_ROLE_CONST && t->ndata != pg_shape_numel(&t->shape))
            V(t->line, "constant '%s' has %lld values, needs %lld", t->name, (long long)t->ndata,
              (long long)pg_shape_numel(&t->shape));
        if ((t->role == PG_ROLE_INPUT || t->role == PG_ROLE_OUTPUT) && t->index >= 0 && t->index < k->nt) {
            int *first = t->role == PG_ROLE_INPUT ? first_in : first_out;
            if (first[t->index] >= 0)
                V(t->line, "tensor '%s': %s number %d also used by '%s'", t->name,
                  t->role == PG_ROLE_INPUT ? "input" : "output", t->index, k->t[first[t->index]].name);
            else first[t->index] = i;
        }
        if (!placed) continue;
        if (t->bytes != need)
            V(t->line, "tensor '%s': bytes=%lld but its shape needs %lld", t->name, (long long)t->bytes, (long long)need);
        if (t->offset < 0 || t->offset % 64 != 0)
            V(t->line, "tensor '%s': offset %lld is not a 64-byte aligned position", t->name, (long long)t->offset);
        else if (t->offset + t->bytes > k->buffer_bytes)
            V(t->line, "tensor '%s': [%lld, %lld) is outside the %lld-byte buffer", t->name, (long long)t->offset,
              (long long)(t->offset + t->bytes), (long long)k->buffer_bytes);
    }
    free(first_in);
    free(first_out);
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
        pg_shape ss[PG_MAX_SRC], out = d->shape;
        for (int s = 0; s < in->nsrc; s++) ss[s] = k->t[in->src[s]].shape;
        if (!pg_infer_shape(in->op, ss, in->nsrc, in->attr, in->nattr, &out, err, sizeof err))
            V(in->line, "%s '%s': %s", pg_op_name(in->op), d->name, err);
        else if (!pg_op_fn_ok(in->op, in->fn, in->nsrc ? ss[0].et : out.et))
            V(in->line, "%s '%s': fn is missing or not valid for %s", pg_op_name(in->op), d->name,
              pg_et_name(in->nsrc ? ss[0].et : out.et));
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

typedef struct { int def, idx; } def_key;

static int cmp_def(const void *a, const void *b) {
    const def_key *x = a, *y = b;
    if (x->def != y->def) return x->def < y->def ? -1 : 1;
    return (x->idx > y->idx) - (x->idx < y->idx);
}

/* check_overlap: sweep the tensors in order of definition, keeping those
 * still live; each new tensor is compared with the live ones only, so the
 * cost is O(n log n + n * max live) instead of all pairs. */
static int check_overlap(pg_kprog *k, const char *file, pg_sbuf *rep) {
    int nerr = 0, nlive = 0, n = 0;
    def_key *keys = malloc(sizeof *keys * ((size_t)k->nt + 1));
    int *live = malloc(sizeof *live * ((size_t)k->nt + 1));
    if (!keys || !live) { free(keys); free(live); V(0, "out of memory"); return nerr; }
    for (int i = 0; i < k->nt; i++)
        if (k->t[i].offset >= 0 && k->t[i].def != -2) keys[n++] = (def_key){k->t[i].def, i};
    qsort(keys, (size_t)n, sizeof *keys, cmp_def);
    for (int q = 0; q < n; q++) {
        pg_ktensor *b = &k->t[keys[q].idx];
        int keep = 0;
        for (int l = 0; l < nlive; l++) {
            pg_ktensor *a = &k->t[live[l]];
            if (a->last < b->def) continue; /* dead before b is defined: drop */
            live[keep++] = live[l];
            if (a->offset < b->offset + b->bytes && b->offset < a->offset + a->bytes)
                V(b->line, "tensors '%s' [%lld,+%lld) and '%s' [%lld,+%lld) overlap while both are live", a->name,
                  (long long)a->offset, (long long)a->bytes, b->name, (long long)b->offset, (long long)b->bytes);
        }
        nlive = keep;
        live[nlive++] = keys[q].idx;
    }
    free(keys);
    free(live);
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
