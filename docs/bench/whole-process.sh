#!/usr/bin/env bash
# Whole-process timings of the distribution, medians and ratios side by side in one run.
#   bash docs/bench/whole-process.sh [RUNS]        (after mvn -q -DskipTests package)
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
hyperfine -N --warmup 2 --runs "$runs" --export-json "$work/r.json" \
    -n 'java -version (JVM floor)' 'java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto -version' \
    -n 'starfish --version' "$sf --version" \
    -n 'starfish jobs' "$sf jobs" \
    -n 'starfish jobs --json' "$sf jobs --json" \
    -n 'compile mlp.hlo' "$sf compile $ex/mlp.hlo --no-cache" \
    -n 'compile mlp_two_heads.hlo --jobs 1' "$sf compile $ex/mlp_two_heads.hlo --jobs 1 --no-cache" \
    -n 'compile mlp_two_heads.hlo --jobs 2' "$sf compile $ex/mlp_two_heads.hlo --jobs 2 --no-cache" \
    -n 'compile mlp_large.hlo' "$sf compile $ex/mlp_large.hlo --no-cache" >/dev/null
python3 "$root/docs/bench/table.py" "$work/r.json"
