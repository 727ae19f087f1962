/* gen_hlo.c - see gen_hlo.h */
#include "gen_hlo.h"
#include <stdio.h>
#include <string.h>

#define MAXI 24 /* instructions per computation */
#define MAXC 5  /* computations per module */

/* et: index into ETS (0 = f32) */
typedef struct { int rank; int dims[3]; int et; } gshape;
static const char *const ETS[] = {"f32", "s32", "pred", "bf16", "f16", "f64", "s8", "u32", "s4"};
enum { E_F32, E_S32, E_PRED, E_BF16, E_F16, E_F64, E_S8, E_U32 };
static int is_float(int et) { return et == E_F32 || et == E_BF16 || et == E_F16 || et == E_F64; }
typedef struct { char name[16]; gshape s; } ginstr;
/* clean: no deliberate faults in this module (half of them), so that most
 * modules reach the stages after the checker */
typedef struct { fz_src *src; pg_sbuf *o; ginstr in[MAXI]; int n, ncomp, nparam, clean; int body[MAXC], nbody; } gen;

/* one(g, n): true one time in n; fault(g, n): the same, never in a clean module */
static int one(gen *g, unsigned n) { return fz_pick(g->src, n) == 0; }
static int fault(gen *g, unsigned n) { return !g->clean && one(g, n); }

static gshape rand_shape(gen *g) {
    gshape s = {(int)fz_pick(g->src, 4), {0}, one(g, 2) ? E_F32 : (int)fz_pick(g->src, 9)};
    for (int i = 0; i < s.rank; i++) s.dims[i] = 1 + (int)fz_pick(g->src, 3);
    return s;
}

static int numel(const gshape *s) {
    int n = 1;
    for (int i = 0; i < s->rank; i++) n *= s->dims[i];
    return n;
}

static void shape_txt(gen *g, const gshape *s) {
    pg_sbuf_printf(g->o, "%s[", ETS[s->et]);
    for (int i = 0; i < s->rank; i++) pg_sbuf_printf(g->o, "%s%d", i ? "," : "", s->dims[i]);
    pg_sbuf_printf(g->o, "]");
    if (one(g, 3)) { /* a layout, right or wrong */
        pg_sbuf_printf(g->o, "{");
        for (int i = s->rank - 1; i >= 0; i--) pg_sbuf_printf(g->o, "%d%s", i, i ? "," : "");
        pg_sbuf_printf(g->o, "}");
    }
}

static const char *pct(gen *g) { return one(g, 2) ? "%" : ""; }

/* operand reference: mostly an existing instruction, sometimes a later,
 * unknown or typed one */
static void operand(gen *g, int idx) {
    if (fault(g, 30)) { pg_sbuf_printf(g->o, "%snope%u", pct(g), fz_pick(g->src, 3)); return; }
    if (idx < 0 || idx >= g->n || fault(g, 40)) idx = (int)fz_pick(g->src, (unsigned)g->n + 2);
    if (one(g, 4) && idx < g->n) { shape_txt(g, &g->in[idx].s); pg_sbuf_printf(g->o, " "); }
    pg_sbuf_printf(g->o, "%s%s", pct(g), idx < g->n ? g->in[idx].name : "v99");
}

static void int_list(gen *g, const char *key, const int *v, int n) {
    pg_sbuf_printf(g->o, ", %s={", key);
    for (int i = 0; i < n; i++) pg_sbuf_printf(g->o, "%s%d", i ? "," : "", fault(g, 25) ? (int)fz_pick(g->src, 5) : v[i]);
    pg_sbuf_printf(g->o, "}");
}

static int find_shape(gen *g, const gshape *s) {
    for (int t = 0, i = (int)fz_pick(g->src, (unsigned)g->n); t < g->n; t++, i = (i + 1) % g->n)
        if (g->in[i].s.rank == s->rank && g->in[i].s.et == s->et && !memcmp(g->in[i].s.dims, s->dims, sizeof s->dims))
            return i;
    return -1;
}

