#define _GNU_SOURCE
#include "options.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fatal.h"

/* The one usage line: printed by --help and after every usage error. */
static const char usage_line[] =
    "usage: starfish-exec [--cpu-limit SECS] [--timeout SECS] "
    "[--grace SECS] [--report FILE] [--no-watch] -- /abs/path/tool [ARGS...]\n"
    "       starfish-exec --server";

/* usage_error: "starfish-exec: MESSAGE" and the usage line on stderr, exit 125. */
static _Noreturn void usage_error(const char *message) {
    (void)fprintf(stderr, "starfish-exec: %s\n%s\n", message, usage_line);
    exit(SF_EXIT_SHIM_FAILURE);
}

static double parse_seconds_or_die(const char *option, const char *text) {
    char *end = NULL;
    errno = 0;
    double value = strtod(text, &end);
    if (errno != 0 || end == text || *end != '\0' || !isfinite(value) || value < 0) {
        char message[256];
        (void)snprintf(message, sizeof message,
                       "%s expects a non-negative number of seconds, got '%s'", option, text);
        usage_error(message);
    }
    return value;
}

static unsigned long parse_whole_seconds_or_die(const char *option, const char *text) {
    char *end = NULL;
    errno = 0;
    unsigned long value = strtoul(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || text[0] == '-' || value == 0
        || value > 1000000000UL) {
        char message[256];
        (void)snprintf(message, sizeof message,
                       "%s expects a positive whole number of seconds, got '%s'", option, text);
        usage_error(message);
    }
    return value;
}

static const char *value_of_or_die(int argc, char **argv, int index) {
    if (index + 1 >= argc) {
        char message[256];
        (void)snprintf(message, sizeof message, "%s needs a value", argv[index]);
        usage_error(message);
    }
    return argv[index + 1];
}

void sf_parse_options(int argc, char **argv, struct sf_options *out) {
    out->cpu_limit_s = 0;
    out->timeout_s = 0;
    out->grace_s = SF_DEFAULT_GRACE_S;
    out->report_path = NULL;
    out->watch_lifeline = true;
    out->tool_argv = NULL;
    out->server = false;
    if (argc == 2 && strcmp(argv[1], "--server") == 0) {
        out->server = true;
        return;
    }

    int i = 1;
    for (; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--") == 0) {
            break;
        } else if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            (void)printf("%s\ndefault --grace: %g\nSee starfish-bin/shim/README.md.\n", usage_line,
                         SF_DEFAULT_GRACE_S);
            exit(0);
        } else if (strcmp(arg, "--no-watch") == 0) {
            out->watch_lifeline = false;
        } else if (strcmp(arg, "--cpu-limit") == 0) {
            out->cpu_limit_s = parse_whole_seconds_or_die(arg, value_of_or_die(argc, argv, i));
            i++;
        } else if (strcmp(arg, "--timeout") == 0) {
            out->timeout_s = parse_seconds_or_die(arg, value_of_or_die(argc, argv, i));
            if (out->timeout_s <= 0) {
                usage_error("--timeout must be greater than 0");
            }
            i++;
        } else if (strcmp(arg, "--grace") == 0) {
            out->grace_s = parse_seconds_or_die(arg, value_of_or_die(argc, argv, i));
            i++;
        } else if (strcmp(arg, "--report") == 0) {
            out->report_path = value_of_or_die(argc, argv, i);
            if (out->report_path[0] == '\0') {
                usage_error("--report needs a non-empty file name");
            }
            i++;
        } else {
            char message[256];
            (void)snprintf(message, sizeof message, "unknown option '%s' (put the tool after '--')",
                           arg);
            usage_error(message);
        }
    }
    if (i >= argc) {
        usage_error("missing '--' before the tool path");
    }
    if (i + 1 >= argc || argv[i + 1][0] == '\0') {
        usage_error("missing tool path after '--'");
    }
    out->tool_argv = &argv[i + 1];
}
