/* fuzz_structured.c - libFuzzer entry point that reads the fuzzer's bytes
 * as the choices of the structure-aware generator (gen_hlo.h) and runs
 * the generated module through the fuzzed path (target.h). Built with
 * clang by fuzz/run.sh; the CI run uses the gcc driver fuzz_gen.c. */
#include "gen_hlo.h"
#include "target.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
    fz_src src;
    fz_from_bytes(&src, data, size);
    pg_sbuf text = {0};
    fz_gen_module(&src, &text);
    if (!text.oom && text.p) (void)pg_fuzz_one((const unsigned char *)text.p, text.len);
    pg_sbuf_free(&text);
    return 0;
}
