#!/usr/bin/env bash
# Many models: `starfish batch` against separate `starfish compile` processes, side by side in one run
# (issue 12). 40 distinct small models (examples/mlp.hlo with 40 different constants), two at a time:
#   separate   40 x `starfish compile --no-cache M` through xargs -P2 (a fresh JVM per model)
#   batch      `starfish batch --parallel 2 --no-cache` (one JVM)
#   cached     `starfish batch --parallel 2` against a cache the warm-up run filled
#   bash docs/bench/batch.sh [RUNS]          (after mvn -o -q -DskipTests package -pl '!it-tests')
# Needs hyperfine. Prints medians and the ratio of each to `separate`.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)
sf="$root/runtime/target/starfish/bin/starfish"
runs=${1:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
export STARFISH_CACHE_DIR="$work/native"
# the one-shot driver, as recorded in docs/benchmarks.md; STARFISH_SERVER=on measures the resident server
export STARFISH_SERVER=${STARFISH_SERVER:-off}
# Before the compile cache exists the flags are simply absent.
nocache=$("$sf" compile --help | grep -q -- --no-cache && echo --no-cache || true)
cachedir=$("$sf" compile --help | grep -q -- --cache-dir && echo "--cache-dir $work/cache" || true)
mkdir models
for i in $(seq -w 0 39); do
    sed -e "s/constant(0)/constant(0.${i})/" "$root/runtime/target/starfish/examples/mlp.hlo" >"models/m$i.hlo"
done
[ "$(sha256sum models/*.hlo | cut -d' ' -f1 | sort -u | wc -l)" = 40 ] || { echo "models are not distinct" >&2; exit 1; }
hyperfine --warmup 1 --runs "$runs" --export-json "$work/r.json" \
    -n 'separate: 40 x compile, xargs -P2' \
    --prepare "rm -rf $work/sep && mkdir $work/sep" \
    "cd $work/sep && ls $work/models/*.hlo | xargs -P2 -n1 $sf compile -q $nocache" \
    -n 'batch --parallel 2 --no-cache' \
    --prepare "rm -rf $work/b" \
    "$sf batch -q --parallel 2 $nocache $work/models --output-dir $work/b" \
    -n 'batch --parallel 2, all cached' \
    --prepare "rm -rf $work/c" \
    "$sf batch -q --parallel 2 $cachedir $work/models --output-dir $work/c" >/dev/null
for d in sep b c; do
    [ "$(ls "$work/$d"/*.neff | wc -l)" = 40 ] || { echo "$d: not 40 outputs" >&2; exit 1; }
done
python3 - "$work/r.json" <<'PY'
import json, statistics, sys
results = json.load(open(sys.argv[1]))["results"]
base = statistics.median(results[0]["times"])
print("| command | median s | min s | max s | x separate |")
print("|---|---:|---:|---:|---:|")
for r in results:
    m = statistics.median(r["times"])
    print(f"| {r['command']} | {m:.3f} | {min(r['times']):.3f} | {max(r['times']):.3f} | {m / base:.3f} |")
PY
