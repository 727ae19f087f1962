/* test_callgraph - fusion/call graphs of hostile shape (issue 23 F10,
 * F11): a 10 000-deep chain of calls and computations calling the next
 * one twice are refused with one positioned diagnostic naming the limit,
 * before anything is copied; graphs within the limits inline correctly.
 * Runs on a 1 MiB stack (tu_on_jvm_stack), so a recursive walk crashes
 * here as it did in the JVM. */
#include "testutil.h"
#include <stdlib.h>
#include <string.h>

/* calls: an HLO module whose ENTRY calls f1; each fi (i < n) calls
 * f(i+1) `fan` times in a row, fn negates. Callers first, or callees
 * first when `reversed`. Free the result. */
static char *calls(int n, int fan, int reversed) {
    pg_sbuf o = {0};
    pg_sbuf_printf(&o, "HloModule g\n");
    for (int k = 0; k <= n; k++) {
        int i = reversed ? n - k : k;
        if (i == 0) {
            pg_sbuf_printf(&o, "ENTRY main {\n  p = f32[4] parameter(0)\n  ROOT c = f32[4] call(p), to_apply=f1\n}\n");
            continue;
        }
        pg_sbuf_printf(&o, "f%d {\n  p = f32[4] parameter(0)\n", i);
        if (i == n) pg_sbuf_printf(&o, "  ROOT r = f32[4] negate(p)\n}\n");
        for (int j = 0; i < n && j < fan; j++) {
            pg_sbuf_printf(&o, "  %sc%d = f32[4] call(", j == fan - 1 ? "ROOT " : "", j);
            if (j) pg_sbuf_printf(&o, "c%d), to_apply=f%d\n", j - 1, i + 1);
            else pg_sbuf_printf(&o, "p), to_apply=f%d\n", i + 1);
        }
        if (i < n) pg_sbuf_printf(&o, "}\n");
    }
    if (o.oom) abort();
    return o.p;
}

/* line_of: the 1-based line of the first occurrence of `frag` in text */
static int line_of(const char *text, const char *frag) {
    const char *at = strstr(text, frag);
    int line = 1;
    for (const char *c = text; at && c < at; c++) line += *c == '\n';
    return at ? line : -1;
}

static void deep_chains(void) {
    char *t = calls(10000, 1, 0);
    /* f8999 is the first computation more than 1000 calls deep */
    tu_expect_err(t, line_of(t, "f8999 {") + 2, 20,
                  "call depth limit exceeded: computation 'f8999' nests fusion/call 1001 deep through 'f9000' "
                  "(at most 1000 nested levels are supported)");
    free(t);
    t = calls(10000, 1, 1);
    tu_expect_err(t, line_of(t, "f8999 {") + 2, 20, "call depth limit exceeded: computation 'f8999'");
    free(t);
    t = calls(PG_MAX_CALL_DEPTH + 1, 1, 0);
    tu_expect_err(t, 4, 19, "call depth limit exceeded: computation 'main' nests fusion/call 1001 deep through 'f1'");
    free(t);
    pg_diag d = {0};
    t = calls(PG_MAX_CALL_DEPTH, 1, 0);
    pg_module *m = tu_parse(t, &d);
    CHECK(m && m->entry->n_instrs == 2 && m->entry->root->op == PG_OP_NEGATE && !strcmp(m->entry->root->name, "c"));
    pg_module_free(m);
    free(t);
}

static void doubling(void) {
    char *t = calls(24, 2, 0);
    tu_expect_err(t, line_of(t, "f4 {"), 1,
                  "instruction limit exceeded: inlining fusion/call up to computation 'f4' makes more than 2097152 "
                  "instructions (at most 2097152 per module after inlining are supported)");
    free(t);
    t = calls(40, 2, 1);
    tu_expect_err(t, line_of(t, "f20 {"), 1, "instruction limit exceeded: inlining fusion/call up to computation 'f20'");
    free(t);
    /* fan-out 1100 twice: 1.21 million copies in f1 and again in main */
    t = calls(3, 1100, 0);
    tu_expect_err(t, line_of(t, "ENTRY main"), 7, "instruction limit exceeded");
    free(t);
    pg_diag d = {0};
    t = calls(10, 2, 0);
    pg_module *m = tu_parse(t, &d);
    int negates = 0;
    for (int i = 0; m && i < m->entry->n_instrs; i++) negates += m->entry->instrs[i]->op == PG_OP_NEGATE;
    CHECK(m && negates == 512 && m->entry->n_instrs == 513);
    pg_module_free(m);
    free(t);
}

