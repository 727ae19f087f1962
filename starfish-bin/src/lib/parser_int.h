/* parser_int.h - internal interface between the HLO parser modules
 * (parser.c: structure, parser_instr.c: instructions, check.c: semantic
 * checks). Errors unwind with longjmp to pg_parse; all memory lives in
 * the module arena, so unwinding leaks nothing. */
#ifndef PG_PARSER_INT_H
#define PG_PARSER_INT_H
#include <setjmp.h>
#include "hlo.h"
#include "lexer.h"
#include "strmap.h"

#define PG_SUPPORTED_TYPES "pred, s2, s4, s8, s16, s32, s64, u2, u4, u8, u16, u32, u64, f16, bf16, f32, f64"

typedef struct {
    pg_lexer lx;
    pg_token tok;
    pg_diag *d;
    jmp_buf jb;
    pg_module *m;
    pg_strmap comp_names;  /* computation name -> index in m->comps */
    pg_strmap instr_names; /* instruction name -> index, one computation */
    int layout_nondefault; /* the last shape parsed had a non-row-major layout */
    int64_t n_written;     /* instructions parsed so far (all computations) */
} pg_parser;

/* pp_fail: record the error at line:col and unwind to pg_parse. */
_Noreturn void pp_fail(pg_parser *p, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* pp_next: advance to the next token (unwinds on a lexical error). */
void pp_next(pg_parser *p);
/* pp_peek2: the token after the current one, without consuming. */
pg_token pp_peek2(pg_parser *p);
/* pp_expect: consume a token of kind k or fail with "expected <what>". */
pg_token pp_expect(pg_parser *p, pg_tokkind k, const char *what);
/* pp_alloc: zeroed arena memory, unwinds with "out of memory". */
void *pp_alloc(pg_parser *p, size_t n);
/* pp_str: NUL-terminated arena copy of the token text. */
const char *pp_str(pg_parser *p, const pg_token *t);
/* pp_grow: make room for element n in an arena array of `elem`-sized
 * items with capacity *cap (doubling, copying). */
void pp_grow(pg_parser *p, void **arr, int *cap, int n, size_t elem);
/* pp_int: integer value of the current NUM token (0..2^40), consumed. */
int64_t pp_int(pg_parser *p, const char *what);
/* pp_skip_value: skip one attribute value (bracketed group, or tokens up
 * to the next ',' ')' or '}' on the same line). */
void pp_skip_value(pg_parser *p);
/* pp_at_shape: 1 when the current token starts a shape. */
int pp_at_shape(pg_parser *p);
/* pp_shape: parse `f32[d,...]{layout}` or a tuple `(shape, ...)`. For a
 * tuple, tuple and ntuple receive the elements (and *s is rank 0). The
 * layout is ignored; p->layout_nondefault tells whether it was other than
 * row-major. */
void pp_shape(pg_parser *p, pg_shape *s, pg_shape **tuple, int *ntuple);
/* pp_instr: parse one instruction line into comp c. */
void pp_instr(pg_parser *p, pg_comp *c);
/* pp_unique_names: (re)build p->instr_names for computation c; a name
 * defined twice is an error ("duplicate instruction name"). */
void pp_unique_names(pg_parser *p, pg_comp *c);
/* pp_call_order: the module's computations ordered callees first (each
 * after every computation it calls by fusion or call), found without
 * recursion (callgraph.c). Fails, before anything is inlined, on a call
 * without a callee, a call of ENTRY, a computation calling itself
 * (directly or not), nesting deeper than PG_MAX_CALL_DEPTH, or an inlined
 * module predicted above PG_MAX_INSTRS or PG_MAX_INLINED_BYTES. */
pg_comp **pp_call_order(pg_parser *p);
/* pp_limit_instr: count one more written instruction and check its name
 * against PG_MAX_INSTRS and PG_MAX_NAME (limits.c). */
void pp_limit_instr(pg_parser *p, const pg_token *name);
/* pp_limit_copy_name: fail when the copy of a callee's instruction that
 * `call` inlines gets a name of len bytes, above PG_MAX_NAME. */
void pp_limit_copy_name(pg_parser *p, const pg_instr *call, const pg_comp *callee, size_t len);
/* pp_limit_instrs_inlined / pp_limit_bytes_inlined: fail at computation c,
 * where the inlined module passed PG_MAX_INSTRS / PG_MAX_INLINED_BYTES. */
_Noreturn void pp_limit_instrs_inlined(pg_parser *p, const pg_comp *c);
_Noreturn void pp_limit_bytes_inlined(pg_parser *p, const pg_comp *c);
/* pp_inline_calls: replace every fusion and call instruction of the module
 * by a copy of its callee (inline.c); after name resolution. */
void pp_inline_calls(pg_parser *p);
/* pp_check_module: resolve names, order, and shape-check the module. */
void pp_check_module(pg_parser *p);
#endif
