/*
 * zombie-orphan: forks a child that exits at once, waits until it has
 * ended without reaping it (a zombie), then exits 0: the child is left
 * for the shim, as a subreaper, to reap, the way bwrap's pid 1 outlives
 * bwrap by the moment its namespaces take to go.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void) {
    pid_t child = fork();
    if (child < 0) {
        perror("zombie-orphan: fork");
        return 1;
    }
    if (child == 0) {
        _exit(0);
    }
    siginfo_t info;
    memset(&info, 0, sizeof info);
    if (waitid(P_PID, (id_t)child, &info, WEXITED | WNOWAIT) != 0) {
        perror("zombie-orphan: waitid");
        return 1;
    }
    return 0;
}
