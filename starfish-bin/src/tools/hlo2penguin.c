/* hlo2penguin - HLO text -> penguin IR.  argv: IN.hlo -o OUT.penguin */
#include "common.h"
#include "kprog_io.h"
#include <stdlib.h>
#include <string.h>

static const char *TOOL = "hlo2penguin";

int main(int argc, char **argv) {
    tool_std_flags(TOOL, "IN.hlo -o OUT.penguin", argc, argv);
    const char *in, *out;
    tool_in_out_args(TOOL, "IN.hlo -o OUT.penguin", argc, argv, &in, &out);
    size_t len;
    char *text = tool_read_file(TOOL, in, &len);
    pg_diag d = {0};
    pg_module *m = pg_parse(text, len, in, &d);
    if (!m) tool_diag_exit(TOOL, in, &d, text, len, EXIT_USAGE);
    pg_kprog k;
    pg_kprog_init(&k);
    if (!pg_lower(m, &k, &d)) tool_fail(TOOL, EXIT_FAIL, "%s", d.msg);
    pg_sbuf o = {0};
    pg_sbuf_printf(&o, "# penguin IR of %s (hlo2penguin %s)\n", in, PG_VERSION_STRING);
    pg_kprog_write(&k, 0, &o);
    if (o.oom) tool_fail(TOOL, EXIT_FAIL, "out of memory");
    tool_write_file(TOOL, out, o.p, o.len);
    pg_sbuf_free(&o);
    pg_kprog_free(&k);
    pg_module_free(m);
    free(text);
    return 0;
}
