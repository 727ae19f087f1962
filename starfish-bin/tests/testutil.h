/* testutil.h - shared by the C unit tests (test_lib, test_xla): a
 * failure counter, CHECK, helpers for parsing HLO text and a small stack
 * (also linked into the fuzz drivers). */
#ifndef PG_TESTUTIL_H
#define PG_TESTUTIL_H
#include "hlo.h"
#include <stdio.h>

/* tu_fails: the number of failed checks so far (the test exits 1 if > 0) */
extern int tu_fails;
/* CHECK: count and report (file:line and the expression) a false condition */
#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); tu_fails++; } } while (0)

/* tu_parse: pg_parse of a NUL-terminated text named "t.hlo" */
pg_module *tu_parse(const char *text, pg_diag *d);
/* tu_expect_err: text must fail to parse with the error at line:col and
 * a message containing frag; reports and counts a failure otherwise */
void tu_expect_err(const char *text, int line, int col, const char *frag);
/* tu_on_jvm_stack: run fn(arg) on a thread with a 1 MiB stack, about what
 * a JVM thread gives the JNI library, so that a recursion the tools' 8 MiB
 * would survive crashes in the tests too; 0 when the thread cannot start */
int tu_on_jvm_stack(void (*fn)(void *), void *arg);
/* tu_finish: prints "<name>: all checks passed" and returns 0, or the
 * failure count and returns 1 */
int tu_finish(const char *name);
#endif
