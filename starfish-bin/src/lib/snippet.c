/* snippet.c - see snippet.h */
#include "snippet.h"
#include <stdio.h>
#include <string.h>

#define TAB_STOP 8

/* One unit of a source line as shown: a character, a tab, or one byte of
 * invalid UTF-8; n source bytes, `width` columns, shown as shown[0..shown_n). */
typedef struct { size_t n, width, shown_n; char shown[16]; } unit;

/* utf8: the code point encoded at s[0..n) and its length, or 0 when s
 * does not start with a well-formed sequence (surrogates are let through:
 * unit_at pairs them or rejects them) */
static size_t utf8(const unsigned char *s, size_t n, uint32_t *cp) {
    unsigned c = s[0];
    size_t k;
    uint32_t v, min;
    if (c < 0x80) { *cp = c; return 1; }
    if (c >= 0xc2 && c <= 0xdf) { k = 2; v = c & 0x1f; min = 0x80; }
    else if (c >= 0xe0 && c <= 0xef) { k = 3; v = c & 0x0f; min = 0x800; }
    else if (c >= 0xf0 && c <= 0xf4) { k = 4; v = c & 0x07; min = 0x10000; }
    else return 0;
    if (n < k) return 0;
    for (size_t i = 1; i < k; i++) {
        if ((s[i] & 0xc0) != 0x80) return 0;
        v = v << 6 | (s[i] & 0x3f);
    }
    if (v < min || v > 0x10ffff) return 0;
    *cp = v;
    return k;
}

static void escaped(unit *u, uint32_t cp, size_t n) {
    int w;
    if (cp == '\r') w = snprintf(u->shown, sizeof u->shown, "\\r");
    else if (cp < 0x80) w = snprintf(u->shown, sizeof u->shown, "\\x%02x", (unsigned)cp);
    else if (cp <= 0xffff) w = snprintf(u->shown, sizeof u->shown, "\\u%04x", (unsigned)cp);
    else w = snprintf(u->shown, sizeof u->shown, "\\U%08x", (unsigned)cp);
    u->n = n;
    u->width = u->shown_n = w > 0 ? (size_t)w : 0;
}

/* unit_at: the unit starting at s[0..n) (n > 0), drawn at column col */
static void unit_at(const unsigned char *s, size_t n, size_t col, unit *u) {
    uint32_t cp = 0, lo = 0;
    size_t k = utf8(s, n, &cp);
    if (s[0] == '\t') {
        u->n = 1;
        u->width = u->shown_n = TAB_STOP - col % TAB_STOP;
        memset(u->shown, ' ', u->shown_n);
        return;
    }
    if (k == 3 && cp >= 0xd800 && cp <= 0xdfff) {
        /* a surrogate pair is how the JVM's modified UTF-8 writes a code point above U+FFFF */
        if (cp <= 0xdbff && utf8(s + 3, n - 3, &lo) == 3 && lo >= 0xdc00 && lo <= 0xdfff) {
            escaped(u, 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00), 6);
            return;
        }
        k = 0;
    }
    if (k == 0) { /* one byte of invalid UTF-8 */
        u->n = 1;
        u->width = u->shown_n = (size_t)snprintf(u->shown, sizeof u->shown, "\\x%02x", s[0]);
        return;
    }
    int w = pg_snippet_cp_width(cp);
    if (w == 0) { escaped(u, cp, k); return; }
    u->n = u->shown_n = k;
    u->width = (size_t)w;
    memcpy(u->shown, s, k);
}

/* line_at: the bytes of 1-based line `line` of text[0..len) without its
 * line end (and a CR before it) in *s, *n; 0 when the text has no such line */
