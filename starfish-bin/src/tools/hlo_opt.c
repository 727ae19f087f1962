/* hlo-opt - constant folding and dead-code elimination on HLO text.
 *   hlo-opt IN.hlo -o OUT.hlo
 * Every instruction whose operands are all constants (and whose result
 * has at most 65536 elements) becomes a constant; the printer then keeps
 * only what the root needs (parameters always stay). */
#include "common.h"
#include "hlo.h"
#include "kernels.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *TOOL = "hlo-opt";

static int fold(pg_module *m) {
    int folded = 0;
    pg_comp *c = m->entry;
    for (int i = 0; i < c->n_order; i++) {
        pg_instr *in = c->order[i];
        if (in->op == PG_OP_PARAMETER || in->op == PG_OP_CONSTANT || in->op == PG_OP_TUPLE || in->n_operands == 0) continue;
        int all = 1;
        for (int s = 0; s < in->n_operands; s++) all &= in->operands[s]->op == PG_OP_CONSTANT;
        int64_t n = pg_shape_numel(&in->shape);
        if (!all || n > 65536) continue;
        void *v = pg_arena_alloc(&m->arena, (size_t)(n * pg_et_size(in->shape.et)) + 8);
        if (!v) tool_fail(TOOL, EXIT_FAIL, "out of memory");
        pg_shape ss[PG_MAX_SRC];
        const void *src[PG_MAX_SRC] = {NULL};
        for (int s = 0; s < in->n_operands; s++) { ss[s] = in->operands[s]->shape; src[s] = in->operands[s]->literal; }
        if (!pg_kernel_run(in->op, in->fn, in->attr, in->n_attr, &in->shape, v, ss, src, in->n_operands)) continue;
        in->op = PG_OP_CONSTANT;
        in->literal = v; in->n_literal = n;
        in->n_operands = 0; in->n_attr = 0; in->fn = 0; in->to_apply = NULL;
        folded++;
    }
    return folded;
}

int main(int argc, char **argv) {
    tool_std_flags(TOOL, "IN.hlo -o OUT.hlo", argc, argv);
    const char *in, *out;
    tool_in_out_args(TOOL, "IN.hlo -o OUT.hlo", argc, argv, &in, &out);
    size_t len;
    char *text = tool_read_file(TOOL, in, &len);
    pg_diag d = {0};
    pg_module *m = pg_parse(text, len, in, &d);
    if (!m) tool_diag_exit(TOOL, in, &d, text, len, EXIT_USAGE);
    int folded = fold(m);
    pg_sbuf o = {0};
    pg_print_module(m, &o);
    if (o.oom) tool_fail(TOOL, EXIT_FAIL, "out of memory");
    /* the result must parse again */
    pg_module *again = pg_parse(o.p, o.len, out, &d);
    if (!again) tool_fail(TOOL, EXIT_FAIL, "internal error: printed HLO does not parse: %d:%d: %s", d.line, d.col, d.msg);
    pg_module_free(again);
    tool_write_file(TOOL, out, o.p, o.len);
    printf("%s: folded %d instruction%s\n", out, folded, folded == 1 ? "" : "s");
    pg_sbuf_free(&o);
    pg_module_free(m);
    free(text);
    return 0;
}
