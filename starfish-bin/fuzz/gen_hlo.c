/* gen_hlo.c - the generator's text (see gen_hlo.h): modules, computations, instructions, attributes, literals */
#include "gen_hlo_int.h"
#include <stdio.h>
#include <string.h>

/* element type names, indexed by gshape.et (E_* in gen_hlo_int.h) */
static const char *const ETS[] = {"f32", "s32", "pred", "bf16", "f16", "f64", "s8", "u32", "s4"};

static void shape_txt(gen *g, const gshape *s) {
    pg_sbuf_printf(g->o, "%s[", ETS[s->et]);
    for (int i = 0; i < s->rank; i++) pg_sbuf_printf(g->o, "%s%d", i ? "," : "", s->dims[i]);
    pg_sbuf_printf(g->o, "]");
    if (gh_one(g, 3)) { /* a layout, right or wrong */
        pg_sbuf_printf(g->o, "{");
        for (int i = s->rank - 1; i >= 0; i--) pg_sbuf_printf(g->o, "%d%s", i, i ? "," : "");
        pg_sbuf_printf(g->o, "}");
    }
}

static const char *pct(gen *g) { return gh_one(g, 2) ? "%" : ""; }

/* operand reference: mostly an existing instruction, sometimes a later,
 * unknown or typed one */
static void operand(gen *g, int idx) {
    if (gh_fault(g, 30)) { pg_sbuf_printf(g->o, "%snope%u", pct(g), fz_pick(g->src, 3)); return; }
    if (idx < 0 || idx >= g->n || gh_fault(g, 40)) idx = (int)fz_pick(g->src, (unsigned)g->n + 2);
    if (gh_one(g, 4) && idx < g->n) { shape_txt(g, &g->in[idx].s); pg_sbuf_printf(g->o, " "); }
    pg_sbuf_printf(g->o, "%s%s", pct(g), idx < g->n ? g->in[idx].name : "v99");
}

static void int_list(gen *g, const char *key, const int *v, int n) {
    pg_sbuf_printf(g->o, ", %s={", key);
    for (int i = 0; i < n; i++) pg_sbuf_printf(g->o, "%s%d", i ? "," : "", gh_fault(g, 25) ? (int)fz_pick(g->src, 5) : v[i]);
    pg_sbuf_printf(g->o, "}");
}

static void literal(gen *g, const gshape *s, int dim) {
    static const char *const V[] = {"0", "1.5", "-2", "nan", "-inf", "inf", "1e-45", "-0", "3.4e38"};
    static const char *const I[] = {"0", "1", "-2", "127", "-128", "2147483647", "300", "-1", "7"};
    if (dim == s->rank) {
        if (s->et == E_PRED) pg_sbuf_printf(g->o, "%s", gh_one(g, 2) ? "true" : gh_fault(g, 10) ? "2" : "false");
        else pg_sbuf_printf(g->o, "%s", gh_is_float(s->et) ? V[fz_pick(g->src, 9)] : I[fz_pick(g->src, g->clean ? 3 : 9)]);
        return;
    }
    int n = s->dims[dim] + (gh_fault(g, 20) ? 1 : 0);
    pg_sbuf_printf(g->o, "{");
    for (int i = 0; i < n; i++) { if (i) pg_sbuf_printf(g->o, ", "); literal(g, s, dim + 1); }
    pg_sbuf_printf(g->o, "}");
}

static void junk_attrs(gen *g) {
    static const char *const J[] = {", metadata={op_name=\"jit(f)/x\" source_file=\"f.py\" source_line=3}",
        ", sharding={replicated}", ", backend_config=\"{}\"", ", frontend_attributes={_xla=\"1\"}",
        ", backend_config={\"k\":[1,2]}", ", control-predecessors={}", ", foo=bar baz"};
    /* bounded: once a libFuzzer input runs out of bytes every choice is 0, and gh_one stays true */
    for (int i = 0; i < 8 && gh_one(g, 4); i++) pg_sbuf_printf(g->o, "%s", J[fz_pick(g->src, g->clean ? 6 : 7)]);
}

static const struct { const char *name; int kind; } OPS[] = {
    {"parameter", K_PARAM}, {"constant", K_CONST}, {"add", K_BIN}, {"subtract", K_BIN}, {"multiply", K_BIN},
    {"divide", K_BIN}, {"maximum", K_BIN}, {"minimum", K_BIN}, {"negate", K_UN}, {"exponential", K_UN},
    {"exp", K_UN}, {"tanh", K_UN}, {"dot", K_DOT}, {"broadcast", K_BCAST}, {"reshape", K_RESHAPE},
    {"transpose", K_TRANSPOSE}, {"reduce", K_REDUCE}, {"tuple", K_TUPLE}, {"power", K_BIN}, {"abs", K_UN},
    {"log", K_UN}, {"sqrt", K_UN}, {"rsqrt", K_UN}, {"copy", K_UN}, {"fusion", K_CALL}, {"call", K_CALL},
    {"iota", K_IOTA}, {"slice", K_SLICE}, {"clamp", K_CLAMP}, {"concatenate", K_CONCAT}, {"bitcast", K_RESHAPE},
    {"convert", K_CONVERT}, {"compare", K_COMPARE}, {"select", K_SELECT}, {"gather", K_GATHER}, {"scatter", K_SCATTER},
    {"and", K_IBIN}, {"xor", K_IBIN}, {"shift-left", K_IBIN}, {"remainder", K_BIN}, {"dynamic-slice", K_DSLICE},
    {"pad", K_PAD}, {"reverse", K_REV}, {"floor", K_UN},
    {"sort", K_UN}}; /* sort (unsupported) last: clean modules skip it */
