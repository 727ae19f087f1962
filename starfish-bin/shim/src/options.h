/*
 * options.h - command line of starfish-exec.
 *
 *   starfish-exec [--cpu-limit SECS] [--timeout SECS] [--grace SECS]
 *                 [--report FILE] [--no-watch] -- /abs/path/tool [ARGS...]
 *   starfish-exec --server
 */
#ifndef STARFISH_SHIM_OPTIONS_H
#define STARFISH_SHIM_OPTIONS_H

#include <stdbool.h>

/*
 * The grace when --grace is not given, for use by hand: the JVM always
 * passes its own (launcher.kill.grace.millis). --help prints it, and a
 * test checks that it agrees with the JVM's default.
 */
#define SF_DEFAULT_GRACE_S 2.0

struct sf_options {
    unsigned long cpu_limit_s; /* 0: no RLIMIT_CPU */
    double timeout_s;          /* 0: no wall-clock timeout */
    double grace_s;            /* SIGTERM -> SIGKILL delay, default SF_DEFAULT_GRACE_S */
    const char *report_path;   /* NULL: no report */
    bool watch_lifeline;       /* false with --no-watch */
    bool server;               /* --server: serve spawn requests (server.h), no tool */
    char *const *tool_argv;    /* points into argv; tool_argv[0] is the path */
};

/*
 * sf_parse_options: parses argv into *out. Every option must come before a
 * mandatory "--"; the first word after it is the tool path, passed to execv
 * unchanged (no PATH search) and also used as the tool's argv[0]. --cpu-limit
 * takes a positive whole number of CPU seconds; --timeout a positive and
 * --grace a non-negative number of seconds, fractions allowed. Options may
 * be repeated, the last one wins. "--server" alone (no "--", no tool)
 * selects the spawn server. "--help" prints the usage and exits 0; any
 * other problem (unknown option, missing value, bad number, no "--", no
 * tool) prints a message and exits 125. The returned pointers alias argv.
 */
void sf_parse_options(int argc, char **argv, struct sf_options *out);

#endif
