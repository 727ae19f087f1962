/* partition.c - see partition.h */
#include "partition.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* print_subgraph: print the module with `out` as the single ENTRY root.
 * Builds a shallow copy of the entry computation in a scratch arena. */
static char *print_subgraph(pg_module *m, pg_instr *out, int k) {
    pg_comp *c = m->entry;
    pg_arena a;
    pg_arena_init(&a);
    pg_comp *nc = pg_arena_alloc(&a, sizeof *nc);
    pg_instr **order = pg_arena_alloc(&a, sizeof *order * (size_t)c->n_order);
    pg_instr *copies = pg_arena_alloc(&a, sizeof *copies * (size_t)c->n_order);
    char *text = NULL;
    if (!nc || !order || !copies) goto done;
    for (int i = 0; i < c->n_order; i++) c->order[i]->mark = 0;
    out->mark = 1;
    for (int i = c->n_order - 1; i >= 0; i--)
        if (c->order[i]->mark)
            for (int s = 0; s < c->order[i]->n_operands; s++) c->order[i]->operands[s]->mark = 1;
    /* copies in topological order; operands redirected to the copies */
    int n = 0, np = 0;
    for (int i = 0; i < c->n_order; i++) {
        pg_instr *in = c->order[i];
        if (!in->mark) continue;
        copies[n] = *in;
        in->mark = n + 1;
        order[n] = &copies[n];
        n++;
    }
    for (int i = 0; i < n; i++) {
        pg_instr *cp = order[i];
        if (cp->n_operands) {
            pg_instr **ops = pg_arena_alloc(&a, sizeof *ops * (size_t)cp->n_operands);
            if (!ops) goto done;
            for (int s = 0; s < cp->n_operands; s++) ops[s] = &copies[cp->operands[s]->mark - 1];
            cp->operands = ops;
        }
    }
    /* renumber parameters in original index order (bucketed by index) */
    pg_instr **by_index = pg_arena_alloc(&a, sizeof *by_index * (size_t)(c->n_instrs + 1));
    if (!by_index) goto done;
    for (int i = 0; i < n; i++) if (order[i]->op == PG_OP_PARAMETER) by_index[order[i]->param_index] = order[i];
    for (int p = 0; p < c->n_instrs; p++) if (by_index[p]) by_index[p]->param_index = np++;
    *nc = *c;
    nc->order = order; nc->n_order = n;
    nc->root = &copies[out->mark - 1];
    char name[300];
    snprintf(name, sizeof name, "%.250s_sg%02d", m->name, k);
    pg_module sub = *m;
    pg_comp **comps = pg_arena_alloc(&a, sizeof *comps * (size_t)m->n_comps);
    if (!comps) goto done;
    for (int i = 0; i < m->n_comps; i++) comps[i] = m->comps[i] == c ? nc : m->comps[i];
    sub.comps = comps; sub.entry = nc; sub.name = name;
    pg_sbuf b = {0};
    pg_print_module(&sub, &b);
    if (b.oom) pg_sbuf_free(&b);
    text = b.p;
done:
    pg_arena_free(&a);
    return text;
}

int pg_partition(pg_module *m, char ***texts) {
    int n = 0;
    pg_instr **outs = pg_root_outputs(m, &n);
    int tuple = m->entry->root->op == PG_OP_TUPLE;
    char **t = calloc((size_t)n, sizeof *t);
    if (!t) return -1;
    for (int i = 0; i < n; i++) {
        if (tuple) t[i] = print_subgraph(m, outs[i], i);
        else {
            pg_sbuf b = {0};
            pg_print_module(m, &b);
            if (b.oom) pg_sbuf_free(&b);
            t[i] = b.p;
        }
        if (!t[i]) { pg_partition_free(t, n); return -1; }
    }
    *texts = t;
    return n;
}

void pg_partition_free(char **texts, int n) {
    if (!texts) return;
    for (int i = 0; i < n; i++) free(texts[i]);
    free(texts);
}

static void jshape(pg_sbuf *o, const pg_shape *s) {
    pg_sbuf_printf(o, "[");
    for (int i = 0; i < s->rank; i++) pg_sbuf_printf(o, "%s%lld", i ? "," : "", (long long)s->dims[i]);
    pg_sbuf_printf(o, "]");
}

/* jlist: [{"name":..,"shape":[..]},...] of v[0..n) */
static void jlist(pg_sbuf *o, pg_instr *const *v, int n) {
    pg_sbuf_printf(o, "[");
    for (int i = 0; i < n; i++) {
        pg_sbuf_printf(o, "%s{\"name\":", i ? "," : "");
        pg_sbuf_json_str(o, v[i]->name);
        pg_sbuf_printf(o, ",\"shape\":");
        jshape(o, &v[i]->shape);
        pg_sbuf_printf(o, "}");
    }
    pg_sbuf_printf(o, "]");
}

void pg_signature(const pg_module *m, pg_sbuf *o) {
    int np = 0, n = 0;
    pg_instr **params = malloc(sizeof *params * (size_t)(m->entry->n_instrs + 1));
    if (!params) { o->oom = 1; return; }
    pg_module_params(m, params, m->entry->n_instrs, &np);
    pg_sbuf_printf(o, "{\"parameters\":");
    jlist(o, params, np);
    pg_instr **outs = pg_root_outputs(m, &n);
    pg_sbuf_printf(o, ",\"outputs\":");
    jlist(o, outs, n);
    pg_sbuf_printf(o, "}");
    free(params);
}
