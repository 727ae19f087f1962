/* kprog_read.c - reader of the penguin/BIR text forms (see kprog_io.h). */
#include "kprog_io.h"
#include "et.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXW 16

typedef struct { const char *s; size_t n; int col; } word;

typedef struct {
    pg_kprog *k; pg_diag *d; int line; int bir;
    word w[MAXW]; int nw;
    const char *rest; const char *end; /* for long data lines */
} rd;

static int wis(const word *w, const char *s) { return strlen(s) == w->n && memcmp(w->s, s, w->n) == 0; }

static int bad(rd *r, int col, const char *msg) {
    return pg_diag_set(r->d, r->line, col, "%s", msg);
}

static int to_i64(const word *w, int64_t *v) {
    char tmp[32];
    if (w->n == 0 || w->n >= sizeof tmp) return 0;
    memcpy(tmp, w->s, w->n); tmp[w->n] = 0;
    char *e;
    long long x = strtoll(tmp, &e, 10);
    if (*e || x < -1 || x > ((long long)1 << 50)) return 0;
    *v = x;
    return 1;
}

static int tensor_ref(rd *r, const word *w, int *idx) {
    char name[PG_MAX_NAME + 1];
    if (w->n >= sizeof name) return bad(r, w->col, "tensor name too long");
    memcpy(name, w->s, w->n); name[w->n] = 0;
    *idx = pg_kprog_find(r->k, name);
    if (*idx < 0) return pg_diag_set(r->d, r->line, w->col, "unknown tensor '%s'", name);
    return 1;
}

static int shape(rd *r, const word *w, pg_shape *s) {
    pg_diag d = {0};
    if (pg_parse_shape(w->s, w->n, s, &d)) return 1;
    return pg_diag_set(r->d, r->line, w->col + d.col - 1, "%s", d.msg);
}

static int rec_tensor(rd *r) {
    static const char *roles[] = {"input", "const", "temp", "output"};
    if (r->nw < 4) return bad(r, 1, "tensor needs NAME SHAPE ROLE");
    pg_shape s;
    if (!shape(r, &r->w[2], &s)) return 0;
    int role = -1;
    for (int i = 0; i < 4; i++) if (wis(&r->w[3], roles[i])) role = i;
    if (role < 0) return bad(r, r->w[3].col, "role must be input, const, temp or output");
    char name[PG_MAX_NAME + 1];
    if (r->w[1].n >= sizeof name) return bad(r, r->w[1].col, "tensor name too long");
    memcpy(name, r->w[1].s, r->w[1].n); name[r->w[1].n] = 0;
    if (pg_kprog_find(r->k, name) >= 0) return pg_diag_set(r->d, r->line, r->w[1].col, "tensor '%s' declared twice", name);
    int64_t index = 0;
    int wi = 4;
    if ((role == PG_ROLE_INPUT || role == PG_ROLE_OUTPUT)) {
        if (r->nw < 5 || !to_i64(&r->w[4], &index) || index < 0 || index > 100000)
            return bad(r, r->nw > 4 ? r->w[4].col : 1, "input/output tensor needs its number");
        wi = 5;
    }
    int t = pg_kprog_add_tensor(r->k, name, &s, (pg_role)role, (int)index);
    if (t < 0) return bad(r, 1, "out of memory");
    r->k->t[t].line = r->line;
    for (; wi < r->nw; wi++) {
        word *w = &r->w[wi];
        int64_t v;
        word val = {w->s, w->n, w->col};
        const char *eq = memchr(w->s, '=', w->n);
        if (!eq) return bad(r, w->col, "expected offset=N or bytes=N");
        val.s = eq + 1; val.n = w->n - (size_t)(eq + 1 - w->s);
        if (!to_i64(&val, &v)) return bad(r, w->col, "malformed number");
        if ((size_t)(eq - w->s) == 6 && memcmp(w->s, "offset", 6) == 0) r->k->t[t].offset = v;
        else if ((size_t)(eq - w->s) == 5 && memcmp(w->s, "bytes", 5) == 0) r->k->t[t].bytes = v;
        else return bad(r, w->col, "unknown tensor attribute");
    }
    return 1;
}

/* count_values: the number of space-separated words in [p, e) */
static int64_t count_values(const char *p, const char *e) {
    int64_t n = 0;
    for (int in_word = 0; p < e; p++) {
        int sp = *p == ' ' || *p == '\t' || *p == '\r';
        if (!sp && !in_word) n++;
        in_word = !sp;
    }
    return n;
}

