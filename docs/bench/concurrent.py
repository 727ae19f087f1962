#!/usr/bin/env python3
"""8 concurrent compiles: through one warm server against 8 one-shot processes, in one run.

Issue 25's goal: 8 concurrent compiles through one server as fast as 8 one-shot processes or faster.
8 distinct models (examples/mlp.hlo, or mlp_large.hlo with --large, with 8 different constants) are
compiled at once with --no-cache, each into its own directory; the two modes alternate run by run.

    python3 docs/bench/concurrent.py [--runs N] [--large] [--home DIST]
        (after mvn -o -q -DskipTests package -pl '!it-tests')
"""
import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def eight_at_once(sf, models, out, env):
    """Wall time of 8 compiles started together; fails unless each wrote its .neff."""
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    start = time.monotonic()
    procs = [subprocess.Popen([sf, "compile", "-q", "--no-cache", m], cwd=out, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for m in models]
    failed = [(p.args[-1], p.stderr.read()) for p in procs if p.wait() != 0]
    elapsed = time.monotonic() - start
    if failed or len([f for f in os.listdir(out) if f.endswith(".neff")]) != len(models):
        raise SystemExit(f"a compile failed: {failed}")
    return elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--home", default=os.path.join(ROOT, "runtime", "target", "starfish"))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--large", action="store_true")
    args = parser.parse_args()
    sf = os.path.join(os.path.abspath(args.home), "bin", "starfish")
    example = os.path.join(args.home, "examples", "mlp_large.hlo" if args.large else "mlp.hlo")
    work = tempfile.mkdtemp(prefix="starfish-concurrent.")
    run_dir = os.path.join(work, "run")
    os.mkdir(run_dir, 0o700)
    base = dict(os.environ, XDG_RUNTIME_DIR=run_dir, STARFISH_CACHE_DIR=os.path.join(work, "cache"))
    base.pop("STARFISH_HOME", None)
    modes = {"one-shot": dict(base, STARFISH_SERVER="off"), "server": dict(base, STARFISH_SERVER="on")}
    try:
        text = open(example).read()
        models = []
        for i in range(1, 9):
            path = os.path.join(work, f"m{i}.hlo")
            with open(path, "w") as f:
                f.write(text.replace("constant(0)", f"constant(0.{i}1)", 1))
            models.append(path)
        for mode, env in modes.items():  # warm-up: the server starts here, the page cache fills
            eight_at_once(sf, models, os.path.join(work, mode), env)
        times = {mode: [] for mode in modes}
        for _ in range(args.runs):
            for mode, env in modes.items():
                times[mode].append(eight_at_once(sf, models, os.path.join(work, mode), env))
        one_shot = statistics.median(times["one-shot"])
        name = os.path.basename(example)
        print(f"8 x compile {name} --no-cache at once; medians of {args.runs} alternated runs")
        print("| mode | median s | min s | max s | x one-shot |")
        print("|---|---:|---:|---:|---:|")
        for mode, ts in times.items():
            m = statistics.median(ts)
            print(f"| {mode} | {m:.3f} | {min(ts):.3f} | {max(ts):.3f} | {m / one_shot:.2f} |")
    finally:
        subprocess.run([sf, "server", "stop"], env=modes["server"], stdout=subprocess.DEVNULL)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
