/* test_snippet - the source line and caret under a located diagnostic
 * (snippet.h, issue 24): the caret under the column with '~' under the
 * token, tabs, escapes and wide characters taking the same columns in
 * both lines, long lines cut around the column, and no snippet rather
 * than a wrong one. Exit 0 when all pass. */
#define _POSIX_C_SOURCE 200809L
#include "snippet.h"
#include "lexer.h"
#include "testutil.h"
#include <stdlib.h>
#include <string.h>

/* snippet: pg_snippet of text (NUL-terminated) at line:col with extent len; "" when none */
static char *snippet(const char *text, int line, int col, int len) {
    pg_diag d = {0};
    pg_diag_set(&d, line, col, "m");
    d.len = len;
    pg_sbuf o = {0};
    int r = pg_snippet(text, strlen(text), &d, &o);
    CHECK(r == (o.len > 0));
    char *s = strdup(o.p ? o.p : "");
    pg_sbuf_free(&o);
    return s;
}

static void expect(const char *text, int line, int col, int len, const char *want) {
    char *got = snippet(text, line, col, len);
    if (strcmp(got, want) != 0) {
        fprintf(stderr, "snippet of %d:%d+%d\ngot:\n%s\nwant:\n%s\n", line, col, len, got, want);
        tu_fails++;
    }
    free(got);
}

static void caret_under_the_token(void) {
    const char *hlo = "HloModule m\nENTRY e {\n  p = f32[4] parameter(0)\n  ROOT r = f32[4] exponentail(p)\n}\n";
    pg_diag d = {0};
    pg_module *m = tu_parse(hlo, &d);
    CHECK(!m && d.line == 4 && d.col == 19 && d.len == 11);
    pg_sbuf o = {0};
    CHECK(pg_snippet(hlo, strlen(hlo), &d, &o) == 1);
    CHECK(o.p && strcmp(o.p, "    4 |   ROOT r = f32[4] exponentail(p)\n"
                             "      |                   ^~~~~~~~~~~\n") == 0);
    pg_sbuf_free(&o);
    /* an unknown operand: '%' is part of the token */
    m = tu_parse("HloModule m\nENTRY e {\n  ROOT r = f32[4] negate(%nope)\n}\n", &d);
    CHECK(!m && d.line == 3 && d.col == 26 && d.len == 5);
    /* extent unknown: the caret alone; a line number wider than the gutter widens it */
    expect("abc def\n", 1, 5, 0, "    1 | abc def\n      |     ^\n");
    char *big = malloc(200100);
    size_t n = 0;
    for (int i = 0; i < 123456; i++) big[n++] = '\n';
    memcpy(big + n, "x y\n", 5);
    expect(big, 123457, 3, 1, "123457 | x y\n       |   ^\n");
    free(big);
}

static void lex_extent(void) {
    const char *t = "a = %x.1 \"str\\\"ing\" // c\n  f32[4]";
    CHECK(pg_lex_extent(t, strlen(t), 1, 1) == 1);
    CHECK(pg_lex_extent(t, strlen(t), 1, 5) == 4);
    CHECK(pg_lex_extent(t, strlen(t), 1, 10) == 10);
    CHECK(pg_lex_extent(t, strlen(t), 1, 9) == 0);  /* a blank */
    CHECK(pg_lex_extent(t, strlen(t), 1, 21) == 0); /* a comment */
    CHECK(pg_lex_extent(t, strlen(t), 2, 3) == 3);
    CHECK(pg_lex_extent(t, strlen(t), 2, 9) == 0);  /* end of input */
    CHECK(pg_lex_extent(t, strlen(t), 3, 1) == 0 && pg_lex_extent(t, strlen(t), 0, 1) == 0);
    CHECK(pg_lex_extent("\"open", 5, 1, 1) == 0);   /* a lexical error */
}

