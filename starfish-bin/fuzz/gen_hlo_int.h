/* gen_hlo_int.h - the generator state and instruction plan shared by gen_hlo.c and gen_instr.c */
#ifndef PG_GEN_HLO_INT_H
#define PG_GEN_HLO_INT_H
#include "gen_hlo.h"

#define MAXI 24 /* instructions per computation */
#define MAXC 5  /* computations per module */

/* et: index into ETS of gen_hlo.c (0 = f32) */
typedef struct { int rank; int dims[3]; int et; } gshape;
enum { E_F32, E_S32, E_PRED, E_BF16, E_F16, E_F64, E_S8, E_U32 };
typedef struct { char name[16]; gshape s; } ginstr;
/* clean: no deliberate faults in this module (half of them), so that most
 * modules reach the stages after the checker */
typedef struct { fz_src *src; pg_sbuf *o; ginstr in[MAXI]; int n, ncomp, nparam, clean; int body[MAXC], nbody; } gen;

/* instruction kinds: OPS of gen_hlo.c maps each opcode to one */
enum { K_PARAM, K_CONST, K_BIN, K_UN, K_DOT, K_BCAST, K_RESHAPE, K_TRANSPOSE, K_REDUCE, K_TUPLE, K_CALL, K_IOTA, K_SLICE, K_CLAMP, K_CONCAT,
       K_CONVERT, K_COMPARE, K_SELECT, K_GATHER, K_SCATTER, K_IBIN, K_DSLICE, K_PAD, K_REV };
/* one instruction of kind OPS[k]: operands, result shape and attributes
 * chosen to be valid most of the time */
typedef struct { int ops[4], nops; gshape rs; int attr[9], nattr, lc, rc, body, dir; } choice;

/* gh_one(g, n): true one time in n; gh_fault(g, n): the same, never in a clean module */
int gh_one(gen *g, unsigned n);
int gh_fault(gen *g, unsigned n);
/* gh_is_float: et is one of the float types */
int gh_is_float(int et);
/* gh_choose: operands, shape and attributes of an instruction of `kind`;
 * returns the kind, K_UN when a clean module has no fitting operands */
int gh_choose(gen *g, int kind, choice *c);
#endif
