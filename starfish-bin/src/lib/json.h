/* json.h - a small JSON reader (RFC 8259 subset: no \u surrogate pairs
 * decoding beyond BMP-as-'?' for non-ASCII escapes). Values live in an
 * arena owned by the caller. */
#ifndef PG_JSON_H
#define PG_JSON_H
#include "base.h"

typedef enum { PG_J_NULL, PG_J_BOOL, PG_J_NUM, PG_J_STR, PG_J_ARR, PG_J_OBJ } pg_jkind;
typedef struct pg_json pg_json;
struct pg_json {
    pg_jkind k;
    double num; int b;
    const char *str;            /* strings (NUL-terminated, unescaped) */
    pg_json **items; const char **keys; int n;  /* arrays and objects */
};

/* pg_json_parse: parse text[0..len) into arena a. Returns the root or NULL
 * with *d (line:col) on a syntax error, depth > 64 or out of memory. */
pg_json *pg_json_parse(pg_arena *a, const char *text, size_t len, pg_diag *d);
/* pg_json_get: member `key` of object o, or NULL (also if o is not an object). */
const pg_json *pg_json_get(const pg_json *o, const char *key);
#endif