static void literal(gen *g, const gshape *s, int dim) {
    static const char *const V[] = {"0", "1.5", "-2", "nan", "-inf", "inf", "1e-45", "-0", "3.4e38"};
    static const char *const I[] = {"0", "1", "-2", "127", "-128", "2147483647", "300", "-1", "7"};
    if (dim == s->rank) {
        if (s->et == E_PRED) pg_sbuf_printf(g->o, "%s", one(g, 2) ? "true" : fault(g, 10) ? "2" : "false");
        else pg_sbuf_printf(g->o, "%s", is_float(s->et) ? V[fz_pick(g->src, 9)] : I[fz_pick(g->src, g->clean ? 3 : 9)]);
        return;
    }
    int n = s->dims[dim] + (fault(g, 20) ? 1 : 0);
    pg_sbuf_printf(g->o, "{");
    for (int i = 0; i < n; i++) { if (i) pg_sbuf_printf(g->o, ", "); literal(g, s, dim + 1); }
    pg_sbuf_printf(g->o, "}");
}

static void junk_attrs(gen *g) {
    static const char *const J[] = {", metadata={op_name=\"jit(f)/x\" source_file=\"f.py\" source_line=3}",
        ", sharding={replicated}", ", backend_config=\"{}\"", ", frontend_attributes={_xla=\"1\"}",
        ", backend_config={\"k\":[1,2]}", ", control-predecessors={}", ", foo=bar baz"};
    while (one(g, 4)) pg_sbuf_printf(g->o, "%s", J[fz_pick(g->src, g->clean ? 6 : 7)]);
}

enum { K_PARAM, K_CONST, K_BIN, K_UN, K_DOT, K_BCAST, K_RESHAPE, K_TRANSPOSE, K_REDUCE, K_TUPLE, K_CALL, K_IOTA, K_SLICE, K_CLAMP, K_CONCAT,
       K_CONVERT, K_COMPARE, K_SELECT, K_GATHER, K_SCATTER, K_IBIN, K_DSLICE, K_PAD, K_REV };
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

/* one instruction of kind OPS[k]: operands, result shape and attributes
 * chosen to be valid most of the time */
typedef struct { int ops[4], nops; gshape rs; int attr[9], nattr, lc, rc, body, dir; } choice;

/* find_et: an instruction of rank r (any if r < 0) and element type et
 * (any if et < 0; -2: any float type), from a random start, or -1 */
static int find_et(gen *g, int r, int et) {
    for (int t = 0, i = (int)fz_pick(g->src, (unsigned)g->n); t < g->n; t++, i = (i + 1) % g->n)
        if ((r < 0 || g->in[i].s.rank == r) && (et == -1 || g->in[i].s.et == et || (et == -2 && is_float(g->in[i].s.et))))
            return i;
    return -1;
}
static int find_rank(gen *g, int r) { return find_et(g, r, g->clean ? E_F32 : -1); }

/* choose: operands, shape and attributes of an instruction of `kind`;
 * returns the kind, K_UN when a clean module has no fitting operands */
