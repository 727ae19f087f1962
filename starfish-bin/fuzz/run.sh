#!/bin/sh
# fuzz/run.sh SECONDS [parser|structured] - build a libFuzzer target with
# clang (ASan+UBSan) into target/fuzz/ and run it for SECONDS seconds.
# parser (default): raw bytes as HLO text, seeded with the examples and
# fuzz/regressions; structured: the bytes drive the structure-aware
# generator (fuzz/gen_hlo.c, fuzz/gen_instr.c), so every input is a
# plausible module. New crashes land in target/fuzz/crashes/; copy them
# (as HLO text) to fuzz/regressions/ once fixed (make check replays them).
# `make check` itself runs the gcc-built generator driver fuzz_gen without
# clang.
set -eu
SECS=${1:?usage: fuzz/run.sh SECONDS [parser|structured]}
KIND=${2:-parser}
HERE=$(cd "$(dirname "$0")/.." && pwd)
OUT=$HERE/target/fuzz
mkdir -p "$OUT/crashes"
command -v clang >/dev/null || { echo "fuzz/run.sh: clang not found (apt-get install -y clang)" >&2; exit 2; }
case $KIND in
  parser) SRC="$HERE/fuzz/fuzz_parser.c" ;;
  structured) SRC="$HERE/fuzz/fuzz_structured.c $HERE/fuzz/gen_hlo.c $HERE/fuzz/gen_instr.c $HERE/fuzz/gen_choice.c $HERE/fuzz/gen_calls.c" ;;
  *) echo "fuzz/run.sh: unknown target '$KIND' (parser or structured)" >&2; exit 2 ;;
esac
# shellcheck disable=SC2086
clang -std=c11 -O1 -g -fsanitize=fuzzer,address,undefined -I"$HERE/src/lib" -I"$HERE/fuzz" \
  $SRC "$HERE"/fuzz/target.c "$HERE"/src/lib/*.c -lm -o "$OUT/fuzz_$KIND"
mkdir -p "$OUT/corpus_$KIND"
if [ "$KIND" = parser ]; then
  cp "$HERE"/examples/*.hlo "$HERE"/fuzz/regressions/* "$OUT/corpus_parser/"
fi
cd "$OUT"
./fuzz_$KIND -max_total_time="$SECS" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
  -artifact_prefix="$OUT/crashes/" -print_final_stats=1 "corpus_$KIND" 2>&1 | tail -25
