#define _GNU_SOURCE
#include "deepbind_jni.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>

/* Throws `class_name` with `message`; if even that fails a Java error is pending anyway. */
static void throw_new(JNIEnv *env, const char *class_name, const char *message) {
    jclass cls = (*env)->FindClass(env, class_name);
    if (cls != NULL) {
        (void)(*env)->ThrowNew(env, cls, message);
        (*env)->DeleteLocalRef(env, cls);
    }
}

JNIEXPORT jlong JNICALL Java_dev_starfish_runtime_nativelib_DeepBind_open(JNIEnv *env, jclass cls,
                                                                          jstring path) {
    (void)cls;
    if (path == NULL) {
        throw_new(env, "java/lang/NullPointerException", "path is null");
        return 0;
    }
    const char *native_path = (*env)->GetStringUTFChars(env, path, NULL);
    if (native_path == NULL) {
        return 0; /* OutOfMemoryError is pending */
    }
    (void)dlerror(); /* clear any stale error */
    void *handle = dlopen(native_path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    if (handle == NULL) {
        const char *error = dlerror();
        char message[1024];
        (void)snprintf(message, sizeof message, "%s: %s", native_path,
                       error != NULL ? error : "dlopen failed");
        (*env)->ReleaseStringUTFChars(env, path, native_path);
        throw_new(env, "java/lang/UnsatisfiedLinkError", message);
        return 0;
    }
    (*env)->ReleaseStringUTFChars(env, path, native_path);
    return (jlong)(intptr_t)handle;
}

JNIEXPORT void JNICALL Java_dev_starfish_runtime_nativelib_DeepBind_close(JNIEnv *env, jclass cls,
                                                                          jlong handle) {
    (void)cls;
    if (handle == 0) {
        return;
    }
    (void)dlerror();
    if (dlclose((void *)(intptr_t)handle) != 0) {
        const char *error = dlerror();
        throw_new(env, "java/lang/IllegalStateException", error != NULL ? error : "dlclose failed");
    }
}
