/*
 * place.h - where a server of one (installation, build) lives.
 *
 * Directory: $XDG_RUNTIME_DIR/starfish when XDG_RUNTIME_DIR is set, absolute,
 * and a directory owned by the user with no group/other permission bits;
 * else ${TMPDIR:-/tmp}/starfish-<uid> (TMPDIR only when absolute). It is
 * created mode 0700 and refused when it is a symlink, not a directory, owned
 * by another uid or has any group/other permission bit. Inside it:
 * <inst>-<build>.sock, .lock (flock while starting) and .log (the server's
 * stdout and stderr).
 */
#ifndef STARFISH_CLIENT_PLACE_H
#define STARFISH_CLIENT_PLACE_H

#include <sys/un.h>

#include "identity.h"

/* The server binds <sock>.<pid>.tmp first: the socket path leaves room for this many bytes more. */
#define SFC_TMP_SUFFIX_MAX 12 /* ".4194304.tmp": pid_max is at most 2^22 */

struct sfc_place {
    char dir[SFC_PATH_MAX];
    char sock[sizeof(((struct sockaddr_un *)0)->sun_path)];
    char lock[SFC_PATH_MAX];
    char log[SFC_PATH_MAX];
    char inst[SFC_INST_HEX + 1];
    char build[SFC_BUILD_HEX + 1];
};

/*
 * sfc_place_init: fills *p for inst and build, creating the directory when it
 * is missing. Exits 2 with one line naming the path, its owner and mode when
 * the directory is unsafe, or when the socket path (plus SFC_TMP_SUFFIX_MAX) is too long
 * for a Unix socket address.
 */
void sfc_place_init(struct sfc_place *p, const char *inst, const char *build);

/*
 * sfc_check_dir: NULL when path is a real directory owned by uid with no
 * group/other bits, else the reason, formatted into why.
 */
const char *sfc_check_dir(const char *path, unsigned uid, char *why, size_t why_len);

#endif
