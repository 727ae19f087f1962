/* test_crash.c - sfc_crash_parse on HotSpot crash reports, whole and cut short. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crash.h"

static int failures;

#define EXPECT_STR(got, want)                                                                     \
    do {                                                                                          \
        if (strcmp((got), (want)) != 0) {                                                         \
            fprintf(stderr, "%s:%d: %s is '%s', expected '%s'\n", __FILE__, __LINE__, #got, got, want); \
            failures++;                                                                           \
        }                                                                                         \
    } while (0)

static const char REPORT[] =
    "#\n# A fatal error has been detected by the Java Runtime Environment:\n#\n"
    "#  SIGSEGV (0xb) at pc=0x00007f3a1c2b3c31, pid=1234, tid=1250\n#\n"
    "# JRE version: OpenJDK Runtime Environment (17.0.15+6) (build 17.0.15+6-Debian-1deb12u1)\n"
    "# Problematic frame:\n# C  [libcrash.so+0x1139]  crash_now+0x10\n#\n"
    "# No core dump will be written.\n#\n"
    "---------------  T H R E A D  ---------------\n\n"
    "Current thread (0x00007f3a14001000):  JavaThread \"starfish-subgraph-2 [job CrashJob] [client 4242]\" daemon "
    "[_thread_in_native, id=1250, stack(0x00007f3a0c000000,0x00007f3a0c100000)]\n\n"
    "Stack: [0x00007f3a0c000000,0x00007f3a0c100000]\n"
    "C  [libcrash.so+0x1139]  crash_now+0x10\n"
    "Other threads: JavaThread \"starfish-request-9 [job Other] [client 77]\"\n";

int main(void) {
    struct sfc_crash c;
    sfc_crash_parse(REPORT, strlen(REPORT), &c);
    EXPECT_STR(c.signal, "SIGSEGV");
    EXPECT_STR(c.library, "libcrash.so");
    EXPECT_STR(c.job, "CrashJob");
    if (c.client != 4242) {
        fprintf(stderr, "client %ld, expected 4242\n", c.client);
        failures++;
    }

    /* the JVM's own frame, a one-shot thread (no client), no trailing newline */
    static const char VM[] = "#  SIGBUS (0x7) at pc=0x1\n# V  [libjvm.so+0xe6bc31]  Unsafe_PutInt+0xe1\n"
                             "Current thread (0x1):  JavaThread \"main [job Walrus]\" [_thread_in_vm, id=7]";
    sfc_crash_parse(VM, strlen(VM), &c);
    EXPECT_STR(c.signal, "SIGBUS");
    EXPECT_STR(c.library, "libjvm.so");
    EXPECT_STR(c.job, "Walrus");
    if (c.client != 0) {
        fprintf(stderr, "client %ld, expected 0\n", c.client);
        failures++;
    }

    /* every prefix of the report: whatever was written before the JVM died parses without a fault */
    for (size_t n = 0; n <= strlen(REPORT); n++) {
        char *cut = malloc(n + 1);
        memcpy(cut, REPORT, n);
        sfc_crash_parse(cut, n, &c);
        free(cut);
    }
    /* a thread line without its closing quote, a job tag without its bracket, an overlong line */
    static const char ODD[] = "Current thread (0x1):  JavaThread \"x [job Unclosed";
    sfc_crash_parse(ODD, strlen(ODD), &c);
    EXPECT_STR(c.job, "Unclosed");
    char *long_line = malloc(5000);
    memset(long_line, 'a', 4999);
    memcpy(long_line, "#  SIG", 6);
    long_line[4999] = '\0';
    sfc_crash_parse(long_line, 4999, &c);
    if (strlen(c.signal) >= sizeof c.signal) {
        failures++;
    }
    free(long_line);
    sfc_crash_parse("", 0, &c);
    EXPECT_STR(c.signal, "");

    if (failures == 0) {
        printf("test_crash: all passed\n");
    }
    return failures == 0 ? 0 : 1;
}
