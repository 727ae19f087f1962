/*
 * test_server EXEC TESTTOOLS_DIR: behaviour tests of `starfish-exec --server`
 * (see ../README.md), driven through its real pipes with the real protocol.
 * One function per behaviour, named for the outcome; exit 0 when all pass.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char *exec_path;
static const char *tools;
static int failures;

struct server {
    pid_t pid;
    int requests;  /* write end of its stdin */
    int responses; /* read end of its stdout */
};

/* What one spawn sent back. */
struct outcome {
    char out[1 << 16], err[1 << 16], report[2048], lost[512];
    size_t out_len, err_len, total_out;
};

static void die(const char *what) {
    perror(what);
    exit(2);
}

static struct server start_server(void) {
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) {
        die("pipe");
    }
    pid_t pid = fork();
    if (pid < 0) {
        die("fork");
    }
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        execl(exec_path, exec_path, "--server", (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    return (struct server){pid, in[1], out[0]};
}

static void put_u32(unsigned char *at, uint32_t v) {
    at[0] = (unsigned char)(v >> 24), at[1] = (unsigned char)(v >> 16), at[2] = (unsigned char)(v >> 8);
    at[3] = (unsigned char)v;
}

static void send_frame(struct server *s, char type, uint32_t id, const char *payload, size_t len) {
    unsigned char header[9];
    header[0] = (unsigned char)type;
    put_u32(header + 1, id);
    put_u32(header + 5, (uint32_t)len);
    if (write(s->requests, header, 9) != 9 || (len > 0 && write(s->requests, payload, len) != (ssize_t)len)) {
        die("write(request)");
    }
}

/* spawn: fields cwd, cpu, timeout_ms, grace_ms, merge, then argv words; env is X=y. */
static void spawn(struct server *s, uint32_t id, const char *limits, ...) {
    char payload[4096];
    size_t len = 0;
    const char *words[32];
    int argc = 0;
    va_list ap;
    va_start(ap, limits);
    for (const char *w; (w = va_arg(ap, const char *)) != NULL;) {
        words[argc++] = w;
    }
    va_end(ap);
    /* limits: "cwd cpu timeout grace merge" separated by spaces */
    for (const char *c = limits; *c != '\0'; c++) {
        payload[len++] = *c == ' ' ? '\0' : *c;
    }
    payload[len++] = '\0';
    len += (size_t)sprintf(payload + len, "%d", argc) + 1;
    for (int i = 0; i < argc; i++) {
        len += (size_t)sprintf(payload + len, "%s", words[i]) + 1;
    }
    len += (size_t)sprintf(payload + len, "1") + 1;
    len += (size_t)sprintf(payload + len, "X=y") + 1;
    send_frame(s, 'N', id, payload, len);
}

static int read_all(int fd, void *buf, size_t len) {
    size_t done = 0;
    while (done < len) {
        ssize_t n = read(fd, (char *)buf + done, len - done);
        if (n <= 0) {
            return -1;
        }
        done += (size_t)n;
    }
    return 0;
}

/* Reads frames until the report (or loss) of `id`; frames of other ids go to others[id] when given. */
static int await_report(struct server *s, uint32_t id, struct outcome *o) {
    memset(o, 0, sizeof *o);
    for (;;) {
        unsigned char h[9];
        char payload[4096];
        if (read_all(s->responses, h, 9) != 0) {
            return -1;
        }
        uint32_t fid = (uint32_t)h[1] << 24 | (uint32_t)h[2] << 16 | (uint32_t)h[3] << 8 | h[4];
        uint32_t len = (uint32_t)h[5] << 24 | (uint32_t)h[6] << 16 | (uint32_t)h[7] << 8 | h[8];
        if (len > sizeof payload - 1 || read_all(s->responses, payload, len) != 0) {
            return -1;
        }
        payload[len] = '\0';
        if (fid != id) {
            continue;
        }
        if (h[0] == 'O') {
            size_t room = sizeof o->out - 1 - o->out_len;
            size_t kept = len < room ? len : room;
            memcpy(o->out + o->out_len, payload, kept);
            o->out_len += kept;
            o->total_out += len;
        } else if (h[0] == 'E') {
            size_t room = sizeof o->err - 1 - o->err_len;
            size_t kept = len < room ? len : room;
            memcpy(o->err + o->err_len, payload, kept);
            o->err_len += kept;
        } else if (h[0] == 'R') {
            memcpy(o->report, payload, len + 1);
            return 0;
        } else if (h[0] == 'X') {
            memcpy(o->lost, payload, len + 1);
            return 0;
        }
    }
}

static int has_line(const char *report, const char *line) {
    char wanted[256];
    snprintf(wanted, sizeof wanted, "%s\n", line);
    return strstr(report, wanted) != NULL;
}

static void check(const char *name, int ok, const struct outcome *o) {
    if (ok) {
        printf("PASS server.%s\n", name);
    } else {
        printf("FAIL server.%s: out='%s' err='%s' report='%s' lost='%s'\n", name, o->out, o->err, o->report,
               o->lost);
        failures++;
    }
}

static int alive(pid_t pid) {
    char path[64], state = 'X';
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        return 0;
    }
    int c;
    while ((c = fgetc(f)) != EOF && c != ')') {
    }
    if (fscanf(f, " %c", &state) != 1) {
        state = 'X';
    }
    fclose(f);
    return state != 'Z' && state != 'X';
}

/* Waits for the event "pid is gone", with a patience only a broken server reaches. */
static int await_gone(pid_t pid) {
    struct timespec tick = {0, 20 * 1000 * 1000};
    for (int i = 0; i < 3000 && alive(pid); i++) {
        nanosleep(&tick, NULL);
    }
    return !alive(pid);
}

static void stop_server(struct server *s) {
    close(s->requests);
    struct outcome drain;
    while (await_report(s, 0xffffffffu, &drain) == 0) {
    }
    close(s->responses);
    int status;
    waitpid(s->pid, &status, 0);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: test_server EXEC TESTTOOLS_DIR\n");
        return 2;
    }
    exec_path = argv[1];
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
    printf(failures == 0 ? "server: all passed\n" : "server: %d failed\n", failures);
    return failures == 0 ? 0 : 1;
}
