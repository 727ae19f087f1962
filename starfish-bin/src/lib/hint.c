/* hint.c - see hint.h */
#include "hint.h"
#include "ops.h"
#include <limits.h>
#include <stdio.h>
#include <string.h>

/* XLA's opcodes outside the subset: named as unsupported, never "corrected"
 * to a supported op one letter away (sort is not a misspelt sqrt) */
static const char XLA_ONLY[] =
    " add-dependency after-all all-gather all-gather-done all-gather-start all-reduce all-reduce-done"
    " all-reduce-start all-to-all async-done async-start async-update batch-norm-grad batch-norm-inference"
    " batch-norm-training cholesky collective-broadcast collective-permute collective-permute-done"
    " collective-permute-start complex conditional convolution copy-done copy-start count-leading-zeros"
    " custom-call domain dynamic-reshape fft get-dimension-size imag infeed map optimization-barrier outfeed"
    " partition-id popcnt ragged-all-to-all real recv recv-done reduce-scatter reduce-window replica-id rng"
    " rng-bit-generator rng-get-and-update-state select-and-scatter send send-done set-dimension-size sort"
    " stochastic-convert topk triangular-solve while ";

#define MAX_WORD 64

static int is_xla_only(const char *s, size_t n) {
    char key[MAX_WORD + 3];
    if (n > MAX_WORD) return 0;
    key[0] = ' ';
    memcpy(key + 1, s, n);
    key[n + 1] = ' ';
    key[n + 2] = 0;
    return strstr(XLA_ONLY, key) != NULL;
}

static size_t min3(size_t a, size_t b, size_t c) { return a < b ? (a < c ? a : c) : (b < c ? b : c); }

/* edit distance with adjacent swaps (optimal string alignment); a, b at
 * most MAX_WORD bytes */
static size_t distance(const char *a, size_t na, const char *b, size_t nb) {
    size_t d[MAX_WORD + 1][MAX_WORD + 1];
    for (size_t i = 0; i <= na; i++) d[i][0] = i;
    for (size_t j = 0; j <= nb; j++) d[0][j] = j;
    for (size_t i = 1; i <= na; i++) {
        for (size_t j = 1; j <= nb; j++) {
            size_t cost = a[i - 1] != b[j - 1];
            d[i][j] = min3(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < d[i][j])
                d[i][j] = d[i - 2][j - 2] + 1;
        }
    }
    return d[na][nb];
}

const char *pg_hint_op_suggest(const char *s, size_t n) {
    static char best[MAX_WORD + 1];
    if (n == 0 || n > MAX_WORD || is_xla_only(s, n)) return NULL;
    size_t limit = n / 4 > 1 ? n / 4 : 1, best_d = limit + 1;
    const char *list = pg_supported_ops();
    while (*list) {
        size_t len = strcspn(list, ",");
        if (len <= MAX_WORD) {
            size_t dd = distance(s, n, list, len);
            if (dd < best_d) { best_d = dd; memcpy(best, list, len); best[len] = 0; }
        }
        list += len;
        while (*list == ',' || *list == ' ') list++;
    }
    return best_d <= limit ? best : NULL;
}

const char *pg_hint_op_message(const pg_token *op, char *buf, size_t n) {
    char b[80];
    const char *like = pg_hint_op_suggest(op->s, op->n);
    if (like)
        snprintf(buf, n, "unsupported op %s: did you mean '%s'? (the supported ops are listed in %s)",
                 pg_tok_desc(op, b, sizeof b), like, PG_OPS_DOC);
    else
        snprintf(buf, n, "unsupported op %s (the supported ops are listed in %s)", pg_tok_desc(op, b, sizeof b),
                 PG_OPS_DOC);
    return buf;
}

static int starts_with(const pg_token *t, const char *prefix) {
    size_t n = strlen(prefix);
    return t->k == PG_T_IDENT && !t->pct && t->n > n && memcmp(t->s, prefix, n) == 0;
}

/* mlir_sign: 1 when t (followed by next) shows MLIR text: `module @name`
 * or `module {` first, `func.func`, or a stablehlo/mhlo/chlo op */
static int mlir_sign(const pg_token *t, const pg_token *next, int first) {
    if (first && pg_tok_is(t, "module") && !t->pct &&
        (next->k == PG_T_LBRACE || (next->k == PG_T_OTHER && next->s[0] == '@')))
        return 1;
    return pg_tok_is(t, "func.func") || starts_with(t, "stablehlo.") || starts_with(t, "mhlo.") ||
           starts_with(t, "chlo.");
}

static int ends_shape(pg_tokkind k) { return k == PG_T_RBRACK || k == PG_T_RBRACE || k == PG_T_RPAREN; }

/* scan: the first MLIR sign (mode 0) or the first instruction whose op is
 * outside the subset (mode 1: `= shape op(` on one line); 1 and *d set */
static int scan(const char *text, size_t len, int mode, pg_diag *d) {
    pg_lexer lx;
    pg_diag scratch;
    pg_token prev = {0}, cur, next;
    int eq_line = 0, first = 1;
    pg_lex_init(&lx, text, len);
    if (!pg_lex_next(&lx, &cur, &scratch)) return 0;
    while (cur.k != PG_T_EOF) {
        if (!pg_lex_next(&lx, &next, &scratch)) return 0;
        if (cur.k == PG_T_EQ) eq_line = cur.line;
        if (mode == 0 && mlir_sign(&cur, &next, first)) {
            char b[80];
            pg_diag_set(d, cur.line, cur.col,
                        "found StableHLO (MLIR) text (%s), not HLO text: starfish reads XLA's HLO text; from JAX, "
                        "write jax.jit(f).lower(*args).compiler_ir('hlo').as_hlo_text() to a file and compile that",
                        pg_tok_desc(&cur, b, sizeof b));
            return 1;
        }
        if (mode == 1 && cur.k == PG_T_IDENT && !cur.pct && next.k == PG_T_LPAREN && eq_line == cur.line &&
            prev.line == cur.line && ends_shape(prev.k) && pg_op_from_hlo(cur.s, cur.n) == PG_OP_INVALID &&
            !pg_tok_is(&cur, "bitcast")) {
            char m[256];
            pg_diag_set(d, cur.line, cur.col, "%s", pg_hint_op_message(&cur, m, sizeof m));
            return 1;
        }
        prev = cur;
        cur = next;
        first = 0;
    }
    return 0;
}

void pg_hint_rejected(const char *text, size_t len, pg_diag *d) {
    if (!text || !d) return;
    if (!scan(text, len, 0, d) && strncmp(d->msg, "parameter with a tuple shape", 28) == 0) scan(text, len, 1, d);
    size_t extent = pg_lex_extent(text, len, d->line, d->col);
    d->len = extent > INT_MAX ? INT_MAX : (int)extent;
}
