#!/usr/bin/env python3
"""Growth of generation time and memory along every dimension of a spec, one dimension at a time: endpoints,
models, properties per model, enum values, scopes (a chain, each including the next), and path, query and
header parameters of one endpoint. Each dimension is measured at n and 10 n; linear growth shows as a time
ratio near 10 (fixed costs pull it below). Time is endpointgen's own `--timings` total (parse to write, in
process), min and median of RUNS runs; CPU time and peak memory are the whole process's, from its rusage.

Usage: growth.py ENDPOINTGEN RUNS [SCALE]
  SCALE divides every size (2 gives a quicker, smaller table).
"""
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

HEAD = ["api: Growth", "baseURL: https://api.example.com"]


def endpoints(n):
    lines = HEAD + ["models:", "  Item: { properties: { id: Int, name: String } }", "endpoints:"]
    for i in range(n):
        lines += [f"  N{i}:", "    get:", f"      path: /items{i}/{{id}}", "      params: { id: Int, q: String? }",
                  "      response: Item"]
    return lines


def models(n):
    lines = HEAD + ["models:"]
    for i in range(n):
        lines += [f"  M{i}:", "    properties: { id: Int, name: { type: String?, key: full_name } }"]
    return lines + ["endpoints:", "  E:", "    get: { path: /e, response: M0 }"]


def properties(n):
    lines = HEAD + ["models:", "  Wide:", "    properties:"]
    lines += [f"      p{i}: {{ type: String?, key: p_{i} }}" for i in range(n)]
    return lines + ["endpoints:", "  E:", "    get: { path: /e, response: Wide }"]


def enum_values(n):
    lines = HEAD + ["models:", "  Kind:", "    enum:"] + [f"      - v{i}" for i in range(n)]
    return lines + ["endpoints:", "  E:", "    get: { path: /e, response: Kind }"]


def scopes(n):
    lines = HEAD + ["scopes:"]
    lines += [f"  S{i}: {{ includes: [S{i + 1}] }}" for i in range(n - 1)] + [f"  S{n - 1}: {{}}"]
    return lines + ["endpoints:", "  E:", "    get: { path: /e, scope: S0 }"]


def parameters(location):
    def spec(n):
        if location == "path":
            path = "/" + "/".join(f"{{p{i}}}" for i in range(n))
            params = [f"        p{i}: String" for i in range(n)]
        elif location == "query":
            path = "/e"
            params = [f"        p{i}: Int?" for i in range(n)]
        else:
            path = "/e"
            params = [f"        p{i}: {{ type: String, in: header, key: X-P{i} }}" for i in range(n)]
        return HEAD + ["endpoints:", "  E:", "    get:", f"      path: {path}", "      params:"] + params
    return spec


DIMENSIONS = [
    ("endpoints", endpoints, 1_000),
    ("models", models, 1_000),
    ("properties of one model", properties, 1_000),
    ("enum values", enum_values, 2_000),
    ("scopes (a chain of includes)", scopes, 1_000),
    ("path parameters of one endpoint", parameters("path"), 4_000),
    ("query parameters of one endpoint", parameters("query"), 4_000),
    ("header parameters of one endpoint", parameters("header"), 4_000),
]


def measure(endpointgen, spec, out):
    """(in-process total ms, CPU seconds, peak MB) of one `generate --timings`."""
    shutil.rmtree(out, ignore_errors=True)
    process = subprocess.Popen([endpointgen, "generate", spec, "--output", out, "--timings"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stderr = process.stderr.read().decode()
    _, status, usage = os.wait4(process.pid, 0)
    if status != 0:
        sys.exit(f"failed: {spec}\n{stderr}")
    total = float(re.search(r"total ([\d.]+) ms", stderr).group(1))
    return total, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main():
    endpointgen, runs = sys.argv[1], int(sys.argv[2])
    scale = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    print("| dimension | n | 10 n | time at n (min / median) | time at 10 n (min / median) | time ratio "
          "| CPU ratio | memory at n → 10 n | per unit at 10 n |")
    print("|---|---|---|---|---|---|---|---|---|")
    work = tempfile.mkdtemp(prefix="growth-")
    worst = 0.0
    for name, make, base in DIMENSIONS:
        base //= scale
        print(f"  {name}: {base:,} and {base * 10:,} …", file=sys.stderr, flush=True)
        specs = {}
        for n in (base, base * 10):
            specs[n] = os.path.join(work, f"{n}.yaml")
            with open(specs[n], "w") as file:
                file.write("\n".join(make(n)) + "\n")
        results = {base: [], base * 10: []}
        for _ in range(runs):  # interleaved, so drift hits both sizes alike
            for n in results:
                results[n].append(measure(endpointgen, specs[n], os.path.join(work, "out")))
        small, large = results[base], results[base * 10]
        t_small = statistics.median(r[0] for r in small)
        t_large = statistics.median(r[0] for r in large)
        cpu = statistics.median(r[1] for r in large) / max(statistics.median(r[1] for r in small), 1e-6)
        ratio = t_large / t_small
        worst = max(worst, ratio)
        print(f"| {name} | {base:,} | {base * 10:,} "
              f"| {min(r[0] for r in small):,.1f} / {t_small:,.1f} ms | {min(r[0] for r in large):,.1f} / {t_large:,.1f} ms "
              f"| {ratio:.1f}× | {cpu:.1f}× | {statistics.median(r[2] for r in small):,.0f} → "
              f"{statistics.median(r[2] for r in large):,.0f} MB | {t_large * 1000 / (base * 10):,.1f} µs |", flush=True)
    shutil.rmtree(work, ignore_errors=True)
    print()
    print(f"Largest time ratio for a tenfold input: {worst:.1f}× (linear: about 10×).")


if __name__ == "__main__":
    main()
