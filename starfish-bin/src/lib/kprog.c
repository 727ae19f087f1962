/* kprog.c - see kprog.h */
#include "kprog.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void pg_kprog_init(pg_kprog *k) {
    memset(k, 0, sizeof *k);
    pg_arena_init(&k->arena);
}

void pg_kprog_free(pg_kprog *k) {
    free(k->t);
    free(k->ins);
    pg_strmap_free(&k->names);
    pg_arena_free(&k->arena);
    memset(k, 0, sizeof *k);
}

int pg_kprog_add_tensor(pg_kprog *k, const char *name, const pg_shape *s, pg_role role, int index) {
    if (k->nt == k->capt) {
        int nc = k->capt ? k->capt * 2 : 16;
        pg_ktensor *n = realloc(k->t, sizeof *n * (size_t)nc);
        if (!n) return -1;
        k->t = n; k->capt = nc;
    }
    pg_ktensor *t = &k->t[k->nt];
    memset(t, 0, sizeof *t);
    t->name = pg_arena_strndup(&k->arena, name, strlen(name));
    if (!t->name) return -1;
    if (!k->names.cap && !pg_strmap_init(&k->names, 64)) return -1;
    if (pg_strmap_put(&k->names, t->name, strlen(t->name), k->nt, NULL) < 0) return -1;
    t->shape = *s; t->role = role; t->index = index;
    t->offset = -1;
    t->bytes = pg_tensor_bytes(s);
    return k->nt++;
}

int64_t pg_tensor_bytes(const pg_shape *s) { return pg_shape_numel(s) * pg_et_size(s->et); }

int pg_kprog_add_inst(pg_kprog *k, const pg_kinst *in) {
    if (k->ni == k->capi) {
        int nc = k->capi ? k->capi * 2 : 16;
        pg_kinst *n = realloc(k->ins, sizeof *n * (size_t)nc);
        if (!n) return 0;
        k->ins = n; k->capi = nc;
    }
    k->ins[k->ni++] = *in;
    return 1;
}

int pg_kprog_find(const pg_kprog *k, const char *name) {
    return pg_strmap_get(&k->names, name, strlen(name));
}

int pg_kprog_check(const pg_kprog *k, pg_diag *d) {
    char err[320];
    for (int i = 0; i < k->ni; i++) {
        const pg_kinst *in = &k->ins[i];
        if (in->op == PG_OP_DUMP) continue;
        pg_shape ss[PG_MAX_SRC], out = k->t[in->dst].shape;
        for (int s = 0; s < in->nsrc; s++) ss[s] = k->t[in->src[s]].shape;
        if (!pg_infer_shape(in->op, ss, in->nsrc, in->attr, in->nattr, &out, err, sizeof err))
            return pg_diag_set(d, in->line, 1, "%s '%s': %s", pg_op_name(in->op), k->t[in->dst].name, err);
        if (!pg_op_fn_ok(in->op, in->fn, in->nsrc ? ss[0].et : out.et))
            return pg_diag_set(d, in->line, 1, "%s '%s': invalid fn", pg_op_name(in->op), k->t[in->dst].name);
        if (!pg_shape_eq(&out, &k->t[in->dst].shape)) {
            char a[160], b[160];
            return pg_diag_set(d, in->line, 1, "%s '%s' is declared %s but computes %s", pg_op_name(in->op),
                               k->t[in->dst].name, pg_shape_str(&k->t[in->dst].shape, a, sizeof a),
                               pg_shape_str(&out, b, sizeof b));
        }
    }
    return 1;
}

void pg_liveness(pg_kprog *k) {
    for (int i = 0; i < k->nt; i++) {
        pg_ktensor *t = &k->t[i];
        t->def = (t->role == PG_ROLE_INPUT || t->role == PG_ROLE_CONST) ? -1 : -2;
        t->last = -2;
    }
    for (int i = 0; i < k->ni; i++) {
        const pg_kinst *in = &k->ins[i];
        if (in->dst >= 0 && k->t[in->dst].def == -2) k->t[in->dst].def = i;
        for (int s = 0; s < in->nsrc; s++) k->t[in->src[s]].last = i;
    }
    for (int i = 0; i < k->nt; i++) {
        pg_ktensor *t = &k->t[i];
        if (t->role == PG_ROLE_OUTPUT) t->last = k->ni;
        if (t->last < t->def) t->last = t->def;
    }
}

