#!/usr/bin/env python3
"""Before and after for compile cost: two work folders that `compile.py` left behind (one per repository, say an
older commit's worktree and this checkout, each built with its own endpointgen), their floor and our client
touched and rebuilt in interleaved rounds, so a spell of the machine hits both alike. Prints min / median wall
time, median CPU time, and the client's cost above its floor as the median of per-round differences.

Usage: compile_compare.py BEFORE_WORK AFTER_WORK [ROUNDS]     (ROUNDS 9 unless given)
  e.g. python3 Benchmarks/Scripts/compile.py OLD_ENDPOINTGEN none /tmp/before /tmp/cw-before 3 0 100
       python3 Benchmarks/Scripts/compile.py .build/release/endpointgen none . /tmp/cw-after 3 0 100
       python3 Benchmarks/Scripts/compile_compare.py /tmp/cw-before /tmp/cw-after
"""
import os
import statistics
import subprocess
import sys
import time

TARGETS = ["Floor", "Ours"]


def rebuild(work, target):
    """(wall s, CPU s) of rebuilding `target` after touching its files."""
    folder = os.path.join(work, "Sources", target)
    for name in os.listdir(folder):
        os.utime(os.path.join(folder, name))
    start = time.perf_counter()
    process = subprocess.Popen(
        ["swift", "build", "--package-path", work, "--target", target], stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT)
    output = process.stdout.read().decode()
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if status != 0 or f"Compiling {target}" not in output:
        sys.exit(f"rebuilding {target} in {work} did not recompile it:\n{output}")
    return elapsed, usage.ru_utime + usage.ru_stime


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    works = {"before": sys.argv[1], "after": sys.argv[2]}
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 9
    results = {(name, target): ([], []) for name in works for target in TARGETS}
    for _ in range(rounds):
        for name, work in works.items():
            for target in TARGETS:
                wall, cpu = rebuild(work, target)
                results[(name, target)][0].append(wall)
                results[(name, target)][1].append(cpu)
    print(f"| | floor | our client | above the floor, wall / CPU |\n|---|---|---|---|")
    for name in works:
        floor, ours = results[(name, "Floor")], results[(name, "Ours")]
        above = statistics.median([a - b for a, b in zip(ours[0], floor[0])])
        above_cpu = statistics.median([a - b for a, b in zip(ours[1], floor[1])])
        print(
            f"| {name} | {min(floor[0]):.2f} / {statistics.median(floor[0]):.2f} s | {min(ours[0]):.2f} / "
            f"{statistics.median(ours[0]):.2f} s, CPU {statistics.median(ours[1]):.2f} s | {above:.2f} s / "
            f"{above_cpu:.2f} s |")


if __name__ == "__main__":
    main()
