#include "fatal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sf_warn(const char *file, int line, const char *call) {
    int saved = errno;
    /* Nothing sensible is left to do if stderr itself is gone. */
    (void)fprintf(stderr, "starfish-exec: %s:%d: %s: %s\n", file, line, call,
                  strerror(saved));
    errno = saved;
}

void sf_die(const char *file, int line, const char *call) {
    sf_warn(file, line, call);
    exit(SF_EXIT_SHIM_FAILURE);
}
