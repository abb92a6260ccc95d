#!/usr/bin/env python3
"""Generation speed and output size: endpointgen against swift-openapi-generator on the same synthetic API,
interleaved runs, medians of wall time and of each process's peak memory; and endpointgen's own phases against the
floor, libyaml's bare event parse of the same file in the same process (`generate --timings`). Prints markdown.

Usage: generation.py ENDPOINTGEN OPENAPI_GENERATOR RUNS N [N ...]
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


def run(command):
    """Wall seconds and peak memory (MB) of one process, from its own rusage."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if status != 0:
        sys.exit(f"failed: {' '.join(command)}\n{process.stderr.read().decode()}")
    return elapsed, usage.ru_maxrss / 1024


def swift_size(folder):
    lines = size = 0
    for name in os.listdir(folder):
        if name.endswith(".swift"):
            with open(os.path.join(folder, name), "rb") as file:
                data = file.read()
            lines += data.count(b"\n")
            size += len(data)
    return lines, size


PHASES = ["read", "parse", "decode", "validate", "translate", "render", "write"]


def timings(command):
    """Runs `endpointgen generate … --timings`; returns {phase: ms} with `total` and `floor`."""
    result = subprocess.run(command + ["--timings"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=True)
    line = result.stderr.decode().strip().splitlines()[-1]
    # "…: timings: read 0.05 ms, parse 0.41 ms, …, total 3.20 ms; floor (libyaml events only, 1204 events) 0.12 ms"
    found = re.findall(r"(\w+)(?: \([^)]*\))? ([\d.]+) ms", line.split(": timings: ", 1)[1])
    return {name: float(value) for name, value in found}


def main():
    endpointgen, generator, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
    sizes = [int(n) for n in sys.argv[4:]]
    rows = [
        "| endpoints | endpointgen | swift-openapi-generator | ratio (time) | per endpoint, ours / peer "
        "| generated Swift, ours | generated Swift, peer |",
        "|---|---|---|---|---|---|---|",
    ]
    phase_rows = [
        "| endpoints | " + " | ".join(PHASES) + " | total | floor: libyaml events | total / floor |",
        "|---|" + "---|" * (len(PHASES) + 3),
    ]
    for n in sizes:
        print(f"  {n:,} endpoints …", file=sys.stderr, flush=True)
        work = tempfile.mkdtemp(prefix=f"synthetic-{n}-")
        with open(os.path.join(work, "Synthetic.yaml"), "w") as file:
            file.write(synthetic_api.ours(n))
        with open(os.path.join(work, "openapi.yaml"), "w") as file:
            file.write(synthetic_api.openapi(n))
        ours_out, peer_out = os.path.join(work, "ours"), os.path.join(work, "peer")
        ours_command = [endpointgen, "generate", os.path.join(work, "Synthetic.yaml"), "--output", ours_out]
        ours, peer, phases = [], [], []
        # The peer takes minutes per run at 10,000 endpoints; three runs still give a median.
        for _ in range(min(runs, 3) if n >= 10_000 else runs):
            shutil.rmtree(ours_out, ignore_errors=True)
            ours.append(run(ours_command))
            shutil.rmtree(peer_out, ignore_errors=True)
            os.makedirs(peer_out)
            peer.append(run([generator, "generate", os.path.join(work, "openapi.yaml"), "--mode", "types",
                             "--mode", "client", "--output-directory", peer_out]))
            # Phases in a run of their own: measuring the floor re-reads the file, which the timed runs must not pay.
            shutil.rmtree(ours_out, ignore_errors=True)
            phases.append(timings(ours_command))
        ours_time = statistics.median(t for t, _ in ours)
        peer_time = statistics.median(t for t, _ in peer)
        ours_memory = statistics.median(m for _, m in ours)
        peer_memory = statistics.median(m for _, m in peer)
        ours_lines, ours_bytes = swift_size(ours_out)
        peer_lines, peer_bytes = swift_size(peer_out)
        rows.append(
            f"| {n:,} | {ours_time * 1000:,.0f} ms, {ours_memory:,.0f} MB | {peer_time * 1000:,.0f} ms, {peer_memory:,.0f} MB "
            f"| {peer_time / ours_time:,.1f}× | {ours_time * 1e6 / n:,.0f} µs / {peer_time * 1e6 / n:,.0f} µs "
            f"| {ours_lines:,} lines, {ours_bytes / 1e6:.2f} MB "
            f"| {peer_lines:,} lines, {peer_bytes / 1e6:.2f} MB ({peer_lines / ours_lines:.1f}× ours) |")
        medians = {name: statistics.median(p[name] for p in phases) for name in PHASES + ["total", "floor"]}
        ratio = statistics.median(p["total"] / p["floor"] for p in phases)
        phase_rows.append(
            f"| {n:,} | " + " | ".join(f"{medians[name]:,.1f}" for name in PHASES)
            + f" | {medians['total']:,.1f} | {medians['floor']:,.1f} | {ratio:.1f}× |")
        shutil.rmtree(work, ignore_errors=True)
    print("\n".join(rows))
    print()
    print("endpointgen's phases in milliseconds, in process (`endpointgen generate --timings`), medians; the floor is")
    print("libyaml's bare event parse of the same spec file in the same process; total / floor is the median of the")
    print("per-run ratios:")
    print()
    print("\n".join(phase_rows))


if __name__ == "__main__":
    main()
