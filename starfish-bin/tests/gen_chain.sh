#!/bin/sh
# gen_chain.sh N - prints an HLO module whose ENTRY is a chain of N negate
# instructions over an f32[4] parameter (the long-chain benchmark and the
# 200 000-instruction parse test). Usage: gen_chain.sh N > chain.hlo
set -eu
N=${1:?usage: gen_chain.sh N}
awk -v n="$N" 'BEGIN {
  print "HloModule chain_" n "\n\nENTRY %main (p: f32[4]) -> f32[4] {"
  print "  %v0 = f32[4]{0} parameter(0)"
  for (i = 1; i < n; i++) printf "  %%v%d = f32[4]{0} negate(f32[4]{0} %%v%d)\n", i, i - 1
  printf "  ROOT %%v%d = f32[4]{0} negate(f32[4]{0} %%v%d)\n}\n", n, n - 1
}'
