/* printer.c - HLO text printer (see hlo.h). Prints XLA-style HLO with
 * default layouts and untyped operands, which XLA and pg_parse accept. */
#include "hlo.h"
#include "et.h"
#include "ops_int.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

void pg_print_float(pg_sbuf *o, float v) {
    if (isnan(v)) pg_sbuf_printf(o, "nan");
    else if (isinf(v)) pg_sbuf_printf(o, v < 0 ? "-inf" : "inf");
    else pg_sbuf_printf(o, "%.9g", (double)v);
}

void pg_print_elem(pg_sbuf *o, pg_et e, const void *p, int64_t i) {
    if (e == PG_ET_PRED) pg_sbuf_printf(o, "%s", pg_ld_i(e, p, i) ? "true" : "false");
    else if (pg_et_is_signed(e)) pg_sbuf_printf(o, "%lld", (long long)pg_ld_i(e, p, i));
    else if (!pg_et_is_float(e)) pg_sbuf_printf(o, "%llu", (unsigned long long)pg_ld_i(e, p, i));
    else if (e != PG_ET_F64) pg_print_float(o, (float)pg_ld_f(e, p, i));
    else {
        double v = pg_ld_f(e, p, i);
        if (isnan(v)) pg_sbuf_printf(o, "nan");
        else if (isinf(v)) pg_sbuf_printf(o, v < 0 ? "-inf" : "inf");
        else pg_sbuf_printf(o, "%.17g", v);
    }
}

static void shape(pg_sbuf *o, const pg_shape *s) {
    pg_sbuf_printf(o, "%s[", pg_et_name(s->et));
    for (int i = 0; i < s->rank; i++) pg_sbuf_printf(o, "%s%lld", i ? "," : "", (long long)s->dims[i]);
    pg_sbuf_printf(o, "]{");
    for (int i = s->rank - 1; i >= 0; i--) pg_sbuf_printf(o, "%d%s", i, i ? "," : "");
    pg_sbuf_printf(o, "}");
}

static void literal(pg_sbuf *o, const pg_instr *in, int dim, int64_t *pos) {
    if (dim == in->shape.rank) { pg_print_elem(o, in->shape.et, in->literal, (*pos)++); return; }
    pg_sbuf_printf(o, "{");
    for (int64_t i = 0; i < in->shape.dims[dim]; i++) {
        if (i) pg_sbuf_printf(o, ", ");
        literal(o, in, dim + 1, pos);
    }
    pg_sbuf_printf(o, "}");
}

static void dims(pg_sbuf *o, const char *key, const int64_t *a, int n) {
    pg_sbuf_printf(o, ", %s={", key);
    for (int i = 0; i < n; i++) pg_sbuf_printf(o, "%s%lld", i ? "," : "", (long long)a[i]);
    pg_sbuf_printf(o, "}");
}

static void print_gather_lists(pg_sbuf *o, const pg_instr *in, const char *const *names) {
    pg_gather_dims g;
    pg_gather_decode(in->attr, in->n_attr, &g);
    dims(o, names[0], g.offset, g.no);
    dims(o, names[1], g.collapsed, g.nc);
    dims(o, names[2], g.sim, g.ns);
    pg_sbuf_printf(o, ", index_vector_dim=%lld", (long long)g.ivd);
    if (in->op == PG_OP_GATHER) dims(o, "slice_sizes", g.sizes, g.nsizes);
}

