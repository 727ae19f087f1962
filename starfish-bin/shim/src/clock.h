/*
 * clock.h - monotonic time in milliseconds for deadlines and wall time.
 */
#ifndef STARFISH_SHIM_CLOCK_H
#define STARFISH_SHIM_CLOCK_H

#include <stdint.h>

/*
 * sf_now_ms: milliseconds on CLOCK_MONOTONIC (unaffected by wall-clock
 * changes); only differences between two calls are meaningful. Dies with
 * exit 125 if clock_gettime fails, which does not happen on Linux.
 */
int64_t sf_now_ms(void);

/*
 * sf_seconds_to_ms: converts a non-negative duration in (possibly fractional)
 * seconds to whole milliseconds, rounding up so a positive duration never
 * becomes zero; saturates at one year to keep the arithmetic far from
 * overflow.
 */
int64_t sf_seconds_to_ms(double seconds);

#endif
