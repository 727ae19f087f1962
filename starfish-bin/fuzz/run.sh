#!/bin/sh
# fuzz/run.sh SECONDS - build the libFuzzer parser target with clang
# (ASan+UBSan) into target/fuzz/ and run it for SECONDS seconds, seeded with
# the examples and fuzz/regressions. New crashes land in target/fuzz/crashes/;
# copy them to fuzz/regressions/ once fixed (make check replays them).
set -eu
SECS=${1:?usage: fuzz/run.sh SECONDS}
HERE=$(cd "$(dirname "$0")/.." && pwd)
OUT=$HERE/target/fuzz
mkdir -p "$OUT/corpus" "$OUT/crashes"
command -v clang >/dev/null || { echo "fuzz/run.sh: clang not found (apt-get install -y clang)" >&2; exit 2; }
clang -std=c11 -O1 -g -fsanitize=fuzzer,address,undefined -I"$HERE/src/lib" \
  "$HERE"/fuzz/fuzz_parser.c "$HERE"/src/lib/*.c -lm -o "$OUT/fuzz_parser"
cp "$HERE"/examples/*.hlo "$OUT/corpus/" 2>/dev/null || true
cp "$HERE"/fuzz/regressions/* "$OUT/corpus/" 2>/dev/null || true
cd "$OUT"
./fuzz_parser -max_total_time="$SECS" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
  -artifact_prefix="$OUT/crashes/" -print_final_stats=1 corpus 2>&1 | tail -25
