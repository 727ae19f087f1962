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

/* body_fn: the combiner of a reduce or scatter body: its root applies a
 * binary op (add, multiply, maximum, minimum, and, or, xor) to its two
 * scalar parameters of type et, or (scatter only) returns parameter 1
 * (PG_FN_ASSIGN); -1 otherwise */
static int body_fn(const pg_comp *c, pg_et et, int scatter) {
    const pg_instr *r = c->root;
    int np = 0;
    for (int i = 0; i < c->n_instrs; i++) {
        const pg_instr *in = c->instrs[i];
        if (in->op == PG_OP_PARAMETER) {
            np++;
            if (in->shape.rank != 0 || in->shape.et != et) return -1;
        }
    }
    if (np != 2 || r->shape.rank != 0 || r->shape.et != et) return -1;
    if (scatter && r->op == PG_OP_PARAMETER && r->param_index == 1) return PG_FN_ASSIGN;
    if (!pg_op_is_binary(r->op) || r->n_operands != 2 || !pg_op_fn_ok(PG_OP_REDUCE, r->op, et)) return -1;
    const pg_instr *a = r->operands[0], *b = r->operands[1];
    if (a->op != PG_OP_PARAMETER || b->op != PG_OP_PARAMETER || a->param_index == b->param_index) return -1;
    return r->op;
}

/* encode: in->dl lists into in->attr as ops_int.h encodes them: order
 * lists list l >= 0 with its count, -l-1 without; then index_vector_dim
 * (with_ivd) and list `sizes` (>= 0) without a count */
static void encode(pg_parser *p, pg_instr *in, const int *order, int n, int with_ivd, int sizes) {
    const pg_dimlists *dl = in->dl; /* present: need_lists or the dot check ran first */
    int at = 0, need = with_ivd + (sizes >= 0 ? dl->n[sizes] : 0);
    for (int i = 0; i < n; i++) need += (order[i] >= 0) + dl->n[order[i] < 0 ? -order[i] - 1 : order[i]];
    if (need > PG_MAX_ATTR)
        pp_fail(p, in->op_line, in->op_col, "%s has %d dimension numbers in all, more than the %d supported",
                pg_op_name(in->op), need, PG_MAX_ATTR);
    for (int i = 0; i < n; i++) {
        int l = order[i], li = l < 0 ? -l - 1 : l;
        if (l >= 0) in->attr[at++] = dl->n[l];
        for (int k = 0; k < dl->n[li]; k++) in->attr[at++] = dl->v[li][k];
    }
    if (with_ivd) in->attr[at++] = dl->ivd;
    if (sizes >= 0) for (int k = 0; k < dl->n[sizes]; k++) in->attr[at++] = dl->v[sizes][k];
    in->n_attr = at;
}

static void need_lists(pg_parser *p, const pg_instr *in, int mask, const char *what) {
    if ((in->has_dl & mask) != mask || ((in->op == PG_OP_GATHER || in->op == PG_OP_SCATTER) && !(in->has_fn & 2)))
        pp_fail(p, in->op_line, in->op_col, "%s needs %s", pg_op_name(in->op), what);
}

static void body(pg_parser *p, pg_instr *in, int scatter) {
    pg_et et = in->operands[0]->shape.et;
    if (!in->to_apply) pp_fail(p, in->op_line, in->op_col, "%s needs to_apply=<computation>", pg_op_name(in->op));
    int fn = in->to_apply->is_entry ? -1 : body_fn(in->to_apply, et, scatter);
    if (fn < 0)
        pp_fail(p, in->op_line, in->op_col,
                "unsupported %s computation '%s' (supported: a scalar %s add, multiply, maximum, minimum, and, or or xor "
                "of its two parameters%s)", pg_op_name(in->op), in->to_apply->name, pg_et_name(et),
                scatter ? ", or returning parameter 1" : "");
    in->fn = fn;
}