static int line_at(const char *text, size_t len, int line, const unsigned char **s, size_t *n) {
    size_t at = 0;
    for (int l = 1; l < line; l++) {
        const char *nl = memchr(text + at, '\n', len - at);
        if (!nl) return 0;
        at = (size_t)(nl - text) + 1;
    }
    if (at >= len) return 0;
    const char *nl = memchr(text + at, '\n', len - at);
    *n = (nl ? (size_t)(nl - text) : len) - at;
    if (nl && *n > 0 && text[at + *n - 1] == '\r') (*n)--;
    *s = (const unsigned char *)text + at;
    return 1;
}

/* The columns of a line: caret at cs, range to ce (exclusive), the shown
 * window [ws, we) of the whole width w, "..." on the left/right. */
typedef struct { size_t cs, ce, w, ws, we; int left, right; } layout;

/* measure: *lo for a caret at byte c0 and a range to byte rend of s[0..n);
 * 0 when c0 is not where a unit starts */
static int measure(const unsigned char *s, size_t n, size_t c0, size_t rend, layout *lo) {
    size_t w = 0, cs = SIZE_MAX, ce = SIZE_MAX;
    unit u;
    for (size_t i = 0;; i += u.n) {
        if (i == c0) cs = w;
        if (cs != SIZE_MAX && ce == SIZE_MAX && i >= rend) ce = w;
        if (i >= n) break;
        unit_at(s + i, n - i, w, &u);
        w += u.width;
    }
    if (cs == SIZE_MAX) return 0;
    if (ce == SIZE_MAX) ce = w;
    if (ce <= cs) ce = cs + 1;
    *lo = (layout){cs, ce, w, 0, w, 0, 0};
    if (w > PG_SNIPPET_WIDTH) {
        size_t room = PG_SNIPPET_WIDTH - 6;
        lo->ws = cs > room / 2 ? cs - room / 2 : 0;
        if (lo->ws + room > w) lo->ws = w - room;
        lo->left = lo->ws > 0;
        lo->we = lo->ws + PG_SNIPPET_WIDTH - (lo->left ? 3 : 0);
        if (lo->we < w) { lo->right = 1; lo->we -= 3; }
        else lo->we = w;
    }
    return 1;
}

int pg_snippet(const char *text, size_t len, const pg_diag *d, pg_sbuf *out) {
    const unsigned char *s;
    size_t n;
    layout lo;
    if (!text || !d || !out || d->line < 1 || d->col < 1 || !line_at(text, len, d->line, &s, &n)) return 0;
    size_t c0 = (size_t)d->col - 1, rend = c0 + (d->len > 0 ? (size_t)d->len : 1);
    if (c0 > n || !measure(s, n, c0, rend, &lo)) return 0;
    int digits = snprintf(NULL, 0, "%d", d->line), gw = digits > 5 ? digits : 5;
    pg_sbuf caret = {0};
    pg_sbuf_printf(out, "%*d | ", gw, d->line);
    pg_sbuf_printf(&caret, "%*s | ", gw, "");
    if (lo.left) { pg_sbuf_putn(out, "...", 3); pg_sbuf_putn(&caret, "   ", 3); }
    size_t col = 0;
    unit u;
    for (size_t i = 0; i < n; i += u.n) {
        unit_at(s + i, n - i, col, &u);
        size_t start = col;
        col += u.width;
        if (start < lo.ws) continue;
        if (col > lo.we) break;
        pg_sbuf_putn(out, u.shown, u.shown_n);
        for (size_t k = start; k < col; k++) pg_sbuf_putn(&caret, k == lo.cs ? "^" : k > lo.cs && k < lo.ce ? "~" : " ", 1);
    }
    if (lo.right) pg_sbuf_putn(out, "...", 3);
    if (lo.cs == lo.w) pg_sbuf_putn(&caret, "^", 1);
    pg_sbuf_putn(out, "\n", 1);
    size_t keep = caret.len;
    while (keep > 0 && caret.p[keep - 1] == ' ') keep--;
    pg_sbuf_putn(out, caret.p ? caret.p : "", keep);
    pg_sbuf_putn(out, "\n", 1);
    if (caret.oom) out->oom = 1;
    pg_sbuf_free(&caret);
    return 1;
}