#define NOPS (sizeof OPS / sizeof OPS[0])

static void attrs(gen *g, int kind, const choice *c) {
    if ((kind == K_BCAST || kind == K_TRANSPOSE || kind == K_REDUCE || kind == K_CONCAT || kind == K_REV) && !gh_fault(g, 15)) int_list(g, "dimensions", c->attr, c->nattr);
    if (kind == K_DOT && !gh_fault(g, 15)) {
        int_list(g, "lhs_contracting_dims", &c->lc, 1);
        int_list(g, "rhs_contracting_dims", &c->rc, 1);
        if (gh_one(g, 10)) pg_sbuf_printf(g->o, ", lhs_batch_dims={}, rhs_batch_dims={%s}", gh_fault(g, 2) ? "0" : "");
    }
    if (kind == K_REDUCE && !gh_fault(g, 15))
        pg_sbuf_printf(g->o, ", to_apply=%s%s%d", pct(g), gh_fault(g, 20) ? "nowhere" : "c", c->body);
    if (kind == K_COMPARE && !gh_fault(g, 15)) {
        static const char *const D[] = {"EQ", "NE", "LT", "LE", "GT", "GE"};
        pg_sbuf_printf(g->o, ", direction=%s%s", D[c->dir], gh_one(g, 5) ? ", type=TOTALORDER" : "");
    }
    if ((kind == K_GATHER || kind == K_SCATTER) && !gh_fault(g, 15)) {
        int r = c->nattr, od[3] = {1, 2, 3}, z = 0;
        if (kind == K_GATHER) {
            int_list(g, "offset_dims", od, r - 1);
            int_list(g, "collapsed_slice_dims", &z, 1);
            int_list(g, "start_index_map", &z, 1);
            pg_sbuf_printf(g->o, ", index_vector_dim=%d", gh_fault(g, 10) ? 0 : 1);
            int_list(g, "slice_sizes", c->attr, r);
        } else {
            int_list(g, "update_window_dims", od, r - 1);
            int_list(g, "inserted_window_dims", &z, 1);
            int_list(g, "scatter_dims_to_operand_dims", &z, 1);
            pg_sbuf_printf(g->o, ", index_vector_dim=%d, to_apply=%sc%d", gh_fault(g, 10) ? 0 : 1, pct(g), c->body);
        }
    }
    if (kind == K_DSLICE && !gh_fault(g, 15)) int_list(g, "dynamic_slice_sizes", c->attr, c->nattr);
    if (kind == K_PAD && !gh_fault(g, 15)) {
        pg_sbuf_printf(g->o, ", padding=");
        for (int d = 0; d < c->nattr / 3; d++)
            pg_sbuf_printf(g->o, "%s%d_%d_%d", d ? "x" : "", c->attr[3 * d], c->attr[3 * d + 1] - (gh_fault(g, 10) ? 3 : 0), c->attr[3 * d + 2]);
    }
    if (kind == K_IOTA && !gh_fault(g, 15)) pg_sbuf_printf(g->o, ", iota_dimension=%d", gh_fault(g, 10) ? 3 : c->attr[0]);
    if (kind == K_SLICE && !gh_fault(g, 15)) {
        int r = c->nattr / 3;
        pg_sbuf_printf(g->o, ", slice={");
        for (int d = 0; d < r; d++)
            pg_sbuf_printf(g->o, "%s[%d:%d%s%d]", d ? ", " : "", c->attr[d], c->attr[r + d] + (gh_fault(g, 10) ? 2 : 0),
                           ":", c->attr[2 * r + d]);
        pg_sbuf_printf(g->o, "}");
    }
    if (kind == K_CALL && !gh_fault(g, 15))
        pg_sbuf_printf(g->o, ", %s=%s%s%d%s", gh_one(g, 2) ? "calls" : "to_apply", pct(g), gh_fault(g, 20) ? "nowhere" : "c",
                       c->body, gh_one(g, 2) ? ", kind=kLoop" : "");
    junk_attrs(g);
}

