#!/usr/bin/env bash
# Every whole-process benchmark of issue 13 in one command: prints the issue's table (today's
# figure, the new one, met or missed), the medians behind it and the metaspace per plugin.
#   bash docs/bench/all.sh [RUNS] [--baseline DIR]   (after mvn -o -q -DskipTests package -pl '!it-tests';
#                                                    DIR: another distribution, e.g. main's, in the same rounds)
#   bash docs/bench/all.sh --smoke                   (one run of each, 20 extra plugins, one round of the
#                                                    first call, of 8 concurrent compiles and of the driver's
#                                                    share of mlp_large through the server, of the job
#                                                    index on 20 jars, of the sandbox's cost and its
#                                                    parts, then 20 plugin
#                                                    swaps under one server, plugin-swaps.sh --smoke; for CI)
# STARFISH_HOME picks another distribution to measure (default runtime/target/starfish).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)
home=${STARFISH_HOME:-$root/runtime/target/starfish}
unset STARFISH_HOME
if [ "${1:-}" = --smoke ]; then
    python3 "$root/docs/bench/goals.py" --home "$home" --smoke
    echo
    python3 "$root/docs/bench/first-call.py" --home "$home" --runs 1
    echo
    python3 "$root/docs/bench/concurrent.py" --home "$home" --runs 1
    echo
    python3 "$root/docs/bench/driver-share.py" --home "$home" --runs 1 --warmup 1
    echo
    python3 "$root/docs/bench/job-index.py" --home "$home" --runs 1 --jars 20
    echo
    bash "$root/docs/bench/sandbox-cost.sh" 1 1 5
    echo
    python3 "$root/docs/bench/sandbox-parts.py" --home "$home" --rounds 1 --spawns 5
    echo
    STARFISH_HOME=$home exec bash "$root/docs/bench/plugin-swaps.sh" --smoke
fi
runs=10
if [[ ${1:-} =~ ^[0-9]+$ ]]; then
    runs=$1
    shift
fi
exec python3 "$root/docs/bench/goals.py" --home "$home" --runs "$runs" "$@"
