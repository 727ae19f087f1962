/* helper.c - see helper.h */
#include "helper.h"
#ifndef PENGUIN_VERSION
#error "build with -DPENGUIN_VERSION=N"
#endif
int penguin_internal_helper(void) { return 100 + PENGUIN_VERSION; }
