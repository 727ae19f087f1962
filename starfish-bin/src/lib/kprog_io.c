/* kprog_io.c - writer of the penguin/BIR text forms (see kprog_io.h). */
#include "kprog_io.h"
#include <stdio.h>

static const char *ROLES[] = {"input", "const", "temp", "output"};

static void write_nest(const pg_kprog *k, const pg_kinst *in, pg_sbuf *o) {
    const pg_shape *s = &k->t[in->dst].shape;
    pg_sbuf_printf(o, " nest=");
    if (s->rank == 0) pg_sbuf_printf(o, "scalar");
    for (int d = 0; d < s->rank; d++)
        pg_sbuf_printf(o, "%s%c:%lld%s", d ? "," : "", "ijlmnopq"[d], (long long)s->dims[d],
                       d == s->rank - 1 || d == 0 ? "/64" : "");
    if (in->op == PG_OP_DOT && in->nattr > 2 && in->attr[0] == 0 && in->attr[1] == 1)
        pg_sbuf_printf(o, ",k:%lld/64", (long long)k->t[in->src[0]].shape.dims[in->attr[2]]);
}

void pg_kprog_write(const pg_kprog *k, int bir, pg_sbuf *o) {
    char sb[200];
    pg_sbuf_printf(o, "%s 1\nmodule %s\n", bir ? "bir" : "penguin", k->module ? k->module : "m");
    if (bir) pg_sbuf_printf(o, "buffer_bytes %lld\n", (long long)k->buffer_bytes);
    for (int i = 0; i < k->nt; i++) {
        const pg_ktensor *t = &k->t[i];
        pg_sbuf_printf(o, "tensor %s %s %s", t->name, pg_shape_str(&t->shape, sb, sizeof sb), ROLES[t->role]);
        if (t->role == PG_ROLE_INPUT || t->role == PG_ROLE_OUTPUT) pg_sbuf_printf(o, " %d", t->index);
        if (bir) pg_sbuf_printf(o, " offset=%lld bytes=%lld", (long long)t->offset, (long long)t->bytes);
        pg_sbuf_printf(o, "\n");
        if (t->role == PG_ROLE_CONST) {
            pg_sbuf_printf(o, "data %s", t->name);
            for (int64_t j = 0; j < t->ndata; j++) {
                if (t->shape.et == PG_ET_PRED) pg_sbuf_printf(o, " %d", ((const unsigned char *)t->data)[j] != 0);
                else { pg_sbuf_printf(o, " "); pg_print_elem(o, t->shape.et, t->data, j); }
            }
            pg_sbuf_printf(o, "\n");
        }
    }
    for (int i = 0; i < k->ni; i++) {
        const pg_kinst *in = &k->ins[i];
        if (in->op == PG_OP_DUMP) { pg_sbuf_printf(o, "dump %s\n", k->t[in->src[0]].name); continue; }
        pg_sbuf_printf(o, "%s %s %s", bir ? "inst" : "op", pg_op_name(in->op), k->t[in->dst].name);
        for (int s = 0; s < in->nsrc; s++) pg_sbuf_printf(o, " %s", k->t[in->src[s]].name);
        int has_attr = in->nattr > 0 || in->op == PG_OP_DOT || in->op == PG_OP_BROADCAST || in->op == PG_OP_TRANSPOSE ||
                       in->op == PG_OP_REDUCE || in->op == PG_OP_IOTA || in->op == PG_OP_SLICE ||
                       in->op == PG_OP_CONCATENATE;
        if (has_attr) {
            pg_sbuf_printf(o, " attr=");
            if (in->nattr == 0) pg_sbuf_printf(o, "-");
            for (int a = 0; a < in->nattr; a++) pg_sbuf_printf(o, "%s%lld", a ? "," : "", (long long)in->attr[a]);
        }
        if (in->op == PG_OP_REDUCE || in->op == PG_OP_SCATTER || in->op == PG_OP_COMPARE) {
            char fb[32];
            pg_sbuf_printf(o, " fn=%s", pg_fn_name(in->op, in->fn, fb, sizeof fb));
        }
        if (!bir) write_nest(k, in, o);
        pg_sbuf_printf(o, "\n");
    }
    pg_sbuf_printf(o, "end\n");
}
