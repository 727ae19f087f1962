/*
 * argv-echo ARGS...: writes each argument after argv[0] to stdout followed
 * by one NUL byte, nothing else, so a test can compare the argv a tool
 * received byte for byte (an empty argument is a lone NUL). Exit 0, or 1 if
 * stdout fails.
 */
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        if (fwrite(argv[i], 1, strlen(argv[i]) + 1, stdout) != strlen(argv[i]) + 1) {
            perror("argv-echo: write");
            return 1;
        }
    }
    if (fflush(stdout) != 0) {
        perror("argv-echo: flush");
        return 1;
    }
    return 0;
}
