/* ops_index.c - shape rules of dot (general), gather, scatter,
 * dynamic-slice, dynamic-update-slice and pad, after XLA's operation
 * semantics document. */
#include "ops_int.h"
#include <stdio.h>
#include <string.h>

#define FAIL(...) do { snprintf(err, errlen, __VA_ARGS__); return 0; } while (0)

/* take: read a counted list attr[*at] = n, then n entries */
static int take(const int64_t *attr, int nattr, int *at, int *n, const int64_t **v) {
    if (*at >= nattr || attr[*at] < 0 || attr[*at] > PG_MAX_RANK || *at + 1 + attr[*at] > nattr) return 0;
    *n = (int)attr[*at];
    *v = attr + *at + 1;
    *at += 1 + *n;
    return 1;
}

int pg_dot_decode(const int64_t *attr, int nattr, pg_dot_dims *d) {
    int at = 0;
    if (!take(attr, nattr, &at, &d->nb, &d->lb)) return 0;
    d->rb = attr + at; at += d->nb;
    if (at > nattr || !take(attr, nattr, &at, &d->nc, &d->lc)) return 0;
    d->rc = attr + at; at += d->nc;
    return at == nattr;
}

int pg_gather_decode(const int64_t *attr, int nattr, pg_gather_dims *g) {
    int at = 0;
    if (!take(attr, nattr, &at, &g->no, &g->offset) || !take(attr, nattr, &at, &g->nc, &g->collapsed) ||
        !take(attr, nattr, &at, &g->ns, &g->sim) || at >= nattr)
        return 0;
    g->ivd = attr[at++];
    g->sizes = attr + at;
    g->nsizes = nattr - at;
    return 1;
}

static int in_list(const int64_t *v, int n, int64_t x) {
    for (int i = 0; i < n; i++) if (v[i] == x) return 1;
    return 0;
}

static int sorted(const int64_t *v, int n) {
    for (int i = 1; i < n; i++) if (v[i] <= v[i - 1]) return 0;
    return 1;
}

int pg_infer_dot(const pg_shape *in, int nin, const int64_t *attr, int nattr, pg_shape *out, char *err, size_t errlen) {
    char a[160], b[160];
    pg_dot_dims d;
    if (nin != 2) FAIL("dot takes 2 operands, got %d", nin);
    if (!pg_dot_decode(attr, nattr, &d)) FAIL("dot needs lhs/rhs batch and contracting dimensions");
    const char *what[4] = {"lhs_batch_dims", "rhs_batch_dims", "lhs_contracting_dims", "rhs_contracting_dims"};
    const int64_t *lists[4] = {d.lb, d.rb, d.lc, d.rc};
    int counts[4] = {d.nb, d.nb, d.nc, d.nc};
    for (int k = 0; k < 4; k++) {
        const pg_shape *s = &in[k & 1];
        for (int i = 0; i < counts[k]; i++) {
            if (lists[k][i] < 0 || lists[k][i] >= s->rank) FAIL("dot %s has dimension %lld outside [0,%d)", what[k], (long long)lists[k][i], s->rank);
            if (in_list(lists[k], i, lists[k][i])) FAIL("dot %s repeats dimension %lld", what[k], (long long)lists[k][i]);
        }
    }
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < d.nc; i++)
            if (in_list(side ? d.rb : d.lb, d.nb, (side ? d.rc : d.lc)[i]))
                FAIL("dot dimension %lld is both a batch and a contracting dimension", (long long)(side ? d.rc : d.lc)[i]);
    for (int i = 0; i < d.nb; i++)
        if (in[0].dims[d.lb[i]] != in[1].dims[d.rb[i]])
            FAIL("dot batch dimensions differ: %lld vs %lld (%s . %s)", (long long)in[0].dims[d.lb[i]],
                 (long long)in[1].dims[d.rb[i]], pg_shape_str(&in[0], a, sizeof a), pg_shape_str(&in[1], b, sizeof b));
    for (int i = 0; i < d.nc; i++)
        if (in[0].dims[d.lc[i]] != in[1].dims[d.rc[i]])
            FAIL("dot contracting dimensions differ: %lld vs %lld (%s . %s)", (long long)in[0].dims[d.lc[i]],
                 (long long)in[1].dims[d.rc[i]], pg_shape_str(&in[0], a, sizeof a), pg_shape_str(&in[1], b, sizeof b));
    if ((in[0].et == PG_ET_PRED) != (in[1].et == PG_ET_PRED) || in[0].et == PG_ET_PRED)
        FAIL("dot is not defined on pred operands");
    int r = 0;
    for (int i = 0; i < d.nb; i++) out->dims[r++] = in[0].dims[d.lb[i]];
    for (int side = 0; side < 2; side++)
        for (int k = 0; k < in[side].rank; k++)
            if (!in_list(side ? d.rb : d.lb, d.nb, k) && !in_list(side ? d.rc : d.lc, d.nc, k)) {
                if (r == PG_MAX_RANK) FAIL("dot result has more than %d dimensions", PG_MAX_RANK);
                out->dims[r++] = in[side].dims[k];
            }
    out->rank = r;
    /* the result type is declared (bf16 x bf16 -> f32, s8 x s8 -> s32 are allowed) */
    if (out->et == PG_ET_PRED) FAIL("dot cannot produce pred");
    if (!pg_et_is_float(out->et) && (pg_et_is_float(in[0].et) || pg_et_is_float(in[1].et)))
        FAIL("dot of floating-point operands cannot produce %s", pg_et_name(out->et));
    if (!pg_shape_valid(out)) FAIL("dot result is too large");
    return 1;
}