static int rec_data(rd *r, const char *p, const char *e) {
    int t;
    if (r->nw < 2 || !tensor_ref(r, &r->w[1], &t)) return r->nw < 2 ? bad(r, 1, "data needs a tensor name") : 0;
    pg_ktensor *kt = &r->k->t[t];
    if (kt->role != PG_ROLE_CONST || kt->data) return bad(r, r->w[1].col, "data for a non-constant or twice");
    int64_t n = pg_shape_numel(&kt->shape), have = count_values(r->w[1].s + r->w[1].n, e);
    /* the values are counted and the size capped before allocating */
    if (have != n)
        return pg_diag_set(r->d, r->line, 1, "constant '%s' needs %lld values, got %lld", kt->name, (long long)n,
                           (long long)have);
    int size = pg_et_size(kt->shape.et);
    if (n * size > PG_MAX_TENSOR_BYTES)
        return pg_diag_set(r->d, r->line, 1, "constant '%s' needs %lld bytes, more than the %lld-byte limit per tensor",
                           kt->name, (long long)(n * size), (long long)PG_MAX_TENSOR_BYTES);
    kt->data = pg_arena_alloc(&r->k->arena, (size_t)(n ? n * size : 1));
    if (!kt->data) return bad(r, 1, "out of memory");
    p = r->w[1].s + r->w[1].n;
    for (;;) {
        while (p < e && *p == ' ') p++;
        if (p >= e) break;
        char tmp[48]; size_t m = 0;
        const char *q = p;
        while (q < e && *q != ' ' && m < sizeof tmp - 1) tmp[m++] = *q++;
        tmp[m] = 0;
        char *end = tmp;
        pg_et et = kt->shape.et;
        if (kt->ndata >= n) return bad(r, (int)(p - r->rest) + 1, "too many values for the tensor");
        if (et == PG_ET_F64) pg_st_f(et, kt->data, kt->ndata, strtod(tmp, &end));
        else if (pg_et_is_float(et)) pg_st_f(et, kt->data, kt->ndata, strtof(tmp, &end));
        else if (pg_et_is_signed(et)) pg_st_i(et, kt->data, kt->ndata, (uint64_t)strtoll(tmp, &end, 10));
        else if (tmp[0] != '-') pg_st_i(et, kt->data, kt->ndata, strtoull(tmp, &end, 10));
        if (*end || m == 0 || (q < e && *q != ' ')) return bad(r, (int)(p - r->rest) + 1, "malformed number");
        kt->ndata++;
        p = q;
    }
    if (kt->ndata != n) return pg_diag_set(r->d, r->line, 1, "constant '%s' needs %lld values, got %lld", kt->name,
                                           (long long)n, (long long)kt->ndata);
    return 1;
}

static int rec_inst(rd *r) {
    pg_kinst in = {.dst = -1, .line = r->line};
    if (wis(&r->w[0], "dump")) {
        if (!r->bir) return bad(r, 1, "dump is BIR only");
        if (r->nw != 2 || !tensor_ref(r, &r->w[1], &in.src[0])) return r->nw != 2 ? bad(r, 1, "dump needs one tensor") : 0;
        in.op = PG_OP_DUMP; in.nsrc = 1;
        return pg_kprog_add_inst(r->k, &in) || bad(r, 1, "out of memory");
    }
    if (r->nw < 3) return bad(r, 1, "instruction needs KIND DST SRC...");
    char kind[32];
    if (r->w[1].n >= sizeof kind) return bad(r, r->w[1].col, "unknown instruction kind");
    memcpy(kind, r->w[1].s, r->w[1].n); kind[r->w[1].n] = 0;
    in.op = pg_op_from_name(kind);
    if (in.op == PG_OP_INVALID || in.op == PG_OP_PARAMETER || in.op == PG_OP_CONSTANT || in.op == PG_OP_TUPLE ||
        in.op == PG_OP_DUMP || in.op == PG_OP_FUSION || in.op == PG_OP_CALL)
        return pg_diag_set(r->d, r->line, r->w[1].col, "unknown instruction kind '%s'", kind);
    if (!tensor_ref(r, &r->w[2], &in.dst)) return 0;
    for (int i = 3; i < r->nw; i++) {
        word *w = &r->w[i];
        if (w->n > 5 && memcmp(w->s, "attr=", 5) == 0) {
            const char *p = w->s + 5, *e = w->s + w->n;
            if (e - p == 1 && *p == '-') continue;
            while (p < e) {
                if (in.nattr == PG_MAX_ATTR) return bad(r, w->col, "too many attributes");
                const char *q = memchr(p, ',', (size_t)(e - p));
                if (!q) q = e;
                word v = {p, (size_t)(q - p), w->col};
                if (!to_i64(&v, &in.attr[in.nattr]) || in.attr[in.nattr] < 0) return bad(r, w->col, "malformed attr");
                in.nattr++;
                p = q < e ? q + 1 : e;
            }
        } else if (w->n > 5 && memcmp(w->s, "nest=", 5) == 0) {
            continue;
        } else if (w->n > 3 && memcmp(w->s, "fn=", 3) == 0) {
            if (!pg_fn_from_name(in.op, w->s + 3, w->n - 3, &in.fn)) return bad(r, w->col, "unknown fn");
        } else {
            if (in.nsrc == PG_MAX_SRC) return bad(r, w->col, "too many operands");
            if (!tensor_ref(r, w, &in.src[in.nsrc])) return 0;
            in.nsrc++;
        }
    }
    return pg_kprog_add_inst(r->k, &in) || bad(r, 1, "out of memory");
}

