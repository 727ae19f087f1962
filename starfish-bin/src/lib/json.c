/* json.c - see json.h */
#include "json.h"
#include <stdlib.h>
#include <string.h>

typedef struct { const char *p, *s, *e; pg_arena *a; pg_diag *d; } jp;

static void pos(jp *j, int *line, int *col) {
    *line = 1; *col = 1;
    for (const char *q = j->s; q < j->p; q++) { if (*q == '\n') { (*line)++; *col = 1; } else (*col)++; }
}

static pg_json *fail(jp *j, const char *msg) {
    int l, c;
    pos(j, &l, &c);
    pg_diag_set(j->d, l, c, "%s", msg);
    return NULL;
}

static void ws(jp *j) { while (j->p < j->e && (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r')) j->p++; }

static const char *string(jp *j) {
    j->p++;
    const char *st = j->p;
    size_t n = 0;
    while (j->p < j->e && *j->p != '"') { if (*j->p == '\\') j->p++; j->p++; n++; }
    if (j->p >= j->e) return NULL;
    char *out = pg_arena_alloc(j->a, n + 1), *o = out;
    if (!out) return NULL;
    for (const char *q = st; q < j->p; q++) {
        if (*q != '\\') { *o++ = *q; continue; }
        q++;
        switch (*q) {
        case 'n': *o++ = '\n'; break; case 't': *o++ = '\t'; break; case 'r': *o++ = '\r'; break;
        case 'b': *o++ = '\b'; break; case 'f': *o++ = '\f'; break;
        case 'u': *o++ = '?'; for (int i = 0; i < 4 && q + 1 < j->p; i++) q++; break;
        default: *o++ = *q; break;
        }
    }
    *o = 0;
    j->p++;
    return out;
}

static pg_json *value(jp *j, int depth);

static pg_json *container(jp *j, pg_json *v, int depth, int obj) {
    char close = obj ? '}' : ']';
    int cap = 0;
    j->p++;
    ws(j);
    if (j->p < j->e && *j->p == close) { j->p++; return v; }
    for (;;) {
        if (v->n == cap) {
            int nc = cap ? cap * 2 : 8;
            pg_json **ni = pg_arena_alloc(j->a, sizeof *ni * (size_t)nc);
            const char **nk = pg_arena_alloc(j->a, sizeof *nk * (size_t)nc);
            if (!ni || !nk) return fail(j, "out of memory");
            if (cap) { memcpy(ni, v->items, sizeof *ni * (size_t)cap); memcpy(nk, v->keys, sizeof *nk * (size_t)cap); }
            v->items = ni; v->keys = nk; cap = nc;
        }
        ws(j);
        if (obj) {
            if (j->p >= j->e || *j->p != '"') return fail(j, "expected a member name");
            if (!(v->keys[v->n] = string(j))) return fail(j, "unterminated string");
            ws(j);
            if (j->p >= j->e || *j->p != ':') return fail(j, "expected ':'");
            j->p++;
        }
        if (!(v->items[v->n] = value(j, depth + 1))) return NULL;
        v->n++;
        ws(j);
        if (j->p < j->e && *j->p == ',') { j->p++; continue; }
        if (j->p < j->e && *j->p == close) { j->p++; return v; }
        return fail(j, obj ? "expected ',' or '}'" : "expected ',' or ']'");
    }
}

static pg_json *value(jp *j, int depth) {
    if (depth > 64) return fail(j, "nesting too deep");
    ws(j);
    if (j->p >= j->e) return fail(j, "unexpected end of input");
    pg_json *v = pg_arena_alloc(j->a, sizeof *v);
    if (!v) return fail(j, "out of memory");
    char c = *j->p;
    if (c == '{' || c == '[') { v->k = c == '{' ? PG_J_OBJ : PG_J_ARR; return container(j, v, depth, c == '{'); }
    if (c == '"') { v->k = PG_J_STR; v->str = string(j); return v->str ? v : fail(j, "unterminated string"); }
    static const char *const words[] = {"true", "false", "null"};
    for (int i = 0; i < 3; i++) {
        size_t n = strlen(words[i]);
        if ((size_t)(j->e - j->p) >= n && memcmp(j->p, words[i], n) == 0) {
            j->p += n; v->k = i == 2 ? PG_J_NULL : PG_J_BOOL; v->b = i == 0;
            return v;
        }
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
        char tmp[64]; size_t n = 0;
        while (j->p < j->e && n < 63 && strchr("+-0123456789.eE", *j->p)) tmp[n++] = *j->p++;
        tmp[n] = 0;
        char *end;
        v->k = PG_J_NUM; v->num = strtod(tmp, &end);
        return *end ? fail(j, "malformed number") : v;
    }
    return fail(j, "unexpected character");
}

pg_json *pg_json_parse(pg_arena *a, const char *text, size_t len, pg_diag *d) {
    jp j = {text, text, text + len, a, d};
    pg_json *v = value(&j, 0);
    if (!v) return NULL;
    ws(&j);
    if (j.p != j.e) return fail(&j, "trailing characters after the JSON value");
    return v;
}

const pg_json *pg_json_get(const pg_json *o, const char *key) {
    if (!o || o->k != PG_J_OBJ) return NULL;
    for (int i = 0; i < o->n; i++) if (strcmp(o->keys[i], key) == 0) return o->items[i];
    return NULL;
}
