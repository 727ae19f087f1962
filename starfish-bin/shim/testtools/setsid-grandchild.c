/*
 * setsid-grandchild: forks a child that calls setsid() (so it leaves the
 * tool's session and process group, out of reach of a group kill),
 * ignores SIGTERM, prints its pid on stdout and then holds stdout open and
 * waits forever. The tool itself waits forever too.
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

int main(void) {
    pid_t child = fork();
    if (child < 0) {
        perror("setsid-grandchild: fork");
        return 1;
    }
    if (child == 0) {
        if (setsid() < 0) {
            perror("setsid-grandchild: setsid");
            return 1;
        }
        if (signal(SIGTERM, SIG_IGN) == SIG_ERR) {
            perror("setsid-grandchild: signal");
            return 1;
        }
        printf("%d\n", (int)getpid());
        if (fflush(stdout) != 0) {
            perror("setsid-grandchild: stdout");
            return 1;
        }
    }
    for (;;) {
        pause();
    }
}