static int record(rd *r, const char *p, const char *e) {
    const word *w0 = &r->w[0];
    if (wis(w0, "module") && r->nw == 2) {
        r->k->module = pg_arena_strndup(&r->k->arena, r->w[1].s, r->w[1].n);
        return r->k->module ? 1 : bad(r, 1, "out of memory");
    }
    if (wis(w0, "buffer_bytes") && r->bir && r->nw == 2) {
        if (!to_i64(&r->w[1], &r->k->buffer_bytes) || r->k->buffer_bytes <= 0) return bad(r, r->w[1].col, "bad buffer size");
        return 1;
    }
    if (wis(w0, "tensor")) return rec_tensor(r);
    if (wis(w0, "data")) return rec_data(r, p, e);
    if (wis(w0, r->bir ? "inst" : "op") || wis(w0, "dump")) return rec_inst(r);
    return pg_diag_set(r->d, r->line, 1, "unknown record '%.*s'", (int)(w0->n > 40 ? 40 : w0->n), w0->s);
}

int pg_kprog_read(const char *text, size_t len, int bir, pg_kprog *k, pg_diag *d) {
    rd r = {.k = k, .d = d, .bir = bir};
    const char *p = text, *end = text + len;
    int seen_header = 0, seen_end = 0;
    while (p < end) {
        const char *e = memchr(p, '\n', (size_t)(end - p));
        if (!e) e = end;
        r.line++;
        r.rest = p;
        r.nw = 0;
        for (const char *q = p; q < e && r.nw < MAXW;) {
            while (q < e && (*q == ' ' || *q == '\t' || *q == '\r')) q++;
            if (q >= e) break;
            const char *s = q;
            while (q < e && *q != ' ' && *q != '\t' && *q != '\r') q++;
            r.w[r.nw++] = (word){s, (size_t)(q - s), (int)(s - p) + 1};
        }
        if (r.nw > 0 && r.w[0].s[0] != '#') {
            if (seen_end) return bad(&r, 1, "text after 'end'");
            if (!seen_header) {
                if (r.nw != 2 || !wis(&r.w[0], bir ? "bir" : "penguin") || !wis(&r.w[1], "1"))
                    return bad(&r, 1, bir ? "expected header 'bir 1'" : "expected header 'penguin 1'");
                seen_header = 1;
            } else if (wis(&r.w[0], "end") && r.nw == 1) {
                seen_end = 1;
            } else if (!record(&r, p, e)) {
                return 0;
            }
        }
        p = e < end ? e + 1 : end;
    }
    if (!seen_header) return pg_diag_set(d, 1, 1, "empty file (expected '%s 1')", bir ? "bir" : "penguin");
    if (!seen_end) return pg_diag_set(d, r.line, 1, "missing 'end' (truncated file?)");
    for (int i = 0; i < k->nt; i++)
        if (k->t[i].role == PG_ROLE_CONST && !k->t[i].data)
            return pg_diag_set(d, k->t[i].line, 1, "constant '%s' has no data line", k->t[i].name);
    return 1;
}