/* lowering ---------------------------------------------------------- */

static int add_copy(pg_kprog *k, int src, int outno) {
    char name[300];
    snprintf(name, sizeof name, "%.200s.out%d", k->t[src].name, outno);
    for (int n = 0; pg_kprog_find(k, name) >= 0; n++)
        snprintf(name, sizeof name, "%.200s.out%d_%d", k->t[src].name, outno, n);
    pg_shape s = k->t[src].shape;
    int dst = pg_kprog_add_tensor(k, name, &s, PG_ROLE_OUTPUT, outno);
    if (dst < 0) return 0;
    pg_kinst in = {.op = PG_OP_COPY, .dst = dst, .src = {src, 0}, .nsrc = 1};
    return pg_kprog_add_inst(k, &in);
}

int pg_lower(pg_module *m, pg_kprog *k, pg_diag *d) {
    pg_comp *c = m->entry;
    int nout = 0;
    pg_instr **outs = pg_root_outputs(m, &nout);
    k->module = pg_arena_strndup(&k->arena, m->name, strlen(m->name));
    if (!k->module) return pg_diag_set(d, 0, 0, "out of memory");
    for (int i = 0; i < c->n_order; i++) c->order[i]->mark = -1;
    /* reachability: walk the topological order backwards */
    for (int i = 0; i < nout; i++) outs[i]->mark = -2;
    for (int i = c->n_order - 1; i >= 0; i--) {
        pg_instr *in = c->order[i];
        if (in->mark != -2) continue;
        for (int s = 0; s < in->n_operands; s++) in->operands[s]->mark = -2;
    }
    int np = 0;
    pg_instr **params = malloc(sizeof *params * (size_t)(c->n_instrs + 1));
    if (!params) return pg_diag_set(d, 0, 0, "out of memory");
    pg_module_params(m, params, c->n_instrs, &np);
    for (int p = 0; p < np; p++) {
        params[p]->mark = pg_kprog_add_tensor(k, params[p]->name, &params[p]->shape, PG_ROLE_INPUT, p);
        if (params[p]->mark < 0) { free(params); return pg_diag_set(d, 0, 0, "out of memory"); }
    }
    free(params);
    for (int i = 0; i < c->n_order; i++) {
        pg_instr *in = c->order[i];
        if (in->mark != -2 || in->op == PG_OP_TUPLE) continue;
        int t = pg_kprog_add_tensor(k, in->name, &in->shape, in->op == PG_OP_CONSTANT ? PG_ROLE_CONST : PG_ROLE_TEMP, 0);
        if (t < 0) return pg_diag_set(d, 0, 0, "out of memory");
        in->mark = t;
        if (in->op == PG_OP_CONSTANT) {
            /* the literal is owned by the module arena: copy */
            size_t nb = (size_t)(in->n_literal * pg_et_size(in->shape.et));
            void *cp = pg_arena_alloc(&k->arena, nb ? nb : 1);
            if (!cp) return pg_diag_set(d, 0, 0, "out of memory");
            if (nb) memcpy(cp, in->literal, nb);
            k->t[t].data = cp;
            k->t[t].ndata = in->n_literal;
            continue;
        }
        pg_kinst ki = {.op = in->op, .dst = t, .nsrc = in->n_operands, .nattr = in->n_attr, .fn = in->fn};
        for (int s = 0; s < in->n_operands; s++) ki.src[s] = in->operands[s]->mark;
        memcpy(ki.attr, in->attr, sizeof ki.attr);
        if (!pg_kprog_add_inst(k, &ki)) return pg_diag_set(d, 0, 0, "out of memory");
    }
    for (int o = 0; o < nout; o++) {
        int t = outs[o]->mark;
        if (k->t[t].role == PG_ROLE_TEMP) { k->t[t].role = PG_ROLE_OUTPUT; k->t[t].index = o; }
        else if (!add_copy(k, t, o)) return pg_diag_set(d, 0, 0, "out of memory");
    }
    return 1;
}
