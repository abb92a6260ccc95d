#!/usr/bin/env python3
"""Growth of generation time and memory along every dimension of a spec, one dimension at a time: endpoints,
models, properties per model, enum values, scopes (a chain, each including the next), endpoints that each offer
a choice of scopes, and path, query and header parameters of one endpoint. Each dimension is measured at n,
10 n and 100 n, interleaved; linear growth shows as time ratios near 10 and 100 (fixed costs pull them below).
Time is endpointgen's own `--timings` total (parse to write, in process), min and median of RUNS runs; CPU time
and peak memory are the whole process's, from its rusage.

Usage: growth.py ENDPOINTGEN RUNS [FACTORS]
  FACTORS: the largest multiple of n, 100 (n, 10 n, 100 n) unless given as 10 (n and 10 n, quicker).
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


def scope_choices(n):
    """n scopes and n endpoints, endpoint i open to scope i or the next (`anyOf`): n access protocols."""
    lines = HEAD + ["scopes:"] + [f"  S{i}: {{}}" for i in range(n)] + ["endpoints:", "  E:"]
    lines += [f"    e{i}: {{ path: /e{i}, scope: {{ anyOf: [S{i}, S{(i + 1) % n}] }} }}" for i in range(n)]
    return lines


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
    ("endpoints", endpoints, 100),
    ("models", models, 100),
    ("properties of one model", properties, 100),
    ("enum values", enum_values, 200),
    ("scopes (a chain of includes)", scopes, 100),
    ("scopes, each with an endpoint that offers a choice (`anyOf`)", scope_choices, 100),
    ("path parameters of one endpoint", parameters("path"), 400),
    ("query parameters of one endpoint", parameters("query"), 400),
    ("header parameters of one endpoint", parameters("header"), 400),
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
    largest = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    factors = [1, 10, 100] if largest >= 100 else [1, 10]
    print("| dimension | n | time at " + " | time at ".join(f"{f} n" if f > 1 else "n" for f in factors)
          + " (min / median, ms) | time ratios | CPU ratios | peak memory | per unit at the largest |")
    print("|---|---|" + "---|" * len(factors) + "---|---|---|---|")
    work = tempfile.mkdtemp(prefix="growth-")
    worst = 0.0
    for name, make, base in DIMENSIONS:
        sizes = [base * f for f in factors]
        print(f"  {name}: {', '.join(f'{n:,}' for n in sizes)} …", file=sys.stderr, flush=True)
        specs = {}
        for n in sizes:
            specs[n] = os.path.join(work, f"{n}.yaml")
            with open(specs[n], "w") as file:
                file.write("\n".join(make(n)) + "\n")
        results = {n: [] for n in sizes}
        for _ in range(runs):  # interleaved, so drift hits every size alike
            for n in sizes:
                results[n].append(measure(endpointgen, specs[n], os.path.join(work, "out")))
        times = {n: statistics.median(r[0] for r in results[n]) for n in sizes}
        cpus = {n: statistics.median(r[1] for r in results[n]) for n in sizes}
        ratios = [times[n] / times[base] for n in sizes[1:]]
        worst = max([worst] + [r / f for r, f in zip(ratios, factors[1:])])
        cells = " | ".join(f"{min(r[0] for r in results[n]):,.1f} / {times[n]:,.1f}" for n in sizes)
        print(f"| {name} | {base:,} | {cells} "
              f"| {' · '.join(f'{r:.1f}×' for r in ratios)} "
              f"| {' · '.join(f'{cpus[n] / max(cpus[base], 1e-6):.1f}×' for n in sizes[1:])} "
              f"| {' → '.join(f'{statistics.median(r[2] for r in results[n]):,.0f}' for n in sizes)} MB "
              f"| {times[sizes[-1]] * 1000 / sizes[-1]:,.1f} µs |", flush=True)
    shutil.rmtree(work, ignore_errors=True)
    print()
    print(f"Largest time ratio over its input ratio: {worst:.2f} (linear: 1 or below; fixed costs pull it down).")


if __name__ == "__main__":
    main()
