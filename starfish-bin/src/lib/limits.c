/* limits.c - the size limits of pg_parse (hlo.h, docs/toolchain-contract.md)
 * and their messages: one line naming the limit, the computation or
 * instruction, and what to change. */
#include "parser_int.h"

void pp_limit_instr(pg_parser *p, const pg_token *name) {
    if (++p->n_written > PG_MAX_INSTRS)
        pp_fail(p, name->line, name->col, "instruction limit exceeded: more than %lld instructions (at most %lld "
                "per module are supported)", (long long)PG_MAX_INSTRS, (long long)PG_MAX_INSTRS);
    if (name->n > PG_MAX_NAME)
        pp_fail(p, name->line, name->col, "name limit exceeded: instruction name of %zu bytes (at most %d are "
                "supported)", name->n, PG_MAX_NAME);
}

void pp_limit_copy_name(pg_parser *p, const pg_instr *call, const pg_comp *callee, size_t len) {
    if (len > PG_MAX_NAME)
        pp_fail(p, call->op_line, call->op_col, "name limit exceeded: inlining '%.64s' into %s '%.64s' names a "
                "copy '%.64s.<name>' of %zu bytes (at most %d are supported; use shorter names or fewer nested calls)",
                callee->name, pg_op_name(call->op), call->name, call->name, len, PG_MAX_NAME);
}

_Noreturn void pp_limit_instrs_inlined(pg_parser *p, const pg_comp *c) {
    pp_fail(p, c->line, c->col,
            "instruction limit exceeded: inlining fusion/call up to computation '%s' makes more than %lld "
            "instructions (at most %lld per module after inlining are supported)",
            c->name, (long long)PG_MAX_INSTRS, (long long)PG_MAX_INSTRS);
}

_Noreturn void pp_limit_bytes_inlined(pg_parser *p, const pg_comp *c) {
    pp_fail(p, c->line, c->col,
            "inlined size limit exceeded: inlining fusion/call up to computation '%s' makes copies whose names "
            "and operand lists need more than %lld bytes (the limit per module)",
            c->name, (long long)PG_MAX_INLINED_BYTES);
}
