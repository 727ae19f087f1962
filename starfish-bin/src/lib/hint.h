/* hint.h - what a rejected model most likely is, said in its diagnostic:
 * the message of an op outside the subset (with "did you mean" for a
 * misspelling), StableHLO/MLIR text given instead of HLO text, and the
 * unsupported op (a while, a conditional) behind a computation that was
 * rejected first. The list of supported ops is never printed in full: the
 * messages point at docs/toolchain-contract.md. */
#ifndef PG_HINT_H
#define PG_HINT_H
#include "lexer.h"

/* Where the messages point for the list of supported ops. */
#define PG_OPS_DOC "docs/toolchain-contract.md, \"Supported HLO subset\""

/* pg_hint_op_message: the message for op token `op` (an op name outside
 * the subset) into buf: "unsupported op 'X' (...)", with "did you mean
 * 'Y'?" when a supported op is a small edit away and X is no XLA op.
 * Returns buf; a buf of 256 bytes always holds it whole. */
const char *pg_hint_op_message(const pg_token *op, char *buf, size_t n);

/* pg_hint_op_suggest: the supported op closest to s[0..n) by edit distance
 * (insert, delete, substitute, swap two neighbours) when it is at most
 * max(1, n/4) edits away and s is not an XLA op of its own; else NULL. */
const char *pg_hint_op_suggest(const char *s, size_t n);

/* pg_hint_rejected: second look at text[0..len) that pg_parse rejected
 * with *d: when the text is StableHLO/MLIR, *d says so (at the first sign
 * of it) and how to get HLO text from JAX; when *d is about a computation's
 * tuple parameter and an instruction uses an op outside the subset (a
 * while or conditional, whose computations take a tuple), *d names that
 * op at its position instead. Then d->len is set to the extent of the
 * token at d's position (pg_lex_extent). */
void pg_hint_rejected(const char *text, size_t len, pg_diag *d);
#endif
