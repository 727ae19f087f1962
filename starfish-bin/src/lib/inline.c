/* inline.c - fusion and call instructions are replaced by a copy of the
 * computation they call (calls= / to_apply=), parameters bound to the
 * call's operands; the copy of the callee's root takes the call's name
 * and position, the other copies are named "<call>.<name>". Callees are
 * inlined first, in the order of pp_call_order (callgraph.c), which also
 * rejects recursion and models past the limits before anything is
 * copied; nothing here recurses. Runs after name resolution and before
 * ordering and checking. */
#include "parser_int.h"
#include <string.h>

static int is_call(const pg_instr *in) { return in->op == PG_OP_FUSION || in->op == PG_OP_CALL; }

/* bind: callee parameters to the call's operands (count and shapes) */
static void bind(pg_parser *p, pg_instr *call, pg_comp *callee) {
    char a[160], b[160];
    int np = 0;
    for (int i = 0; i < callee->n_instrs; i++) np += callee->instrs[i]->op == PG_OP_PARAMETER;
    if (np != call->n_operands)
        pp_fail(p, call->op_line, call->op_col, "%s passes %d operand%s to '%s', which has %d parameter%s",
                pg_op_name(call->op), call->n_operands, call->n_operands == 1 ? "" : "s", callee->name, np,
                np == 1 ? "" : "s");
    for (int i = 0; i < callee->n_instrs; i++) {
        pg_instr *prm = callee->instrs[i];
        if (prm->op != PG_OP_PARAMETER) continue;
        if (prm->param_index >= np)
            pp_fail(p, prm->op_line, prm->op_col, "parameter(%lld) out of range: computation '%s' has %d parameters",
                    (long long)prm->param_index, callee->name, np);
        int k = (int)prm->param_index;
        pg_instr *arg = call->operands[k];
        if (arg->op != PG_OP_TUPLE && !pg_shape_eq(&arg->shape, &prm->shape))
            pp_fail(p, call->operand_line[k], call->operand_col[k],
                    "shape mismatch: operand %d of '%s' is %s but parameter %d of '%s' is %s", k, call->name,
                    pg_shape_str(&arg->shape, a, sizeof a), k, callee->name, pg_shape_str(&prm->shape, b, sizeof b));
        prm->clone = arg;
    }
}

/* expand: append copies of callee's non-parameter instructions to out */
static void expand(pg_parser *p, pg_instr *call, pg_comp *callee, pg_instr **out, int *n) {
    if (callee->root->op == PG_OP_TUPLE && !call->tuple_shapes)
        pp_fail(p, call->op_line, call->op_col, "%s of '%s' returns a tuple but is declared with an array shape",
                pg_op_name(call->op), callee->name);
    bind(p, call, callee);
    for (int i = 0; i < callee->n_instrs; i++) {
        pg_instr *ci = callee->instrs[i];
        if (ci->op == PG_OP_PARAMETER) continue;
        pg_instr *cp = pp_alloc(p, sizeof *cp);
        *cp = *ci;
        if (ci == callee->root) {
            cp->name = call->name;
            cp->line = call->line; cp->col = call->col;
        } else {
            size_t la = strlen(call->name), lb = strlen(ci->name);
            pp_limit_copy_name(p, call, callee, la + 1 + lb);
            char *nm = pp_alloc(p, la + lb + 2);
            memcpy(nm, call->name, la);
            nm[la] = '.';
            memcpy(nm + la + 1, ci->name, lb + 1);
            cp->name = nm;
        }
        cp->clone_of_call = ci == callee->root;
        ci->clone = cp;
        out[(*n)++] = cp;
    }
    for (int i = 0; i < callee->n_instrs; i++) {
        pg_instr *cp = callee->instrs[i]->clone;
        if (callee->instrs[i]->op == PG_OP_PARAMETER || !cp->n_operands) continue;
        pg_instr **ops = pp_alloc(p, sizeof *ops * (size_t)cp->n_operands);
        for (int k = 0; k < cp->n_operands; k++) ops[k] = cp->operands[k]->clone;
        cp->operands = ops;
    }
    call->clone = callee->root->clone;
}

/* replacement: what stands for `in` once calls are gone: a call's inlined
 * root; for get-tuple-element of a tuple, that tuple's element. Nested
 * get-tuple-elements wait on a bounded stack; the step count stops a
 * cycle through tuples (checked only after inlining). */
static pg_instr *replacement(pg_parser *p, pg_instr *in) {
    pg_instr *pending[64], *at = in;
    int np = 0;
    for (long steps = 0;; steps++) {
        if (steps > 100000 || np == (int)(sizeof pending / sizeof *pending))
            pp_fail(p, in->line, in->col, "get-tuple-element chain too deep");
        if (is_call(at)) { at = at->clone; continue; }
        if (at->op == PG_OP_GET_TUPLE_ELEMENT) { pending[np++] = at; at = at->operands[0]; continue; }
        if (!np) return at;
        pg_instr *g = pending[--np];
        if (at->op != PG_OP_TUPLE)
            pp_fail(p, g->op_line, g->op_col, "get-tuple-element of '%s' is not supported (only of a fusion or call returning a tuple)",
                    g->operands[0]->name);
        if (g->param_index >= at->n_operands)
            pp_fail(p, g->op_line, g->op_col, "get-tuple-element index %lld is outside the %d-element tuple",
                    (long long)g->param_index, at->n_operands);
        at = at->operands[g->param_index];
    }
}

/* inline_comp: c's calls replaced by copies of their callees, which are
 * already inlined; pp_call_order bounded the sizes */
static void inline_comp(pg_parser *p, pg_comp *c) {
    size_t size = 0;
    int ncalls = 0;
    for (int i = 0; i < c->n_instrs; i++) {
        pg_instr *in = c->instrs[i];
        if (!is_call(in)) { size++; continue; }
        size += (size_t)in->to_apply->n_instrs;
        ncalls++;
    }
    if (!ncalls) return;
    pg_instr **out = pp_alloc(p, sizeof *out * size);
    int n = 0;
    for (int i = 0; i < c->n_instrs; i++) {
        if (is_call(c->instrs[i])) expand(p, c->instrs[i], c->instrs[i]->to_apply, out, &n);
        else out[n++] = c->instrs[i];
    }
    c->root = replacement(p, c->root);
    int kept = 0;
    for (int i = 0; i < n; i++) {
        pg_instr *in = out[i];
        /* resolved get-tuple-elements and the tuples of inlined calls go */
        if (in->op == PG_OP_GET_TUPLE_ELEMENT || (in->op == PG_OP_TUPLE && in != c->root && in->clone_of_call))
            continue;
        for (int k = 0; k < in->n_operands; k++) in->operands[k] = replacement(p, in->operands[k]);
        out[kept++] = in;
    }
    c->instrs = out;
    c->n_instrs = kept;
    pp_unique_names(p, c);
}

void pp_inline_calls(pg_parser *p) {
    pg_comp **order = pp_call_order(p);
    for (int i = 0; i < p->m->n_comps; i++) inline_comp(p, order[i]);
}
