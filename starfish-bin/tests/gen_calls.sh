#!/bin/sh
# gen_calls.sh chain N | double N - prints an HLO module with a call graph:
#   chain N:  ENTRY calls f1, f1 calls f2, ... fN negates (N nested calls,
#             callers first);
#   double N: ENTRY calls f1, each fi calls f(i+1) twice (on its parameter,
#             then on the first call's result), fN negates: inlined, 2^N
#             negates.
set -eu
KIND=${1:?usage: gen_calls.sh chain|double N}
N=${2:?usage: gen_calls.sh chain|double N}
awk -v kind="$KIND" -v n="$N" 'BEGIN {
  print "HloModule " kind "_" n "\n\nENTRY main {\n  p = f32[4] parameter(0)\n  ROOT c = f32[4] call(p), to_apply=f1\n}"
  for (i = 1; i < n; i++) {
    printf "\nf%d {\n  p = f32[4] parameter(0)\n", i
    if (kind == "double") printf "  a = f32[4] call(p), to_apply=f%d\n  ROOT b = f32[4] call(a), to_apply=f%d\n}\n", i + 1, i + 1
    else printf "  ROOT c = f32[4] call(p), to_apply=f%d\n}\n", i + 1
  }
  printf "\nf%d {\n  p = f32[4] parameter(0)\n  ROOT r = f32[4] negate(p)\n}\n", n
}'
