#!/usr/bin/env bash
# Plugin swaps under one resident server (docs/server.md, "Plugins dropped in while it runs"): the
# frontend plugin, which carries the JNI library libpenguin.so, is replaced SWAPS times by one of two
# builds of it that differ in bytes (the second's library has a marker appended), and after each swap
# a compile that runs Frontend must succeed. Every EVERY swaps it samples the server: metaspace used
# (jstat), threads (/proc/PID/status), open fds, mapped regions (/proc/PID/maps), the copies of
# libpenguin.so mapped, and the host generations' native directories left in the native cache.
# A sample is taken after a full collection (jcmd GC.run), so it counts what is still reachable, not
# what the next collection would free; --no-gc samples the server as it is, with no verdict: the
# loaders of replaced generations then wait for a full collection, which the metaspace's threshold
# triggers, so metaspace and the library copies saw-tooth (up to 5 generations, 30 MB, seen).
#   bash docs/bench/plugin-swaps.sh [SWAPS] [--every N] [--no-gc]   (after mvn -o -q -DskipTests package;
#                                                                   default 1000 swaps, a sample every 50)
#   bash docs/bench/plugin-swaps.sh --smoke                         (20 swaps, a sample every 5, no verdict)
# Verdict (not with --smoke or --no-gc): each series is flat after swap FROM (100; the first sample from it on
# when EVERY does not divide it) when (1) the last sample is within its tolerance of the sample at
# FROM, (2) so is the rise of the least-squares line through the samples from FROM on, over their
# span, and (3) they do not grow at every sample. Tolerances: metaspace 10 %, mapped regions 15 %,
# threads 2, fds 4, library copies and native directories 0. They lie above the warm-up and the
# noise of a healthy server (the JIT's code and the metaspace's chunks settle by swap ~500; the
# anonymous regions move by +-20 between samples) and far below one generation kept per swap,
# which over 900 swaps is >= 900 regions (a library is 5), >= 270 MB of metaspace, 900 dirs.
# Exit 1 if a series is not flat.
# STARFISH_HOME picks another distribution to measure (default runtime/target/starfish); it is
# copied, never changed. The server has a socket directory of its own and is stopped at the end.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)
home=${STARFISH_HOME:-$root/runtime/target/starfish}
unset STARFISH_HOME
swaps=1000 every=50 from=100 smoke=0 gc=1
while [ $# -gt 0 ]; do
    case $1 in
        --smoke) smoke=1 swaps=20 every=5 from=0 ;;
        --every) every=${2:?--every needs a number}; shift ;;
        --no-gc) gc=0 ;;
        [0-9]*) swaps=$1 ;;
        *) echo "plugin-swaps.sh: unknown argument '$1' (expected SWAPS, --every N, --no-gc or --smoke)" >&2; exit 2 ;;
    esac
    shift
done
if ! [[ $swaps =~ ^[0-9]+$ && $every =~ ^[1-9][0-9]*$ ]]; then
    echo "plugin-swaps.sh: expected SWAPS a whole number and --every N a positive one, got SWAPS '$swaps' and --every '$every'" >&2
    exit 2
