#!/usr/bin/env python3
"""Whole-process medians of two installations side by side, each command alternated with the
other installation's and with the JVM floor in every round, so the machine's drift hits both.

    python3 docs/bench/compare.py --new runtime/target/starfish --old DIR [--runs 9] [--warmup 1]
        [--new-env STARFISH_SERVER=on] [--old-env NAME=VALUE]

With --new-env STARFISH_SERVER=on the new side goes through its resident server (warmed up by the
first round, which is not counted); the same installation may be both sides.

Each installation compiles in a private copy of the examples with its own STARFISH_CACHE_DIR.
Prints one row per command: the old and new medians, new/old, and each against the floor.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import time

COMMANDS = [
    ("--version", ["--version"]),
    ("jobs", ["jobs"]),
    ("compile mlp.hlo --no-cache -q", ["compile", "mlp.hlo", "--no-cache", "-q"]),
    ("compile mlp.hlo -q (cache hit)", ["compile", "mlp.hlo", "-q"]),
    ("compile mlp_large.hlo --no-cache -q", ["compile", "mlp_large.hlo", "--no-cache", "-q"]),
]
FLOOR = ["java", "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-version"]


def timed(argv, cwd, env):
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} exited {done.returncode}: {done.stderr.decode()[-400:]}")
    return elapsed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--new", required=True)
    parser.add_argument("--old", required=True)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--warmup", type=int, default=1, metavar="ROUNDS",
                        help="uncounted rounds of every command first (a server's code is compiled by C2 only "
                             "after some hundred commands; 20 rounds serve 100 commands)")
    parser.add_argument("--new-env", action="append", default=[], metavar="NAME=VALUE",
                        help="an environment variable for the new side only (STARFISH_SERVER=on)")
    parser.add_argument("--old-env", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    extra = {"old": dict(e.split("=", 1) for e in args.old_env),
             "new": dict(e.split("=", 1) for e in args.new_env)}
    work = tempfile.mkdtemp(prefix="starfish-compare.")
    sides = {}
    try:
        for name, home in (("old", args.old), ("new", args.new)):
            cwd = os.path.join(work, name)
            shutil.copytree(os.path.join(home, "examples"), cwd)
            # one-shot unless a side is told otherwise: an old build knows no server, a new one defaults to it
            env = dict(os.environ, STARFISH_CACHE_DIR=os.path.join(work, name + "-cache"),
                       **{"STARFISH_SERVER": "off", **extra[name]})
            env.pop("STARFISH_HOME", None)
            sides[name] = (os.path.join(os.path.abspath(home), "bin", "starfish"), cwd, env)
        for _ in range(max(args.warmup, 1)):  # warm-up, and the cache entry the hit row needs
            for name, (sf, cwd, env) in sides.items():
                for _, argv in COMMANDS:
                    timed([sf] + argv, cwd, env)
        times = {(side, label): [] for side in sides for label, _ in COMMANDS}
        floor = []
        for _ in range(args.runs):
            floor.append(timed(FLOOR, work, dict(os.environ)))
            for label, argv in COMMANDS:
                for side, (sf, cwd, env) in sides.items():
                    times[(side, label)].append(timed([sf] + argv, cwd, env))
        f = statistics.median(floor)
        print(f"JVM floor ({' '.join(FLOOR)}): {f:.3f} s; medians of {args.runs} alternated runs after "
              f"{max(args.warmup, 1)} uncounted round(s)")
        print("| command | old s | new s | new/old | old × floor | new × floor |")
        print("|---|---:|---:|---:|---:|---:|")
        for label, _ in COMMANDS:
            old = statistics.median(times[("old", label)])
            new = statistics.median(times[("new", label)])
            print(f"| `{label}` | {old:.3f} | {new:.3f} | {new / old:.2f} | {old / f:.1f} | {new / f:.1f} |")
    finally:
        for sf, cwd, env in sides.values():
            if env["STARFISH_SERVER"] != "off":  # the warm server would idle on for its 15 minutes
                subprocess.run([sf, "server", "stop"], cwd=cwd, env=env, stdout=subprocess.DEVNULL)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
