/*
 * exit-status CMD ARGS...: runs CMD (PATH search), waits for it and prints
 * "exited N" or "signaled N" on stdout, telling apart a child that exited
 * 128+N from one killed by signal N (which a shell's $? cannot). Its stdin,
 * stdout and stderr are passed to CMD. Exit 0, or 2 if it could not run CMD.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: exit-status CMD [ARGS...]\n");
        return 2;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        perror("exit-status: fork");
        return 2;
    }
    if (pid == 0) {
        execvp(argv[1], &argv[1]);
        perror("exit-status: execvp");
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            perror("exit-status: waitpid");
            return 2;
        }
    }
    if (WIFSIGNALED(status)) {
        printf("signaled %d\n", WTERMSIG(status));
    } else {
        printf("exited %d\n", WEXITSTATUS(status));
    }
    return 0;
}
