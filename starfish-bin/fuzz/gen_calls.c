/* gen_calls.c - the generator's call graphs (see gen_hlo.h): ENTRY calls
 * c1, each ci calls c(i+1) `fan` times in a row (each call on the
 * previous call's result), the last computation negates. Depth from 1 to
 * about 13 000 (far past PG_MAX_CALL_DEPTH: a recursive walk overflows
 * the stack), fan-out 1 to 3 (2 and 3 double or triple the inlined size
 * at every level: 2^64 and 3^64 copies overflow any count that is not
 * checked as it grows), now and then one wide level; callers or callees
 * first, fusion or call, an instruction of a computation's own here and
 * there, and as a fault a call back to c1 (a cycle) or into ENTRY.
 *
 * Under ASan a deep chain costs about 0.1 s per pass and one around the
 * depth limit 25 ms, so one module in 1 024 is deep and 3 are near; a fan-out above 1 makes either at most 4 096 copies or
 * more than 2^22 (past the limit), never the valid but slow sizes between.
 *
 * Choices in order (a regression input in fuzz/structured-regressions
 * spells them as bytes, the first being gen_hlo.c's 7 for a call graph):
 * depth class (of 128: 0-63 depth 1-8, 64-123 depth 1-64 (byte + 1),
 * 124-126 around the depth limit, 127 deep: 4 000 + 1 000 x byte +
 * byte), fan-out (0: 1, 1: 2, 2: 3, 3: 1 but 100 calls of the last
 * computation), callees first (1), the fault (1: cycle, 2: ENTRY), then
 * per level an own instruction (3) and fusion (1). */
#include "gen_hlo_int.h"
#include "hlo.h"
#include <stdio.h>

static int depth_of(fz_src *s) {
    unsigned cls = fz_pick(s, 128);
    if (cls < 64) return 1 + (int)fz_pick(s, 8);
    if (cls < 124) return 1 + (int)fz_pick(s, 64);
    if (cls < 127) return PG_MAX_CALL_DEPTH - 5 + (int)fz_pick(s, 10);
    /* deep enough to overflow a 1 MiB stack in a recursive walk under ASan */
    return 4000 + 1000 * (int)fz_pick(s, 10) + (int)fz_pick(s, 10);
}

/* fast: fan^depth copies is at most 4 096 or more than 2^22 */
static int fast(int fan, int depth) {
    double copies = 1;
    for (int i = 0; i < depth && copies <= 1 << 22; i++) copies *= fan;
    return copies <= 4096 || copies > 1 << 22;
}

/* level: computation ci calling c(i+1) fan times (the last one: a negate) */
static void level(fz_src *s, pg_sbuf *o, int i, int depth, int fan, int fault) {
    pg_sbuf_printf(o, "c%d {\n  p = f32[4] parameter(0)\n", i);
    if (i == depth) {
        if (fault) pg_sbuf_printf(o, "  ROOT r = f32[4] call(p), to_apply=%s\n}\n", fault == 1 ? "c1" : "main");
        else pg_sbuf_printf(o, "  ROOT r = f32[4] negate(p)\n}\n");
        return;
    }
    int own = fz_pick(s, 4) == 3, fusion = fz_pick(s, 2) == 1;
    const char *prev = "p";
    char name[16] = "p";
    for (int j = 0; j < fan; j++) {
        pg_sbuf_printf(o, "  %sk%d = f32[4] %s(%s), %s=c%d\n", j == fan - 1 && !own ? "ROOT " : "", j,
                       fusion ? "fusion" : "call", prev, fusion ? "calls" : "to_apply", i + 1);
        snprintf(name, sizeof name, "k%d", j);
        prev = name;
    }
    if (own) pg_sbuf_printf(o, "  ROOT e = f32[4] exponential(%s)\n", prev);
    pg_sbuf_printf(o, "}\n");
}

void fz_gen_calls(fz_src *s, pg_sbuf *o) {
    int depth = depth_of(s);
    unsigned f = fz_pick(s, 4);
    int fan = f == 3 ? 1 : (int)f + 1, wide = f == 3 ? depth - 1 : -1;
    while (!fast(fan, depth)) depth++;
    int reversed = fz_pick(s, 2) == 1, fault = (int)fz_pick(s, 16);
    fault = fault < 3 ? fault : 0;
    pg_sbuf_printf(o, "HloModule calls_%d_%d\n\n", depth, fan);
    for (int k = 0; k <= depth; k++) {
        int i = reversed ? depth - k : k;
        if (i == 0) pg_sbuf_printf(o, "ENTRY main {\n  p = f32[4] parameter(0)\n  ROOT c = f32[4] call(p), to_apply=c1\n}\n");
        else level(s, o, i, depth, i == wide ? 100 : fan, fault);
    }
}
