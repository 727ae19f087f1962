"""Prints a hyperfine JSON export as a Markdown table: medians, extremes and the ratio to the first command."""
import json
import statistics
import sys

results = json.load(open(sys.argv[1]))["results"]
base = statistics.median(results[0]["times"])
print("| command | median s | min s | max s | × JVM floor |")
print("|---|---:|---:|---:|---:|")
for r in results:
    m = statistics.median(r["times"])
    print(f"| {r['command']} | {m:.3f} | {min(r['times']):.3f} | {max(r['times']):.3f} | {m / base:.2f} |")
