#!/usr/bin/env bash
# What bin/starfish itself costs since it supervises the JVM (crash filter on stdout, signal
# forwarding, locale): each command through the script beside the same JVM started directly,
# alternated in one hyperfine run; medians and ratios.
#   bash docs/bench/launcher-script.sh [RUNS]      (after mvn -q -DskipTests install; needs hyperfine)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)
home="$root/runtime/target/starfish"
runs=${1:-10}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
export STARFISH_CACHE_DIR="$work/cache"
# the one-shot driver, as recorded in docs/benchmarks.md; STARFISH_SERVER=on measures the resident server
export STARFISH_SERVER=${STARFISH_SERVER:-off}
direct="java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto -XX:-CreateCoredumpOnCrash -Dstarfish.home=$home"
direct="$direct -Dlog4j2.configurationFile=$home/conf/log4j2.properties -Dlog4j2.isThreadContextMapInheritable=false"
direct="$direct -Dlog4j2.disableJmx=true -cp $home/lib/* dev.starfish.runtime.cli.StarfishCli"
hyperfine -N --warmup 2 --runs "$runs" --export-json "$work/r.json" \
    -n 'JVM floor' 'java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto -version' \
    -n 'java StarfishCli --version (no script)' "$direct --version" \
    -n 'bin/starfish --version' "$home/bin/starfish --version" \
    -n 'java StarfishCli jobs (no script)' "$direct jobs" \
    -n 'bin/starfish jobs' "$home/bin/starfish jobs" \
    -n 'bin/starfish compile mlp.hlo' "$home/bin/starfish compile $home/examples/mlp.hlo --no-cache" \
    -n 'bin/starfish compile mlp.hlo -###' "$home/bin/starfish compile $home/examples/mlp.hlo -###" >/dev/null
python3 "$root/docs/bench/table.py" "$work/r.json"