static void same_columns_in_both_lines(void) {
    /* a tab is blanks up to the next multiple of 8 in both lines */
    expect("\tab\tc(x)\n", 1, 5, 1, "    1 |         ab      c(x)\n      |                 ^\n");
    /* a terminal escape sequence is shown escaped, the caret moved by what it takes */
    expect("x = \x1b]0;pwned\x07\x1b[2J op(y)\n", 1, 20, 2,
           "    1 | x = \\x1b]0;pwned\\x07\\x1b[2J op(y)\n      |                             ^~\n");
    /* a carriage return inside the line, DEL, C1 CSI, a bidi override, invalid UTF-8 */
    expect("a\rb\x7f\xc2\x9b\xe2\x80\xae\xff\xfe op\n", 1, 13, 2,
           "    1 | a\\rb\\x7f\\u009b\\u202e\\xff\\xfe op\n      |                              ^~\n");
    /* an escaped character under the caret: '~' under the rest of the escape */
    expect("a\x1b" "b\n", 1, 2, 0, "    1 | a\\x1bb\n      |  ^~~~\n");
    /* é (two bytes) takes one column, 模 (three bytes) two, a JVM surrogate pair is escaped */
    expect("\xc3\xa9\xe6\xa8\xa1 op\n", 1, 7, 2, "    1 | \xc3\xa9\xe6\xa8\xa1 op\n      |     ^~\n");
    expect("\xed\xa0\xbd\xed\xb8\x80 op\n", 1, 8, 2, "    1 | \\U0001f600 op\n      |            ^~\n");
    expect("\xed\xa0\xbd op\n", 1, 5, 2, "    1 | \\xed\\xa0\\xbd op\n      |              ^~\n");
    CHECK(pg_snippet_cp_width('a') == 1 && pg_snippet_cp_width(0x4e00) == 2 && pg_snippet_cp_width(0x1f600) == 2);
    CHECK(pg_snippet_cp_width(0x1b) == 0 && pg_snippet_cp_width(0x85) == 0 && pg_snippet_cp_width(0x202e) == 0);
    CHECK(pg_snippet_cp_width(0x0301) == 0 && pg_snippet_cp_width(0xfeff) == 0 && pg_snippet_cp_width(0xe0041) == 0);
    CHECK(pg_snippet_cp_width(0xd800) == 0 && pg_snippet_cp_width(0xffff) == 0 && pg_snippet_cp_width(0x3164) == 0);
    CHECK(pg_snippet_cp_width(0x00e9) == 1 && pg_snippet_cp_width(0x2603) == 1 && pg_snippet_cp_width(0x10fffd) == 1);
}

/* width: the columns of a line of ASCII (each byte one column) */
static size_t width(const char *line, size_t n) { return n - (size_t)(strchr(line, '|') - line) - 2; }

static void long_lines_are_cut_around_the_column(void) {
    char line[1200];
    memset(line, 'a', 500);
    memcpy(line + 500, "token", 5);
    memset(line + 505, 'b', 500);
    memcpy(line + 1005, "\n", 2);
    char *got = snippet(line, 1, 501, 5);
    char *nl = strchr(got, '\n');
    CHECK(nl && strncmp(got, "    1 | ...a", 12) == 0 && strncmp(nl - 4, "b...", 4) == 0);
    CHECK(nl && width(got, (size_t)(nl - got)) <= PG_SNIPPET_WIDTH);
    const char *caret = nl ? strchr(nl + 1, '^') : NULL, *tok = strstr(got, "token");
    CHECK(caret && tok && caret - (nl + 1) == tok - got && strncmp(caret, "^~~~~\n", 6) == 0);
    free(got);
    /* near the start: nothing cut on the left */
    got = snippet(line, 1, 3, 1);
    nl = strchr(got, '\n');
    CHECK(strncmp(got, "    1 | aaa", 11) == 0 && nl && strncmp(nl - 3, "...", 3) == 0);
    CHECK(nl && width(got, (size_t)(nl - got)) == PG_SNIPPET_WIDTH && strcmp(nl + 1, "      |   ^\n") == 0);
    free(got);
    /* at the end of the line: nothing cut on the right, the caret after the last character */
    got = snippet(line, 1, 1006, 0);
    nl = strchr(got, '\n');
    CHECK(strncmp(got, "    1 | ...", 11) == 0 && nl && strncmp(nl - 2, "bb\n", 3) == 0);
    CHECK(nl && width(got, (size_t)(nl - got)) <= PG_SNIPPET_WIDTH && nl[1 + (nl - got)] == '^');
    free(got);
    /* a long line of escapes: each one whole or not at all, the caret still under its column */
    char esc[600];
    memset(esc, '\x01', 300);
    memcpy(esc + 300, "op", 3);
    got = snippet(esc, 1, 301, 2);
    nl = strchr(got, '\n');
    caret = nl ? strchr(nl + 1, '^') : NULL;
    tok = strstr(got, "op");
    CHECK(caret && tok && caret - (nl + 1) == tok - got && strncmp(got, "    1 | ...\\x01", 15) == 0);
    CHECK(nl && width(got, (size_t)(nl - got)) <= PG_SNIPPET_WIDTH && (width(got, (size_t)(nl - got)) - 5) % 4 == 0);
    free(got);
}

