/*
 * test_server EXEC TESTTOOLS_DIR: behaviour tests of `starfish-exec --server`
 * (see ../README.md), driven through its real pipes with the real protocol
 * (server_driver.c). One check per behaviour, named for the outcome; exit 0
 * when all pass.
 */
#define _GNU_SOURCE
#include "server_driver.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char *tools;

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: test_server EXEC TESTTOOLS_DIR\n");
        return 2;
    }
    driver_use(argv[1]);
    tools = argv[2];
    char kill_self[512], busy[512], spew[512];
    snprintf(kill_self, sizeof kill_self, "%s/kill-self", tools);
    snprintf(busy, sizeof busy, "%s/busy-loop", tools);
    snprintf(spew, sizeof spew, "%s/spew", tools);
    struct server s = start_server();
    struct outcome o;

    spawn(&s, 1, "/ 0 0 500 0", "/bin/sh", "-c", "echo out; echo err >&2; exit 3", NULL);
    check("exit_code_and_streams_pass_through",
          await_report(&s, 1, &o) == 0 && has_line(o.report, "status=exited") && has_line(o.report, "exit_code=3")
              && strcmp(o.out, "out\n") == 0 && strcmp(o.err, "err\n") == 0, &o);

    spawn(&s, 2, "/ 0 0 500 1", "/bin/sh", "-c", "echo out; echo err >&2", NULL);
    check("merged_stderr_arrives_in_stdout",
          await_report(&s, 2, &o) == 0 && strcmp(o.out, "out\nerr\n") == 0 && o.err_len == 0, &o);

    spawn(&s, 3, "/ 0 0 500 0", kill_self, "9", NULL);
    check("signal_passes_through_by_name",
          await_report(&s, 3, &o) == 0 && has_line(o.report, "status=signaled")
              && has_line(o.report, "signal_name=SIGKILL"), &o);

    spawn(&s, 4, "/tmp 0 0 500 0", "/bin/sh", "-c", "pwd; echo \"$X\"; echo \"${HOME-unset}\"", NULL);
    check("cwd_and_environment_are_the_requests",
          await_report(&s, 4, &o) == 0 && strcmp(o.out, "/tmp\ny\nunset\n") == 0, &o);

    spawn(&s, 5, "/ 0 300 200 0", "/bin/sleep", "100", NULL);
    check("timeout_terminates_with_sigterm",
          await_report(&s, 5, &o) == 0 && has_line(o.report, "signal_name=SIGTERM")
              && has_line(o.report, "timed_out=1"), &o);

    spawn(&s, 6, "/ 1 0 500 0", busy, NULL);
    check("cpu_limit_kills_busy_loop",
          await_report(&s, 6, &o) == 0 && has_line(o.report, "cpu_limit_exceeded=1"), &o);

    spawn(&s, 7, "/ 0 0 500 0", "/no/such/tool", NULL);
    check("missing_tool_fails_to_start",
          await_report(&s, 7, &o) == 0 && has_line(o.report, "status=failed_to_start")
              && has_line(o.report, "exit_code=127") && strstr(o.report, "No such file") != NULL, &o);

    spawn(&s, 8, "/no/such/dir 0 0 500 0", "/bin/true", NULL);
    check("missing_working_directory_fails_to_start",
          await_report(&s, 8, &o) == 0 && has_line(o.report, "status=failed_to_start")
              && strstr(o.report, "error=chdir: No such file") != NULL, &o);

    spawn(&s, 9, "/ 0 0 500 0", "/bin/sh", "-c", "echo $$; exec sleep 100", NULL);
    spawn(&s, 10, "/ 0 0 500 0", "/bin/sh", "-c", "sleep 100 & echo hi", NULL);
    check("grandchild_holding_the_pipe_does_not_hold_the_report",
          await_report(&s, 10, &o) == 0 && strcmp(o.out, "hi\n") == 0 && has_line(o.report, "exit_code=0"), &o);
    send_frame(&s, 'K', 9, NULL, 0);
    check("kill_request_terminates_only_its_tool",
          await_report(&s, 9, &o) == 0 && has_line(o.report, "signal_name=SIGTERM")
              && has_line(o.report, "timed_out=0"), &o);

    char setsid_tool[512];
    snprintf(setsid_tool, sizeof setsid_tool, "%s/setsid-grandchild", tools);
    spawn(&s, 14, "/ 0 300 200 0", setsid_tool, NULL);
    int reported = await_report(&s, 14, &o);
    pid_t escaped = (pid_t)atoi(o.out);
    check("escaped_setsid_grandchild_is_killed_before_the_report",
          reported == 0 && escaped > 0 && !alive(escaped) && has_line(o.report, "timed_out=1"), &o);

    char bytes[32];
    snprintf(bytes, sizeof bytes, "%d", 10 << 20);
    spawn(&s, 11, "/ 0 0 500 0", spew, bytes, "out", NULL);
    check("large_output_arrives_whole", await_report(&s, 11, &o) == 0 && o.total_out == (size_t)(10 << 20), &o);

    send_frame(&s, 'N', 12, "relative\0", 9);
    check("malformed_request_is_answered_naming_the_field",
          await_report(&s, 12, &o) == 0 && strstr(o.lost, "cwd: expected an absolute directory") != NULL, &o);

    /* The JVM goes away: the server's stdin ends, every tool is terminated, the server exits 0. */
    spawn(&s, 13, "/ 0 0 500 0", "/bin/sh", "-c", "echo $$; exec sleep 100", NULL);
    struct outcome first;
    memset(&first, 0, sizeof first);
    unsigned char h[9];
    char pid_text[64] = "";
    if (read_all(s.responses, h, 9) == 0 && h[0] == 'O') {
        uint32_t len = h[8];
        if (len < sizeof pid_text && read_all(s.responses, pid_text, len) == 0) {
            pid_text[len] = '\0';
        }
    }
    pid_t tool = (pid_t)atoi(pid_text);
    close(s.requests);
    int status = -1;
    waitpid(s.pid, &status, 0);
    check("request_stream_end_kills_every_tool_and_ends_the_server",
          tool > 0 && await_gone(tool) && WIFEXITED(status) && WEXITSTATUS(status) == 0, &first);
    close(s.responses);

    /* The server itself is killed with SIGKILL: each supervisor sees its lifeline close. */
    s = start_server();
    spawn(&s, 1, "/ 0 0 500 0", "/bin/sh", "-c", "echo $$; exec sleep 100", NULL);
    pid_text[0] = '\0';
    if (read_all(s.responses, h, 9) == 0 && h[0] == 'O' && h[8] < sizeof pid_text
        && read_all(s.responses, pid_text, h[8]) == 0) {
        pid_text[h[8]] = '\0';
    }
    tool = (pid_t)atoi(pid_text);
    kill(s.pid, SIGKILL);
    waitpid(s.pid, &status, 0);
    check("killed_server_leaves_no_tool_behind", tool > 0 && await_gone(tool), &first);
    close(s.requests);
    close(s.responses);

    s = start_server();
    stop_server(&s);
    printf(driver_failures() == 0 ? "server: all passed\n" : "server: %d failed\n", driver_failures());
    return driver_failures() == 0 ? 0 : 1;
}
