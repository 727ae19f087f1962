/* partition.h - subgraph split and signature (Frontend via JNI). */
#ifndef PG_PARTITION_H
#define PG_PARTITION_H
#include "hlo.h"

/* pg_partition: one standalone HLO module text per ENTRY ROOT tuple
 * element (holding only the instructions and parameters it uses,
 * parameters renumbered in their original order; module named
 * <name>_sgNN), or one element with the module re-printed when the root is
 * not a tuple. Returns the count and *texts (malloc'ed array of malloc'ed
 * strings; free with pg_partition_free), or -1 on out of memory. */
int pg_partition(pg_module *m, char ***texts);
/* pg_partition_free: free what pg_partition returned. */
void pg_partition_free(char **texts, int n);
/* pg_signature: append {"parameters":[{"name":..,"shape":[..]}...],
 * "outputs":[{"name":..,"shape":[..]}...]} (outputs: the root, or each
 * tuple element) to out. */
void pg_signature(const pg_module *m, pg_sbuf *out);
#endif
