/*
 * report.h - the tool's outcome as a key=value report file.
 *
 * Format (one key per line, always all keys, in this order):
 *   status=exited|signaled|failed_to_start
 *   exit_code=N        tool's exit code; 125/126/127 for failed_to_start; -1 if signaled
 *   signal=N           0 unless signaled
 *   signal_name=SIGKILL  empty unless signaled
 *   user_cpu_ms=N  sys_cpu_ms=N  max_rss_kb=N   from wait4's rusage
 *   wall_ms=N          fork to reap, monotonic clock
 *   cpu_limit_exceeded=0|1
 *   timed_out=0|1
 *   error=TEXT         "call: strerror" for failed_to_start, else empty
 */
#ifndef STARFISH_SHIM_REPORT_H
#define STARFISH_SHIM_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/resource.h>

enum sf_status { SF_STATUS_EXITED, SF_STATUS_SIGNALED, SF_STATUS_FAILED_TO_START };

struct sf_report {
    enum sf_status status;
    int exit_code;
    int signal;
    int64_t user_cpu_ms;
    int64_t sys_cpu_ms;
    int64_t max_rss_kb;
    int64_t wall_ms;
    bool cpu_limit_exceeded;
    bool timed_out;
    char error[256];
};

/*
 * sf_report_from_wait: fills *report from a raw wait status and rusage.
 * cpu_limit_exceeded is set when the tool died of SIGXCPU, or of SIGKILL
 * while cpu_limit_s > 0 and user+sys CPU time reached cpu_limit_s (the hard
 * limit). error is left empty.
 */
void sf_report_from_wait(struct sf_report *report, int wait_status, const struct rusage *usage,
                         unsigned long cpu_limit_s, int64_t wall_ms, bool timed_out);

/*
 * sf_report_failed_to_start: fills *report for a tool that never ran:
 * exit_code is what the shim will exit with, error is "STAGE: strerror",
 * resource figures come from the reaped child.
 */
void sf_report_failed_to_start(struct sf_report *report, int exit_code, const char *stage,
                               int error, const struct rusage *usage, int64_t wall_ms);

/*
 * sf_report_format: the report's text as described above, into buf.
 * Returns what snprintf returns (the text's length; >= len if cut).
 */
int sf_report_format(const struct sf_report *report, char *buf, size_t len);

/*
 * sf_report_write: writes the report to PATH.tmp.<pid> in the same
 * directory and renames it over PATH, so readers see either no
 * file or the whole report. Dies (125) on any failure, after removing the
 * temporary file.
 */
void sf_report_write(const char *path, const struct sf_report *report);

#endif