static int choose(gen *g, int kind, choice *c) {
    if (g->clean && kind == K_DOT && find_rank(g, 2) < 0) return choose(g, K_UN, c);
    if (g->clean && (kind == K_REDUCE || kind == K_CALL) && find_rank(g, 0) < 0) return choose(g, K_UN, c);
    if (g->clean && kind == K_CALL && !g->nbody) return choose(g, K_UN, c);
    int a = kind == K_DOT && g->clean ? find_rank(g, 2) : (int)fz_pick(g->src, (unsigned)g->n);
    if (g->clean && (kind == K_REDUCE || kind == K_UN || kind == K_BIN) && g->n && !is_float(g->in[a].s.et)) {
        int f = find_et(g, -1, kind == K_REDUCE ? E_F32 : -2); /* float-only ops, f32 reduce bodies */
        if (f < 0) kind = K_CONVERT; else a = f;
    }
    gshape as = g->n ? g->in[a].s : rand_shape(g);
    c->ops[0] = a; c->nops = 1; c->rs = as;
    switch (kind) {
    case K_PARAM: case K_CONST: c->nops = 0; c->rs = rand_shape(g); break;
    case K_BIN: { int b = find_shape(g, &as); c->ops[1] = b < 0 ? a : b; c->nops = 2; break; }
    case K_DOT: {
        c->lc = (int)fz_pick(g->src, 2); c->rc = (int)fz_pick(g->src, 2);
        gshape want = {2, {as.dims[c->lc], 1 + (int)fz_pick(g->src, 3), 0}, E_F32};
        if (c->rc == 1) { want.dims[1] = want.dims[0]; want.dims[0] = 1 + (int)fz_pick(g->src, 3); }
        int b = find_shape(g, &want);
        if (b < 0 && g->clean) return choose(g, K_UN, c);
        c->ops[1] = b < 0 ? a : b; c->nops = 2;
        c->rs = (gshape){2, {as.dims[1 - c->lc], want.dims[1 - c->rc], 0}, E_F32};
        break;
    }
    case K_BCAST: {
        if (as.rank == 3) return g->clean ? choose(g, K_UN, c) : kind;
        int p = (int)fz_pick(g->src, (unsigned)as.rank + 1);
        c->rs.rank = as.rank + 1;
        for (int i = 0, j = 0; i < c->rs.rank; i++) c->rs.dims[i] = i == p ? 1 + (int)fz_pick(g->src, 3) : as.dims[j++];
        for (int i = 0; i < as.rank; i++) c->attr[i] = i < p ? i : i + 1;
        c->nattr = as.rank;
        break;
    }
    case K_RESHAPE: c->rs = (gshape){1 + (int)fz_pick(g->src, 2), {1, 1, 1}, as.et}; c->rs.dims[c->rs.rank - 1] = numel(&as); break;
    case K_TRANSPOSE:
        for (int i = 0; i < as.rank; i++) c->attr[i] = i;
        for (int i = as.rank - 1; i > 0; i--) { int j = (int)fz_pick(g->src, (unsigned)i + 1), t = c->attr[i]; c->attr[i] = c->attr[j]; c->attr[j] = t; }
        c->nattr = as.rank;
        for (int i = 0; i < as.rank; i++) c->rs.dims[i] = as.dims[c->attr[i]];
        break;
    case K_REDUCE: {
        gshape scalar = {0, {0}, as.et};
        int z = find_shape(g, &scalar);
        c->ops[1] = z < 0 ? a : z; c->nops = 2;
        c->rs.rank = 0; c->nattr = 0;
        for (int d = 0; d < as.rank; d++) {
            if (one(g, 2)) c->attr[c->nattr++] = d;
            else c->rs.dims[c->rs.rank++] = as.dims[d];
        }
        c->body = g->nbody ? g->body[fz_pick(g->src, (unsigned)g->nbody)] : (int)fz_pick(g->src, (unsigned)g->ncomp);
        break;
    }
    case K_CALL: /* a reduce body called with two scalars when clean */
        c->ops[0] = find_rank(g, 0); c->ops[1] = find_rank(g, 0);
        c->nops = g->clean ? 2 : (int)fz_pick(g->src, 4);
        for (int i = 0; i < c->nops; i++) if (c->ops[i] < 0 || !g->clean) c->ops[i] = (int)fz_pick(g->src, (unsigned)g->n);
        c->rs = (gshape){0, {0}, E_F32};
        c->body = g->nbody ? g->body[fz_pick(g->src, (unsigned)g->nbody)] : (int)fz_pick(g->src, (unsigned)g->ncomp);
        if (fault(g, 5)) c->body = (int)fz_pick(g->src, (unsigned)g->ncomp);
        break;
    case K_IOTA:
        c->nops = 0;
        c->rs = rand_shape(g);
        if (c->rs.rank == 0) c->rs = (gshape){1, {3, 0, 0}, c->rs.et};
        c->attr[0] = (int)fz_pick(g->src, (unsigned)c->rs.rank);
        c->nattr = 1;
        break;
    case K_SLICE: /* attr: starts, limits, strides */
        for (int d = 0; d < as.rank; d++) {
            int lo = (int)fz_pick(g->src, (unsigned)as.dims[d]), hi = lo + 1 + (int)fz_pick(g->src, (unsigned)(as.dims[d] - lo));
            int st = 1 + (int)fz_pick(g->src, 2);
            c->attr[d] = lo; c->attr[as.rank + d] = hi; c->attr[2 * as.rank + d] = st;
            c->rs.dims[d] = (hi - lo + st - 1) / st;
        }
        c->nattr = 3 * as.rank;
        break;
    case K_CLAMP: { /* bounds: scalars or the operand's shape */
        gshape scalar = {0, {0}, as.et};
        for (int k = 0; k < 3; k += 2) {
            int b = one(g, 2) ? find_shape(g, &scalar) : find_shape(g, &as);
            c->ops[k] = b < 0 ? a : b;
        }
        c->ops[1] = a; c->nops = 3;
        break;
    }
    case K_CONCAT: { /* operands of the same shape along one dimension */
        if (as.rank == 0) return g->clean ? choose(g, K_UN, c) : kind;
        c->nops = 1 + (int)fz_pick(g->src, 3);
        for (int i = 1; i < c->nops; i++) { int b = find_shape(g, &as); c->ops[i] = b < 0 ? a : b; }
        c->attr[0] = (int)fz_pick(g->src, (unsigned)as.rank);
        c->nattr = 1;
        c->rs.dims[c->attr[0]] = as.dims[c->attr[0]] * c->nops;
        break;
    }
    case K_CONVERT: c->rs.et = (int)fz_pick(g->src, 9); break;
    case K_REV: for (int d = 0; d < as.rank; d++) c->attr[d] = d; c->nattr = as.rank; break;
    case K_COMPARE: { int b = find_shape(g, &as); c->ops[1] = b < 0 ? a : b; c->nops = 2; c->rs.et = E_PRED; c->dir = (int)fz_pick(g->src, 6); break; }
    case K_SELECT: { /* a pred of the operands' shape, or a scalar pred */
        gshape ps = as;
        ps.et = E_PRED;
        if (one(g, 3)) ps.rank = 0;
        int p = find_shape(g, &ps), b = find_shape(g, &as);
        if (p < 0 && g->clean) return choose(g, K_UN, c);
        c->ops[0] = p < 0 ? a : p; c->ops[1] = a; c->ops[2] = b < 0 ? a : b; c->nops = 3;
        break;
    }
    case K_GATHER: case K_SCATTER: { /* rows of a table: indices s32[n] */
        int ix = find_et(g, 1, E_S32);
        if ((ix < 0 || as.rank == 0 || (kind == K_SCATTER && as.et != E_F32) || !g->nbody) && g->clean) return choose(g, K_UN, c);
        int n = ix < 0 ? 2 : g->in[ix].s.dims[0];
        gshape ws = as;
        if (ws.rank > 0) ws.dims[0] = n;
        c->ops[1] = ix < 0 ? a : ix;
        c->nops = 2;
        if (kind == K_SCATTER) {
            int u = find_shape(g, &ws);
            if (u < 0 && g->clean) return choose(g, K_UN, c);
            c->ops[2] = u < 0 ? a : u; c->nops = 3;
            c->body = g->nbody ? g->body[fz_pick(g->src, (unsigned)g->nbody)] : 0;
        } else {
            c->rs = ws;
        }
        c->nattr = as.rank;
        for (int d = 0; d < as.rank; d++) c->attr[d] = d ? as.dims[d] : 1; /* slice sizes */
        break;
    }
    case K_IBIN: { /* bitwise: integers and pred */
        if (is_float(as.et) && g->clean) { int i = find_et(g, -1, E_S32); if (i < 0) return choose(g, K_UN, c); a = i; as = g->in[i].s; }
        int b = find_shape(g, &as); c->ops[0] = a; c->ops[1] = b < 0 ? a : b; c->nops = 2; c->rs = as;
        break;
    }
    case K_DSLICE: { /* one scalar s32 index per dimension */
        gshape z = {0, {0}, E_S32};
        int zi = find_shape(g, &z);
        if (zi < 0 && g->clean) return choose(g, K_UN, c);
        c->nops = 1 + as.rank;
        for (int d = 0; d < as.rank; d++) { c->ops[1 + d] = zi < 0 ? a : zi; c->attr[d] = 1 + (int)fz_pick(g->src, (unsigned)as.dims[d]); c->rs.dims[d] = c->attr[d]; }
        if (c->nops > 4) return g->clean ? choose(g, K_UN, c) : kind;
        c->nattr = as.rank;
        break;
    }
    case K_PAD: { /* padding value: a scalar of the operand's type */
        gshape z = {0, {0}, as.et};
        int zi = find_shape(g, &z);
        if (zi < 0 && g->clean) return choose(g, K_UN, c);
        c->ops[1] = zi < 0 ? a : zi; c->nops = 2;
        for (int d = 0; d < as.rank; d++) {
            int lo = (int)fz_pick(g->src, 2), hi = (int)fz_pick(g->src, 2), in = (int)fz_pick(g->src, 2);
            c->attr[3 * d] = lo; c->attr[3 * d + 1] = hi; c->attr[3 * d + 2] = in;
            c->rs.dims[d] = lo + hi + as.dims[d] + (as.dims[d] - 1) * in;
        }
        c->nattr = 3 * as.rank;
        break;
    }
    case K_TUPLE:
        c->nops = 1 + (int)fz_pick(g->src, 3);
        for (int i = 1; i < c->nops; i++) c->ops[i] = (int)fz_pick(g->src, (unsigned)g->n);
        break;
    default: break;
    }
    if (fault(g, 12)) { /* any operand count for any opcode */
        c->nops = (int)fz_pick(g->src, 4);
        for (int i = 0; i < c->nops; i++) c->ops[i] = (int)fz_pick(g->src, (unsigned)g->n + 1);
    }
    if (fault(g, 20)) c->rs = rand_shape(g);
    return kind;
}

