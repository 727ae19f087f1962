/* kprog_io.h - text forms of a kernel program: penguin IR and BIR.
 * Both are line based, one record per line, '#' starts a comment line:
 *   penguin 1 | bir 1              header (format, version)
 *   module NAME
 *   buffer_bytes N                 (BIR only)
 *   tensor NAME T[D,..] ROLE [INDEX] [offset=O bytes=B]   T: element type (f32,
 *                                  s32, pred, bf16, ...); ROLE: input
 *                                  (INDEX=parameter no.), const, temp,
 *                                  output (INDEX=output no.); offset/bytes
 *                                  in BIR only
 *   data NAME V V ...              constant values, row-major (floats read
 *                                  back exactly, integers, pred as 0/1)
 *   op KIND DST SRC [SRC] [attr=A,B] [fn=F] [nest=...]   penguin instruction
 *   inst KIND DST SRC [SRC] [attr=A,B] [fn=F]            BIR instruction
 *                                  fn: reduce/scatter combiner (add, maximum,
 *                                  ..., assign), compare direction (LT,
 *                                  LT.total, ...)
 *   dump NAME                      BIR: write NAME out (watchpoint)
 *   end
 * `nest=` documents the tiled loop nest ("i:4/64,j:16,k:8/64": loop
 * variable, extent, tile); readers ignore it. */
#ifndef PG_KPROG_IO_H
#define PG_KPROG_IO_H
#include "kprog.h"

/* pg_kprog_write: append the penguin (bir=0) or BIR (bir=1) text of k. */
void pg_kprog_write(const pg_kprog *k, int bir, pg_sbuf *out);
/* pg_kprog_read: parse text into k (initialised by the caller). Returns 1,
 * or 0 with the first syntax error in *d (line:col). Semantic checks are
 * left to pg_kprog_check / pg_verify. */
int pg_kprog_read(const char *text, size_t len, int bir, pg_kprog *k, pg_diag *d);
#endif
