/* fuzz_gen - the gcc-built fuzzing driver run by `make check`: generates
 * HLO modules with gen_hlo.c from consecutive seeds and runs each through
 * the library path (target.h) and, with --jni, through the JNI entry
 * points of an ASan build of libpenguin.so (check, partition, signature;
 * loaded without a JVM by tests/fake_jni.c).
 *   fuzz_gen [--seconds S | --runs N] [--seed S] [--jni LIB.so] [--save-dir DIR]
 *   fuzz_gen --seed S --emit          print the module of seed S
 * A crash (sanitizer report, SIGSEGV, abort) saves the input as
 * DIR/crash-<seed>.hlo, names the seed and ends the process abnormally,
 * so `make check` fails. The default first seed is the current time, so
 * every CI run explores new modules; it is printed for reproduction.
 * Each module runs on a JVM-sized stack (tu_on_jvm_stack), as the JNI
 * library does in the driver. */
#define _POSIX_C_SOURCE 200809L
#include "gen_hlo.h"
#include "target.h"
#include "fake_jni.h"
#include "testutil.h"
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sanitizer/common_interface_defs.h>

/* the input being run, for the crash handlers (a test driver, not the
 * library: process-wide state is fine here) */
static const char *cur_text;
static size_t cur_len;
static char crash_path[4096];

static void save_crash(void) {
    static const char msg[] = "fuzz_gen: CRASH; input saved to ";
    int fd = open(crash_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
        if (cur_text && write(fd, cur_text, cur_len) != (ssize_t)cur_len) { /* best effort */ }
        (void)close(fd);
    }
    if (write(2, msg, sizeof msg - 1) < 0 || write(2, crash_path, strlen(crash_path)) < 0 || write(2, "\n", 1) < 0) {
        /* nothing more to do in a dying process */
    }
}

static void on_fatal_signal(int sig) {
    save_crash();
    signal(sig, SIG_DFL);
    raise(sig);
}

static double now_s(void) {
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0) { perror("fuzz_gen: clock_gettime"); exit(2); }
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

typedef struct { const pg_sbuf *text; fj_lib *lib; int parsed; } one_run;

/* run_one: the library path, then the JNI entry points */
static void run_one(void *p) {
    one_run *r = p;
    r->parsed = pg_fuzz_one((const unsigned char *)r->text->p, r->text->len);
    if (!r->lib) return;
    fj_out o;
    fj_check(r->lib, r->text->p, "gen.hlo", &o);
    fj_partition(r->lib, r->text->p, "gen.hlo", &o);
    fj_signature(r->lib, r->text->p, "gen.hlo", &o);
}

static void generate(unsigned long long seed, pg_sbuf *text) {
    fz_src src;
    fz_from_seed(&src, seed);
    text->len = 0;
    if (text->p) text->p[0] = 0;
    fz_gen_module(&src, text);
    if (text->oom || !text->p) { fprintf(stderr, "fuzz_gen: out of memory\n"); exit(2); }
}

int main(int argc, char **argv) {
    double seconds = 0;
    long long runs = -1;
    unsigned long long seed = (unsigned long long)time(NULL);
    const char *jni = NULL, *dir = ".";
    int emit = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--emit")) { emit = 1; continue; }
        if (!v) { fprintf(stderr, "fuzz_gen: %s needs a value\n", a); return 2; }
        if (!strcmp(a, "--seconds")) seconds = atof(v);
        else if (!strcmp(a, "--runs")) runs = atoll(v);
        else if (!strcmp(a, "--seed")) seed = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--jni")) jni = v;
        else if (!strcmp(a, "--save-dir")) dir = v;
        else { fprintf(stderr, "usage: fuzz_gen [--seconds S | --runs N] [--seed S] [--jni LIB.so] [--save-dir DIR] [--emit]\n"); return 2; }
        i++;
    }
    pg_sbuf text = {0};
    if (emit) { generate(seed, &text); fputs(text.p, stdout); pg_sbuf_free(&text); return 0; }
    if (seconds <= 0 && runs < 0) runs = 1000;
    fj_lib *lib = jni ? fj_open(jni) : NULL;
    if (jni && !lib) return 2;
    __sanitizer_set_death_callback(save_crash);
    signal(SIGABRT, on_fatal_signal);
    signal(SIGSEGV, on_fatal_signal);
    signal(SIGFPE, on_fatal_signal);
    double start = now_s();
    long long n = 0, parsed = 0;
    printf("fuzz_gen: first seed %llu%s\n", seed, jni ? ", with the JNI entry points" : "");
    fflush(stdout);
    for (; runs < 0 || n < runs; n++) {
        if (runs < 0 && (n & 31) == 0 && now_s() - start >= seconds) break;
        generate(seed + (unsigned long long)n, &text);
        snprintf(crash_path, sizeof crash_path, "%s/crash-%llu.hlo", dir, seed + (unsigned long long)n);
        cur_text = text.p; cur_len = text.len;
        one_run r = {&text, lib, 0};
        if (!tu_on_jvm_stack(run_one, &r)) { fprintf(stderr, "fuzz_gen: cannot start a thread\n"); return 2; }
        parsed += r.parsed;
    }
    double took = now_s() - start;
    printf("fuzz_gen: %lld modules (%lld valid, went through every stage) in %.1f s, %.0f/s, seeds %llu..%llu, 0 crashes\n",
           n, parsed, took, took > 0 ? (double)n / took : 0.0, seed, seed + (unsigned long long)(n ? n - 1 : 0));
    fj_close(lib);
    pg_sbuf_free(&text);
    return 0;
}
