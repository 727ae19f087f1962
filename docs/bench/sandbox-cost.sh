#!/usr/bin/env bash
# Cost of the tool sandbox (launcher.sandbox, docs/isolation.md) in one run, side by side:
#  1. a spawn of /bin/true through the C posix-spawn-loop, bare and under the very bwrap words a
#     compile's step gets (taken from `starfish compile -###`), SPAWNS spawns per round, ROUNDS
#     rounds alternating; medians of the per-round medians;
#  2. `starfish compile mlp_large.hlo` (one-shot driver, a fresh JVM each) with launcher.sandbox=auto
#     (bwrap on) against launcher.sandbox=off, RUNS runs each, alternating; medians of wall time.
#   bash docs/bench/sandbox-cost.sh [RUNS] [ROUNDS] [SPAWNS]      (after mvn -q -DskipTests install)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)
runs=${1:-15}
rounds=${2:-20}
spawns=${3:-50}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -a "$root/runtime/target/starfish" "$work/on"
cp -a "$root/runtime/target/starfish" "$work/off"
sed -i 's/^launcher.sandbox=.*/launcher.sandbox=off/' "$work/off/conf/starfish.properties"
export STARFISH_CACHE_DIR="$work/cache" STARFISH_SERVER=${STARFISH_SERVER:-off}
cd "$work"
python3 - "$work" "$root/starfish-bin/target/bench/posix-spawn-loop" "$runs" "$rounds" "$spawns" <<'PY'
import os, re, shlex, statistics, subprocess, sys, time
work, loop, runs, rounds, spawns = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
model = os.path.join(work, "on/examples/mlp_large.hlo")
plan = subprocess.run([os.path.join(work, "on/bin/starfish"), "compile", model, "-###", "--no-cache"],
                      check=True, capture_output=True, text=True).stdout
line = next(l for l in plan.splitlines() if l.startswith("# sandbox: "))
if "each tool step runs as " not in line:
    sys.exit("the sandbox is not on here: " + line)
words = shlex.split(line.split("each tool step runs as ", 1)[1].split(" <its command>", 1)[0])
step = os.path.join(work, "step")
os.makedirs(step)
template = words[words.index("--chdir") + 1]
words = [step if w == template else w for w in words]
true = "/usr/bin/true" if os.path.exists("/usr/bin/true") else "/bin/true"
def spawn_median(argv):
    out = subprocess.run([loop, str(spawns)] + argv, check=True, capture_output=True, text=True).stdout
    return int(re.search(r"median_us=(\d+)", out).group(1))
bare, boxed = [], []
spawn_median([true]); spawn_median(words + [true])
for _ in range(rounds):
    bare.append(spawn_median([true]))
    boxed.append(spawn_median(words + [true]))
def compile_once(variant):
    start = time.perf_counter()
    subprocess.run([os.path.join(work, variant, "bin/starfish"), "compile", model, "--no-cache", "--workdir",
                    variant + ".work", "--output", variant + ".neff"], check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start
wall = {"off": [], "on": []}
for variant in ("off", "on", "off", "on"):
    compile_once(variant)
for _ in range(runs):
    for variant in ("off", "on"):
        wall[variant].append(compile_once(variant))
b, s = statistics.median(bare), statistics.median(boxed)
print(f"load average at the end: {os.getloadavg()[0]:.1f} ({os.cpu_count()} CPUs)\n")
print(f"| spawn of /bin/true ({rounds} rounds x {spawns}) | median µs | × bare |")
print("|---|---:|---:|")
print(f"| bare (posix_spawn, pipe, waitpid) | {b} | 1.00 |")
print(f"| under the step's bwrap words | {s} | {s / b:.2f} |")
print(f"\nper step, the sandbox adds {(s - b) / 1000:.2f} ms\n")
off, on = statistics.median(wall["off"]), statistics.median(wall["on"])
print(f"| compile mlp_large.hlo ({runs} runs each, alternating) | median wall s | × off |")
print("|---|---:|---:|")
print(f"| launcher.sandbox=off | {off:.3f} | 1.00 |")
print(f"| launcher.sandbox=auto (bwrap) | {on:.3f} | {on / off:.3f} |")
PY
