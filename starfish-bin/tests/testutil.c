/* testutil.c - see testutil.h */
#define _POSIX_C_SOURCE 200809L
#include "testutil.h"
#include <pthread.h>
#include <string.h>

int tu_fails;

pg_module *tu_parse(const char *text, pg_diag *d) { return pg_parse(text, strlen(text), "t.hlo", d); }

void tu_expect_err(const char *text, int line, int col, const char *frag) {
    pg_diag d = {0};
    pg_module *m = tu_parse(text, &d);
    CHECK(m == NULL);
    pg_module_free(m);
    if (!(d.line == line && d.col == col && strstr(d.msg, frag))) {
        fprintf(stderr, "got %d:%d: %s (want %d:%d: ...%s...)\n", d.line, d.col, d.msg, line, col, frag);
        tu_fails++;
    }
}

int tu_finish(const char *name) {
    if (tu_fails) { fprintf(stderr, "%s: %d failure(s)\n", name, tu_fails); return 1; }
    printf("%s: all checks passed\n", name);
    return 0;
}

typedef struct { void (*fn)(void *); void *arg; } tu_job;

static void *tu_run(void *p) {
    tu_job *j = p;
    j->fn(j->arg);
    return NULL;
}

int tu_on_jvm_stack(void (*fn)(void *), void *arg) {
    tu_job j = {fn, arg};
    pthread_attr_t a;
    pthread_t th;
    if (pthread_attr_init(&a) != 0) return 0;
    int ok = pthread_attr_setstacksize(&a, 1 << 20) == 0 && pthread_create(&th, &a, tu_run, &j) == 0;
    pthread_attr_destroy(&a);
    return ok && pthread_join(th, NULL) == 0;
}
