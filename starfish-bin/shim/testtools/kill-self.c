/*
 * kill-self SIGNUM: resets SIGNUM to its default action, unblocks it and
 * sends it to itself, so it dies of that signal. Exit 2 if it survives.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: kill-self SIGNUM\n");
        return 2;
    }
    int sig = atoi(argv[1]);
    sigset_t set;
    int changeable = sig != SIGKILL && sig != SIGSTOP;
    if ((changeable && signal(sig, SIG_DFL) == SIG_ERR) || sigemptyset(&set) != 0 || sigaddset(&set, sig) != 0
        || sigprocmask(SIG_UNBLOCK, &set, NULL) != 0 || raise(sig) != 0) {
        perror("kill-self");
        return 2;
    }
    return 2;
}
