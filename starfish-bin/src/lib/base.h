/* base.h - arena allocator, growable string buffer and diagnostics.
 * Shared by every module of libpenguin. No global mutable state. */
#ifndef PG_BASE_H
#define PG_BASE_H
#include <stddef.h>
#include <stdint.h>
#include <stdarg.h>

#define PG_VERSION_STRING "0.1.0"

typedef struct pg_arena_block pg_arena_block;
/* An arena owns many small allocations that are released together. */
typedef struct { pg_arena_block *head; } pg_arena;

/* pg_arena_init: make `a` an empty arena. Never fails. */
void pg_arena_init(pg_arena *a);
/* pg_arena_alloc: return `n` zeroed bytes aligned to 16 that live until
 * pg_arena_free(a); NULL if the system is out of memory or n is absurd. */
void *pg_arena_alloc(pg_arena *a, size_t n);
/* pg_arena_strndup: copy s[0..n) plus a NUL into the arena; NULL on OOM. */
char *pg_arena_strndup(pg_arena *a, const char *s, size_t n);
/* pg_arena_free: release every allocation of `a`; `a` is empty afterwards. */
void pg_arena_free(pg_arena *a);

/* A growable NUL-terminated string. `oom` is set (and further appends are
 * ignored) when an allocation failed; check it once at the end. */
typedef struct { char *p; size_t len, cap; int oom; } pg_sbuf;
/* pg_sbuf_printf: append printf-formatted text. */
void pg_sbuf_printf(pg_sbuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* pg_sbuf_putn: append n raw bytes. */
void pg_sbuf_putn(pg_sbuf *b, const char *s, size_t n);
/* pg_sbuf_json_str: append s as a quoted, escaped JSON string. */
void pg_sbuf_json_str(pg_sbuf *b, const char *s);
/* pg_sbuf_free: release the buffer; it is empty afterwards. */
void pg_sbuf_free(pg_sbuf *b);

/* One diagnostic: position (1-based; 0 when unknown), the extent in bytes
 * of the token there (0 when unknown; pg_parse sets it) and message. */
typedef struct { int line, col, len; char msg[1024]; } pg_diag;
/* pg_diag_set: fill d with a formatted message at line:col (len 0). Returns 0 so
 * callers can `return pg_diag_set(...)`. A message never ends mid-word:
 * one longer than msg (only an overlong name makes one) keeps every word,
 * the longest shortened to their first and last bytes around "...". */
int pg_diag_set(pg_diag *d, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* pg_diag_vset: va_list variant of pg_diag_set. */
void pg_diag_vset(pg_diag *d, int line, int col, const char *fmt, va_list ap);

/* Allocation limits. PG_MAX_TENSOR_BYTES is the most any tool allocates
 * for one tensor: a constant's values (walrus_driver, nn_executor), a
 * tensor of inputs.bin/outputs.bin, one evaluated tensor of
 * xla_infergoldens, and the simulated on-chip buffer of nn_executor:
 * 1 GiB = 2^28 f32 elements. PG_MAX_EVAL_BYTES caps all tensors that
 * xla_infergoldens holds at once: 4 GiB. A request above a limit is
 * invalid input, reported before anything is allocated (tools exit 2). */
#define PG_MAX_TENSOR_BYTES ((int64_t)1 << 30)
#define PG_MAX_EVAL_BYTES ((int64_t)1 << 32)

/* PG_MAX_NAME: the longest instruction and tensor name, in bytes, that
 * pg_parse accepts (written or made by inlining) and the penguin IR / BIR
 * reader reads back. */
#define PG_MAX_NAME 255

/* pg_mul_ok: *r = a*b for non-negative a, b; returns 0 on overflow of the
 * limit 2^50 (the largest element count any tensor may have). */
int pg_mul_ok(int64_t a, int64_t b, int64_t *r);
#endif
