/*
 * options.h - the command line of starfish-client:
 *
 *   starfish-client [--identity WORD]... [--stamp PATH]... [--one-shot PATH]
 *                   --home DIR -- JAVA_COMMAND... -- ARGS...
 *
 * With --one-shot, a command that finds no server running starts one in the
 * background and runs itself in a JVM of its own instead of waiting for it:
 * PATH (bin/starfish) is exec'd with ARGS and STARFISH_SERVER=off (launch.h).
 *
 * JAVA_COMMAND starts the server (its first word is run as execvp does);
 * ARGS are the user's arguments, passed to the server unchanged (a `--`
 * among them is theirs: only the first two `--` are the client's).
 */
#ifndef STARFISH_CLIENT_OPTIONS_H
#define STARFISH_CLIENT_OPTIONS_H

#include <stddef.h>

struct sfc_options {
    char **identity; /* n_identity words, aliases argv */
    size_t n_identity;
    char **stamps;
    size_t n_stamps;
    const char *home;
    const char *one_shot; /* NULL unless --one-shot */
    char **java; /* NULL-terminated (the second `--` in argv is overwritten with NULL) */
    char **args; /* n_args words */
    size_t n_args;
};

/*
 * sfc_parse_options: parses argv (modifying it as said above) into *o, whose
 * identity and stamps arrays are malloc'd (sfc_free_options). Exits 2 with
 * one line naming what was expected on a malformed command line.
 */
void sfc_parse_options(int argc, char **argv, struct sfc_options *o);
void sfc_free_options(struct sfc_options *o);

/*
 * sfc_server_control: nonzero when ARGS are `server status` or `server stop`
 * (the first word that is not an option is `server`, skipping the values of
 * --plugins-dir and --reject-jobs as bin/starfish does, and the next such
 * word is `status` or `stop`): those must never start a server.
 */
int sfc_server_control(const struct sfc_options *o);

#endif
