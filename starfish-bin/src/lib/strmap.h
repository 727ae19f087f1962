/* strmap.h - a small open-addressing hash table from strings to int
 * (name -> index), used for every name lookup and duplicate check of the
 * parser, the checker, the kernel-program readers and the lowering, so
 * that all of them stay linear in the number of instructions.
 *
 * Hand-written on purpose: libpenguin links into a JNI library loaded in
 * the JVM and into the shipped tools, and may depend on nothing but the C
 * library; the C library has no usable table (hsearch is one global,
 * non-reentrant table). FNV-1a hashing, linear probing, the table doubles
 * at half load, so lookups and inserts are O(1) expected. Keys are not
 * copied: each must stay valid and unchanged while the map lives. */
#ifndef PG_STRMAP_H
#define PG_STRMAP_H
#include <stddef.h>

typedef struct { const char **keys; size_t *lens; int *vals; size_t cap, n; } pg_strmap;

/* pg_strmap_init: make an empty map sized for about `expected` keys.
 * Returns 1, or 0 when out of memory (the map is then empty but valid). */
int pg_strmap_init(pg_strmap *m, size_t expected);
/* pg_strmap_put: map key[0..len) to val unless the key is present.
 * Returns 1 when inserted, 0 when the key was already there (*old, if
 * not NULL, receives its value; the map is unchanged), -1 when out of
 * memory. */
int pg_strmap_put(pg_strmap *m, const char *key, size_t len, int val, int *old);
/* pg_strmap_get: the value of key[0..len), or -1 when absent. */
int pg_strmap_get(const pg_strmap *m, const char *key, size_t len);
/* pg_strmap_free: release the table; the map is empty afterwards. */
void pg_strmap_free(pg_strmap *m);
#endif
