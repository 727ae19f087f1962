/* hlo.h - the in-memory HLO module of the supported subset, its parser
 * (with full shape checking) and its printer. */
#ifndef PG_HLO_H
#define PG_HLO_H
#include "ops.h"

typedef struct pg_comp pg_comp;
typedef struct pg_instr pg_instr;

/* The dimension lists of dot, gather and scatter as written (check.c
 * encodes them into pg_instr.attr) and index_vector_dim. */
typedef struct { int64_t v[6][PG_MAX_RANK]; int n[6]; int64_t ivd; } pg_dimlists;

struct pg_instr {
    const char *name;
    pg_op op;
    pg_shape shape;            /* result shape (unused for tuple) */
    pg_shape *tuple_shapes;    /* tuple: declared element shapes */
    int n_tuple;
    pg_instr **operands;
    int n_operands;
    const char **operand_names; /* as written, resolved after parsing */
    int *operand_line, *operand_col; /* positions, for messages */
    int64_t param_index;
    void *literal;             /* constant values, row-major, of shape.et */
    int64_t n_literal;
    int64_t attr[PG_MAX_ATTR]; /* encoded as pg_infer_shape documents */
    int n_attr;
    int fn;                    /* reduce/scatter combiner, compare direction */
    int has_dims, has_dl, has_fn; /* has_dl: bit i for dl[i]; has_fn: 1 direction, 2 index_vector_dim */
    pg_dimlists *dl;           /* dot/gather/scatter lists as written (NULL until one is read) */
    int layout_nondefault;     /* result layout is not row-major */
    int is_bitcast;            /* spelled bitcast (kept as reshape) */
    int clone_of_call;         /* inlining: the copy of a callee's root */
    const char *to_apply_name;
    pg_comp *to_apply;
    int line, col;             /* position of the instruction name */
    int op_line, op_col;       /* position of the opcode */
    int mark;                  /* scratch for traversals */
    pg_instr *clone;           /* inlining: the copy, or what replaces a call */
};

struct pg_comp {
    const char *name;
    pg_instr **instrs; int n_instrs;
    pg_instr **order;  int n_order; /* topological order, all instrs */
    pg_instr *root;
    int is_entry;
    int inline_state;          /* call-graph walk: 0 new, 1 on the walk's stack, 2 done */
    int call_depth;            /* nesting of fusion/call below (0: calls nothing) */
    uint64_t inl_instrs;       /* instructions a call of it copies (an upper bound) */
    uint64_t inl_bytes;        /* their names and operand lists in bytes (an upper bound) */
    int line, col;
};

typedef struct {
    pg_arena arena;
    const char *name;
    const char *file;
    pg_comp **comps; int n_comps;
    pg_comp *entry;
} pg_module;

/* Limits of pg_parse (docs/toolchain-contract.md), checked before the
 * memory they bound is allocated: fusion/call nest at most
 * PG_MAX_CALL_DEPTH deep; a module holds at most PG_MAX_INSTRS
 * instructions as written and again after inlining (summed over all its
 * computations, predicted from the call graph before anything is
 * copied), and the names and operand lists of the inlined copies take at
 * most PG_MAX_INLINED_BYTES; a name, written or made by inlining, has at
 * most PG_MAX_NAME bytes (base.h). */
#define PG_MAX_CALL_DEPTH 1000
#define PG_MAX_INSTRS ((int64_t)1 << 21)
#define PG_MAX_INLINED_BYTES ((int64_t)1 << 28)

/* pg_parse: parse and shape-check HLO text. Returns a module (free with
 * pg_module_free) or NULL with the first error in *d (positions 1-based,
 * d->len the extent of the token there or 0; out of memory is reported as
 * an error too). `file` is kept for
 * messages only. */
pg_module *pg_parse(const char *text, size_t len, const char *file, pg_diag *d);
/* pg_parse_shape: parse text[0..len) as exactly one array shape
 * (`s32[4,8]`, a layout allowed), with pg_parse's messages; 1, or 0 with
 * the error in *d (positions relative to text). The one shape parser,
 * also used by the penguin IR / BIR reader. */
int pg_parse_shape(const char *text, size_t len, pg_shape *s, pg_diag *d);
/* pg_module_free: release m and everything it owns; NULL is allowed. */
void pg_module_free(pg_module *m);
/* pg_module_params: fill out[0..n) with ENTRY parameters ordered by index
 * (n = *count, at most cap). Returns 1, or 0 if cap is too small. */
int pg_module_params(const pg_module *m, pg_instr **out, int cap, int *count);
/* pg_root_outputs: the result instructions of ENTRY: the operands of a ROOT
 * tuple, or the root itself. *n receives the count. */
pg_instr **pg_root_outputs(const pg_module *m, int *n);

/* pg_print_module: append valid HLO text for m (computations in order,
 * entry last, only instructions reachable from each root, in topological
 * order) to out. */
void pg_print_module(const pg_module *m, pg_sbuf *out);
/* pg_print_float: append an f32 literal XLA can read back exactly. */
void pg_print_float(pg_sbuf *out, float v);
/* pg_print_elem: append element i of an array of type e as HLO prints it
 * (true/false for pred, integers in decimal, floats read back exactly). */
void pg_print_elem(pg_sbuf *out, pg_et e, const void *p, int64_t i);
#endif
