/* testutil.c - see testutil.h */
#include "testutil.h"
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
