/* jni_dlopen_test - calls the JNI entry points of libpenguin.so without a
 * JVM (through tests/fake_jni.c), the same code path the Frontend job runs
 * in-process.
 *   jni_dlopen_test LIB.so check|partition|signature FILE EXPECT
 * EXPECT is "null" (the call must return null and throw nothing) or a
 * text that the returned string or the thrown message must contain.
 * Exit 0 when it does, 1 otherwise (a crash kills the test, as it would
 * kill the JVM). */
#define _POSIX_C_SOURCE 200809L
#include "fake_jni.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *slurp(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); return NULL; }
    size_t n = 0, cap = 4096;
    char *b = malloc(cap);
    for (size_t r; b && (r = fread(b + n, 1, cap - n - 1, f)) > 0;) {
        n += r;
        if (n + 1 == cap) { char *nb = realloc(b, cap *= 2); if (!nb) { free(b); b = NULL; } else b = nb; }
    }
    if (ferror(f)) { free(b); b = NULL; }
    fclose(f);
    if (b) b[n] = 0;
    return b;
}

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: jni_dlopen_test LIB.so check|partition|signature FILE EXPECT\n"); return 2; }
    fj_lib *l = fj_open(argv[1]);
    char *text = slurp(argv[3]);
    if (!l || !text) { fj_close(l); free(text); return 2; }
    const char *base = strrchr(argv[3], '/') ? strrchr(argv[3], '/') + 1 : argv[3];
    fj_out o;
    if (strcmp(argv[2], "check") == 0) fj_check(l, text, base, &o);
    else if (strcmp(argv[2], "partition") == 0) fj_partition(l, text, base, &o);
    else if (strcmp(argv[2], "signature") == 0) fj_signature(l, text, base, &o);
    else { fprintf(stderr, "jni_dlopen_test: unknown call '%s'\n", argv[2]); fj_close(l); free(text); return 2; }
    int ok = strcmp(argv[4], "null") == 0 ? !o.has_result && !o.thrown[0]
                                          : strstr(o.result, argv[4]) != NULL || strstr(o.thrown, argv[4]) != NULL;
    printf("jni_dlopen_test: %s(%s) -> %s%s%s %s\n", argv[2], base, o.has_result ? o.result : "null",
           o.thrown[0] ? ", threw " : "", o.thrown, ok ? "ok" : "UNEXPECTED");
    fj_close(l);
    free(text);
    return ok ? 0 : 1;
}
