/*
 * driver.c - runs fuzz_frames.c without libFuzzer: `--replay DIR...` feeds
 * each file once (the regressions corpus), `--seconds N` feeds random inputs
 * biased towards valid headers for N seconds.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay(const char *dir) {
    DIR *d = opendir(dir);
    if (d == NULL) {
        perror(dir);
        return 1;
    }
    struct dirent *e;
    static uint8_t buf[1 << 20];
    int n = 0;
    while ((e = readdir(d)) != NULL) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = e->d_name[0] == '.' ? NULL : fopen(path, "rb");
        if (f != NULL) {
            size_t len = fread(buf, 1, sizeof buf, f);
            fclose(f);
            LLVMFuzzerTestOneInput(buf, len);
            n++;
        }
    }
    closedir(d);
    printf("fuzz-frames: replayed %d inputs from %s\n", n, dir);
    return 0;
}

static void random_runs(double seconds) {
    static const char types[] = "OEWXQY\0";
    static uint8_t buf[200000];
    time_t end = time(NULL) + (time_t)seconds;
    unsigned long runs = 0;
    srand(12345);
    while (time(NULL) < end) {
        size_t len = 1;
        buf[0] = (uint8_t)rand();
        while (len < sizeof buf - 70000 && rand() % 8 != 0) {
            uint32_t flen = rand() % 4 == 0 ? (uint32_t)rand() : (uint32_t)(rand() % 70) + (rand() % 3 ? 0 : 65500);
            buf[len] = (uint8_t)types[rand() % 7];
            buf[len + 1] = (uint8_t)(flen >> 24), buf[len + 2] = (uint8_t)(flen >> 16);
            buf[len + 3] = (uint8_t)(flen >> 8), buf[len + 4] = (uint8_t)flen;
            len += 5;
            size_t body = flen < 70000 ? flen : (size_t)(rand() % 100);
            for (size_t i = 0; i < body; i++) {
                buf[len++] = (uint8_t)rand();
            }
            if (rand() % 10 == 0) {
                len -= (size_t)rand() % (body + 1);
            }
        }
        LLVMFuzzerTestOneInput(buf, len);
        runs++;
    }
    printf("fuzz-frames: %lu random inputs in %.0f s, no failure\n", runs, seconds);
}

int main(int argc, char **argv) {
    if (argc >= 3 && strcmp(argv[1], "--replay") == 0) {
        int bad = 0;
        for (int i = 2; i < argc; i++) {
            bad |= replay(argv[i]);
        }
        return bad;
    }
    if (argc == 3 && strcmp(argv[1], "--seconds") == 0) {
        random_runs(atof(argv[2]));
        return 0;
    }
    fprintf(stderr, "usage: fuzz-frames --replay DIR... | --seconds N\n");
    return 2;
}