static void print_attrs(pg_sbuf *o, const pg_instr *in) {
    static const char *const gather_names[3] = {"offset_dims", "collapsed_slice_dims", "start_index_map"};
    static const char *const scatter_names[3] = {"update_window_dims", "inserted_window_dims", "scatter_dims_to_operand_dims"};
    int r = in->n_attr / 3;
    switch (in->op) {
    case PG_OP_DOT: {
        pg_dot_dims d;
        pg_dot_decode(in->attr, in->n_attr, &d);
        if (d.nb) { dims(o, "lhs_batch_dims", d.lb, d.nb); dims(o, "rhs_batch_dims", d.rb, d.nb); }
        dims(o, "lhs_contracting_dims", d.lc, d.nc);
        dims(o, "rhs_contracting_dims", d.rc, d.nc);
        break;
    }
    case PG_OP_GATHER: print_gather_lists(o, in, gather_names); break;
    case PG_OP_SCATTER: print_gather_lists(o, in, scatter_names); break;
    case PG_OP_BROADCAST: case PG_OP_TRANSPOSE: case PG_OP_REDUCE: case PG_OP_CONCATENATE: case PG_OP_REVERSE:
        dims(o, "dimensions", in->attr, in->n_attr);
        break;
    case PG_OP_DYNAMIC_SLICE: dims(o, "dynamic_slice_sizes", in->attr, in->n_attr); break;
    case PG_OP_IOTA: pg_sbuf_printf(o, ", iota_dimension=%lld", (long long)in->attr[0]); break;
    case PG_OP_REDUCE_PRECISION:
        pg_sbuf_printf(o, ", exponent_bits=%lld, mantissa_bits=%lld", (long long)in->attr[0], (long long)in->attr[1]);
        break;
    case PG_OP_COMPARE: {
        char fb[32];
        pg_fn_name(in->op, in->fn & 7, fb, sizeof fb);
        pg_sbuf_printf(o, ", direction=%s%s", fb, in->fn & PG_CMP_TOTAL ? ", type=TOTALORDER" : "");
        break;
    }
    case PG_OP_SLICE:
        pg_sbuf_printf(o, ", slice={");
        for (int d = 0; d < r; d++)
            pg_sbuf_printf(o, "%s[%lld:%lld:%lld]", d ? ", " : "", (long long)in->attr[d], (long long)in->attr[r + d],
                           (long long)in->attr[2 * r + d]);
        pg_sbuf_printf(o, "}");
        break;
    case PG_OP_PAD:
        if (r) pg_sbuf_printf(o, ", padding=");
        for (int d = 0; d < r; d++)
            pg_sbuf_printf(o, "%s%lld_%lld_%lld", d ? "x" : "", (long long)in->attr[d], (long long)in->attr[r + d],
                           (long long)in->attr[2 * r + d]);
        break;
    default: break;
    }
    if ((in->op == PG_OP_REDUCE || in->op == PG_OP_SCATTER) && in->to_apply)
        pg_sbuf_printf(o, ", to_apply=%s", in->to_apply->name);
}

static void instr(pg_sbuf *o, const pg_instr *in, int root) {
    pg_sbuf_printf(o, "  %s%s = ", root ? "ROOT " : "", in->name);
    if (in->op == PG_OP_TUPLE) {
        pg_sbuf_printf(o, "(");
        for (int i = 0; i < in->n_operands; i++) {
            if (i) pg_sbuf_printf(o, ", ");
            shape(o, &in->operands[i]->shape);
        }
        pg_sbuf_printf(o, ")");
    } else {
        shape(o, &in->shape);
    }
    pg_sbuf_printf(o, " %s(", pg_op_name(in->op));
    if (in->op == PG_OP_PARAMETER) pg_sbuf_printf(o, "%lld", (long long)in->param_index);
    else if (in->op == PG_OP_CONSTANT) { int64_t pos = 0; literal(o, in, 0, &pos); }
    else for (int i = 0; i < in->n_operands; i++) pg_sbuf_printf(o, "%s%s", i ? ", " : "", in->operands[i]->name);
    pg_sbuf_printf(o, ")");
    print_attrs(o, in);
    pg_sbuf_printf(o, "\n");
}

static void comp(pg_sbuf *o, const pg_comp *c) {
    /* reachable from root: walk topological order backwards using marks */
    for (int i = 0; i < c->n_order; i++) c->order[i]->mark = 0;
    c->root->mark = 1;
    for (int i = c->n_order - 1; i >= 0; i--)
        if (c->order[i]->mark)
            for (int k = 0; k < c->order[i]->n_operands; k++) c->order[i]->operands[k]->mark = 1;
    /* parameters are part of the signature: always keep them */
    for (int i = 0; i < c->n_order; i++) if (c->order[i]->op == PG_OP_PARAMETER) c->order[i]->mark = 1;
    pg_sbuf_printf(o, "%s%s {\n", c->is_entry ? "ENTRY " : "", c->name);
    for (int i = 0; i < c->n_order; i++)
        if (c->order[i]->mark && c->order[i] != c->root) instr(o, c->order[i], 0);
    instr(o, c->root, 1);
    pg_sbuf_printf(o, "}\n\n");
}

void pg_print_module(const pg_module *m, pg_sbuf *o) {
    pg_sbuf_printf(o, "HloModule %s\n\n", m->name);
    /* only computations the entry uses, callees before the entry: each
     * printed when its first user is met (one pass; marks are reset by
     * comp() afterwards) */
    const pg_comp *e = m->entry;
    for (int k = 0; k < e->n_order; k++) if (e->order[k]->to_apply) e->order[k]->to_apply->root->mark = 0;
    for (int k = 0; k < e->n_order; k++) {
        pg_comp *c = e->order[k]->to_apply;
        if (!c || c->is_entry || c->root->mark == 7) continue;
        comp(o, c);
        c->root->mark = 7;
    }
    comp(o, e);
}
