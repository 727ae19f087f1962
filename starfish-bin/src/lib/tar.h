/* tar.h - POSIX ustar writer (regular files only, mode 0644, mtime 0,
 * uid/gid 0, so archives are reproducible). */
#ifndef PG_TAR_H
#define PG_TAR_H
#include <stdio.h>
#include <stddef.h>

/* pg_tar_add: append one file entry `name` (relative, '/' separated, up to
 * 100 chars or splittable into 155-char prefix + 100-char name) with
 * data[0..n). Returns 1, 0 on a too long name, -1 on a write error. */
int pg_tar_add(FILE *f, const char *name, const void *data, size_t n);
/* pg_tar_finish: write the two zero end blocks; 1 ok, -1 write error. */
int pg_tar_finish(FILE *f);
#endif
