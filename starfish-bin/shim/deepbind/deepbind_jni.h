/*
 * deepbind_jni.h - native half of dev.starfish.runtime.nativelib.DeepBind.
 *
 * Loads a native library so that its own symbol references resolve inside
 * the library (and its dependencies) before the global scope, letting two
 * versions of one library, or a library and a same-named global symbol,
 * live in one JVM. Only these two functions are exported.
 */
#ifndef STARFISH_DEEPBIND_JNI_H
#define STARFISH_DEEPBIND_JNI_H

#include <jni.h>

/*
 * DeepBind.open(String path) -> long: dlopen(path, RTLD_NOW | RTLD_LOCAL |
 * RTLD_DEEPBIND) and returns the handle as a jlong (never 0). A null path
 * throws NullPointerException; a failing dlopen throws UnsatisfiedLinkError
 * whose message is "<path>: <dlerror() text>". Opening the same file twice
 * returns the same handle with its reference count raised; each open needs
 * one close. The path is used as given (no System.mapLibraryName, no search
 * beyond the dynamic loader's own rules for names without a slash).
 */
JNIEXPORT jlong JNICALL Java_dev_starfish_runtime_nativelib_DeepBind_open(JNIEnv *env, jclass cls,
                                                                          jstring path);

/*
 * DeepBind.close(long handle): dlclose(handle). A 0 handle is ignored. A
 * failing dlclose throws IllegalStateException with the dlerror() text.
 * The library may stay mapped while other references exist; closing a
 * library whose JNI methods are still bound is the caller's mistake.
 */
JNIEXPORT void JNICALL Java_dev_starfish_runtime_nativelib_DeepBind_close(JNIEnv *env, jclass cls,
                                                                          jlong handle);

#endif
