/* replay.c - runs the fuzz target on every file of the given directories
 * or files (used by `make check` on fuzz/regressions and the examples),
 * each on a JVM-sized stack (tu_on_jvm_stack). */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "testutil.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

typedef struct { unsigned char *data; size_t n; } input;

static void run_input(void *p) {
    input *in = p;
    LLVMFuzzerTestOneInput(in->data, in->n);
}

static int run_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); return 0; }
    unsigned char *buf = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (n == cap) {
            cap = cap ? cap * 2 : 4096;
            unsigned char *nb = realloc(buf, cap);
            if (!nb) { free(buf); fclose(f); fprintf(stderr, "out of memory\n"); return 0; }
            buf = nb;
        }
        size_t r = fread(buf + n, 1, cap - n, f);
        if (r == 0) break;
        n += r;
    }
    fclose(f);
    input in = {buf, n};
    int ok = tu_on_jvm_stack(run_input, &in);
    if (!ok) fprintf(stderr, "%s: cannot start a thread\n", path);
    free(buf);
    return ok;
}

int main(int argc, char **argv) {
    int count = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) { perror(argv[i]); return 2; }
        if (!S_ISDIR(st.st_mode)) { if (!run_file(argv[i])) return 2; count++; continue; }
        DIR *d = opendir(argv[i]);
        if (!d) { perror(argv[i]); return 2; }
        struct dirent *e;
        while ((e = readdir(d))) {
            if (e->d_name[0] == '.') continue;
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", argv[i], e->d_name);
            if (!run_file(path)) { closedir(d); return 2; }
            count++;
        }
        closedir(d);
    }
    printf("fuzz_replay: %d inputs ok\n", count);
    return 0;
}