static void attrs(gen *g, int kind, const choice *c) {
    if ((kind == K_BCAST || kind == K_TRANSPOSE || kind == K_REDUCE || kind == K_CONCAT || kind == K_REV) && !fault(g, 15)) int_list(g, "dimensions", c->attr, c->nattr);
    if (kind == K_DOT && !fault(g, 15)) {
        int_list(g, "lhs_contracting_dims", &c->lc, 1);
        int_list(g, "rhs_contracting_dims", &c->rc, 1);
        if (one(g, 10)) pg_sbuf_printf(g->o, ", lhs_batch_dims={}, rhs_batch_dims={%s}", fault(g, 2) ? "0" : "");
    }
    if (kind == K_REDUCE && !fault(g, 15))
        pg_sbuf_printf(g->o, ", to_apply=%s%s%d", pct(g), fault(g, 20) ? "nowhere" : "c", c->body);
    if (kind == K_COMPARE && !fault(g, 15)) {
        static const char *const D[] = {"EQ", "NE", "LT", "LE", "GT", "GE"};
        pg_sbuf_printf(g->o, ", direction=%s%s", D[c->dir], one(g, 5) ? ", type=TOTALORDER" : "");
    }
    if ((kind == K_GATHER || kind == K_SCATTER) && !fault(g, 15)) {
        int r = c->nattr, od[3] = {1, 2, 3}, z = 0;
        if (kind == K_GATHER) {
            int_list(g, "offset_dims", od, r - 1);
            int_list(g, "collapsed_slice_dims", &z, 1);
            int_list(g, "start_index_map", &z, 1);
            pg_sbuf_printf(g->o, ", index_vector_dim=%d", fault(g, 10) ? 0 : 1);
            int_list(g, "slice_sizes", c->attr, r);
        } else {
            int_list(g, "update_window_dims", od, r - 1);
            int_list(g, "inserted_window_dims", &z, 1);
            int_list(g, "scatter_dims_to_operand_dims", &z, 1);
            pg_sbuf_printf(g->o, ", index_vector_dim=%d, to_apply=%sc%d", fault(g, 10) ? 0 : 1, pct(g), c->body);
        }
    }
    if (kind == K_DSLICE && !fault(g, 15)) int_list(g, "dynamic_slice_sizes", c->attr, c->nattr);
    if (kind == K_PAD && !fault(g, 15)) {
        pg_sbuf_printf(g->o, ", padding=");
        for (int d = 0; d < c->nattr / 3; d++)
            pg_sbuf_printf(g->o, "%s%d_%d_%d", d ? "x" : "", c->attr[3 * d], c->attr[3 * d + 1] - (fault(g, 10) ? 3 : 0), c->attr[3 * d + 2]);
    }
    if (kind == K_IOTA && !fault(g, 15)) pg_sbuf_printf(g->o, ", iota_dimension=%d", fault(g, 10) ? 3 : c->attr[0]);
    if (kind == K_SLICE && !fault(g, 15)) {
        int r = c->nattr / 3;
        pg_sbuf_printf(g->o, ", slice={");
        for (int d = 0; d < r; d++)
            pg_sbuf_printf(g->o, "%s[%d:%d%s%d]", d ? ", " : "", c->attr[d], c->attr[r + d] + (fault(g, 10) ? 2 : 0),
                           ":", c->attr[2 * r + d]);
        pg_sbuf_printf(g->o, "}");
    }
    if (kind == K_CALL && !fault(g, 15))
        pg_sbuf_printf(g->o, ", %s=%s%s%d%s", one(g, 2) ? "calls" : "to_apply", pct(g), fault(g, 20) ? "nowhere" : "c",
                       c->body, one(g, 2) ? ", kind=kLoop" : "");
    junk_attrs(g);
}

