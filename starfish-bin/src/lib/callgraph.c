/* callgraph.c - the call graph of fusion and call instructions, walked
 * without recursion (a model may nest calls thousands deep, and the JNI
 * library runs on a JVM thread's small stack). Orders the computations
 * callees first and predicts, before anything is copied, how deep calls
 * nest and how large each computation gets once inlined. */
#include "parser_int.h"
#include <string.h>

static int is_call(const pg_instr *in) { return in->op == PG_OP_FUSION || in->op == PG_OP_CALL; }

/* callee: the computation a call instruction inlines (checked) */
static pg_comp *callee(pg_parser *p, const pg_instr *in) {
    if (!in->to_apply)
        pp_fail(p, in->op_line, in->op_col, "%s needs %s=<computation>", pg_op_name(in->op),
                in->op == PG_OP_FUSION ? "calls" : "to_apply");
    if (in->to_apply->is_entry)
        pp_fail(p, in->op_line, in->op_col, "%s cannot call the ENTRY computation '%s'", pg_op_name(in->op),
                in->to_apply->name);
    return in->to_apply;
}

/* the module's running totals over the computations measured so far */
typedef struct { uint64_t instrs, bytes; } totals;

/* measure: c's nesting depth and inlined size from its callees' (all
 * measured before): n counts c's instructions once inlined, b the bytes
 * of their names and operand lists; a call adds the copies of its
 * callee's instructions (all but parameters), each named
 * "<call>.<name>". Every partial sum is compared with its limit as soon
 * as it grows, so no sum exceeds limit + one term (< 2^54): uint64_t
 * cannot overflow. */
static void measure(pg_parser *p, pg_comp *c, totals *t) {
    uint64_t n = 0, b = 0, params = 0, param_bytes = 0;
    const pg_instr *deepest = NULL;
    c->call_depth = 0;
    for (int i = 0; i < c->n_instrs; i++) {
        const pg_instr *in = c->instrs[i];
        uint64_t name = strlen(in->name) + 2;
        if (!is_call(in)) {
            n += 1;
            b += name + sizeof(pg_instr *) * (uint64_t)in->n_operands;
            if (in->op == PG_OP_PARAMETER) { params++; param_bytes += name; }
        } else {
            const pg_comp *f = in->to_apply;
            if (f->call_depth + 1 > c->call_depth) { c->call_depth = f->call_depth + 1; deepest = in; }
            n += f->inl_instrs;
            b += f->inl_bytes + f->inl_instrs * name;
        }
        if (n > (uint64_t)PG_MAX_INSTRS) pp_limit_instrs_inlined(p, c);
        if (b > (uint64_t)PG_MAX_INLINED_BYTES) pp_limit_bytes_inlined(p, c);
    }
    if (c->call_depth > PG_MAX_CALL_DEPTH)
        pp_fail(p, deepest->op_line, deepest->op_col,
                "call depth limit exceeded: computation '%s' nests fusion/call %d deep through '%s' (at most %d "
                "nested levels are supported)", c->name, c->call_depth, deepest->to_apply->name, PG_MAX_CALL_DEPTH);
    t->instrs += n;
    t->bytes += b;
    if (t->instrs > (uint64_t)PG_MAX_INSTRS) pp_limit_instrs_inlined(p, c);
    if (t->bytes > (uint64_t)PG_MAX_INLINED_BYTES) pp_limit_bytes_inlined(p, c);
    /* what a call of c copies: everything but c's parameters */
    c->inl_instrs = n - params;
    c->inl_bytes = b - param_bytes;
}

/* A depth-first walk with an explicit stack: each frame is a computation
 * being visited and the index of its next instruction. A computation is
 * on the stack at most once, so n_comps frames suffice. */
pg_comp **pp_call_order(pg_parser *p) {
    pg_module *m = p->m;
    pg_comp **order = pp_alloc(p, sizeof *order * (size_t)m->n_comps);
    pg_comp **stack = pp_alloc(p, sizeof *stack * (size_t)m->n_comps);
    int *next = pp_alloc(p, sizeof *next * (size_t)m->n_comps);
    int n = 0;
    totals t = {0, 0};
    for (int i = 0; i < m->n_comps; i++) m->comps[i]->inline_state = 0;
    for (int r = 0; r < m->n_comps; r++) {
        if (m->comps[r]->inline_state) continue;
        int sp = 0;
        stack[sp] = m->comps[r]; next[sp] = 0; sp++;
        m->comps[r]->inline_state = 1;
        while (sp) {
            pg_comp *c = stack[sp - 1];
            if (next[sp - 1] == c->n_instrs) {
                measure(p, c, &t);
                c->inline_state = 2;
                order[n++] = c;
                sp--;
                continue;
            }
            pg_instr *in = c->instrs[next[sp - 1]++];
            if (!is_call(in)) continue;
            pg_comp *f = callee(p, in);
            if (f->inline_state == 1) pp_fail(p, f->line, f->col, "computation '%s' calls itself", f->name);
            if (f->inline_state == 0) { f->inline_state = 1; stack[sp] = f; next[sp] = 0; sp++; }
        }
    }
    return order;
}
