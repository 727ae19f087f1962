/* common.h - helpers shared by the tool mains (not part of libpenguin):
 * argv handling, whole-file I/O, atomic writes and error reporting. Exit
 * codes: 0 ok, 1 compile/verify failure, 2 usage or invalid input. */
#ifndef PG_TOOL_COMMON_H
#define PG_TOOL_COMMON_H
#include "base.h"
#include <stddef.h>

#define EXIT_FAIL 1
#define EXIT_USAGE 2

/* tool_std_flags: handle --help (prints usage, exit 0) and --version
 * (prints "<tool> (starfish penguin) 0.1.0", exit 0) anywhere in argv. */
void tool_std_flags(const char *tool, const char *usage, int argc, char **argv);
/* tool_usage_error: print "<tool>: <msg>" + a --help hint; exit 2. */
_Noreturn void tool_usage_error(const char *tool, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* tool_fail: print "<tool>: <msg>" and exit with `code`. */
_Noreturn void tool_fail(const char *tool, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* tool_diag_exit: print "<tool>: <file>:<line>:<col>: <msg>"; exit code. */
_Noreturn void tool_diag_exit(const char *tool, const char *file, const pg_diag *d, int code);
/* tool_read_file: read a whole file (NUL-terminated copy); on error prints
 * "<tool>: cannot read <path>: <reason>" and exits 2. Free the result. */
char *tool_read_file(const char *tool, const char *path, size_t *len);
/* tool_write_file: write data atomically (temp file in the same directory,
 * fsync, rename); on error prints a one-line message and exits 2. */
void tool_write_file(const char *tool, const char *path, const void *data, size_t n);
/* tool_parse_i64: parse a non-negative decimal flag value or exit 2. */
long long tool_parse_i64(const char *tool, const char *flag, const char *v);
/* tool_in_out_args: parses the common "IN -o OUT" argv (after tool_std_flags) into *in and
 * *out; an unknown flag, a second input or a missing IN or OUT exits 2 naming `usage`. */
void tool_in_out_args(const char *tool, const char *usage, int argc, char **argv, const char **in,
                      const char **out);

/* tool_need_arg: argv[i+1] for flag argv[i], or exit 2 if missing. */
const char *tool_need_arg(const char *tool, int argc, char **argv, int i);
#endif
