#!/usr/bin/env bash
# Every whole-process benchmark of issue 13 in one command: prints the issue's table (today's
# figure, the new one, met or missed) and the medians behind it.
#   bash docs/bench/all.sh [RUNS]          (after mvn -o -q -DskipTests package -pl '!it-tests')
#   bash docs/bench/all.sh --smoke         (seconds: one run of each, 20 extra plugins; for CI)
# STARFISH_HOME picks another distribution (default runtime/target/starfish).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)
home=${STARFISH_HOME:-$root/runtime/target/starfish}
unset STARFISH_HOME
if [ "${1:-}" = --smoke ]; then
    exec python3 "$root/docs/bench/goals.py" --home "$home" --smoke
fi
exec python3 "$root/docs/bench/goals.py" --home "$home" --runs "${1:-10}"
