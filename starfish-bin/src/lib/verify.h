/* verify.h - the BIR verifier (walrus_driver --pass birverifier). */
#ifndef PG_VERIFY_H
#define PG_VERIFY_H
#include "kprog.h"

/* pg_verify: check k and append one line per violation to report, each
 * "<file>:<line>:<col>: <message>". Checks: element types (f32 only),
 * byte sizes, unique input/output numbers, every temp/output defined
 * exactly once, use before definition, operand shapes (pg_infer_shape),
 * constant data; when placed != 0 also offsets inside [0, buffer_bytes),
 * 64-byte alignment and no two simultaneously live tensors overlapping.
 * Returns the number of violations (0: valid). Recomputes liveness. */
int pg_verify(pg_kprog *k, const char *file, int placed, pg_sbuf *report);
#endif
