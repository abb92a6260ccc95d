#!/usr/bin/env python3
"""Generation speed and output size: endpointgen against swift-openapi-generator on the same synthetic API,
interleaved runs, medians of wall time and of each process's peak memory. Prints a markdown table.

Usage: generation.py ENDPOINTGEN OPENAPI_GENERATOR RUNS N [N ...]
"""
import os
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


def main():
    endpointgen, generator, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
    sizes = [int(n) for n in sys.argv[4:]]
    rows = [
        "| endpoints | endpointgen | swift-openapi-generator | ratio (time) | generated Swift, ours | generated Swift, peer |",
        "|---|---|---|---|---|---|",
    ]
    for n in sizes:
        print(f"  {n} endpoints …", file=sys.stderr)
        work = tempfile.mkdtemp(prefix=f"synthetic-{n}-")
        with open(os.path.join(work, "Synthetic.yaml"), "w") as file:
            file.write(synthetic_api.ours(n))
        with open(os.path.join(work, "openapi.yaml"), "w") as file:
            file.write(synthetic_api.openapi(n))
        ours_out, peer_out = os.path.join(work, "ours"), os.path.join(work, "peer")
        ours, peer = [], []
        for _ in range(runs):
            shutil.rmtree(ours_out, ignore_errors=True)
            ours.append(run([endpointgen, "generate", os.path.join(work, "Synthetic.yaml"), "--output", ours_out]))
            shutil.rmtree(peer_out, ignore_errors=True)
            os.makedirs(peer_out)
            peer.append(run([generator, "generate", os.path.join(work, "openapi.yaml"), "--mode", "types",
                             "--mode", "client", "--output-directory", peer_out]))
        ours_time = statistics.median(t for t, _ in ours)
        peer_time = statistics.median(t for t, _ in peer)
        ours_memory = statistics.median(m for _, m in ours)
        peer_memory = statistics.median(m for _, m in peer)
        ours_lines, ours_bytes = swift_size(ours_out)
        peer_lines, peer_bytes = swift_size(peer_out)
        rows.append(
            f"| {n:,} | {ours_time * 1000:,.0f} ms, {ours_memory:,.0f} MB | {peer_time * 1000:,.0f} ms, {peer_memory:,.0f} MB "
            f"| {peer_time / ours_time:,.1f}× | {ours_lines:,} lines, {ours_bytes / 1e6:.2f} MB "
            f"| {peer_lines:,} lines, {peer_bytes / 1e6:.2f} MB ({peer_lines / ours_lines:.1f}× ours) |")
        shutil.rmtree(work, ignore_errors=True)
    print("\n".join(rows))


if __name__ == "__main__":
    main()