static void check_instr(pg_parser *p, pg_comp *c, pg_instr *in) {
    char a[160], b[160], err[320];
    for (int k = 0; k < in->n_operands; k++)
        if (in->operands[k]->op == PG_OP_TUPLE)
            pp_fail(p, in->operand_line[k], in->operand_col[k], "tuple '%s' can only be the ROOT of a computation",
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
        /* a non-entry computation returning a tuple is inlined into its callers */
        if (c->root != in)
            pp_fail(p, in->op_line, in->op_col, "tuple is only supported as the ROOT of a computation");
        if (in->n_tuple != in->n_operands || in->n_operands == 0)
            pp_fail(p, in->op_line, in->op_col, "tuple shape has %d elements but %d operands", in->n_tuple, in->n_operands);
        for (int k = 0; k < in->n_operands; k++)
            if (!pg_shape_eq(&in->tuple_shapes[k], &in->operands[k]->shape))
                pp_fail(p, in->operand_line[k], in->operand_col[k], "shape mismatch: tuple element %d declared %s but '%s' is %s",
                        k, pg_shape_str(&in->tuple_shapes[k], a, sizeof a), in->operands[k]->name,
                        pg_shape_str(&in->operands[k]->shape, b, sizeof b));
        return;
    case PG_OP_REDUCE:
        body(p, in, 0);
        /* fall through */
    case PG_OP_BROADCAST: case PG_OP_TRANSPOSE: case PG_OP_CONCATENATE: case PG_OP_REVERSE:
        /* as XLA: a broadcast of a scalar may leave out dimensions={} */
        if (!in->has_dims && !(in->op == PG_OP_BROADCAST && in->operands[0]->shape.rank == 0))
            pp_fail(p, in->op_line, in->op_col, "%s needs dimensions={...}", pg_op_name(in->op));
        break;
    case PG_OP_RESHAPE:
        if (in->is_bitcast && (in->layout_nondefault || in->operands[0]->layout_nondefault))
            pp_fail(p, in->op_line, in->op_col,
                    "bitcast between layouts is not supported (only row-major layouts, where it is a reshape)");
        /* between element types of one size it reinterprets the bits */
        if (in->is_bitcast && in->operands[0]->shape.et != in->shape.et) in->op = PG_OP_BITCAST_CONVERT;
        break;
    case PG_OP_IOTA:
        if (!in->has_dims) pp_fail(p, in->op_line, in->op_col, "iota needs iota_dimension=N");
        break;
    case PG_OP_SLICE:
        if (!in->has_dims) pp_fail(p, in->op_line, in->op_col, "slice needs slice={[start:limit:stride], ...}");
        break;
    case PG_OP_DOT: {
        if ((in->has_dl & 12) != 12) pp_fail(p, in->op_line, in->op_col, "dot needs lhs_contracting_dims and rhs_contracting_dims");
        const int *nl = in->dl->n;
        if (nl[0] != nl[1]) pp_fail(p, in->op_line, in->op_col, "dot has %d lhs but %d rhs batch dimensions", nl[0], nl[1]);
        if (nl[2] != nl[3]) pp_fail(p, in->op_line, in->op_col, "dot has %d lhs but %d rhs contracting dimensions", nl[2], nl[3]);
        static const int order[4] = {0, -2, 2, -4};
        encode(p, in, order, 4, 0, -1);
        break;
    }
    case PG_OP_GATHER: {
        need_lists(p, in, 15, "offset_dims, collapsed_slice_dims, start_index_map, index_vector_dim and slice_sizes");
        static const int order[3] = {0, 1, 2};
        encode(p, in, order, 3, 1, 3);
        break;
    }
    case PG_OP_SCATTER: {
        need_lists(p, in, 7, "update_window_dims, inserted_window_dims, scatter_dims_to_operand_dims and index_vector_dim");
        body(p, in, 1);
        static const int order[3] = {0, 1, 2};
        encode(p, in, order, 3, 1, -1);
        break;
    }
    case PG_OP_GET_TUPLE_ELEMENT:
        pp_fail(p, in->op_line, in->op_col, "get-tuple-element of '%s' is not supported (only of a fusion or call returning a tuple)",
                in->operands[0]->name);
    case PG_OP_COMPARE:
        if (!(in->has_fn & 1)) pp_fail(p, in->op_line, in->op_col, "compare needs direction=EQ|NE|LT|LE|GT|GE");
        break;
    case PG_OP_REDUCE_PRECISION:
        if (in->has_dims != 3) pp_fail(p, in->op_line, in->op_col, "reduce-precision needs exponent_bits and mantissa_bits");
        break;
    case PG_OP_DYNAMIC_SLICE:
        if (!in->has_dims) pp_fail(p, in->op_line, in->op_col, "dynamic-slice needs dynamic_slice_sizes={...}");
        break;
    case PG_OP_PAD:
        if (!in->has_dims && in->operands[0]->shape.rank) pp_fail(p, in->op_line, in->op_col, "pad needs padding=low_high_interior x ...");
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