static void no_snippet_rather_than_a_wrong_one(void) {
    const char *t = "ab\r\ncd\r\nlast";
    expect(t, 1, 1, 2, "    1 | ab\n      | ^~\n");          /* CRLF: the CR is not shown */
    expect(t, 1, 3, 0, "    1 | ab\n      |   ^\n");          /* the end of the line */
    expect(t, 3, 5, 0, "    3 | last\n      |     ^\n");      /* the last line, without a line end */
    expect(t, 1, 4, 0, "");                                    /* past the end of the line */
    expect(t, 3, 6, 0, "");
    expect(t, 4, 1, 0, "");                                    /* past the end of the file */
    expect("a\n", 2, 1, 0, "");                                /* the empty rest after the last line end */
    expect("", 1, 1, 0, "");
    expect(t, 0, 0, 0, "");                                    /* no location */
    expect(t, 0, 3, 0, "");
    expect(t, 2, 0, 0, "");
    expect("\xc3\xa9x\n", 1, 2, 0, "");                        /* inside a character */
    expect(t, 2, 2, 50, "    2 | cd\n      |  ^\n");           /* the extent stops at the line end */
    /* the bytes the tool read are the ones shown: a diagnostic of another text finds no such line */
    pg_diag d = {0};
    CHECK(!tu_parse("HloModule m\nENTRY e {\n  p = f32[4] parameter(0)\n  ROOT r = f32[4] exponentail(p)\n}\n", &d));
    pg_sbuf o = {0};
    CHECK(pg_snippet("HloModule m\n", 12, &d, &o) == 0 && o.len == 0);
    CHECK(pg_snippet(NULL, 0, &d, &o) == 0 && o.len == 0);
}

static int valid_utf8(const char *s, size_t n) {
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        size_t k = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
        if (k == 0 || i + k > n) return 0;
        for (size_t j = 1; j < k; j++)
            if (((unsigned char)s[i + j] & 0xc0) != 0x80) return 0;
        i += k;
    }
    return 1;
}

/* whatever the bytes, the snippet is two lines of printable text: no control byte but the two line
 * ends, valid UTF-8, the caret line of blanks, '^' and '~' */
static void every_byte_is_shown_safely(void) {
    for (int b = 0; b < 256; b++) {
        for (int second = 0; second < 256; second += 17) {
            char t[16] = "x ";
            t[2] = (char)b;
            t[3] = (char)second;
            memcpy(t + 4, " op\n", 5);
            pg_diag d = {0};
            pg_diag_set(&d, 1, 6, "m");
            pg_sbuf o = {0};
            pg_snippet(t, 8, &d, &o);
            int lines = 0;
            for (size_t i = 0; i < o.len; i++) {
                unsigned char c = (unsigned char)o.p[i];
                if (c == '\n') lines++;
                else CHECK(c >= 0x20 && c != 0x7f);
            }
            CHECK(o.len == 0 || (lines == 2 && o.p[o.len - 1] == '\n' && valid_utf8(o.p, o.len)));
            const char *caret = o.len ? strchr(o.p, '\n') + 1 : NULL;
            CHECK(!caret || strspn(caret + 8, " ^~") == strlen(caret + 8) - 1);
            pg_sbuf_free(&o);
        }
    }
}

int main(void) {
    caret_under_the_token();
    lex_extent();
    same_columns_in_both_lines();
    long_lines_are_cut_around_the_column();
    no_snippet_rather_than_a_wrong_one();
    every_byte_is_shown_safely();
    return tu_finish("test_snippet");
}
