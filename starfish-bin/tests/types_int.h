/* types_int.h - shared by the test_types sources: the harness (test_types.c) and the test groups */
#ifndef PG_TYPES_INT_H
#define PG_TYPES_INT_H
#include "testutil.h"
#include <stddef.h>

/* tt_run: parse, lower, evaluate; output 0 (bytes) into out. The buffer
 * machine must agree byte for byte. 1 on success. */
int tt_run(const char *text, const void *const *in, void *out, size_t bytes);
/* tt_unary: tt_run of ROOT r = OUT[n] OP(a: IN[n]) with attributes */
int tt_unary(const char *in_t, const char *out_t, const char *op, int n, const void *v, void *out, size_t bytes);

/* the test groups, run by main in this order */
void tt_tuple_tests(void);          /* types_structural.c */
void tt_hostile_file_tests(void);   /* types_files.c */
void tt_convert_tests(void);        /* types_elementwise.c */
void tt_integer_tests(void);        /* types_elementwise.c */
void tt_compare_select_tests(void); /* types_elementwise.c */
void tt_gather_scatter_tests(void); /* types_structural.c */
void tt_dot_reduce_tests(void);     /* types_structural.c */
void tt_slice_pad_tests(void);      /* types_structural.c */
void tt_precision_tests(void);      /* types_elementwise.c */
#endif
