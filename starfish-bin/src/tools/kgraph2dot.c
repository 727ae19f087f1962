/* kgraph2dot (internal) - renders kgraph.json as Graphviz dot.
 *   kgraph2dot kgraph.json -o kgraph.dot */
#include "common.h"
#include "json.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *TOOL = "kgraph2dot";

static void names(pg_sbuf *o, const pg_json *arr, const char *sg, int in) {
    if (!arr || arr->k != PG_J_ARR) return;
    for (int i = 0; i < arr->n; i++) {
        const pg_json *v = arr->items[i];
        const pg_json *nm = v->k == PG_J_STR ? v : pg_json_get(v, "name");
        if (!nm || nm->k != PG_J_STR) continue;
        pg_sbuf_printf(o, "  ");
        pg_sbuf_json_str(o, nm->str);
        pg_sbuf_printf(o, " [shape=ellipse];\n  ");
        if (in) { pg_sbuf_json_str(o, nm->str); pg_sbuf_printf(o, " -> "); pg_sbuf_json_str(o, sg); }
        else { pg_sbuf_json_str(o, sg); pg_sbuf_printf(o, " -> "); pg_sbuf_json_str(o, nm->str); }
        pg_sbuf_printf(o, ";\n");
    }
}

int main(int argc, char **argv) {
    tool_std_flags(TOOL, "kgraph.json -o kgraph.dot", argc, argv);
    const char *in, *out;
    tool_in_out_args(TOOL, "kgraph.json -o kgraph.dot", argc, argv, &in, &out);
    size_t len;
    char *text = tool_read_file(TOOL, in, &len);
    pg_arena a;
    pg_arena_init(&a);
    pg_diag d = {0};
    pg_json *root = pg_json_parse(&a, text, len, &d);
    if (!root) tool_diag_exit(TOOL, in, &d, text, len, EXIT_USAGE);
    const pg_json *sgs = pg_json_get(root, "subgraphs");
    if (!sgs || sgs->k != PG_J_ARR) tool_fail(TOOL, EXIT_USAGE, "%s:1:1: missing \"subgraphs\" array", in);
    pg_sbuf o = {0};
    pg_sbuf_printf(&o, "digraph kgraph {\n  rankdir=LR;\n");
    for (int i = 0; i < sgs->n; i++) {
        const pg_json *nm = pg_json_get(sgs->items[i], "name"), *b = pg_json_get(sgs->items[i], "bir");
        if (!nm || nm->k != PG_J_STR) tool_fail(TOOL, EXIT_USAGE, "%s:1:1: subgraph %d has no \"name\"", in, i);
        pg_sbuf_printf(&o, "  ");
        pg_sbuf_json_str(&o, nm->str);
        pg_sbuf_printf(&o, " [shape=box, label=");
        pg_sbuf l = {0};
        pg_sbuf_printf(&l, "%s %s", nm->str, b && b->k == PG_J_STR ? b->str : "");
        pg_sbuf_json_str(&o, l.p ? l.p : "");
        pg_sbuf_free(&l);
        pg_sbuf_printf(&o, "];\n");
        names(&o, pg_json_get(sgs->items[i], "inputs"), nm->str, 1);
        names(&o, pg_json_get(sgs->items[i], "outputs"), nm->str, 0);
    }
    pg_sbuf_printf(&o, "}\n");
    if (o.oom) tool_fail(TOOL, EXIT_FAIL, "out of memory");
    tool_write_file(TOOL, out, o.p, o.len);
    pg_sbuf_free(&o);
    pg_arena_free(&a);
    free(text);
    return 0;
}