/* index_count: size of the index vector of indices shape s (1 when
 * index_vector_dim == rank) */
static int index_vector(const pg_shape *s, int64_t ivd, int64_t *count, char *err, size_t errlen) {
    if (ivd < 0 || ivd > s->rank) FAIL("index_vector_dim %lld outside [0,%d]", (long long)ivd, s->rank);
    if (pg_et_is_float(s->et) || s->et == PG_ET_PRED) FAIL("indices must be integers, got %s", pg_et_name(s->et));
    *count = ivd == s->rank ? 1 : s->dims[ivd];
    return 1;
}

int pg_infer_gather(const pg_shape *in, int nin, const int64_t *attr, int nattr, pg_shape *out, char *err, size_t errlen) {
    pg_gather_dims g;
    int64_t nidx;
    if (nin != 2) FAIL("gather takes 2 operands (operand, start_indices), got %d", nin);
    if (!pg_gather_decode(attr, nattr, &g)) FAIL("gather needs offset_dims, collapsed_slice_dims, start_index_map, index_vector_dim and slice_sizes");
    const pg_shape *op = &in[0], *ix = &in[1];
    if (!index_vector(ix, g.ivd, &nidx, err, errlen)) return 0;
    if (g.nsizes != op->rank) FAIL("gather slice_sizes has %d entries for an operand of rank %d", g.nsizes, op->rank);
    if (nidx != g.ns) FAIL("gather start_index_map has %d entries but the index vector has %lld", g.ns, (long long)nidx);
    for (int i = 0; i < op->rank; i++)
        if (g.sizes[i] < 0 || g.sizes[i] > op->dims[i])
            FAIL("gather slice size %lld is outside dimension %d of size %lld", (long long)g.sizes[i], i, (long long)op->dims[i]);
    if (!pg_check_dims_list(g.collapsed, g.nc, op->rank, err, errlen) || !pg_check_dims_list(g.sim, g.ns, op->rank, err, errlen))
        return 0;
    if (!sorted(g.collapsed, g.nc)) FAIL("gather collapsed_slice_dims must be sorted");
    for (int i = 0; i < g.nc; i++)
        if (g.sizes[g.collapsed[i]] > 1) FAIL("gather collapses dimension %lld whose slice size is %lld", (long long)g.collapsed[i], (long long)g.sizes[g.collapsed[i]]);
    int batch = ix->rank - (g.ivd < ix->rank ? 1 : 0);
    if (g.no != op->rank - g.nc) FAIL("gather offset_dims has %d entries, expected %d", g.no, op->rank - g.nc);
    if (batch + g.no > PG_MAX_RANK) FAIL("gather result has more than %d dimensions", PG_MAX_RANK);
    if (!pg_check_dims_list(g.offset, g.no, batch + g.no, err, errlen)) return 0;
    if (!sorted(g.offset, g.no)) FAIL("gather offset_dims must be sorted");
    out->rank = batch + g.no;
    out->et = op->et;
    for (int d = 0, b = 0, k = 0; d < out->rank; d++) {
        if (in_list(g.offset, g.no, d)) { /* offset dims take the uncollapsed slice sizes in order */
            while (in_list(g.collapsed, g.nc, k)) k++;
            out->dims[d] = g.sizes[k++];
        } else {
            if (b == g.ivd && g.ivd < ix->rank) b++;
            out->dims[d] = ix->dims[b++];
        }
    }
    return 1;
}

