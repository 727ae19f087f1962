/* options.c - see options.h */
#include "options.h"

#include <stdlib.h>
#include <string.h>

#include "fail.h"

#define USAGE "usage: starfish-client [--identity WORD]... [--stamp PATH]... [--one-shot PATH] --home DIR -- JAVA_COMMAND... -- ARGS..."

void sfc_parse_options(int argc, char **argv, struct sfc_options *o) {
    *o = (struct sfc_options){0};
    o->identity = sfc_xmalloc(sizeof(char *) * (size_t)argc);
    o->stamps = sfc_xmalloc(sizeof(char *) * (size_t)argc);
    int i = 1;
    for (; i < argc && strcmp(argv[i], "--") != 0; i++) {
        const char *opt = argv[i];
        int known = strcmp(opt, "--identity") == 0 || strcmp(opt, "--stamp") == 0 || strcmp(opt, "--home") == 0
                    || strcmp(opt, "--one-shot") == 0;
        if (!known) {
            sfc_fail(SFC_EXIT_USAGE,
                     "starfish-client: unknown option '%s' (expected --identity, --stamp, --one-shot, --home or --); %s",
                     opt, USAGE);
        }
        if (i + 1 >= argc) {
            sfc_fail(SFC_EXIT_USAGE, "starfish-client: %s needs a value; %s", opt, USAGE);
        }
        char *value = argv[++i];
        if (strcmp(opt, "--identity") == 0) {
            o->identity[o->n_identity++] = value;
        } else if (strcmp(opt, "--stamp") == 0) {
            o->stamps[o->n_stamps++] = value;
        } else if (strcmp(opt, "--one-shot") == 0) {
            o->one_shot = value;
        } else {
            o->home = value;
        }
    }
    if (o->home == NULL || o->home[0] == '\0') {
        sfc_fail(SFC_EXIT_USAGE, "starfish-client: --home DIR is required; %s", USAGE);
    }
    if (i >= argc) {
        sfc_fail(SFC_EXIT_USAGE, "starfish-client: no '--' before the server's command; %s", USAGE);
    }
    int java = ++i;
    while (i < argc && strcmp(argv[i], "--") != 0) {
        i++;
    }
    if (i >= argc || i == java) {
        sfc_fail(SFC_EXIT_USAGE, "starfish-client: %s; %s",
                 i == java ? "the server's command is empty" : "no '--' after the server's command", USAGE);
    }
    argv[i] = NULL;
    o->java = argv + java;
    o->args = argv + i + 1;
    o->n_args = (size_t)(argc - i - 1);
}

void sfc_free_options(struct sfc_options *o) {
    free(o->identity);
    free(o->stamps);
    o->identity = o->stamps = NULL;
}

/* next_word: index of the first non-option word at or after from, or n. */
static size_t next_word(const struct sfc_options *o, size_t from) {
    for (size_t i = from; i < o->n_args; i++) {
        const char *a = o->args[i];
        if (strcmp(a, "--plugins-dir") == 0 || strcmp(a, "--reject-jobs") == 0) {
            i++;
        } else if (strcmp(a, "--") == 0) {
            return o->n_args;
        } else if (a[0] != '-') {
            return i;
        }
    }
    return o->n_args;
}

int sfc_server_control(const struct sfc_options *o) {
    size_t cmd = next_word(o, 0);
    if (cmd >= o->n_args || strcmp(o->args[cmd], "server") != 0) {
        return 0;
    }
    size_t sub = next_word(o, cmd + 1);
    return sub < o->n_args && (strcmp(o->args[sub], "status") == 0 || strcmp(o->args[sub], "stop") == 0);
}
