#!/usr/bin/env python3
"""The driver's share of `compile mlp_large.hlo --no-cache`: through the warm server and one-shot,
each against the compile's own tools run without the driver (its replay scripts, in plan order,
one after the other), all three alternated round by round so that the machine's drift hits each.

    python3 docs/bench/driver-share.py [--home runtime/target/starfish] [--runs 9] [--warmup 20]

share = (compile's wall - the tools' wall) / compile's wall. The server is warmed by --warmup
compiles first (a server that has served a few commands runs its code compiled by C2; the first
ones after its start run interpreted code).
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ORDER = ["HLOToTensorizer", "WalrusDriver", "BIRVerifier", "XLAInferGoldens", "NeffWrapper"]


def timed(argv, env, cwd):
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"driver-share.py: {' '.join(argv)} exited {done.returncode}: {done.stderr.decode()[-400:]}")
    return elapsed


def replay_scripts(sf, model, env, work):
    """Keeps one compile's temporaries and returns its replay scripts in the plan's order."""
    cwd = os.path.join(work, "replay")
    os.makedirs(cwd)
    timed([sf, "compile", model, "--keep-temps", "--no-cache", "-q"], dict(env, STARFISH_SERVER="off"), cwd)
    scripts = []
    for root, _, names in os.walk(cwd):
        scripts += [os.path.join(root, n) for n in names if n.startswith("replay_") and n.endswith(".sh")]
    scripts.sort(key=lambda p: (next((i for i, j in enumerate(ORDER) if j in p), 99), p))
    if not scripts:
        sys.exit("driver-share.py: the compile left no replay script")
    return scripts


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--home", default="runtime/target/starfish")
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--warmup", type=int, default=20)
    args = parser.parse_args()
    home = os.path.abspath(args.home)
    sf = os.path.join(home, "bin", "starfish")
    work = tempfile.mkdtemp(prefix="starfish-share.")
    env = dict(os.environ, STARFISH_CACHE_DIR=os.path.join(work, "cache"))
    env.pop("STARFISH_HOME", None)
    server = dict(env, STARFISH_SERVER="on")
    one_shot = dict(env, STARFISH_SERVER="off")
    try:
        model = os.path.join(home, "examples", "mlp_large.hlo")
        scripts = replay_scripts(sf, model, env, work)
        cwd = os.path.join(work, "cwd")
        os.makedirs(cwd)
        compile_argv = [sf, "compile", model, "--no-cache", "-q"]
        for _ in range(args.warmup):
            timed(compile_argv, server, cwd)
        walls = {"server": [], "one-shot": [], "tools": []}
        for _ in range(args.runs):
            walls["server"].append(timed(compile_argv, server, cwd))
            walls["one-shot"].append(timed(compile_argv, one_shot, cwd))
            walls["tools"].append(sum(timed(["sh", s], env, os.path.dirname(s)) for s in scripts))
        m = {k: statistics.median(v) for k, v in walls.items()}
        print(f"compile mlp_large.hlo --no-cache: medians of {args.runs} alternated rounds, {len(scripts)} tool "
              f"steps, server warmed by {args.warmup} compiles; load average {os.getloadavg()[0]:.1f} at the end")
        print("| path | compile s | tools alone s | driver share |")
        print("|---|---:|---:|---:|")
        for path in ("server", "one-shot"):
            share = 100 * (m[path] - m["tools"]) / m[path]
            print(f"| {path} | {m[path]:.3f} | {m['tools']:.3f} | {share:.0f} % |")
    finally:
        subprocess.run([sf, "server", "stop"], env=server, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
