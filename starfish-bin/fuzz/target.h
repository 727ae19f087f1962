/* target.h - the fuzzed code path, shared by every fuzz entry point. */
#ifndef PG_FUZZ_TARGET_H
#define PG_FUZZ_TARGET_H
#include <stddef.h>

/* pg_fuzz_one: runs bytes through what the tools and the JNI library do
 * with a model: parse + check (hlo2penguin, hlo-opt, xla_infergoldens and
 * Penguin.check); on a rejection the source snippet under the diagnostic
 * (snippet.h: printable text, one caret); on success print and re-parse (hlo-opt), partition and
 * re-parse each part (Penguin.partition), signature (Penguin.signature),
 * lower (hlo2penguin), write the penguin IR and read it back, verify it,
 * allocate it (walrus_driver), verify the BIR, and, when small enough,
 * evaluate it (xla_infergoldens) and run it on the buffer (nn_executor).
 * Anything that must succeed on valid input and does not is an abort();
 * memory errors are left to the sanitizers. Returns 1 when the input
 * parsed (and so went through every stage), else 0; libFuzzer entry
 * points return 0 regardless. */
int pg_fuzz_one(const unsigned char *data, size_t size);
#endif