fi
[ -x "$home/bin/starfish" ] || { echo "plugin-swaps.sh: no distribution at $home (run mvn -o -q -DskipTests package)" >&2; exit 2; }
for tool in jstat jcmd python3; do
    command -v "$tool" >/dev/null || { echo "plugin-swaps.sh: needs $tool on the PATH" >&2; exit 2; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/plugin-swaps.XXXXXX")
pid=
cleanup() {
    if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
cp -a "$home" "$work/dist"
mkdir -m 700 "$work/run"
export XDG_RUNTIME_DIR="$work/run" STARFISH_CACHE_DIR="$work/cache"
export STARFISH_SERVER=on
sf="$work/dist/bin/starfish"
mlp="$work/dist/examples/mlp.hlo"
natives="$work/cache/native"
mkdir "$work/cwd"
cd "$work/cwd"

# the two builds: as shipped, and with a marker appended to its libpenguin.so (ELF ignores trailing bytes)
jar=$(ls "$work/dist/plugins"/starfish-job-frontend-*.jar)
cp "$jar" "$work/frontend-a.jar"
python3 - "$jar" "$work/frontend-b.jar" <<'EOF'
import sys, zipfile
src, dst = sys.argv[1:]
with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
    for item in zin.infolist():
        data = zin.read(item)
        if item.filename == "native/linux-x86_64/libpenguin.so":
            data += b"\0starfish plugin-swaps build b\0"
        zout.writestr(item, data)
EOF

compile() {
    local n=$1 out
    if ! out=$("$sf" compile "$mlp" --workdir "$work/w" --no-cache 2>&1); then
        echo "plugin-swaps.sh: the compile after swap $n failed:" >&2
        echo "$out" >&2
        exit 1
    fi
    [ -s mlp.neff ] || { echo "plugin-swaps.sh: the compile after swap $n wrote no mlp.neff" >&2; exit 1; }
    rm -rf "$work/w" mlp.neff
}

samples="$work/samples.tsv"
sample() {
    local n=$1 meta threads fds maps libs dirs
    [ "$gc" = 1 ] && jcmd "$pid" GC.run >/dev/null
    meta=$(jstat -gc "$pid" | awk 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "MU") c = i } NR == 2 { printf "%.0f", $c }')
    threads=$(awk '/^Threads:/ { print $2 }' "/proc/$pid/status")
    fds=$(find "/proc/$pid/fd" -mindepth 1 -maxdepth 1 2>/dev/null | wc -l)
    maps=$(wc -l < "/proc/$pid/maps")
    libs=$(awk '$6 ~ /libpenguin\.so/ { print $6 }' "/proc/$pid/maps" | sort -u | wc -l)
    dirs=$(find "$natives" -mindepth 1 -maxdepth 1 -name 'server-*' 2>/dev/null | wc -l)
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$n" "$meta" "$threads" "$fds" "$maps" "$libs" "$dirs" >> "$samples"
}

start=$(date +%s)
compile 0
pid=$("$sf" server status --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["pid"])')
sample 0
for ((n = 1; n <= swaps; n++)); do
    # a new file moved over the old one, as an installer replaces a jar
    if ((n % 2)); then cp "$work/frontend-b.jar" "$jar.new"; else cp "$work/frontend-a.jar" "$jar.new"; fi
    mv "$jar.new" "$jar"
    compile "$n"
    if ((n % every == 0 || n == swaps)); then sample "$n"; fi
done
served=$("$sf" server status --json | python3 -c 'import json, sys; s = json.load(sys.stdin); print(s["pid"])')
[ "$served" = "$pid" ] || { echo "plugin-swaps.sh: the server changed during the run ($pid, then $served)" >&2; exit 1; }
"$sf" server stop >/dev/null
elapsed=$(($(date +%s) - start))

python3 - "$samples" "$from" "$smoke" "$swaps" "$elapsed" "$gc" <<'EOF'
import sys
path, start, smoke, swaps, elapsed, gc = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1", sys.argv[4], sys.argv[5], sys.argv[6] == "1"
rows = [list(map(int, line.split("\t"))) for line in open(path)]
names = ["metaspace used (KB)", "threads", "open fds", "mapped regions", "libpenguin.so mapped", "native dirs"]
# (relative tolerance, absolute tolerance) of the last sample against the one at `start`
tolerance = [(0.10, 0), (0, 2), (0, 4), (0.15, 0), (0, 0), (0, 0)]
print(f"{swaps} swaps of the frontend plugin (libpenguin.so) under one server, a compile after each, in {elapsed} s"
      + ("; each sample after a full GC" if gc else "; sampled without a GC"))
print()
print("| swaps | " + " | ".join(names) + " |")
print("|---:|" + "---:|" * len(names))
for row in rows:
    print("| " + " | ".join(str(v) for v in row) + " |")
if smoke or not gc:
    sys.exit(0)
tail = [row for row in rows if row[0] >= start]
if len(tail) < 2:
    print(f"\nfewer than two samples from swap {start} on: no verdict (run more swaps)")
    sys.exit(1)
print()
failed = False
for i, name in enumerate(names, start=1):
    rel, absolute = tolerance[i - 1]
    first, last = tail[0][i], tail[-1][i]
    allowed = max(absolute, rel * first)
    series = [row[i] for row in tail]
    xs = [row[0] for row in tail]
    mx, my = sum(xs) / len(xs), sum(series) / len(series)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, series)) / sum((x - mx) ** 2 for x in xs)
    rise = slope * (xs[-1] - xs[0])
    growing = all(b > a for a, b in zip(series, series[1:]))
    flat = abs(last - first) <= allowed and abs(rise) <= allowed and not growing
    failed |= not flat
    print(f"{name}: {'flat' if flat else 'NOT flat'} after swap {tail[0][0]} ({first} -> {last}, fitted rise "
          f"{rise:+.0f}, tolerance {allowed:g}{'; grows at every sample' if growing else ''})")
sys.exit(1 if failed else 0)
EOF
