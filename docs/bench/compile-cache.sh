#!/usr/bin/env bash
# The compile cache, whole-process: compile mlp.hlo as a miss (the cache cleared before each run, so
# every run compiles and stores) vs as a hit (the entry present), medians side by side in one run.
#   bash docs/bench/compile-cache.sh [RUNS]        (after mvn -q -DskipTests package)
# Needs hyperfine (apt-get install -y hyperfine). Each run is a fresh JVM.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)
sf="$root/runtime/target/starfish/bin/starfish"
ex="$root/runtime/target/starfish/examples"
runs=${1:-10}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
export STARFISH_CACHE_DIR="$work/cache"
# the one-shot driver, as recorded in docs/benchmarks.md; STARFISH_SERVER=on measures the resident server
export STARFISH_SERVER=${STARFISH_SERVER:-off}
"$sf" compile "$ex/mlp.hlo" >/dev/null
# one --prepare per command, in order: nothing, empty the cache, nothing (the entry stays)
hyperfine -N --warmup 2 --runs "$runs" --export-json "$work/r.json" \
    --prepare true --prepare "$sf cache clear" --prepare true \
    -n 'compile mlp.hlo --no-cache' "$sf compile $ex/mlp.hlo --no-cache" \
    -n 'compile mlp.hlo, cache miss (compile + store)' "$sf compile $ex/mlp.hlo" \
    -n 'compile mlp.hlo, cache hit' "$sf compile $ex/mlp.hlo" >/dev/null
# the last column is the ratio to the first row (--no-cache), not to a JVM floor
python3 "$root/docs/bench/table.py" "$work/r.json" | sed 's/× JVM floor/× --no-cache/'
