/* penguin_jni.c - JNI entry points of dev.starfish.penguin.Penguin.
 * Built twice (-DPENGUIN_VERSION=1/2) with -fvisibility=hidden: only the
 * Java_* functions (JNIEXPORT) are exported; libpenguin is linked in. */
#include <jni.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helper.h"
#include "partition.h"
#include "sha256.h"
#include "snippet.h"


/* utf: malloc'ed copy of a Java string (modified UTF-8), or NULL */
static char *utf(JNIEnv *env, jstring s, size_t *len) {
    if (!s) return NULL;
    const char *c = (*env)->GetStringUTFChars(env, s, NULL);
    if (!c) return NULL;
    size_t n = strlen(c);
    char *r = malloc(n + 1);
    if (r) memcpy(r, c, n + 1);
    (*env)->ReleaseStringUTFChars(env, s, c);
    if (len) *len = n;
    return r;
}

static void throw_(JNIEnv *env, const char *cls, const char *msg) {
    jclass c = (*env)->FindClass(env, cls);
    if (c) (*env)->ThrowNew(env, c, msg);
}

/* located: malloc'ed "<file>:<line>:<col>: <msg>", as long as it needs to be (a diagnostic is never cut), then
 * the source line with a caret under the column when d is located in text[0..len) (snippet.h), or NULL */
static char *located(const char *file, const pg_diag *d, const char *text, size_t len) {
    pg_sbuf snippet = {0};
    if (text) pg_snippet(text, len, d, &snippet);
    const char *tail = snippet.p && !snippet.oom ? snippet.p : "";
    size_t keep = strlen(tail);
    if (keep > 0 && tail[keep - 1] == '\n') keep--; /* the message ends without a line end */
    int n = snprintf(NULL, 0, "%s:%d:%d: %s%s%.*s", file, d->line, d->col, d->msg, keep ? "\n" : "", (int)keep, tail);
    char *r = n < 0 || snippet.oom ? NULL : malloc((size_t)n + 1);
    if (r) snprintf(r, (size_t)n + 1, "%s:%d:%d: %s%s%.*s", file, d->line, d->col, d->msg, keep ? "\n" : "", (int)keep, tail);
    pg_sbuf_free(&snippet);
    return r;
}

/* parse: module, or NULL with the formatted error in *err (malloc'ed; NULL when out of memory) */
static pg_module *parse(JNIEnv *env, jstring text, jstring file, char **err) {
    size_t n = 0;
    char *t = utf(env, text, &n), *f = utf(env, file, NULL);
    const char *name = f ? f : "<input>";
    pg_module *m = NULL;
    *err = NULL;
    pg_diag d = {0};
    if (!t) {
        pg_diag_set(&d, 0, 0, "no HLO text");
        *err = located(name, &d, NULL, 0);
    } else {
        m = pg_parse(t, n, name, &d);
        if (!m) *err = located(name, &d, t, n);
    }
    free(t);
    free(f);
    return m;
}

/* fail: throws cls with err (or an OutOfMemoryError when err is NULL) and frees err */
static void fail(JNIEnv *env, const char *cls, char *err) {
    throw_(env, err ? cls : "java/lang/OutOfMemoryError", err ? err : "penguin: out of memory");
    free(err);
}

JNIEXPORT jint JNICALL Java_dev_starfish_penguin_Penguin_version(JNIEnv *env, jclass cls) {
    (void)env; (void)cls;
    return PENGUIN_VERSION;
}

JNIEXPORT jint JNICALL Java_dev_starfish_penguin_Penguin_helper(JNIEnv *env, jclass cls) {
    (void)env; (void)cls;
    return penguin_internal_helper();
}

JNIEXPORT jstring JNICALL Java_dev_starfish_penguin_Penguin_check(JNIEnv *env, jclass cls, jstring text, jstring file) {
    (void)cls;
    char *err;
    pg_module *m = parse(env, text, file, &err);
    if (m) { pg_module_free(m); return NULL; }
    if (!err) { fail(env, NULL, NULL); return NULL; }
    jstring r = (*env)->NewStringUTF(env, err);
    free(err);
    return r;
}

JNIEXPORT jobjectArray JNICALL Java_dev_starfish_penguin_Penguin_partition(JNIEnv *env, jclass cls, jstring text, jstring file) {
    (void)cls;
    char *err;
    pg_module *m = parse(env, text, file, &err);
    if (!m) { fail(env, "java/lang/IllegalArgumentException", err); return NULL; }
    char **parts = NULL;
    int n = pg_partition(m, &parts);
    pg_module_free(m);
    if (n < 0) { throw_(env, "java/lang/OutOfMemoryError", "penguin: out of memory"); return NULL; }
    jclass str = (*env)->FindClass(env, "java/lang/String");
    jobjectArray arr = str ? (*env)->NewObjectArray(env, n, str, NULL) : NULL;
    for (int i = 0; arr && i < n; i++) {
        jstring s = (*env)->NewStringUTF(env, parts[i]);
        if (!s) { arr = NULL; break; }
        (*env)->SetObjectArrayElement(env, arr, i, s);
        (*env)->DeleteLocalRef(env, s);
    }
    pg_partition_free(parts, n);
    return arr;
}

JNIEXPORT jstring JNICALL Java_dev_starfish_penguin_Penguin_signature(JNIEnv *env, jclass cls, jstring text, jstring file) {
    (void)cls;
    char *err;
    pg_module *m = parse(env, text, file, &err);
    if (!m) { fail(env, "java/lang/IllegalArgumentException", err); return NULL; }
    pg_sbuf o = {0};
    pg_signature(m, &o);
    pg_module_free(m);
    if (o.oom) { pg_sbuf_free(&o); throw_(env, "java/lang/OutOfMemoryError", "penguin: out of memory"); return NULL; }
    jstring r = (*env)->NewStringUTF(env, o.p);
    pg_sbuf_free(&o);
    return r;
}

JNIEXPORT jstring JNICALL Java_dev_starfish_penguin_Penguin_sha256(JNIEnv *env, jclass cls, jbyteArray data) {
    (void)cls;
    if (!data) { throw_(env, "java/lang/NullPointerException", "data"); return NULL; }
    jsize n = (*env)->GetArrayLength(env, data);
    jbyte *b = (*env)->GetByteArrayElements(env, data, NULL);
    if (!b) return NULL;
    char hex[65];
    pg_sha256_hex(b, (size_t)n, hex);
    (*env)->ReleaseByteArrayElements(env, data, b, JNI_ABORT);
    return (*env)->NewStringUTF(env, hex);
}
