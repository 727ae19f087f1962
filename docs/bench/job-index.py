#!/usr/bin/env python3
"""What the build-time job index (META-INF/starfish/jobs.json) saves a host that meets new jars.

N one-job plugin jars are made twice from one compilation: with the index, as the plugin API's
processor writes it, and without (a jar built before the index, whose job class file the host
reads with ASM). `starfish --plugins-dir DIR jobs` is timed, one-shot, alternating the two
directories and the JVM floor: cold (a fresh per-user cache, so every jar is met for the first
time) and warm (the per-user plugin index already knows every jar). Medians and the ratio of the
indexed directory to the plain one.

    python3 docs/bench/job-index.py [--jars N] [--runs N] [--home DIST]
        (after mvn -o -q -DskipTests package -pl '!it-tests')
"""
import argparse
import glob
import os
import statistics
import subprocess
import tempfile
import time
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FLOOR = ["java", "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-version"]
SOURCE = """package bench.j{n};
import dev.starfish.api.*;
@org.pf4j.Extension @JobSpec(kind = JobKind.IN_PROCESS)
public class Job{n} extends InProcessJob {{
  @Override protected void runSingleInput(Subgraph input, JobState state, JobContext context) {{ }}
}}
"""
INDEX = """{{
  "format": 1,
  "jobs": [
    {{"class": "bench.j{n}.Job{n}", "name": "Job{n}", "kind": "IN_PROCESS", "tool": null,
     "consumes": [], "produces": [], "perSubgraph": false, "enabledBy": null, "action": "",
     "options": [],
     "artifacts": []}}
  ]
}}
"""


def timed(argv, env):
    start = time.monotonic()
    done = subprocess.run(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    elapsed = time.monotonic() - start
    if done.returncode != 0 or b"refused" in done.stdout or b"error" in done.stderr:
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): {done.stdout.decode()[-400:]}"
                         f"{done.stderr.decode()[-400:]}")
    return elapsed, done.stdout


def make_jars(home, work, count):
    src = os.path.join(work, "src")
    classes = os.path.join(work, "classes")
    files = []
    for n in range(count):
        path = os.path.join(src, "bench", f"j{n}", f"Job{n}.java")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as out:
            out.write(SOURCE.format(n=n))
        files.append(path)
    lib = os.path.join(home, "lib")
    cp = ":".join(glob.glob(os.path.join(lib, "starfish-plugin-api-*.jar")) + glob.glob(os.path.join(lib, "pf4j-*.jar")))
    subprocess.run(["javac", "-proc:none", "--release", "17", "-cp", cp, "-d", classes] + files, check=True)
    dirs = {"indexed": os.path.join(work, "indexed"), "plain": os.path.join(work, "plain")}
    for kind, directory in dirs.items():
        os.mkdir(directory, 0o755)
        for n in range(count):
            with zipfile.ZipFile(os.path.join(directory, f"job{n}.jar"), "w", zipfile.ZIP_DEFLATED) as jar:
                jar.writestr("META-INF/MANIFEST.MF", f"Manifest-Version: 1.0\nPlugin-Id: job{n}\n"
                             "Plugin-Version: 1.0.0\nPlugin-Requires: ^0.2.0\n")
                jar.writestr("META-INF/extensions.idx", f"bench.j{n}.Job{n}\n")
                if kind == "indexed":
                    jar.writestr("META-INF/starfish/jobs.json", INDEX.format(n=n))
                jar.write(os.path.join(classes, "bench", f"j{n}", f"Job{n}.class"), f"bench/j{n}/Job{n}.class")
    return dirs


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--home", default=os.path.join(ROOT, "runtime", "target", "starfish"))
    parser.add_argument("--jars", type=int, default=300)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    home = os.path.abspath(args.home)
    sf = os.path.join(home, "bin", "starfish")
    work = tempfile.mkdtemp(prefix="starfish-job-index.")
    dirs = make_jars(home, work, args.jars)
    base = dict(os.environ, STARFISH_SERVER="off")
    base.pop("STARFISH_HOME", None)
    times = {(kind, temp): [] for kind in dirs for temp in ("cold", "warm")}
    floor = []
    for run in range(args.runs):
        for kind, directory in dirs.items():
            env = dict(base, STARFISH_CACHE_DIR=os.path.join(work, f"cache-{kind}-{run}"))
            argv = [sf, "--plugins-dir", directory, "jobs"]
            for temp in ("cold", "warm"):
                elapsed, out = timed(argv, env)
                if out.count(b"\nJob") + out.startswith(b"Job") < args.jars:
                    raise SystemExit(f"{kind}: expected {args.jars} jobs listed, got:\n{out.decode()[:400]}")
                times[(kind, temp)].append(elapsed)
        floor.append(timed(FLOOR, base)[0])
    f = statistics.median(floor)
    print(f"{args.jars} one-job jars, {args.runs} runs each, alternated; JVM floor {f:.3f} s")
    print("| `starfish --plugins-dir DIR jobs` | plain jars | indexed jars | indexed / plain |")
    print("|---|---:|---:|---:|")
    for temp, label in (("cold", "cold (every jar met for the first time)"), ("warm", "warm (per-user index knows them)")):
        plain = statistics.median(times[("plain", temp)])
        indexed = statistics.median(times[("indexed", temp)])
        print(f"| {label} | {plain:.3f} s | {indexed:.3f} s | {indexed / plain:.2f} |")


if __name__ == "__main__":
    main()
