/* check.c - semantic checks of a parsed HLO module: name resolution,
 * topological order, parameters, reduce bodies and shapes. */
#include "parser_int.h"
#include <stdio.h>
#include <string.h>

_Noreturn static void oom(pg_parser *p) { pp_fail(p, 0, 0, "out of memory"); }

/* put_unique: add name -> i to map; a second definition is an error */
static void put_unique(pg_parser *p, pg_strmap *map, const char *name, int i, int line, int col, const char *what) {
    int r = pg_strmap_put(map, name, strlen(name), i, NULL);
    if (r < 0) oom(p);
    if (r == 0) pp_fail(p, line, col, "duplicate %s name '%s'", what, name);
}

/* comp_map: computation names of the whole module (duplicates rejected) */
static void comp_map(pg_parser *p) {
    pg_module *m = p->m;
    if (!pg_strmap_init(&p->comp_names, (size_t)m->n_comps)) oom(p);
    for (int i = 0; i < m->n_comps; i++)
        put_unique(p, &p->comp_names, m->comps[i]->name, i, m->comps[i]->line, m->comps[i]->col, "computation");
}

void pp_unique_names(pg_parser *p, pg_comp *c) {
    pg_strmap_free(&p->instr_names);
    if (!pg_strmap_init(&p->instr_names, (size_t)c->n_instrs)) oom(p);
    for (int i = 0; i < c->n_instrs; i++)
        put_unique(p, &p->instr_names, c->instrs[i]->name, i, c->instrs[i]->line, c->instrs[i]->col, "instruction");
}

/* resolve: operand and to_apply names to pointers, through hash maps */
static void resolve(pg_parser *p, pg_comp *c) {
    pp_unique_names(p, c);
    for (int i = 0; i < c->n_instrs; i++) {
        pg_instr *in = c->instrs[i];
        if (in->n_operands) in->operands = pp_alloc(p, sizeof(pg_instr *) * (size_t)in->n_operands);
        for (int k = 0; k < in->n_operands; k++) {
            const char *nm = in->operand_names[k];
            int at = pg_strmap_get(&p->instr_names, nm, strlen(nm));
            if (at < 0)
                pp_fail(p, in->operand_line[k], in->operand_col[k], "unknown operand '%s' in computation '%s'",
                        nm, c->name);
            in->operands[k] = c->instrs[at];
        }
        if (in->to_apply_name) {
            int at = pg_strmap_get(&p->comp_names, in->to_apply_name, strlen(in->to_apply_name));
            if (at < 0)
                pp_fail(p, in->op_line, in->op_col, "unknown computation '%s' in to_apply", in->to_apply_name);
            in->to_apply = p->m->comps[at];
        }
    }
    if (!c->root) c->root = c->instrs[c->n_instrs - 1];
}

/* iterative DFS post-order; mark: 0 new, 1 on stack, 2 done */
static void topo(pg_parser *p, pg_comp *c) {
    c->order = pp_alloc(p, sizeof(pg_instr *) * (size_t)c->n_instrs);
    pg_instr **stack = pp_alloc(p, sizeof(pg_instr *) * (size_t)c->n_instrs);
    int *next = pp_alloc(p, sizeof(int) * (size_t)c->n_instrs);
    for (int i = 0; i < c->n_instrs; i++) c->instrs[i]->mark = 0;
    for (int i = 0; i < c->n_instrs; i++) {
        if (c->instrs[i]->mark) continue;
        int sp = 0;
        stack[sp] = c->instrs[i]; next[sp] = 0; sp++;
        c->instrs[i]->mark = 1;
        while (sp) {
            pg_instr *top = stack[sp - 1];
            if (next[sp - 1] < top->n_operands) {
                pg_instr *o = top->operands[next[sp - 1]++];
                if (o->mark == 1)
                    pp_fail(p, top->line, top->col, "cycle through '%s' and '%s'", top->name, o->name);
                if (o->mark == 0) { o->mark = 1; stack[sp] = o; next[sp] = 0; sp++; }
            } else {
                top->mark = 2;
                c->order[c->n_order++] = top;
                sp--;
            }
        }
    }
}

static void params(pg_parser *p, pg_comp *c) {
    int64_t n = 0;
    for (int i = 0; i < c->n_instrs; i++) if (c->instrs[i]->op == PG_OP_PARAMETER) n++;
    unsigned char *seen = pp_alloc(p, (size_t)n + 1);
    for (int i = 0; i < c->n_instrs; i++) {
        pg_instr *in = c->instrs[i];
        if (in->op != PG_OP_PARAMETER) continue;
        if (in->param_index >= n)
            pp_fail(p, in->op_line, in->op_col, "parameter(%lld) out of range: computation '%s' has %lld parameters",
                    (long long)in->param_index, c->name, (long long)n);
        if (seen[in->param_index])
            pp_fail(p, in->op_line, in->op_col, "parameter(%lld) declared twice", (long long)in->param_index);
        seen[in->param_index] = 1;
    }
}

static int is_add_body(const pg_comp *c) {
    const pg_instr *r = c->root;
    int np = 0;
    for (int i = 0; i < c->n_instrs; i++) {
        const pg_instr *in = c->instrs[i];
        if (in->op == PG_OP_PARAMETER) {
            np++;
            if (in->shape.rank != 0) return 0;
        }
    }
    if (np != 2 || r->op != PG_OP_ADD || r->n_operands != 2 || r->shape.rank != 0) return 0;
    const pg_instr *a = r->operands[0], *b = r->operands[1];
    return a->op == PG_OP_PARAMETER && b->op == PG_OP_PARAMETER && a->param_index != b->param_index;
}