static void instr(gen *g, int root, int entry) {
    ginstr *me = &g->in[g->n];
    snprintf(me->name, sizeof me->name, "v%d", g->n);
    if (g->n && fault(g, 60)) memcpy(me->name, g->in[fz_pick(g->src, (unsigned)g->n)].name, sizeof me->name);
    int k = g->n == 0 ? (int)fz_pick(g->src, 2) : (int)fz_pick(g->src, g->clean ? NOPS - 1 : NOPS);
    if (g->clean && (k == 17 || (k == 16 && !g->nbody))) k = 8; /* tuple: ROOT only; reduce: needs a body */
    if (root && entry && one(g, 4)) k = 17; /* a ROOT tuple */
    choice c;
    memset(&c, 0, sizeof c);
    int kind = choose(g, OPS[k].kind, &c);
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
    if (kind == K_PARAM) pg_sbuf_printf(g->o, "%d", fault(g, 15) ? (int)fz_pick(g->src, 4) : g->nparam++);
    else if (kind == K_CONST) literal(g, &c.rs, 0);
    else for (int i = 0; i < c.nops; i++) { if (i) pg_sbuf_printf(g->o, ", "); operand(g, c.ops[i]); }
    pg_sbuf_printf(g->o, ")");
    attrs(g, kind, &c);
    pg_sbuf_printf(g->o, one(g, 25) ? " // note\n" : "\n");
    me->s = c.rs;
    g->n++;
}

