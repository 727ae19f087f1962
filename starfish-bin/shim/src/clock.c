#define _GNU_SOURCE
#include "clock.h"

#include <math.h>
#include <time.h>

#include "fatal.h"

int64_t sf_now_ms(void) {
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0) {
        SF_DIE("clock_gettime");
    }
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int64_t sf_seconds_to_ms(double seconds) {
    const double year_ms = 365.0 * 24 * 3600 * 1000;
    double ms = ceil(seconds * 1000.0);
    if (!(ms > 0)) {
        return 0;
    }
    return ms > year_ms ? (int64_t)year_ms : (int64_t)ms;
}
