#!/usr/bin/env python3
"""Where a sandboxed step's time goes: a spawn of /bin/true under the step's bwrap words (taken
from `starfish compile -###`, the template subgraph's step, which consumes nothing of the work
directory) against the same words with one part left out, and against bwrap with /usr only and a
bare spawn. Every variant is timed in every round, alternating, so the machine's drift hits all
alike; medians of the per-round medians of the C posix-spawn-loop.

    python3 docs/bench/sandbox-parts.py [--home DIR] [--rounds 20] [--spawns 100]

A part's cost is the full words' median minus the median without it. Run after
mvn -q -DskipTests install (the loop is starfish-bin/target/bench/posix-spawn-loop).
"""
import argparse
import os
import re
import shlex
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LOOP = os.path.join(ROOT, "starfish-bin/target/bench/posix-spawn-loop")
TRUE = "/usr/bin/true" if os.path.exists("/usr/bin/true") else "/bin/true"


def step_words(home, work):
    """The bwrap words of the template step of mlp.hlo compiled in work, the step made there."""
    model = os.path.join(home, "examples/mlp.hlo")
    plan = subprocess.run([os.path.join(home, "bin/starfish"), "compile", model, "-###", "--no-cache"], cwd=work,
                          check=True, capture_output=True, text=True, env=dict(os.environ, STARFISH_SERVER="off")).stdout
    line = next(l for l in plan.splitlines() if l.startswith("# sandbox: "))
    if "each tool step runs as " not in line:
        sys.exit("the sandbox is not on here: " + line)
    words = shlex.split(line.split("each tool step runs as ", 1)[1].split(" <its command>", 1)[0])
    template = words[words.index("--chdir") + 1]
    step = os.path.join(os.path.dirname(template), "sg00")
    os.makedirs(step)
    return [step if w == template else w for w in words]


def without(words, flag, keep=lambda operands: False, operands=1):
    """The words with every `flag OPERAND...` left out whose operands keep() does not keep."""
    out, i = [], 0
    while i < len(words):
        if words[i] == flag and not keep(words[i + 1:i + 1 + operands]):
            i += 1 + operands
        else:
            out.append(words[i])
            i += 1
    return out


def variants(full, home):
    unshare = full.index("--unshare-all")
    no_net = full[:unshare] + ["--unshare-user-try", "--unshare-ipc", "--unshare-pid", "--unshare-uts",
                               "--unshare-cgroup-try"] + full[unshare + 1:]
    return {
        "the step's full words": full,
        "without the network namespace": no_net,
        "without --proc /proc": without(full, "--proc"),
        "without --dev /dev": without(full, "--dev"),
        "without the /etc binds": without(full, "--ro-bind-try", lambda o: not o[0].startswith("/etc/"), 2),
        "without the installation's binds": without(full, "--ro-bind-try", lambda o: not o[0].startswith(home), 2),
        "without the read-only remounts": without(full, "--remount-ro"),
        "bwrap with /usr only, no namespace": [full[0], "--ro-bind", "/usr", "/usr", "--symlink", "usr/lib", "/lib",
                                               "--symlink", "usr/lib64", "/lib64", "--"],
        "bare true": [],
    }


def median_us(argv, spawns):
    out = subprocess.run([LOOP, str(spawns)] + argv + [TRUE], check=True, capture_output=True, text=True).stdout
    return int(re.search(r"median_us=(\d+)", out).group(1))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--home", default=os.path.join(ROOT, "runtime/target/starfish"))
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--spawns", type=int, default=100)
    args = parser.parse_args()
    home = os.path.realpath(args.home)
    with tempfile.TemporaryDirectory() as work:
        full = step_words(home, work)
        table = variants(full, home)
        times = {name: [] for name in table}
        for name, argv in table.items():
            median_us(argv, 5)  # one warm-up each
        for _ in range(args.rounds):
            for name, argv in table.items():
                times[name].append(median_us(argv, args.spawns))
    whole = statistics.median(times["the step's full words"])
    print(f"load average at the end: {os.getloadavg()[0]:.1f} ({os.cpu_count()} CPUs)\n")
    print(f"| spawn of {TRUE} ({args.rounds} rounds x {args.spawns}, alternating) | median µs | full words − this |")
    print("|---|---:|---:|")
    for name in table:
        median = statistics.median(times[name])
        print(f"| {name} | {median:.0f} | {whole - median:.0f} |")


if __name__ == "__main__":
    main()
