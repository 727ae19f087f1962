/*
 * fatal.h - exit codes of starfish-exec and fatal error reporting.
 *
 * Every syscall in the shim is checked; a failure the shim cannot recover
 * from is reported as "starfish-exec: FILE:LINE: CALL: strerror(errno)" on
 * stderr and ends the process with SF_EXIT_SHIM_FAILURE.
 */
#ifndef STARFISH_SHIM_FATAL_H
#define STARFISH_SHIM_FATAL_H

/* The shim itself failed (usage error, syscall failure, report not written). */
#define SF_EXIT_SHIM_FAILURE 125
/* The tool exists but could not be executed (EACCES, ENOEXEC, EISDIR, EPERM). */
#define SF_EXIT_NOT_EXECUTABLE 126
/* The tool could not be started for any other reason (typically ENOENT). */
#define SF_EXIT_NOT_FOUND 127

/*
 * sf_die: prints "starfish-exec: FILE:LINE: CALL: strerror(errno)" to stderr
 * and exits with SF_EXIT_SHIM_FAILURE. errno is read on entry, so callers
 * invoke it right after the failing call. Never returns. Use SF_DIE(call) so
 * the file and line are filled in.
 */
_Noreturn void sf_die(const char *file, int line, const char *call);
#define SF_DIE(call) sf_die(__FILE__, __LINE__, (call))

/*
 * sf_warn: same message format as sf_die (with errno text) but returns; for
 * failures the shim survives, such as EPERM when signalling a process group
 * that holds a process of another user.
 */
void sf_warn(const char *file, int line, const char *call);
#define SF_WARN(call) sf_warn(__FILE__, __LINE__, (call))

#endif
