/*
 * identity.h - which server a client may use.
 *
 * <inst>  = first 12 hex digits of sha256(realpath of STARFISH_HOME);
 * <build> = first 16 hex digits of sha256(identity), where identity is every
 *           --identity word, then for every --stamp path (a directory: each
 *           of its entries, sorted by name in byte order, not recursively,
 *           named DIR/NAME) the line "path size mtime_ns ctime_ns inode";
 *           each word and line followed by "\n". A path that cannot be
 *           stat'ed is stamped "path missing".
 * A changed jar, JDK, conf/ file or Starfish version gives another build.
 */
#ifndef STARFISH_CLIENT_IDENTITY_H
#define STARFISH_CLIENT_IDENTITY_H

#include "fail.h"
#include "options.h"

#define SFC_INST_HEX 12
#define SFC_BUILD_HEX 16
#define SFC_PATH_MAX 4096 /* PATH_MAX of Linux */

/* sfc_identity_text: appends the identity text described above to out (no NUL). */
void sfc_identity_text(const struct sfc_options *o, struct sfc_buf *out);

/* sfc_build_id: build[0..16) hex + NUL, from sfc_identity_text. */
void sfc_build_id(const struct sfc_options *o, char build[SFC_BUILD_HEX + 1]);

/* sfc_install_id: inst[0..12) hex + NUL; exits 2 with one line when home cannot be resolved. */
void sfc_install_id(const char *home, char inst[SFC_INST_HEX + 1]);

#endif