static void check_instr(pg_parser *p, pg_comp *c, pg_instr *in) {
    char a[160], b[160], err[320];
    for (int k = 0; k < in->n_operands; k++)
        if (in->operands[k]->op == PG_OP_TUPLE)
            pp_fail(p, in->operand_line[k], in->operand_col[k], "tuple '%s' can only be the ENTRY ROOT",
                    in->operands[k]->name);
    switch (in->op) {
    case PG_OP_PARAMETER: return;
    case PG_OP_CONSTANT:
        if (in->n_literal != pg_shape_numel(&in->shape))
            pp_fail(p, in->op_line, in->op_col, "constant has %lld values but %s needs %lld",
                    (long long)in->n_literal, pg_shape_str(&in->shape, a, sizeof a),
                    (long long)pg_shape_numel(&in->shape));
        return;
    case PG_OP_TUPLE:
        if (!c->is_entry || c->root != in)
            pp_fail(p, in->op_line, in->op_col, "tuple is only supported as the ENTRY ROOT");
        if (in->n_tuple != in->n_operands || in->n_operands == 0)
            pp_fail(p, in->op_line, in->op_col, "tuple shape has %d elements but %d operands", in->n_tuple, in->n_operands);
        for (int k = 0; k < in->n_operands; k++)
            if (!pg_shape_eq(&in->tuple_shapes[k], &in->operands[k]->shape))
                pp_fail(p, in->operand_line[k], in->operand_col[k], "shape mismatch: tuple element %d declared %s but '%s' is %s",
                        k, pg_shape_str(&in->tuple_shapes[k], a, sizeof a), in->operands[k]->name,
                        pg_shape_str(&in->operands[k]->shape, b, sizeof b));
        return;
    case PG_OP_REDUCE:
        if (!in->to_apply) pp_fail(p, in->op_line, in->op_col, "reduce needs to_apply=<computation>");
        if (in->to_apply->is_entry || !is_add_body(in->to_apply))
            pp_fail(p, in->op_line, in->op_col, "unsupported reduce computation '%s' (only a scalar add of its two parameters is supported)",
                    in->to_apply->name);
        /* fall through */
    case PG_OP_BROADCAST: case PG_OP_TRANSPOSE: case PG_OP_CONCATENATE:
        if (!in->has_dims) pp_fail(p, in->op_line, in->op_col, "%s needs dimensions={...}", pg_op_name(in->op));
        break;
    case PG_OP_RESHAPE:
        if (in->is_bitcast && (in->layout_nondefault || in->operands[0]->layout_nondefault))
            pp_fail(p, in->op_line, in->op_col,
                    "bitcast between layouts is not supported (only row-major layouts, where it is a reshape)");
        break;
    case PG_OP_IOTA:
        if (!in->has_dims) pp_fail(p, in->op_line, in->op_col, "iota needs iota_dimension=N");
        break;
    case PG_OP_SLICE:
        if (!in->has_dims) pp_fail(p, in->op_line, in->op_col, "slice needs slice={[start:limit:stride], ...}");
        break;
    case PG_OP_DOT:
        if (!in->has_lhs_c || !in->has_rhs_c)
            pp_fail(p, in->op_line, in->op_col, "dot needs lhs_contracting_dims and rhs_contracting_dims");
        in->n_attr = 2;
        break;
    default: break;
    }
    pg_shape ins[PG_MAX_SRC], out = in->shape;
    int nin = in->n_operands;
    if (nin > PG_MAX_SRC)
        pp_fail(p, in->op_line, in->op_col, "%s takes at most %d operands, got %d", pg_op_name(in->op), PG_MAX_SRC, nin);
    for (int k = 0; k < nin; k++) ins[k] = in->operands[k]->shape;
    if (!pg_infer_shape(in->op, ins, nin, in->attr, in->n_attr, &out, err, sizeof err))
        pp_fail(p, in->op_line, in->op_col, "shape mismatch: %s", err);
    if (!pg_shape_eq(&out, &in->shape))
        pp_fail(p, in->op_line, in->op_col, "shape mismatch: '%s' is declared %s but %s of its operands gives %s",
                in->name, pg_shape_str(&in->shape, a, sizeof a), pg_op_name(in->op), pg_shape_str(&out, b, sizeof b));
}

void pp_check_module(pg_parser *p) {
    pg_module *m = p->m;
    comp_map(p);
    for (int i = 0; i < m->n_comps; i++) resolve(p, m->comps[i]);
    pp_inline_calls(p);
    for (int i = 0; i < m->n_comps; i++) {
        topo(p, m->comps[i]);
        params(p, m->comps[i]);
    }
    for (int i = 0; i < m->n_comps; i++) {
        pg_comp *c = m->comps[i];
        for (int k = 0; k < c->n_order; k++) check_instr(p, c, c->order[k]);
    }
}

int pg_module_params(const pg_module *m, pg_instr **out, int cap, int *count) {
    int n = 0;
    for (int i = 0; i < m->entry->n_instrs; i++) if (m->entry->instrs[i]->op == PG_OP_PARAMETER) n++;
    *count = n;
    if (n > cap) return 0;
    for (int i = 0; i < m->entry->n_instrs; i++) {
        pg_instr *in = m->entry->instrs[i];
        if (in->op == PG_OP_PARAMETER) out[in->param_index] = in;
    }
    return 1;
}

pg_instr **pg_root_outputs(const pg_module *m, int *n) {
    pg_instr *r = m->entry->root;
    if (r->op == PG_OP_TUPLE) { *n = r->n_operands; return r->operands; }
    *n = 1;
    return &m->entry->root;
}
