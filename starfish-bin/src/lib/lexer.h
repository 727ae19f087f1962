/* lexer.h - tokenizer for XLA HLO text (names with or without '%', numbers
 * including inf/nan, strings, punctuation, // and block comments). */
#ifndef PG_LEXER_H
#define PG_LEXER_H
#include "base.h"

typedef enum {
    PG_T_EOF, PG_T_IDENT, PG_T_NUM, PG_T_STR, PG_T_LBRACE, PG_T_RBRACE,
    PG_T_LPAREN, PG_T_RPAREN, PG_T_LBRACK, PG_T_RBRACK, PG_T_COMMA, PG_T_EQ,
    PG_T_COLON, PG_T_ARROW, PG_T_OTHER
} pg_tokkind;

/* A token points into the source text; `pct` is 1 for a '%'-prefixed name
 * (s/n then exclude the '%'). */
typedef struct { pg_tokkind k; const char *s; size_t n; int line, col, pct; } pg_token;
typedef struct { const char *p, *end; int line, col; } pg_lexer;

/* pg_lex_init: start lexing text[0..len). */
void pg_lex_init(pg_lexer *lx, const char *text, size_t len);
/* pg_lex_next: read the next token into *t. Returns 1, or 0 with *d set on
 * an unterminated string or comment or a NUL byte in the input. */
int pg_lex_next(pg_lexer *lx, pg_token *t, pg_diag *d);
/* pg_tok_is: 1 when t is an identifier spelled exactly `s`. */
int pg_tok_is(const pg_token *t, const char *s);
/* pg_tok_desc: printable description of t for messages ("'foo'", "end of
 * input"); written to buf (truncated to fit). */
const char *pg_tok_desc(const pg_token *t, char *buf, size_t n);
/* pg_lex_extent: the length in bytes of the token that starts exactly at
 * line:col of text[0..len) ('%' and a string's quotes included); 0 when
 * no token starts there (a blank, a comment, end of input, a lexical
 * error, a position outside the text). */
size_t pg_lex_extent(const char *text, size_t len, int line, int col);
#endif
