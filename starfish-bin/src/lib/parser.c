/* parser.c - HLO module structure: header, computations, shapes. */
#include "parser_int.h"
#include "hint.h"
#include <stdlib.h>
#include <string.h>

_Noreturn void pp_fail(pg_parser *p, int line, int col, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    pg_diag_vset(p->d, line, col, fmt, ap);
    va_end(ap);
    longjmp(p->jb, 1);
}

void pp_next(pg_parser *p) {
    if (!pg_lex_next(&p->lx, &p->tok, p->d)) longjmp(p->jb, 1);
}

pg_token pp_peek2(pg_parser *p) {
    pg_lexer save = p->lx;
    pg_token t;
    pg_diag scratch;
    if (!pg_lex_next(&save, &t, &scratch)) t.k = PG_T_EOF;
    return t;
}

pg_token pp_expect(pg_parser *p, pg_tokkind k, const char *what) {
    char b[80];
    if (p->tok.k != k)
        pp_fail(p, p->tok.line, p->tok.col, "expected %s, found %s", what, pg_tok_desc(&p->tok, b, sizeof b));
    pg_token t = p->tok;
    pp_next(p);
    return t;
}

void *pp_alloc(pg_parser *p, size_t n) {
    void *r = pg_arena_alloc(&p->m->arena, n);
    if (!r) pp_fail(p, p->tok.line, p->tok.col, "out of memory");
    return r;
}

const char *pp_str(pg_parser *p, const pg_token *t) {
    char *s = pg_arena_strndup(&p->m->arena, t->s, t->n);
    if (!s) pp_fail(p, t->line, t->col, "out of memory");
    return s;
}

void pp_grow(pg_parser *p, void **arr, int *cap, int n, size_t elem) {
    if (n < *cap) return;
    if (*cap >= 1 << 29) pp_fail(p, p->tok.line, p->tok.col, "more than %d elements in one list", 1 << 29);
    int nc = *cap ? *cap * 2 : 2;
    void *na = pp_alloc(p, (size_t)nc * elem);
    if (*arr) memcpy(na, *arr, (size_t)*cap * elem);
    *arr = na;
    *cap = nc;
}

int64_t pp_int(pg_parser *p, const char *what) {
    char b[80];
    pg_token t = p->tok;
    if (t.k != PG_T_NUM || t.n > 12)
        pp_fail(p, t.line, t.col, "expected %s, found %s", what, pg_tok_desc(&t, b, sizeof b));
    int64_t v = 0;
    for (size_t i = 0; i < t.n; i++) {
        if (t.s[i] < '0' || t.s[i] > '9')
            pp_fail(p, t.line, t.col, "expected %s, found %s", what, pg_tok_desc(&t, b, sizeof b));
        v = v * 10 + (t.s[i] - '0');
    }
    pp_next(p);
    return v;
}

static void skip_group(pg_parser *p) {
    int depth = 0;
    do {
        if (p->tok.k == PG_T_EOF) pp_fail(p, p->tok.line, p->tok.col, "unbalanced brackets at end of input");
        if (p->tok.k == PG_T_LBRACE || p->tok.k == PG_T_LPAREN || p->tok.k == PG_T_LBRACK) depth++;
        if (p->tok.k == PG_T_RBRACE || p->tok.k == PG_T_RPAREN || p->tok.k == PG_T_RBRACK) depth--;
        pp_next(p);
    } while (depth > 0);
}

void pp_skip_value(pg_parser *p) {
    pg_tokkind k = p->tok.k;
    if (k == PG_T_LBRACE || k == PG_T_LPAREN || k == PG_T_LBRACK) { skip_group(p); return; }
    if (k == PG_T_EOF || k == PG_T_COMMA || k == PG_T_RPAREN || k == PG_T_RBRACE) {
        char b[80];
        pp_fail(p, p->tok.line, p->tok.col, "expected an attribute value, found %s", pg_tok_desc(&p->tok, b, sizeof b));
    }
    int line = p->tok.line;
    pp_next(p);
    while (p->tok.line == line && p->tok.k != PG_T_EOF && p->tok.k != PG_T_COMMA &&
           p->tok.k != PG_T_RPAREN && p->tok.k != PG_T_RBRACE) {
        if (p->tok.k == PG_T_LBRACE || p->tok.k == PG_T_LPAREN || p->tok.k == PG_T_LBRACK) skip_group(p);
        else pp_next(p);
    }
}

/* layout: `{minor_to_major...[:tiling etc.]}`, ignored but for whether the
 * order is not row-major (rank-1, ..., 0): p->layout_nondefault, for bitcast */
