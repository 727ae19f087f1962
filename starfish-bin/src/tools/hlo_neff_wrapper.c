/* hlo-neff-wrapper - packs the kernel graph and its files into a NEFF
 * (POSIX ustar) archive, written atomically.
 *   hlo-neff-wrapper -o OUT.neff --kgraph kgraph.json FILE...
 * Archive members, in order: manifest.json, kgraph.json (under the name
 * given), then each FILE under its relative path as given. */
#define _POSIX_C_SOURCE 200809L
#include "common.h"
#include "sha256.h"
#include "tar.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *TOOL = "hlo-neff-wrapper";

typedef struct { const char *name; char *data; size_t n; char hex[65]; } member;

static void check_name(const char *p) {
    if (p[0] == '/') tool_usage_error(TOOL, "'%s': member paths must be relative to the current directory", p);
    for (const char *s = p; *s;) {
        const char *e = strchr(s, '/');
        size_t n = e ? (size_t)(e - s) : strlen(s);
        if (n == 2 && s[0] == '.' && s[1] == '.') tool_usage_error(TOOL, "'%s': '..' is not allowed in member paths", p);
        s = e ? e + 1 : s + n;
    }
    if (strlen(p) > 255) tool_usage_error(TOOL, "'%s': path too long for ustar", p);
}

int main(int argc, char **argv) {
    tool_std_flags(TOOL, "-o OUT.neff --kgraph kgraph.json FILE...", argc, argv);
    const char *out = NULL, *kg = NULL;
    member *m = calloc((size_t)argc + 2, sizeof *m);
    int n = 1; /* m[0] is the manifest */
    if (!m) tool_fail(TOOL, EXIT_FAIL, "out of memory");
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-o")) { out = tool_need_arg(TOOL, argc, argv, i); i++; }
        else if (!strcmp(argv[i], "--kgraph")) { kg = tool_need_arg(TOOL, argc, argv, i); i++; }
        else if (argv[i][0] == '-' && argv[i][1]) tool_usage_error(TOOL, "unknown flag '%s'", argv[i]);
        else m[1 + n++].name = argv[i]; /* m[1] reserved for kgraph */
    }
    if (!out || !kg) tool_usage_error(TOOL, "expected -o OUT.neff --kgraph kgraph.json FILE...");
    m[1].name = kg;
    n += 1;
    /* m[1..n-1] used: shift count: entries are m[1] .. m[n-1] */
    int count = n - 1 + 0;
    (void)count;
    for (int i = 1; i < n; i++) {
        if (!m[i].name) continue;
        check_name(m[i].name);
        for (int j = 1; j < i; j++)
            if (m[j].name && !strcmp(m[j].name, m[i].name)) tool_usage_error(TOOL, "'%s' is listed twice", m[i].name);
        m[i].data = tool_read_file(TOOL, m[i].name, &m[i].n);
        pg_sha256_hex(m[i].data, m[i].n, m[i].hex);
    }
    pg_sbuf man = {0};
    pg_sbuf_printf(&man, "{\n  \"format\": \"starfish-neff\",\n  \"toolchain_version\": \"%s\",\n  \"entries\": [", PG_VERSION_STRING);
    for (int i = 1, first = 1; i < n; i++) {
        if (!m[i].name) continue;
        pg_sbuf_printf(&man, "%s\n    {\"name\": ", first ? "" : ",");
        pg_sbuf_json_str(&man, m[i].name);
        pg_sbuf_printf(&man, ", \"size\": %zu, \"sha256\": \"%s\"}", m[i].n, m[i].hex);
        first = 0;
    }
    pg_sbuf_printf(&man, "\n  ]\n}\n");
    if (man.oom) tool_fail(TOOL, EXIT_FAIL, "out of memory");
    m[0].name = "manifest.json"; m[0].data = man.p; m[0].n = man.len;
    /* the archive gets the mode a plain create would give it */
    mode_t mask = umask(0);
    umask(mask);
    tool_out of;
    FILE *f = tool_out_open(&of, TOOL, out, 0666 & ~mask);
    int ok = 1;
    for (int i = 0; i < n && ok; i++) {
        if (!m[i].name) continue;
        int r = pg_tar_add(f, m[i].name, m[i].data, m[i].n);
        if (r == 0) { tool_out_discard(&of); tool_usage_error(TOOL, "'%s': path cannot be stored in ustar", m[i].name); }
        ok = r > 0;
    }
    if (ok) ok = pg_tar_finish(f) > 0;
    if (!ok) { int e = errno; tool_out_discard(&of); tool_fail(TOOL, EXIT_USAGE, "cannot write %s: %s", out, strerror(e)); }
    tool_out_close(&of);
    printf("%s: %d members\n", out, n);
    for (int i = 1; i < n; i++) free(m[i].data);
    pg_sbuf_free(&man);
    free(m);
    return 0;
}
