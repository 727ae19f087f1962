#!/usr/bin/env bash
# Cost of the compile report (report.json, trace.json, report.html) and the progress lines on
# `compile mlp_large.hlo`: this tree's distribution against one built from the commit before them.
#   bash docs/bench/report-cost.sh BASE_DIST [RUNS]      (after mvn -q -DskipTests package)
# BASE_DIST is runtime/target/starfish of a checkout of f1202bb (no step events, no report):
#   git clone -q . /tmp/base && git -C /tmp/base checkout -q f1202bb
#   (cd /tmp/base && mvn -q -DskipTests package -pl '!it-tests')
#   bash docs/bench/report-cost.sh /tmp/base/runtime/target/starfish 15
# Each run is a fresh JVM, stdout to a pipe (so "with" prints its plain progress lines). The two
# variants alternate run by run, so a change in the machine's load hits both alike; the table has
# medians of wall time and of CPU time (user + system of the driver and its tools, which a busy
# machine disturbs far less than wall time). Then the driver's own time from the last job's end to
# "Wrote the compile report" in the log, over the runs with the report.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)
base=${1:?usage: report-cost.sh BASE_DIST [RUNS]}
runs=${2:-15}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
export STARFISH_CACHE_DIR="$work/cache"
# the one-shot driver, as recorded in docs/benchmarks.md; STARFISH_SERVER=on measures the resident server
export STARFISH_SERVER=${STARFISH_SERVER:-off}
python3 - "$base/bin/starfish" "$root/runtime/target/starfish/bin/starfish" \
    "$root/runtime/target/starfish/examples/mlp_large.hlo" "$runs" <<'PY'
import os, resource, statistics, subprocess, sys, time
from datetime import datetime
base, with_report, model, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
variants = [("without the report (f1202bb)", base, "base"), ("with the report and progress lines", with_report, "with")]
wall = {v[2]: [] for v in variants}
cpu = {v[2]: [] for v in variants}
writes = []
def compile_once(starfish, name):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([starfish, "compile", model, "--workdir", name + ".work", "--output", name + ".neff"],
                   check=True, stdout=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
for warmup in range(2):
    for _, starfish, name in variants:
        compile_once(starfish, name)
for _ in range(runs):
    for _, starfish, name in variants:
        elapsed, used = compile_once(starfish, name)
        wall[name].append(elapsed)
        cpu[name].append(used)
        if name == "with":
            stamps = {}
            for line in open("with.work/log-starfish.txt"):
                if "Job SaveTemps finished" in line:
                    stamps["end"] = datetime.strptime(line[:23], "%Y-%m-%dT%H:%M:%S,%f")
                if "Wrote the compile report" in line:
                    stamps["wrote"] = datetime.strptime(line[:23], "%Y-%m-%dT%H:%M:%S,%f")
            writes.append((stamps["wrote"] - stamps["end"]).total_seconds() * 1000)
print(f"load average at the end: {os.getloadavg()[0]:.1f} ({os.cpu_count()} CPUs); {runs} runs of each, alternating\n")
print("| compile mlp_large.hlo | median wall s | median CPU s | wall × without | CPU × without |")
print("|---|---:|---:|---:|---:|")
for label, _, name in variants:
    w, c = statistics.median(wall[name]), statistics.median(cpu[name])
    print(f"| {label} | {w:.3f} | {c:.3f} | {w / statistics.median(wall['base']):.3f} | "
          f"{c / statistics.median(cpu['base']):.3f} |")
writes.sort()
print(f"\nwriting the three report files, in the driver (log timestamps): median {statistics.median(writes):.0f} ms, "
      f"min {writes[0]:.0f} ms, max {writes[-1]:.0f} ms")
PY