static void instr(gen *g, int root, int entry) {
    ginstr *me = &g->in[g->n];
    snprintf(me->name, sizeof me->name, "v%d", g->n);
    if (g->n && gh_fault(g, 60)) memcpy(me->name, g->in[fz_pick(g->src, (unsigned)g->n)].name, sizeof me->name);
    int k = g->n == 0 ? (int)fz_pick(g->src, 2) : (int)fz_pick(g->src, g->clean ? NOPS - 1 : NOPS);
    if (g->clean && (k == 17 || (k == 16 && !g->nbody))) k = 8; /* tuple: ROOT only; reduce: needs a body */
    if (root && entry && gh_one(g, 4)) k = 17; /* a ROOT tuple */
    choice c;
    memset(&c, 0, sizeof c);
    int kind = gh_choose(g, OPS[k].kind, &c);
    if (kind != OPS[k].kind) /* the fallback: copy (any type) or convert */
        for (k = 0; k < (int)NOPS; k++)
            if (!strcmp(OPS[k].name, kind == K_CONVERT ? "convert" : "copy")) break;
    pg_sbuf_printf(g->o, "  %s%s%s = ", root ? "ROOT " : "", pct(g), me->name);
    if (kind == K_TUPLE) {
        pg_sbuf_printf(g->o, "(");
        for (int i = 0; i < c.nops; i++) {
            if (i) pg_sbuf_printf(g->o, ", ");
            shape_txt(g, c.ops[i] < g->n ? &g->in[c.ops[i]].s : &c.rs);
        }
        pg_sbuf_printf(g->o, ")");
    } else {
        shape_txt(g, &c.rs);
    }
    pg_sbuf_printf(g->o, " %s(", OPS[k].name);
    if (kind == K_PARAM) pg_sbuf_printf(g->o, "%d", gh_fault(g, 15) ? (int)fz_pick(g->src, 4) : g->nparam++);
    else if (kind == K_CONST) literal(g, &c.rs, 0);
    else for (int i = 0; i < c.nops; i++) { if (i) pg_sbuf_printf(g->o, ", "); operand(g, c.ops[i]); }
    pg_sbuf_printf(g->o, ")");
    attrs(g, kind, &c);
    pg_sbuf_printf(g->o, gh_one(g, 25) ? " // note\n" : "\n");
    me->s = c.rs;
    g->n++;
}

/* body: a reduce computation, normally a scalar add of its parameters */
static void body(gen *g) {
    static const char *const ROOTS[] = {"add(p0, p1)", "add(p0, p1)", "add(p0, p1)", "add()", "add(p0)",
        "add(p0, p0)", "multiply(p0, p1)", "add(p0, p1, p1)", "negate(p0)", "add(p1, p0)"};
    pg_sbuf_printf(g->o, "  p0 = f32[] parameter(0)\n");
    if (!gh_fault(g, 10)) pg_sbuf_printf(g->o, "  p1 = f32[%s] parameter(1)\n", gh_fault(g, 15) ? "2" : "");
    pg_sbuf_printf(g->o, "  ROOT r = f32[] %s\n", ROOTS[g->clean ? 0 : fz_pick(g->src, 10)]);
}

void fz_gen_module(fz_src *src, pg_sbuf *out) {
    if (fz_pick(src, 8) == 7) { fz_gen_calls(src, out); return; }
    gen g;
    memset(&g, 0, sizeof g);
    g.src = src; g.o = out;
    g.ncomp = 1 + (int)fz_pick(src, MAXC);
    int entry = (int)fz_pick(src, (unsigned)g.ncomp), is_body[MAXC];
    g.clean = gh_one(&g, 2);
    for (int c = 0; c < g.ncomp; c++) {
        is_body[c] = c != entry && !gh_one(&g, 3);
        if (is_body[c]) g.body[g.nbody++] = c;
    }
    if (!gh_fault(&g, 30)) pg_sbuf_printf(out, "HloModule m%s\n\n", gh_one(&g, 8) ? ", entry_computation_layout={(f32[2]{0})->f32[2]{0}}" : "");
    for (int c = 0; c < g.ncomp; c++) {
        int is_entry = c == entry || gh_fault(&g, 40);
        pg_sbuf_printf(out, "%s%sc%d%s {\n", is_entry ? "ENTRY " : "", pct(&g), c, gh_fault(&g, 10) ? " (a: f32[2]) -> f32[2]" : "");
        if (is_body[c] && !is_entry) { body(&g); pg_sbuf_printf(out, "}\n\n"); continue; }
        g.n = 0; g.nparam = 0;
        int n = 1 + (int)fz_pick(src, MAXI);
        int root_at = gh_fault(&g, 10) ? (int)fz_pick(src, (unsigned)n) : n - 1;
        for (int i = 0; i < n; i++) instr(&g, i == root_at || (i == n - 1 && gh_fault(&g, 30)), is_entry);
        pg_sbuf_printf(out, "}\n\n");
    }
}