static void layout(pg_parser *p, int rank) {
    pp_next(p); /* { */
    int i = 0;
    while (p->tok.k == PG_T_NUM || p->tok.k == PG_T_COMMA) {
        if (p->tok.k == PG_T_NUM) {
            int64_t v = pp_int(p, "a layout dimension");
            if (v != rank - 1 - i) p->layout_nondefault = 1;
            i++;
        } else {
            pp_next(p);
        }
    }
    if (i != 0 && i != rank) p->layout_nondefault = 1;
    for (int depth = 1; depth > 0;) { /* tiling, memory space, ... */
        if (p->tok.k == PG_T_EOF) pp_fail(p, p->tok.line, p->tok.col, "unbalanced brackets at end of input");
        if (p->tok.k == PG_T_LBRACE || p->tok.k == PG_T_LPAREN || p->tok.k == PG_T_LBRACK) depth++;
        if (p->tok.k == PG_T_RBRACE || p->tok.k == PG_T_RPAREN || p->tok.k == PG_T_RBRACK) depth--;
        pp_next(p);
    }
}

int pp_at_shape(pg_parser *p) {
    if (p->tok.k == PG_T_LPAREN) return 1;
    if (p->tok.k != PG_T_IDENT || p->tok.pct) return 0;
    pg_token t2 = pp_peek2(p);
    return t2.k == PG_T_LBRACK;
}

void pp_shape(pg_parser *p, pg_shape *s, pg_shape **tuple, int *ntuple) {
    char b[80];
    memset(s, 0, sizeof *s);
    if (p->tok.k == PG_T_LPAREN) {
        if (!tuple) pp_fail(p, p->tok.line, p->tok.col, "nested tuple shapes are not supported");
        pp_next(p);
        int cap = 0, n = 0;
        pg_shape *arr = NULL;
        while (p->tok.k != PG_T_RPAREN) {
            pp_grow(p, (void **)&arr, &cap, n, sizeof *arr);
            pp_shape(p, &arr[n++], NULL, NULL);
            if (p->tok.k != PG_T_COMMA) break;
            pp_next(p);
        }
        pp_expect(p, PG_T_RPAREN, "')' closing the tuple shape");
        *tuple = arr; *ntuple = n;
        return;
    }
    pg_token t = p->tok;
    if (t.k != PG_T_IDENT || t.pct)
        pp_fail(p, t.line, t.col, "expected a shape such as f32[4,8], found %s", pg_tok_desc(&t, b, sizeof b));
    if (pp_peek2(p).k == PG_T_LPAREN)
        pp_fail(p, t.line, t.col, "missing result shape before %s (a shape such as f32[4,8] is required)",
                pg_tok_desc(&t, b, sizeof b));
    int et = t.pct ? -1 : pg_et_from_name(t.s, t.n);
    if (et < 0)
        pp_fail(p, t.line, t.col, "unsupported element type %s (supported: %s)", pg_tok_desc(&t, b, sizeof b),
                PG_SUPPORTED_TYPES);
    s->et = (pg_et)et;
    pp_next(p);
    pp_expect(p, PG_T_LBRACK, "'[' after the element type");
    while (p->tok.k != PG_T_RBRACK) {
        if (s->rank == PG_MAX_RANK) pp_fail(p, p->tok.line, p->tok.col, "rank above %d is not supported", PG_MAX_RANK);
        if (p->tok.k != PG_T_NUM)
            pp_fail(p, p->tok.line, p->tok.col, "unsupported dimension %s (only static sizes)", pg_tok_desc(&p->tok, b, sizeof b));
        s->dims[s->rank++] = pp_int(p, "a dimension size");
        if (p->tok.k != PG_T_COMMA) break;
        pp_next(p);
    }
    pg_token rb = pp_expect(p, PG_T_RBRACK, "']' closing the dimensions");
    if (!pg_shape_valid(s)) pp_fail(p, t.line, t.col, "shape has too many elements");
    /* a layout is written right after ']' ("f32[4]{0}"); a '{' after a
     * space opens a computation body instead */
    p->layout_nondefault = 0;
    if (p->tok.k == PG_T_LBRACE && p->tok.s == rb.s + 1) layout(p, s->rank);
}

static void signature(pg_parser *p) {
    pp_next(p); /* ( */
    while (p->tok.k != PG_T_RPAREN) {
        pp_expect(p, PG_T_IDENT, "a parameter name");
        pp_expect(p, PG_T_COLON, "':' after the parameter name");
        pg_shape s, *tu = NULL;
        int nt = 0;
        pp_shape(p, &s, &tu, &nt);
        if (p->tok.k != PG_T_COMMA) break;
        pp_next(p);
    }
    pp_expect(p, PG_T_RPAREN, "')' closing the signature");
    pp_expect(p, PG_T_ARROW, "'->' after the signature");
    pg_shape s, *tu = NULL;
    int nt = 0;
    pp_shape(p, &s, &tu, &nt);
}

