/* The test side of the spawn server's protocol (server_driver.c), for test_server.c. */
#ifndef STARFISH_SERVER_DRIVER_H
#define STARFISH_SERVER_DRIVER_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

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

/* The starfish-exec binary start_server runs. */
void driver_use(const char *exec);
/* How many checks failed so far. */
int driver_failures(void);

struct server start_server(void);
void send_frame(struct server *s, char type, uint32_t id, const char *payload, size_t len);
/* A spawn request: limits ("cwd cpu timeout grace merge"), then argv, NULL-terminated. */
void spawn(struct server *s, uint32_t id, const char *limits, ...);
/* Reads exactly len bytes; 0 on success, -1 at end of file or on error. */
int read_all(int fd, void *buf, size_t len);
int await_report(struct server *s, uint32_t id, struct outcome *o);
int has_line(const char *report, const char *line);
void check(const char *name, int ok, const struct outcome *o);
int alive(pid_t pid);
int await_gone(pid_t pid);
void stop_server(struct server *s);

#endif
