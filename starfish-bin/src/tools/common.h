/* common.h - helpers shared by the tool mains (not part of libpenguin):
 * argv handling, whole-file I/O, output files (outfile.c) and error
 * reporting. Exit
 * codes: 0 ok, 1 compile/verify failure, 2 usage or invalid input. */
#ifndef PG_TOOL_COMMON_H
#define PG_TOOL_COMMON_H
#include "base.h"
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#define EXIT_FAIL 1
#define EXIT_USAGE 2

/* tool_std_flags: handle --help (prints usage, exit 0) and --version
 * (prints "<tool> (starfish penguin) 0.1.0", exit 0) anywhere in argv. */
void tool_std_flags(const char *tool, const char *usage, int argc, char **argv);
/* tool_usage_error: print "<tool>: <msg>" + a --help hint; exit 2. */
_Noreturn void tool_usage_error(const char *tool, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* tool_fail: print "<tool>: <msg>" and exit with `code`. */
_Noreturn void tool_fail(const char *tool, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* tool_diag_exit: print "<tool>: <file>:<line>:<col>: <msg>", then, when d
 * is located in text[0..len) (the bytes the tool read from file), the
 * source line and a caret under the column (pg_snippet, snippet.h), each
 * line as printed, without the tool's name; exit code. */
_Noreturn void tool_diag_exit(const char *tool, const char *file, const pg_diag *d, const char *text, size_t len,
                              int code);
/* tool_read_file: read a whole file (NUL-terminated copy); on error prints
 * "<tool>: cannot read <path>: <reason>" and exits 2. Free the result. */
char *tool_read_file(const char *tool, const char *path, size_t *len);
/* An output file being written (outfile.c). tool_out_open: when `path` is
 * missing or a regular file (or a symlink to one), a private temporary file
 * in the same directory that tool_out_close fsyncs, gives `mode` and
 * renames over path; when path is an existing character device or FIFO
 * (or a symlink to one: /dev/null, /dev/stdout), path itself, opened
 * without creating or truncating it and never renamed over; anything else
 * that exists (a directory, a socket, a block device) is refused before
 * anything is written: "<tool>: cannot write <path>: it is a directory
 * (expected a regular file, a FIFO or a character device)", exit 2. Every
 * error is one line and exit 2, the temporary file removed. */
typedef struct { const char *tool, *path; char *tmp; FILE *f; mode_t mode; } tool_out;
FILE *tool_out_open(tool_out *o, const char *tool, const char *path, mode_t mode);
/* tool_out_close: finish the output as tool_out_open describes. */
void tool_out_close(tool_out *o);
/* tool_out_discard: close and remove the temporary file (before failing). */
void tool_out_discard(tool_out *o);
/* tool_write_file: data[0..n) written to path through tool_out, mode 0644. */
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
