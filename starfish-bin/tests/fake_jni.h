/* fake_jni.h - a JVM-free JNIEnv, just large enough to call the entry
 * points of libpenguin.so (dev.starfish.penguin.Penguin) from C: strings,
 * object arrays, FindClass and ThrowNew. Used by tests/jni_dlopen_test.c
 * and by the fuzz driver to reach the JNI code path without Java. */
#ifndef PG_FAKE_JNI_H
#define PG_FAKE_JNI_H
#include <jni.h>

typedef struct fj_lib fj_lib;

/* fj_open: dlopen `so` (RTLD_NOW | RTLD_LOCAL) and resolve check,
 * partition and signature. NULL with a message on stderr on failure. */
fj_lib *fj_open(const char *so);
/* fj_close: dlclose and free; NULL is allowed. */
void fj_close(fj_lib *l);

/* The outcome of one call: `result` is the returned string (check,
 * signature) or the first array element (partition), NULL when the call
 * returned null; `thrown` is the message of an exception thrown through
 * ThrowNew ("" when none) and `nparts` the array length (partition). */
typedef struct { char result[4096]; int has_result; char thrown[1024]; int nparts; } fj_out;

/* fj_check / fj_partition / fj_signature: call the entry point on a
 * NUL-terminated HLO text with file name `file`; every object the call
 * created is released before returning. */
void fj_check(fj_lib *l, const char *text, const char *file, fj_out *o);
void fj_partition(fj_lib *l, const char *text, const char *file, fj_out *o);
void fj_signature(fj_lib *l, const char *text, const char *file, fj_out *o);
#endif