/* body: a reduce computation, normally a scalar add of its parameters */
static void body(gen *g) {
    static const char *const ROOTS[] = {"add(p0, p1)", "add(p0, p1)", "add(p0, p1)", "add()", "add(p0)",
        "add(p0, p0)", "multiply(p0, p1)", "add(p0, p1, p1)", "negate(p0)", "add(p1, p0)"};
    pg_sbuf_printf(g->o, "  p0 = f32[] parameter(0)\n");
    if (!fault(g, 10)) pg_sbuf_printf(g->o, "  p1 = f32[%s] parameter(1)\n", fault(g, 15) ? "2" : "");
    pg_sbuf_printf(g->o, "  ROOT r = f32[] %s\n", ROOTS[g->clean ? 0 : fz_pick(g->src, 10)]);
}

void fz_gen_module(fz_src *src, pg_sbuf *out) {
    gen g;
    memset(&g, 0, sizeof g);
    g.src = src; g.o = out;
    g.ncomp = 1 + (int)fz_pick(src, MAXC);
    int entry = (int)fz_pick(src, (unsigned)g.ncomp), is_body[MAXC];
    g.clean = one(&g, 2);
    for (int c = 0; c < g.ncomp; c++) {
        is_body[c] = c != entry && !one(&g, 3);
        if (is_body[c]) g.body[g.nbody++] = c;
    }
    if (!fault(&g, 30)) pg_sbuf_printf(out, "HloModule m%s\n\n", one(&g, 8) ? ", entry_computation_layout={(f32[2]{0})->f32[2]{0}}" : "");
    for (int c = 0; c < g.ncomp; c++) {
        int is_entry = c == entry || fault(&g, 40);
        pg_sbuf_printf(out, "%s%sc%d%s {\n", is_entry ? "ENTRY " : "", pct(&g), c, fault(&g, 10) ? " (a: f32[2]) -> f32[2]" : "");
        if (is_body[c] && !is_entry) { body(&g); pg_sbuf_printf(out, "}\n\n"); continue; }
        g.n = 0; g.nparam = 0;
        int n = 1 + (int)fz_pick(src, MAXI);
        int root_at = fault(&g, 10) ? (int)fz_pick(src, (unsigned)n) : n - 1;
        for (int i = 0; i < n; i++) instr(&g, i == root_at || (i == n - 1 && fault(&g, 30)), is_entry);
        pg_sbuf_printf(out, "}\n\n");
    }
}