static void names_and_recursion(void) {
    pg_sbuf o = {0};
    char name[PG_MAX_NAME + 2];
    memset(name, 'x', sizeof name - 1);
    name[PG_MAX_NAME + 1] = 0;
    pg_sbuf_printf(&o, "ENTRY main {\n  %s = f32[4] parameter(0)\n  ROOT c = f32[4] negate(%s)\n}\n", name, name);
    tu_expect_err(o.p, 2, 3, "name limit exceeded: instruction name of 256 bytes (at most 255 are supported)");
    /* copies named "k.k.k....e": 2 bytes longer at every level */
    o.len = 0;
    pg_sbuf_printf(&o, "ENTRY main {\n  p = f32[4] parameter(0)\n  ROOT c = f32[4] call(p), to_apply=f1\n}\n");
    for (int i = 1; i < 200; i++)
        pg_sbuf_printf(&o, "f%d {\n  p = f32[4] parameter(0)\n  k = f32[4] call(p), to_apply=f%d\n  ROOT e = f32[4] exponential(k)\n}\n",
                       i, i + 1);
    pg_sbuf_printf(&o, "f200 {\n  p = f32[4] parameter(0)\n  ROOT e = f32[4] negate(p)\n}\n");
    pg_diag d = {0};
    pg_module *m = tu_parse(o.p, &d);
    CHECK(!m && d.col == 14 && strstr(d.msg, "name limit exceeded: inlining 'f72' into call 'k'") &&
          strstr(d.msg, "names a copy 'k.<name>' of 257 bytes (at most 255 are supported;"));
    pg_module_free(m);
    /* a 30 000-element tuple copied 2^12 times: the operand lists pass the bytes limit */
    o.len = 0;
    pg_sbuf_printf(&o, "ENTRY main {\n  p = f32[4] parameter(0)\n  ROOT c = (f32[4]) call(p), to_apply=f1\n}\n");
    for (int i = 1; i < 12; i++)
        pg_sbuf_printf(&o, "f%d {\n  p = f32[4] parameter(0)\n  a = (f32[4]) call(p), to_apply=f%d\n"
                       "  ROOT b = (f32[4]) call(p), to_apply=f%d\n}\n", i, i + 1, i + 1);
    pg_sbuf_printf(&o, "f12 {\n  p = f32[4] parameter(0)\n  ROOT t = (f32[4]) tuple(p");
    for (int i = 1; i < 30000; i++) pg_sbuf_printf(&o, ", p");
    pg_sbuf_printf(&o, ")\n}\n");
    m = tu_parse(o.p, &d);
    CHECK(!m && strstr(d.msg, "inlined size limit exceeded: inlining fusion/call up to computation 'f") &&
          strstr(d.msg, "more than 268435456 bytes (the limit per module)"));
    pg_module_free(m);
    pg_sbuf_free(&o);
    tu_expect_err("a { x = f32[] parameter(0)\n ROOT y = f32[] call(x), to_apply=b }\nb { x = f32[] parameter(0)\n"
                  " ROOT y = f32[] call(x), to_apply=a }\nENTRY e { p = f32[] parameter(0)\n ROOT c = f32[] call(p), to_apply=a }\n",
                  1, 1, "computation 'a' calls itself");
}

static void run(void *arg) {
    (void)arg;
    deep_chains();
    doubling();
    names_and_recursion();
}

int main(void) {
    if (!tu_on_jvm_stack(run, NULL)) {
        fprintf(stderr, "test_callgraph: cannot start the test thread\n");
        return 1;
    }
    return tu_finish("test_callgraph");
}
