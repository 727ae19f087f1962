/* penguin_jni.c - JNI entry points of dev.starfish.penguin.Penguin.
 * Built twice (-DPENGUIN_VERSION=1/2) with -fvisibility=hidden: only the
 * Java_* functions (JNIEXPORT) are exported; libpenguin is linked in. */
#include <jni.h>
#include <stdlib.h>
#include <string.h>
#include "helper.h"
#include "partition.h"
#include "sha256.h"


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

/* parse: module or NULL with the formatted error in err */
static pg_module *parse(JNIEnv *env, jstring text, jstring file, char *err, size_t errlen) {
    size_t n = 0;
    char *t = utf(env, text, &n), *f = utf(env, file, NULL);
    pg_module *m = NULL;
    if (!t) snprintf(err, errlen, "%s:0:0: no HLO text", f ? f : "<input>");
    else {
        pg_diag d = {0};
        m = pg_parse(t, n, f ? f : "<input>", &d);
        if (!m) snprintf(err, errlen, "%s:%d:%d: %s", f ? f : "<input>", d.line, d.col, d.msg);
    }
    free(t);
    free(f);
    return m;
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
    char err[700];
    pg_module *m = parse(env, text, file, err, sizeof err);
    if (m) { pg_module_free(m); return NULL; }
    return (*env)->NewStringUTF(env, err);
}

JNIEXPORT jobjectArray JNICALL Java_dev_starfish_penguin_Penguin_partition(JNIEnv *env, jclass cls, jstring text, jstring file) {
    (void)cls;
    char err[700];
    pg_module *m = parse(env, text, file, err, sizeof err);
    if (!m) { throw_(env, "java/lang/IllegalArgumentException", err); return NULL; }
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
    char err[700];
    pg_module *m = parse(env, text, file, err, sizeof err);
    if (!m) { throw_(env, "java/lang/IllegalArgumentException", err); return NULL; }
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
