#!/usr/bin/env python3
"""Generation speed and output size: endpointgen against swift-openapi-generator on the same synthetic API.

Every round runs, one after the other (interleaved, so drift on a shared machine hits both tools alike):
endpointgen, the peer, and endpointgen with `--timings`. The first two give whole-process wall time, CPU time
(user + system, from the process's rusage) and peak memory; the third gives endpointgen's phases and the floor,
libyaml's bare event parse of the same file, in the same process and on the same clock as the total. Every
figure is reported as min / median of the rounds; ratios are medians over medians.

Usage: generation.py ENDPOINTGEN OPENAPI_GENERATOR RUNS PEER_MAX N [N ...]
  PEER_MAX: the peer runs at sizes up to this many endpoints (it takes minutes per run at 10,000).
"""
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import synthetic_api  # noqa: E402

# `other` is the time between the phases (freeing what a phase is done with, sorting diagnostics), so that the
# phases add up to the total, the wall-clock time from reading the spec to writing the last file.
PHASES = ["read", "parse", "decode", "validate", "translate", "render", "write", "other"]


def run(command):
    """(wall s, CPU s, peak MB, stderr) of one process, from its own rusage."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stderr = process.stderr.read().decode()
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if status != 0:
        sys.exit(f"failed: {' '.join(command)}\n{stderr}")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, stderr


def phases(stderr):
    """{phase: ms} with `total` and `floor` from `generate --timings`."""
    line = [line for line in stderr.splitlines() if ": timings: " in line][-1]
    # "…: timings: read 0.05 ms, parse 0.41 ms, …, total 3.20 ms; floor (libyaml events only, 1204 events) 0.12 ms"
    found = re.findall(r"(\w+)(?: \([^)]*\))? ([\d.]+) ms", line.split(": timings: ", 1)[1])
    return {name: float(value) for name, value in found}


def swift_size(folder):
    lines = size = 0
    for name in os.listdir(folder):
        if name.endswith(".swift"):
            with open(os.path.join(folder, name), "rb") as file:
                data = file.read()
            lines += data.count(b"\n")
            size += len(data)
    return lines, size


def spread(values, scale=1.0, digits=0):
    """'min / median' of values times scale."""
    return f"{min(values) * scale:,.{digits}f} / {statistics.median(values) * scale:,.{digits}f}"


def main():
    endpointgen, generator, runs, peer_max = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    sizes = [int(n) for n in sys.argv[5:]]
    rows = [
        "| endpoints | endpointgen wall (ms) | endpointgen CPU (ms) | peer wall (ms) | peer CPU (ms) "
        "| peer / ours, wall | peer / ours, CPU | peak memory, ours / peer | generated Swift, ours / peer |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    phase_rows = [
        "| endpoints | " + " | ".join(PHASES) + " | total (min / median) | floor (min / median) | total / floor |",
        "|---|" + "---|" * (len(PHASES) + 3),
    ]
    for n in sizes:
        with_peer = n <= peer_max
        print(f"  {n:,} endpoints, {runs} rounds{'' if with_peer else ' (endpointgen only)'} …", file=sys.stderr,
              flush=True)
        work = tempfile.mkdtemp(prefix=f"synthetic-{n}-")
        with open(os.path.join(work, "Synthetic.yaml"), "w") as file:
            file.write(synthetic_api.ours(n))
        with open(os.path.join(work, "openapi.yaml"), "w") as file:
            file.write(synthetic_api.openapi(n))
        ours_out, peer_out = os.path.join(work, "ours"), os.path.join(work, "peer")
        ours_command = [endpointgen, "generate", os.path.join(work, "Synthetic.yaml"), "--output", ours_out]
        peer_command = [generator, "generate", os.path.join(work, "openapi.yaml"), "--mode", "types", "--mode",
                        "client", "--output-directory", peer_out]
        ours, peer, timed = [], [], []
        for _ in range(runs):
            shutil.rmtree(ours_out, ignore_errors=True)
            ours.append(run(ours_command))
            if with_peer:
                shutil.rmtree(peer_out, ignore_errors=True)
                os.makedirs(peer_out)
                peer.append(run(peer_command))
            shutil.rmtree(ours_out, ignore_errors=True)
            timed.append(phases(run(ours_command + ["--timings"])[3]))
        ours_lines, ours_bytes = swift_size(ours_out)
        wall = [r[0] for r in ours]
        cpu = [r[1] for r in ours]
        if with_peer:
            peer_lines, peer_bytes = swift_size(peer_out)
            peer_wall = [r[0] for r in peer]
            peer_cpu = [r[1] for r in peer]
            peer_cells = (
                f"| {spread(peer_wall, 1000)} | {spread(peer_cpu, 1000)} "
                f"| **{statistics.median(peer_wall) / statistics.median(wall):,.0f}×** "
                f"| **{statistics.median(peer_cpu) / statistics.median(cpu):,.0f}×** "
                f"| {statistics.median(r[2] for r in ours):,.0f} / {statistics.median(r[2] for r in peer):,.0f} MB "
                f"| {ours_lines:,} / {peer_lines:,} lines ({ours_bytes / 1e6:.2f} / {peer_bytes / 1e6:.2f} MB) |")
        else:
            peer_cells = (f"| — | — | — | — | {statistics.median(r[2] for r in ours):,.0f} MB / — "
                          f"| {ours_lines:,} lines ({ours_bytes / 1e6:.2f} MB) / — |")
        rows.append(f"| {n:,} | {spread(wall, 1000)} | {spread(cpu, 1000)} " + peer_cells)
        ratios = [t["total"] / t["floor"] for t in timed]
        phase_rows.append(
            f"| {n:,} | " + " | ".join(f"{statistics.median(t[name] for t in timed):,.1f}" for name in PHASES)
            + f" | {spread([t['total'] for t in timed], digits=1)} | {spread([t['floor'] for t in timed], digits=1)} "
            f"| {statistics.median(ratios):.1f}× (min {min(ratios):.1f}×) |")
        shutil.rmtree(work, ignore_errors=True)
    print("\n".join(rows))
    print()
    print("endpointgen's phases in milliseconds (medians), from the `--timings` run of each round; the floor is")
    print("libyaml's bare event parse of the same file (reading it included), measured in the same process after")
    print("generation; total / floor is the median of the per-round ratios:")
    print()
    print("\n".join(phase_rows))


if __name__ == "__main__":
    main()