static void computation(pg_parser *p, int *ncap) {
    pg_comp *c = pp_alloc(p, sizeof *c);
    if (pg_tok_is(&p->tok, "ENTRY")) {
        c->is_entry = 1;
        pp_next(p);
    }
    c->line = p->tok.line; c->col = p->tok.col;
    pg_token nm = pp_expect(p, PG_T_IDENT, "a computation name");
    c->name = pp_str(p, &nm);
    if (p->tok.k == PG_T_LPAREN) signature(p);
    while (p->tok.k == PG_T_COMMA) {
        pp_next(p);
        pp_expect(p, PG_T_IDENT, "an attribute name");
        pp_expect(p, PG_T_EQ, "'='");
        pp_skip_value(p);
    }
    pp_expect(p, PG_T_LBRACE, "'{' opening the computation body");
    int cap = 0;
    while (p->tok.k != PG_T_RBRACE) {
        if (p->tok.k == PG_T_EOF) pp_fail(p, c->line, c->col, "computation '%s' is not closed with '}'", c->name);
        pp_grow(p, (void **)&c->instrs, &cap, c->n_instrs, sizeof *c->instrs);
        pp_instr(p, c);
    }
    pp_next(p);
    if (c->n_instrs == 0) pp_fail(p, c->line, c->col, "computation '%s' is empty", c->name);
    if (c->is_entry) {
        if (p->m->entry) pp_fail(p, c->line, c->col, "more than one ENTRY computation");
        p->m->entry = c;
    }
    pp_grow(p, (void **)&p->m->comps, ncap, p->m->n_comps, sizeof *p->m->comps);
    p->m->comps[p->m->n_comps++] = c;
}

static void parse_all(pg_parser *p, const char *file) {
    pg_module *m = p->m;
    m->file = pp_str(p, &(pg_token){.s = file, .n = strlen(file)});
    pp_next(p);
    /* the HloModule line is optional (XLA prints bare computations too) */
    if (pg_tok_is(&p->tok, "HloModule")) {
        pp_next(p);
        pg_token nm = pp_expect(p, PG_T_IDENT, "the module name");
        m->name = pp_str(p, &nm);
    }
    while (m->name && p->tok.k == PG_T_COMMA) {
        pp_next(p);
        pp_expect(p, PG_T_IDENT, "a module attribute name");
        pp_expect(p, PG_T_EQ, "'=' after the module attribute name");
        pp_skip_value(p);
    }
    int ncap = 0;
    while (p->tok.k != PG_T_EOF) computation(p, &ncap);
    if (!m->n_comps) pp_fail(p, p->tok.line, p->tok.col, "expected 'HloModule' or a computation, found end of input");
    /* as in XLA: without an ENTRY keyword the last computation is the entry */
    if (!m->entry) { m->entry = m->comps[m->n_comps - 1]; m->entry->is_entry = 1; }
    if (!m->name) m->name = m->entry->name;
    pp_check_module(p);
}

/* shape_guarded: one shape and then the end of the text */
static int shape_guarded(pg_parser *p, pg_shape *s) {
    if (setjmp(p->jb)) return 0;
    char b[80];
    pp_next(p);
    pp_shape(p, s, NULL, NULL);
    if (p->tok.k != PG_T_EOF) pp_fail(p, p->tok.line, p->tok.col, "unexpected %s after the shape", pg_tok_desc(&p->tok, b, sizeof b));
    return 1;
}

int pg_parse_shape(const char *text, size_t len, pg_shape *s, pg_diag *d) {
    pg_parser p;
    memset(&p, 0, sizeof p);
    p.d = d;
    pg_lex_init(&p.lx, text, len);
    return shape_guarded(&p, s);
}

/* run_guarded: the setjmp frame; nothing here is modified after setjmp */
static int run_guarded(pg_parser *p, const char *file) {
    if (setjmp(p->jb)) return 0;
    parse_all(p, file);
    return 1;
}

pg_module *pg_parse(const char *text, size_t len, const char *file, pg_diag *d) {
    pg_parser *p = calloc(1, sizeof *p);
    pg_module *m = calloc(1, sizeof *m);
    if (!p || !m) {
        free(p); free(m);
        pg_diag_set(d, 0, 0, "out of memory");
        return NULL;
    }
    pg_arena_init(&m->arena);
    p->m = m; p->d = d;
    pg_lex_init(&p->lx, text, len);
    int ok = run_guarded(p, file ? file : "<input>");
    pg_strmap_free(&p->comp_names);
    pg_strmap_free(&p->instr_names);
    free(p);
    if (!ok) { pg_hint_rejected(text, len, d); pg_module_free(m); return NULL; }
    return m;
}

void pg_module_free(pg_module *m) {
    if (!m) return;
    pg_arena_free(&m->arena);
    free(m);
}
