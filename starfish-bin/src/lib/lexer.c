/* lexer.c - see lexer.h */
#include "lexer.h"
#include <stdio.h>
#include <string.h>

void pg_lex_init(pg_lexer *lx, const char *text, size_t len) {
    lx->p = text; lx->end = text + len; lx->line = 1; lx->col = 1;
}

static void adv(pg_lexer *lx) {
    if (*lx->p == '\n') { lx->line++; lx->col = 1; } else lx->col++;
    lx->p++;
}

static int is_id0(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$'; }
static int is_dig(int c) { return c >= '0' && c <= '9'; }
static int is_id(int c) { return is_id0(c) || is_dig(c) || c == '.' || c == '-'; }

static int skip_space(pg_lexer *lx, pg_diag *d) {
    for (;;) {
        if (lx->p >= lx->end) return 1;
        char c = *lx->p;
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') { adv(lx); continue; }
        if (c == '/' && lx->p + 1 < lx->end && lx->p[1] == '/') {
            while (lx->p < lx->end && *lx->p != '\n') adv(lx);
            continue;
        }
        if (c == '/' && lx->p + 1 < lx->end && lx->p[1] == '*') {
            int l = lx->line, cc = lx->col;
            adv(lx); adv(lx);
            for (;;) {
                if (lx->p + 1 >= lx->end) return pg_diag_set(d, l, cc, "unterminated /* comment");
                if (lx->p[0] == '*' && lx->p[1] == '/') { adv(lx); adv(lx); break; }
                adv(lx);
            }
            continue;
        }
        return 1;
    }
}

static int word_at(const pg_lexer *lx, const char *w) {
    size_t n = strlen(w);
    return (size_t)(lx->end - lx->p) >= n && memcmp(lx->p, w, n) == 0 &&
           (lx->p + n == lx->end || !is_id(lx->p[n]));
}

static void lex_number(pg_lexer *lx) {
    if (*lx->p == '-' || *lx->p == '+') adv(lx);
    if (word_at(lx, "inf") || word_at(lx, "nan")) { adv(lx); adv(lx); adv(lx); return; }
    while (lx->p < lx->end && is_dig(*lx->p)) adv(lx);
    if (lx->p < lx->end && *lx->p == '.') { adv(lx); while (lx->p < lx->end && is_dig(*lx->p)) adv(lx); }
    if (lx->p < lx->end && (*lx->p == 'e' || *lx->p == 'E')) {
        const char *q = lx->p + 1;
        if (q < lx->end && (*q == '+' || *q == '-')) q++;
        if (q < lx->end && is_dig(*q)) {
            adv(lx);
            if (*lx->p == '+' || *lx->p == '-') adv(lx);
            while (lx->p < lx->end && is_dig(*lx->p)) adv(lx);
        }
    }
}

int pg_lex_next(pg_lexer *lx, pg_token *t, pg_diag *d) {
    if (!skip_space(lx, d)) return 0;
    t->line = lx->line; t->col = lx->col; t->pct = 0; t->s = lx->p; t->n = 0;
    if (lx->p >= lx->end) { t->k = PG_T_EOF; return 1; }
    char c = *lx->p;
    if (c == 0) return pg_diag_set(d, t->line, t->col, "NUL byte in input");
    if (c == '%' && lx->p + 1 < lx->end && is_id0(lx->p[1])) {
        adv(lx); t->pct = 1; t->s = lx->p;
        while (lx->p < lx->end && is_id(*lx->p)) adv(lx);
        t->k = PG_T_IDENT;
    } else if (is_id0(c)) {
        if (word_at(lx, "inf") || word_at(lx, "nan")) { lex_number(lx); t->k = PG_T_NUM; }
        else { while (lx->p < lx->end && is_id(*lx->p)) adv(lx); t->k = PG_T_IDENT; }
    } else if (is_dig(c) || ((c == '-' || c == '+') && lx->p + 1 < lx->end &&
               (is_dig(lx->p[1]) || lx->p[1] == 'i' || lx->p[1] == 'n'))) {
        const char *q = lx->p + 1;
        if (!is_dig(c) && !is_dig(*q) && !(lx->end - q >= 3 && (memcmp(q, "inf", 3) == 0 || memcmp(q, "nan", 3) == 0))) {
            adv(lx); t->k = PG_T_OTHER;
        } else { lex_number(lx); t->k = PG_T_NUM; }
    } else if (c == '"') {
        adv(lx); t->s = lx->p;
        while (lx->p < lx->end && *lx->p != '"') {
            if (*lx->p == '\\' && lx->p + 1 < lx->end) adv(lx);
            adv(lx);
        }
        if (lx->p >= lx->end) return pg_diag_set(d, t->line, t->col, "unterminated string");
        t->n = (size_t)(lx->p - t->s);
        adv(lx);
        t->k = PG_T_STR;
        return 1;
    } else if (c == '-' && lx->p + 1 < lx->end && lx->p[1] == '>') {
        adv(lx); adv(lx); t->k = PG_T_ARROW;
    } else {
        adv(lx);
        switch (c) {
        case '{': t->k = PG_T_LBRACE; break;
        case '}': t->k = PG_T_RBRACE; break;
        case '(': t->k = PG_T_LPAREN; break;
        case ')': t->k = PG_T_RPAREN; break;
        case '[': t->k = PG_T_LBRACK; break;
        case ']': t->k = PG_T_RBRACK; break;
        case ',': t->k = PG_T_COMMA; break;
        case '=': t->k = PG_T_EQ; break;
        case ':': t->k = PG_T_COLON; break;
        default: t->k = PG_T_OTHER; break;
        }
    }
    t->n = (size_t)(lx->p - t->s);
    return 1;
}

int pg_tok_is(const pg_token *t, const char *s) {
    return t->k == PG_T_IDENT && !t->pct && strlen(s) == t->n && memcmp(t->s, s, t->n) == 0;
}

const char *pg_tok_desc(const pg_token *t, char *buf, size_t n) {
    if (t->k == PG_T_EOF) { snprintf(buf, n, "end of input"); return buf; }
    size_t len = t->n > 40 ? 40 : t->n;
    char tmp[48];
    size_t j = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)t->s[i];
        tmp[j++] = (c >= 0x20 && c < 0x7f) ? (char)c : '?';
    }
    tmp[j] = 0;
    snprintf(buf, n, "%s'%s%s%s'", t->k == PG_T_STR ? "string " : "", t->pct ? "%" : "", tmp,
             t->n > 40 ? "..." : "");
    return buf;
}

size_t pg_lex_extent(const char *text, size_t len, int line, int col) {
    if (!text || line < 1 || col < 1) return 0;
    size_t at = 0;
    for (int l = 1; l < line; l++) {
        const char *nl = memchr(text + at, '\n', len - at);
        if (!nl) return 0;
        at = (size_t)(nl - text) + 1;
    }
    const char *nl = memchr(text + at, '\n', len - at);
    size_t end = nl ? (size_t)(nl - text) : len;
    if ((size_t)col - 1 >= end - at) return 0;
    pg_lexer lx;
    pg_token t;
    pg_diag scratch;
    pg_lex_init(&lx, text + at + (size_t)col - 1, len - at - (size_t)col + 1);
    if (!pg_lex_next(&lx, &t, &scratch) || t.k == PG_T_EOF || t.line != 1 || t.col != 1) return 0;
    return (size_t)(lx.p - (text + at + (size_t)col - 1));
}
