/* fuzz_parser.c - libFuzzer entry point on raw bytes (see target.h for
 * what runs); also linked into fuzz_replay for the regressions. */
#include "target.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
    (void)pg_fuzz_one(data, size);
    return 0;
}
