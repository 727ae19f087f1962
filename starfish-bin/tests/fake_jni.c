/* fake_jni.c - see fake_jni.h */
#define _POSIX_C_SOURCE 200809L
#include "fake_jni.h"
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* every jobject the fake JVM hands out; freed after each call */
struct _jobject { char *s; jobject *elems; jsize n; jobject next; };

typedef jstring (*str_fn)(JNIEnv *, jclass, jstring, jstring);
typedef jobjectArray (*arr_fn)(JNIEnv *, jclass, jstring, jstring);

struct fj_lib { void *h; str_fn check, signature; arr_fn partition; };

typedef struct { struct JNINativeInterface_ fn; jobject objs; fj_out *out; } fj_env;

/* *e is &fj_env.fn, the first member */
static fj_env *ENV(JNIEnv *e) { return (fj_env *)(void *)*e; }

static jobject new_obj(JNIEnv *e, const char *s) {
    jobject o = calloc(1, sizeof *o);
    if (!o) return NULL;
    if (s && !(o->s = strdup(s))) { free(o); return NULL; }
    o->next = ENV(e)->objs;
    ENV(e)->objs = o;
    return o;
}

static const char *get_utf(JNIEnv *e, jstring s, jboolean *copy) { (void)e; if (copy) *copy = 0; return s->s; }
static void rel_utf(JNIEnv *e, jstring s, const char *c) { (void)e; (void)s; (void)c; }
static jstring new_utf(JNIEnv *e, const char *s) { return new_obj(e, s); }
static jclass find_class(JNIEnv *e, const char *name) { return new_obj(e, name); }
static void del_ref(JNIEnv *e, jobject o) { (void)e; (void)o; }

static jint throw_new(JNIEnv *e, jclass c, const char *msg) {
    fj_out *o = ENV(e)->out;
    snprintf(o->thrown, sizeof o->thrown, "%s: %s", c->s, msg ? msg : "");
    return 0;
}

static jobjectArray new_array(JNIEnv *e, jsize n, jclass c, jobject init) {
    (void)c; (void)init;
    jobject a = new_obj(e, NULL);
    if (a && n > 0 && !(a->elems = calloc((size_t)n, sizeof *a->elems))) return NULL;
    if (a) a->n = n;
    return a;
}

static void set_elem(JNIEnv *e, jobjectArray a, jsize i, jobject v) {
    (void)e;
    if (i < 0 || i >= a->n) { fprintf(stderr, "fake_jni: array index %d out of range %d\n", (int)i, (int)a->n); abort(); }
    a->elems[i] = v;
}

static void env_init(fj_env *env, fj_out *o) {
    memset(env, 0, sizeof *env);
    memset(o, 0, sizeof *o);
    env->out = o;
    env->fn.GetStringUTFChars = get_utf;
    env->fn.ReleaseStringUTFChars = rel_utf;
    env->fn.NewStringUTF = new_utf;
    env->fn.FindClass = find_class;
    env->fn.ThrowNew = throw_new;
    env->fn.NewObjectArray = new_array;
    env->fn.SetObjectArrayElement = set_elem;
    env->fn.DeleteLocalRef = del_ref;
}

static void env_done(fj_env *env, jobject r, int array) {
    fj_out *o = env->out;
    if (r && array) { o->nparts = (int)r->n; r = r->n > 0 ? r->elems[0] : NULL; }
    if (r && r->s) { snprintf(o->result, sizeof o->result, "%s", r->s); o->has_result = 1; }
    while (env->objs) { jobject n = env->objs->next; free(env->objs->s); free(env->objs->elems); free(env->objs); env->objs = n; }
}

fj_lib *fj_open(const char *so) {
    fj_lib *l = calloc(1, sizeof *l);
    if (!l) return NULL;
    l->h = dlopen(so, RTLD_NOW | RTLD_LOCAL);
    if (!l->h) { fprintf(stderr, "fake_jni: dlopen %s: %s\n", so, dlerror()); free(l); return NULL; }
    *(void **)&l->check = dlsym(l->h, "Java_dev_starfish_penguin_Penguin_check");
    *(void **)&l->signature = dlsym(l->h, "Java_dev_starfish_penguin_Penguin_signature");
    *(void **)&l->partition = dlsym(l->h, "Java_dev_starfish_penguin_Penguin_partition");
    if (!l->check || !l->signature || !l->partition) {
        fprintf(stderr, "fake_jni: %s lacks a Penguin entry point\n", so);
        fj_close(l);
        return NULL;
    }
    return l;
}

void fj_close(fj_lib *l) {
    if (!l) return;
    if (l->h && dlclose(l->h) != 0) fprintf(stderr, "fake_jni: dlclose: %s\n", dlerror());
    free(l);
}

/* call: one entry point with fresh string objects for text and file */
static void call(fj_lib *l, str_fn sf, arr_fn af, const char *text, const char *file, fj_out *o) {
    fj_env env;
    env_init(&env, o);
    JNIEnv e = &env.fn;
    jstring t = new_obj(&e, text), f = new_obj(&e, file);
    jobject r = NULL;
    if (t && f) r = sf ? sf(&e, NULL, t, f) : af(&e, NULL, t, f);
    (void)l;
    env_done(&env, r, af != NULL);
}

void fj_check(fj_lib *l, const char *text, const char *file, fj_out *o) { call(l, l->check, NULL, text, file, o); }
void fj_signature(fj_lib *l, const char *text, const char *file, fj_out *o) { call(l, l->signature, NULL, text, file, o); }
void fj_partition(fj_lib *l, const char *text, const char *file, fj_out *o) { call(l, NULL, l->partition, text, file, o); }
