/*
 * identity.h - which server a client may use.
 *
 * <inst>  = first 12 hex digits of sha256(realpath of STARFISH_HOME);
 * <build> = 16 hex digits: the first 10 of sha256(identity), where identity is
 *           every --identity word, then for every --stamp path (a directory:
 *           each of its entries, sorted by name in byte order, not
 *           recursively, named DIR/NAME) the line "path size mtime_ns ctime_ns
 *           inode"; each word and line followed by "\n". A path that cannot be
 *           stat'ed is stamped "path missing". Then the first 6 of
 *           sha256(context): what a server's tools inherit from the process
 *           that started the server rather than from a request, namely
 *           "rlimit R soft hard" for every resource, "nice N", "cpus C..."
 *           (the affinity mask) and "cgroup" followed by /proc/self/cgroup.
 * A changed jar, JDK, conf/ file or Starfish version gives another build (whose
 * servers are told to exit when idle); other limits (ulimit), another
 * priority, CPU set or cgroup (a batch system's job) give a server of the same
 * build started under that context, and leave the others alone.
 */
#ifndef STARFISH_CLIENT_IDENTITY_H
#define STARFISH_CLIENT_IDENTITY_H

#include "fail.h"
#include "options.h"

#define SFC_INST_HEX 12
#define SFC_BUILD_HEX 16
#define SFC_BUILD_INSTALL_HEX 10 /* the installation's part of <build>; the rest is the context's */
#define SFC_PATH_MAX 4096 /* PATH_MAX of Linux */

/* sfc_identity_text, sfc_context_text: append the texts described above to out (no NUL). */
void sfc_identity_text(const struct sfc_options *o, struct sfc_buf *out);
void sfc_context_text(struct sfc_buf *out);

/* sfc_build_id: build[0..16) hex + NUL, from both texts. */
void sfc_build_id(const struct sfc_options *o, char build[SFC_BUILD_HEX + 1]);

/* sfc_install_id: inst[0..12) hex + NUL; exits 2 with one line when home cannot be resolved. */
void sfc_install_id(const char *home, char inst[SFC_INST_HEX + 1]);

#endif
