/* tar.c - see tar.h */
#include "tar.h"
#include <string.h>

static void octal(char *dst, size_t width, unsigned long long v) {
    /* width-1 octal digits and a NUL */
    dst[width - 1] = 0;
    for (size_t i = width - 1; i-- > 0;) { dst[i] = (char)('0' + (v & 7)); v >>= 3; }
}

int pg_tar_add(FILE *f, const char *name, const void *data, size_t n) {
    unsigned char h[512];
    size_t len = strlen(name);
    memset(h, 0, sizeof h);
    if (len <= 100) {
        memcpy(h, name, len);
    } else {
        /* split at a '/' so that prefix <= 155 and name <= 100 */
        size_t cut = 0;
        for (size_t i = 0; i < len; i++) if (name[i] == '/' && i <= 155 && len - i - 1 <= 100 && len - i - 1 > 0) { cut = i; break; }
        if (!cut) return 0;
        memcpy(h + 345, name, cut);
        memcpy(h, name + cut + 1, len - cut - 1);
    }
    octal((char *)h + 100, 8, 0644);
    octal((char *)h + 108, 8, 0);
    octal((char *)h + 116, 8, 0);
    octal((char *)h + 124, 12, (unsigned long long)n);
    octal((char *)h + 136, 12, 0);
    memset(h + 148, ' ', 8);
    h[156] = '0';
    memcpy(h + 257, "ustar", 6);
    memcpy(h + 263, "00", 2);
    memcpy(h + 265, "root", 4);
    memcpy(h + 297, "root", 4);
    unsigned sum = 0;
    for (int i = 0; i < 512; i++) sum += h[i];
    octal((char *)h + 148, 7, sum);
    h[155] = ' ';
    if (fwrite(h, 1, 512, f) != 512) return -1;
    if (n && fwrite(data, 1, n, f) != n) return -1;
    static const unsigned char zeros[512];
    size_t pad = (512 - n % 512) % 512;
    if (pad && fwrite(zeros, 1, pad, f) != pad) return -1;
    return 1;
}

int pg_tar_finish(FILE *f) {
    static const unsigned char zeros[1024];
    return fwrite(zeros, 1, 1024, f) == 1024 ? 1 : -1;
}