int pg_infer_scatter(const pg_shape *in, int nin, const int64_t *attr, int nattr, pg_shape *out, char *err, size_t errlen) {
    char a[160], b[160];
    pg_gather_dims g;
    int64_t nidx;
    if (nin != 3) FAIL("scatter takes 3 operands (operand, scatter_indices, updates), got %d", nin);
    if (!pg_gather_decode(attr, nattr, &g) || g.nsizes != 0)
        FAIL("scatter needs update_window_dims, inserted_window_dims, scatter_dims_to_operand_dims and index_vector_dim");
    const pg_shape *op = &in[0], *ix = &in[1], *up = &in[2];
    if (!index_vector(ix, g.ivd, &nidx, err, errlen)) return 0;
    if (up->et != op->et) FAIL("scatter updates %s differ in type from the operand %s", pg_shape_str(up, a, sizeof a), pg_shape_str(op, b, sizeof b));
    if (nidx != g.ns) FAIL("scatter_dims_to_operand_dims has %d entries but the index vector has %lld", g.ns, (long long)nidx);
    if (!pg_check_dims_list(g.offset, g.no, up->rank, err, errlen) || !pg_check_dims_list(g.collapsed, g.nc, op->rank, err, errlen) ||
        !pg_check_dims_list(g.sim, g.ns, op->rank, err, errlen))
        return 0;
    if (!sorted(g.offset, g.no) || !sorted(g.collapsed, g.nc)) FAIL("scatter update_window_dims and inserted_window_dims must be sorted");
    if (g.no + g.nc != op->rank) FAIL("scatter window has %d + %d dimensions for an operand of rank %d", g.no, g.nc, op->rank);
    int batch = ix->rank - (g.ivd < ix->rank ? 1 : 0);
    if (up->rank != batch + g.no) FAIL("scatter updates have rank %d, expected %d", up->rank, batch + g.no);
    for (int d = 0, bi = 0, k = 0; d < up->rank; d++) {
        if (in_list(g.offset, g.no, d)) {
            while (in_list(g.collapsed, g.nc, k)) k++;
            if (up->dims[d] > op->dims[k])
                FAIL("scatter update window dimension %d (size %lld) is larger than operand dimension %d (size %lld)", d,
                     (long long)up->dims[d], k, (long long)op->dims[k]);
            k++;
        } else {
            if (bi == g.ivd && g.ivd < ix->rank) bi++;
            if (up->dims[d] != ix->dims[bi])
                FAIL("scatter update dimension %d (size %lld) does not match indices dimension %d (size %lld)", d,
                     (long long)up->dims[d], bi, (long long)ix->dims[bi]);
            bi++;
        }
    }
    *out = *op;
    return 1;
}

int pg_infer_dynamic_slice(pg_op op, const pg_shape *in, int nin, const int64_t *attr, int nattr, pg_shape *out,
                           char *err, size_t errlen) {
    char a[160], b[160];
    int upd = op == PG_OP_DYNAMIC_UPDATE_SLICE;
    int r = in[0].rank;
    if (nin != 1 + upd + r)
        FAIL("%s takes %d operands (%s and one scalar index per dimension), got %d", pg_op_name(op), 1 + upd + r,
             upd ? "operand, update" : "operand", nin);
    for (int k = 1 + upd; k < nin; k++)
        if (in[k].rank != 0 || pg_et_is_float(in[k].et) || in[k].et == PG_ET_PRED || in[k].et != in[1 + upd].et)
            FAIL("%s start index %d must be an integer scalar of the same type as the others, got %s", pg_op_name(op),
                 k - 1 - upd, pg_shape_str(&in[k], a, sizeof a));
    if (upd) {
        if (in[1].rank != r || in[1].et != in[0].et) FAIL("dynamic-update-slice update %s does not fit operand %s",
                                                         pg_shape_str(&in[1], a, sizeof a), pg_shape_str(&in[0], b, sizeof b));
        for (int d = 0; d < r; d++)
            if (in[1].dims[d] > in[0].dims[d]) FAIL("dynamic-update-slice update %s does not fit operand %s",
                                                    pg_shape_str(&in[1], a, sizeof a), pg_shape_str(&in[0], b, sizeof b));
        *out = in[0];
        return 1;
    }
    if (nattr != r) FAIL("dynamic-slice needs dynamic_slice_sizes for each of the %d dimensions", r);
    for (int d = 0; d < r; d++)
        if (attr[d] < 0 || attr[d] > in[0].dims[d])
            FAIL("dynamic-slice size %lld is outside dimension %d of size %lld", (long long)attr[d], d, (long long)in[0].dims[d]);
    out->rank = r;
    out->et = in[0].et;
    for (int d = 0; d < r; d++) out->dims[d] = attr[d];
    return 1;
}

int pg_infer_pad(const pg_shape *in, int nin, const int64_t *attr, int nattr, pg_shape *out, char *err, size_t errlen) {
    char a[160];
    if (nin != 2) FAIL("pad takes 2 operands (operand, padding value), got %d", nin);
    if (in[1].rank != 0 || in[1].et != in[0].et) FAIL("pad value must be a %s scalar, got %s", pg_et_name(in[0].et), pg_shape_str(&in[1], a, sizeof a));
    int r = in[0].rank;
    if (nattr != 3 * r) FAIL("pad needs low_high_interior for each of the %d dimensions", r);
    *out = in[0];
    for (int d = 0; d < r; d++) {
        int64_t n = in[0].dims[d], lo = attr[d], hi = attr[r + d], it = attr[2 * r + d];
        if (lo < 0 || hi < 0 || it < 0 || lo > ((int64_t)1 << 40) || hi > ((int64_t)1 << 40) || it > ((int64_t)1 << 40))
            FAIL("pad sizes of dimension %d must be in [0, 2^40]", d);
        int64_t inner = 0;
        if (n > 0 && !pg_mul_ok(n - 1, it, &inner)) FAIL("pad result is too large");
        out->dims[d] = lo + hi + n + inner;
    }
    if (!pg_shape_valid(out)) FAIL("pad result is too large");
    return 1;
}
