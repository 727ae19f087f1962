/* sha256.h - SHA-256 (FIPS 180-4). */
#ifndef PG_SHA256_H
#define PG_SHA256_H
#include <stddef.h>
#include <stdint.h>

typedef struct { uint32_t h[8]; uint64_t len; unsigned char buf[64]; size_t nbuf; } pg_sha256;
/* pg_sha256_init / _update / _final: incremental hashing; final writes 32 bytes. */
void pg_sha256_init(pg_sha256 *s);
void pg_sha256_update(pg_sha256 *s, const void *data, size_t n);
void pg_sha256_final(pg_sha256 *s, unsigned char out[32]);
/* pg_sha256_hex: hash of data[0..n) as 64 lowercase hex digits + NUL. */
void pg_sha256_hex(const void *data, size_t n, char hex[65]);
#endif
