/* gen_instr.c - the generator's choices: each instruction's operands, result shape and attributes */
#include "gen_hlo_int.h"
#include <string.h>

int gh_one(gen *g, unsigned n) { return fz_pick(g->src, n) == 0; }
int gh_fault(gen *g, unsigned n) { return !g->clean && gh_one(g, n); }
int gh_is_float(int et) { return et == E_F32 || et == E_BF16 || et == E_F16 || et == E_F64; }

static gshape rand_shape(gen *g) {
    gshape s = {(int)fz_pick(g->src, 4), {0}, gh_one(g, 2) ? E_F32 : (int)fz_pick(g->src, 9)};
    for (int i = 0; i < s.rank; i++) s.dims[i] = 1 + (int)fz_pick(g->src, 3);
    return s;
}

static int numel(const gshape *s) {
    int n = 1;
    for (int i = 0; i < s->rank; i++) n *= s->dims[i];
    return n;
}

static int find_shape(gen *g, const gshape *s) {
    for (int t = 0, i = (int)fz_pick(g->src, (unsigned)g->n); t < g->n; t++, i = (i + 1) % g->n)
        if (g->in[i].s.rank == s->rank && g->in[i].s.et == s->et && !memcmp(g->in[i].s.dims, s->dims, sizeof s->dims))
            return i;
    return -1;
}

/* find_et: an instruction of rank r (any if r < 0) and element type et
 * (any if et < 0; -2: any float type), from a random start, or -1 */
static int find_et(gen *g, int r, int et) {
    for (int t = 0, i = (int)fz_pick(g->src, (unsigned)g->n); t < g->n; t++, i = (i + 1) % g->n)
        if ((r < 0 || g->in[i].s.rank == r) && (et == -1 || g->in[i].s.et == et || (et == -2 && gh_is_float(g->in[i].s.et))))
            return i;
    return -1;
}
static int find_rank(gen *g, int r) { return find_et(g, r, g->clean ? E_F32 : -1); }

/* choose: operands, shape and attributes of an instruction of `kind`;
 * returns the kind, K_UN when a clean module has no fitting operands */
int gh_choose(gen *g, int kind, choice *c) {
    if (g->clean && kind == K_DOT && find_rank(g, 2) < 0) return gh_choose(g, K_UN, c);
    if (g->clean && (kind == K_REDUCE || kind == K_CALL) && find_rank(g, 0) < 0) return gh_choose(g, K_UN, c);
    if (g->clean && kind == K_CALL && !g->nbody) return gh_choose(g, K_UN, c);
    int a = kind == K_DOT && g->clean ? find_rank(g, 2) : (int)fz_pick(g->src, (unsigned)g->n);
    if (g->clean && (kind == K_REDUCE || kind == K_UN || kind == K_BIN) && g->n && !gh_is_float(g->in[a].s.et)) {
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
        if (b < 0 && g->clean) return gh_choose(g, K_UN, c);
        c->ops[1] = b < 0 ? a : b; c->nops = 2;
        c->rs = (gshape){2, {as.dims[1 - c->lc], want.dims[1 - c->rc], 0}, E_F32};
        break;
    }
    case K_BCAST: {
        if (as.rank == 3) return g->clean ? gh_choose(g, K_UN, c) : kind;
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
            if (gh_one(g, 2)) c->attr[c->nattr++] = d;
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
        if (gh_fault(g, 5)) c->body = (int)fz_pick(g->src, (unsigned)g->ncomp);
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
            int b = gh_one(g, 2) ? find_shape(g, &scalar) : find_shape(g, &as);
            c->ops[k] = b < 0 ? a : b;
        }
        c->ops[1] = a; c->nops = 3;
        break;
    }
    case K_CONCAT: { /* operands of the same shape along one dimension */
        if (as.rank == 0) return g->clean ? gh_choose(g, K_UN, c) : kind;
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
        if (gh_one(g, 3)) ps.rank = 0;
        int p = find_shape(g, &ps), b = find_shape(g, &as);
        if (p < 0 && g->clean) return gh_choose(g, K_UN, c);
        c->ops[0] = p < 0 ? a : p; c->ops[1] = a; c->ops[2] = b < 0 ? a : b; c->nops = 3;
        break;
    }
    case K_GATHER: case K_SCATTER: { /* rows of a table: indices s32[n] */
        int ix = find_et(g, 1, E_S32);
        if ((ix < 0 || as.rank == 0 || (kind == K_SCATTER && as.et != E_F32) || !g->nbody) && g->clean) return gh_choose(g, K_UN, c);
        int n = ix < 0 ? 2 : g->in[ix].s.dims[0];
        gshape ws = as;
        if (ws.rank > 0) ws.dims[0] = n;
        c->ops[1] = ix < 0 ? a : ix;
        c->nops = 2;
        if (kind == K_SCATTER) {
            int u = find_shape(g, &ws);
            if (u < 0 && g->clean) return gh_choose(g, K_UN, c);
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
        if (gh_is_float(as.et) && g->clean) { int i = find_et(g, -1, E_S32); if (i < 0) return gh_choose(g, K_UN, c); a = i; as = g->in[i].s; }
        int b = find_shape(g, &as); c->ops[0] = a; c->ops[1] = b < 0 ? a : b; c->nops = 2; c->rs = as;
        break;
    }
    case K_DSLICE: { /* one scalar s32 index per dimension */
        gshape z = {0, {0}, E_S32};
        int zi = find_shape(g, &z);
        if (zi < 0 && g->clean) return gh_choose(g, K_UN, c);
        c->nops = 1 + as.rank;
        for (int d = 0; d < as.rank; d++) { c->ops[1 + d] = zi < 0 ? a : zi; c->attr[d] = 1 + (int)fz_pick(g->src, (unsigned)as.dims[d]); c->rs.dims[d] = c->attr[d]; }
        if (c->nops > 4) return g->clean ? gh_choose(g, K_UN, c) : kind;
        c->nattr = as.rank;
        break;
    }
    case K_PAD: { /* padding value: a scalar of the operand's type */
        gshape z = {0, {0}, as.et};
        int zi = find_shape(g, &z);
        if (zi < 0 && g->clean) return gh_choose(g, K_UN, c);
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
    if (gh_fault(g, 12)) { /* any operand count for any opcode */
        c->nops = (int)fz_pick(g->src, 4);
        for (int i = 0; i < c->nops; i++) c->ops[i] = (int)fz_pick(g->src, (unsigned)g->n + 1);
    }
    if (gh_fault(g, 20)) c->rs = rand_shape(g);
    return kind;
}
