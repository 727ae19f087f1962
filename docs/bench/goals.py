"""Measures every goal of issue 13 that a whole process can show and prints the issue's table.

Each command is a fresh process; the commands of one run are alternated round by round (so load
that comes and goes hits all of them alike); medians of wall time, CPU time (user + system, which
other load on the machine disturbs less) and peak RSS (the largest process of the tree, from
wait4). Run through docs/bench/all.sh.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile

# The figures the issue was filed with (issue 13, measured on main, 2 vCPU).
TODAY = {
    "version": "3.1×", "jobs": "7.8×", "mlp": "14×", "large": "70 %", "extra_compile": "1.46×",
    "extra_jobs": "2.2×", "extra_rss": "2.2× (186 vs 84 MB)", "rss": "84 MB", "cds": "0.70×",
}


KEYS = ("wall", "cpu")


def run_once(argv, env, cwd):
    start = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        sys.exit(f"goals.py: {' '.join(argv)} exited {proc.returncode} (in {cwd})")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0


def measure(commands, runs, warmup):
    """commands: name -> (argv, env, cwd); returns name -> dict of medians."""
    samples = {name: [] for name in commands}
    for round_ in range(warmup + runs):
        for name, (argv, env, cwd) in commands.items():
            result = run_once(argv, env, cwd)
            if round_ >= warmup:
                samples[name].append(result)
    return {name: {"wall": statistics.median(s[0] for s in v), "cpu": statistics.median(s[1] for s in v),
                   "rss": statistics.median(s[2] for s in v)} for name, v in samples.items()}


def trivial_plugins(count, into, home, work):
    """Writes `count` trivial in-process job plugins (one job each) into `into`."""
    lib = os.path.join(home, "lib")
    jars = [os.path.join(lib, j) for j in sorted(os.listdir(lib)) if j.startswith(("starfish-plugin-api", "pf4j"))]
    src = os.path.join(work, "gen-src")
    classes = os.path.join(work, "gen-classes")
    os.makedirs(src, exist_ok=True)
    names = [f"Bench{i:04d}" for i in range(count)]
    files = []
    for name in names:
        path = os.path.join(src, name + ".java")
        with open(path, "w") as f:
            f.write(f"package bench.{name.lower()};\n@org.pf4j.Extension\n"
                    f"@dev.starfish.api.JobSpec(kind = dev.starfish.api.JobKind.IN_PROCESS)\n"
                    f"public final class {name} extends dev.starfish.api.InProcessJob {{}}\n")
        files.append(path)
    subprocess.run(["javac", "-proc:none", "--release", "17", "-cp", ":".join(jars), "-d", classes] + files, check=True)
    for name in names:
        with zipfile.ZipFile(os.path.join(into, f"bench-{name.lower()}-1.0.jar"), "w") as jar:
            jar.writestr("META-INF/MANIFEST.MF", f"Manifest-Version: 1.0\nPlugin-Id: bench-{name.lower()}\n"
                                                 f"Plugin-Version: 1.0.0\n\n")
            jar.writestr("META-INF/extensions.idx", f"bench.{name.lower()}.{name}\n")
            jar.write(os.path.join(classes, "bench", name.lower(), name + ".class"),
                      f"bench/{name.lower()}/{name}.class")


def no_cache(sf, env):
    """`--no-cache` when the driver has a compile cache (every compile must run its jobs), else nothing."""
    usage = subprocess.run([sf, "compile", "--help"], env=env, capture_output=True, text=True).stdout
    return ["--no-cache"] if "--no-cache" in usage else []


def tools_alone(sf, model, env, work, runs):
    """Median wall of the compile's replay scripts run in a row (the tools without the driver)."""
    cwd = os.path.join(work, "replay")
    os.makedirs(cwd, exist_ok=True)
    subprocess.run([sf, "compile", model, "--keep-temps"] + no_cache(sf, env), env=env, cwd=cwd, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    scripts = []
    for root, _, names in os.walk(cwd):
        scripts += [os.path.join(root, n) for n in names if n.startswith("replay_") and n.endswith(".sh")]
    order = ["HLOToTensorizer", "WalrusDriver", "BIRVerifier", "XLAInferGoldens", "NeffWrapper"]
    scripts.sort(key=lambda p: (next((i for i, j in enumerate(order) if j in p), 99), p))
    walls, cpus = [], []
    for _ in range(runs):
        results = [run_once(["sh", script], env, os.path.dirname(script)) for script in scripts]
        walls.append(sum(r[0] for r in results))
        cpus.append(sum(r[1] for r in results))
    return {"wall": statistics.median(walls), "cpu": statistics.median(cpus)}, len(scripts)


def driver_commands(home, prefix, env, nocds, eleven, many, cwd):
    """The driver's commands of one distribution, named with `prefix`."""
    sf = os.path.join(home, "bin", "starfish")
    ex = os.path.join(home, "examples")
    tag = prefix.rstrip(":") or "new"
    nc = no_cache(sf, env)
    commands = {
        "version": ([sf, "--version"], env),
        "jobs": ([sf, "jobs"], env),
        "jobs-nocds": ([sf, "jobs"], nocds),
        "mlp": ([sf, "compile", os.path.join(ex, "mlp.hlo"), "--workdir", tag + "-mlp.work", "-o", tag + "-mlp.neff"] + nc, env),
        "jobs-11": ([sf, "--plugins-dir", eleven, "jobs"], env),
        "jobs-many": ([sf, "--plugins-dir", many, "jobs"], env),
        "mlp-11": ([sf, "--plugins-dir", eleven, "compile", os.path.join(ex, "mlp.hlo"), "--workdir", tag + "-m11.work",
                    "-o", tag + "-m11.neff"] + nc, env),
        "mlp-many": ([sf, "--plugins-dir", many, "compile", os.path.join(ex, "mlp.hlo"), "--workdir", tag + "-mm.work",
                      "-o", tag + "-mm.neff"] + nc, env),
        "large": ([sf, "compile", os.path.join(ex, "mlp_large.hlo"), "--workdir", tag + "-large.work", "-o",
                   tag + "-large.neff"] + nc, env),
    }
    return {prefix + name: (argv, e, cwd) for name, (argv, e) in commands.items()}


def verdict(value, limit):
    return "met" if value <= limit else "missed"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--home", required=True)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument("--extra", type=int, default=1000, help="extra trivial plugins")
    parser.add_argument("--smoke", action="store_true", help="one run each, 20 extra plugins, no verdicts")
    parser.add_argument("--baseline", help="another distribution (e.g. a build of main) measured in the same rounds")
    args = parser.parse_args()
    if args.smoke:
        args.runs, args.warmup, args.extra = 1, 0, 20
    home = os.path.abspath(args.home)
    work = tempfile.mkdtemp(prefix="starfish-goals.")
    try:
        # the one-shot driver's goals (issue 13); STARFISH_SERVER=on measures the resident server instead
        env = dict(os.environ, STARFISH_CACHE_DIR=os.path.join(work, "cache"),
                   STARFISH_SERVER=os.environ.get("STARFISH_SERVER") or "off")
        env.pop("JAVA_OPTS", None)
        nocds = dict(env, STARFISH_CDS="off")
        eleven = os.path.join(work, "plugins-11")
        many = os.path.join(work, f"plugins-{11 + args.extra}")
        for d in (eleven, many):
            os.makedirs(d, mode=0o755)
            os.chmod(d, 0o755)
            for jar in os.listdir(os.path.join(home, "plugins")):
                shutil.copy2(os.path.join(home, "plugins", jar), d)
        trivial_plugins(args.extra, many, home, work)
        cwd = os.path.join(work, "cwd")
        os.makedirs(cwd)
        floor = ["java", "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-version"]
        commands = {"floor": (floor, env, cwd)}
        commands.update(driver_commands(home, "", env, nocds, eleven, many, cwd))
        if args.baseline:
            commands.update(driver_commands(os.path.abspath(args.baseline), "base:", env, nocds, eleven, many, cwd))
        m = measure(commands, args.runs, args.warmup)
        tools, scripts = tools_alone(os.path.join(home, "bin", "starfish"), os.path.join(home, "examples", "mlp_large.hlo"),
                                     env, work, max(args.runs, 1))
        base_tools = tools
        def rows_for(p, tools):
            def ratio(a, b, key):
                return m[p + a][key] / m[(p + b) if b != "floor" else b][key]

            def share(key):
                return 100 * (m[p + "large"][key] - tools[key]) / m[p + "large"][key]

            return [
                ("1 `starfish --version` / JVM floor", "≤ 2×", TODAY["version"], [ratio("version", "floor", k) for k in KEYS], 2.0, "×"),
                ("1 `starfish jobs` / JVM floor", "≤ 3×", TODAY["jobs"], [ratio("jobs", "floor", k) for k in KEYS], 3.0, "×"),
                ("1 `compile mlp.hlo` / JVM floor", "≤ 6×", TODAY["mlp"], [ratio("mlp", "floor", k) for k in KEYS], 6.0, "×"),
                ("2 `compile mlp_large.hlo`: driver share", "≤ 25 %", TODAY["large"], [share(k) for k in KEYS], 25.0, " %"),
                (f"3 `compile mlp.hlo`, {args.extra} extra plugins / 11", "≤ 1.1×", TODAY["extra_compile"],
                 [ratio("mlp-many", "mlp-11", k) for k in KEYS], 1.1, "×"),
                (f"3 `jobs`, {args.extra} extra plugins / 11", "≤ 1.5×", TODAY["extra_jobs"],
                 [ratio("jobs-many", "jobs-11", k) for k in KEYS], 1.5, "×"),
                (f"3 `jobs` peak RSS, {args.extra} extra / 11", "≤ 1.5×", TODAY["extra_rss"],
                 [ratio("jobs-many", "jobs-11", "rss")] * 2, 1.5, "×"),
                ("5 `starfish jobs` peak RSS (11 plugins)", "≤ 64 MB", TODAY["rss"], [m[p + "jobs"]["rss"]] * 2, 64.0, " MB"),
                ("AppCDS: `jobs` with the archive / without", "(lever)", TODAY["cds"],
                 [ratio("jobs", "jobs-nocds", k) for k in KEYS], None, "×"),
            ]

        rows = rows_for("", tools)
        base_rows = rows_for("base:", base_tools) if args.baseline else None
        f = m["floor"]["wall"]
        print(f"{args.runs} runs alternated, {args.warmup} warm-up rounds; JVM floor {f:.3f} s wall, "
              f"{m['floor']['cpu']:.3f} s CPU; load average {os.getloadavg()[0]:.1f} at the end")
        print()
        def show(v, unit):
            return f"{v:.2f}{unit}" if unit == "×" else f"{v:.0f}{unit}"

        base_head = " baseline, wall | baseline, CPU |" if base_rows else ""
        print(f"| goal | target | today (issue 13) |{base_head} new, wall | new, CPU | met? (wall) |")
        print("|---|---|---:|" + ("---:|---:|" if base_rows else "") + "---:|---:|---|")
        for i, (name, target, today, values, limit, unit) in enumerate(rows):
            base = "".join(f" {show(v, unit)} |" for v in base_rows[i][3]) if base_rows else ""
            result = "" if limit is None or args.smoke else verdict(values[0], limit)
            print(f"| {name} | {target} | {today} |{base} {show(values[0], unit)} | {show(values[1], unit)} | {result} |")
        print()
        print("| command | median wall s | median CPU s | median peak RSS MB | wall × floor |")
        print("|---|---:|---:|---:|---:|")
        for name, r in m.items():
            print(f"| {name} | {r['wall']:.3f} | {r['cpu']:.3f} | {r['rss']:.0f} | {r['wall'] / f:.2f} |")
        report = subprocess.run([os.path.join(home, "bin", "starfish"), "compile", os.path.join(home, "examples", "mlp.hlo"),
                                 "-v", "--workdir", "metaspace.work", "-o", "metaspace.neff"]
                                + no_cache(os.path.join(home, "bin", "starfish"), env), cwd=cwd, check=True,
                                env=dict(env, JAVA_OPTS="-Dstarfish.metaspace.report=true"), capture_output=True, text=True)
        print()
        print("Metaspace per plugin loader after `compile mlp.hlo` (`-Dstarfish.metaspace.report=true`):")
        print()
        for line in report.stderr.splitlines():
            if line.startswith("INFO  plugin ") and line.endswith(" metaspace"):
                print("- " + line[5:].strip())
        print()
        print(f"| tools of mlp_large alone ({scripts} replay scripts in a row) | {tools['wall']:.3f} | {tools['cpu']:.3f}"
              f" | | {tools['wall'] / f:.2f} |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
