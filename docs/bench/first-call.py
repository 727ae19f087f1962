#!/usr/bin/env python3
"""The first call, when no server runs: the default (auto), a server waited for (on), one-shot (off).

Issue 25's goal: the first call, server start included, <= 1.3x today's one-shot call. Each round
stops the server (and waits until it is gone) before every timed command, alternating the modes
and the JVM floor; medians and the ratio of each mode to the one-shot call.

    python3 docs/bench/first-call.py [--runs N] [--home DIST]
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
FLOOR = ["java", "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-version"]


def timed(argv, cwd, env):
    start = time.monotonic()
    done = subprocess.run(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.decode()}")
    return time.monotonic() - start


def no_server(sf, cwd, env):
    """Stops the server, if any, and returns once neither it nor a starter of it runs."""
    subprocess.run([sf, "server", "stop"], cwd=cwd, env=env, stdout=subprocess.DEVNULL)
    for _ in range(500):
        if subprocess.run(["pgrep", "-f", "-u", str(os.getuid()), "dev[.]starfish[.]runtime[.]server[.]ServerMain"],
                          stdout=subprocess.DEVNULL).returncode != 0:
            return
        time.sleep(0.01)
    raise SystemExit("the server did not exit")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--home", default=os.path.join(ROOT, "runtime", "target", "starfish"))
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    sf = os.path.join(os.path.abspath(args.home), "bin", "starfish")
    work = tempfile.mkdtemp(prefix="starfish-first-call.")
    run_dir = os.path.join(work, "run")
    os.mkdir(run_dir, 0o700)
    base = dict(os.environ, XDG_RUNTIME_DIR=run_dir, STARFISH_CACHE_DIR=os.path.join(work, "cache"))
    base.pop("STARFISH_HOME", None)
    modes = {"off": dict(base, STARFISH_SERVER="off"), "auto": dict(base, STARFISH_SERVER="auto"),
             "on": dict(base, STARFISH_SERVER="on")}
    model = shutil.copy(os.path.join(args.home, "examples", "mlp.hlo"), work)
    commands = [("--version", ["--version"]), ("compile mlp.hlo --no-cache", ["compile", model, "--no-cache"])]
    try:
        times = {(mode, label): [] for mode in modes for label, _ in commands}
        floor = []
        for _ in range(args.runs):
            floor.append(timed(FLOOR, work, base))
            for label, argv in commands:
                for mode, env in modes.items():
                    no_server(sf, work, modes["on"])
                    times[(mode, label)].append(timed([sf] + argv, work, env))
        no_server(sf, work, modes["on"])
        f = statistics.median(floor)
        print(f"first call, no server running; JVM floor {f:.3f} s; medians of {args.runs} alternated runs")
        print("| command | off (one-shot) s | auto (default) s | on (wait for the server) s | auto / off | on / off |")
        print("|---|---:|---:|---:|---:|---:|")
        for label, _ in commands:
            m = {mode: statistics.median(times[(mode, label)]) for mode in modes}
            print(f"| `{label}` | {m['off']:.3f} | {m['auto']:.3f} | {m['on']:.3f} | {m['auto'] / m['off']:.2f}"
                  f" | {m['on'] / m['off']:.2f} |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
