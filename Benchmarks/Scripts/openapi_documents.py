#!/usr/bin/env python3
"""Generation from real OpenAPI documents: endpointgen against swift-openapi-generator on the same file.

For each document (Petstore, Spotify, Stripe in `../shared/openapi`, read in place, never copied), RUNS interleaved
rounds of each tool, one after the other: whole-process wall time, CPU time (user + system) and peak memory from
the process's rusage, min / median; then the generated Swift's size, and the peer's warnings as it printed them.
Ratios are median over median. A document that is missing is skipped, saying so.

Usage: openapi_documents.py ENDPOINTGEN OPENAPI_GENERATOR RUNS [DOCUMENT ...]
  e.g. python3 Benchmarks/Scripts/openapi_documents.py .build/release/endpointgen \\
         Benchmarks/.build/release/swift-openapi-generator 5
"""
import os
import shutil
import statistics
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from generation import run, spread, swift_size  # noqa: E402

SHARED = os.path.normpath(os.path.join(HERE, "..", "..", "..", "shared", "openapi"))
DOCUMENTS = ["petstore.yaml", "spotify.yaml", "stripe.spec3.yaml"]


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    endpointgen, generator, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
    documents = sys.argv[4:] or [os.path.join(SHARED, name) for name in DOCUMENTS]
    print("| document | endpointgen wall (ms) | endpointgen CPU (ms) | peer wall (ms) | peer CPU (ms) | peer / ours, wall "
          "| peer / ours, CPU | peak memory, ours / peer | generated Swift, ours / peer | peer's warnings |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for document in documents:
        if not os.path.exists(document):
            print(f"  skipped: {document} is not there", file=sys.stderr)
            continue
        name = os.path.basename(document)
        print(f"  {name}, {runs} rounds …", file=sys.stderr, flush=True)
        work = tempfile.mkdtemp(prefix="openapi-")
        ours_out, peer_out = os.path.join(work, "ours"), os.path.join(work, "peer")
        ours, peer = [], []
        for _ in range(runs):
            shutil.rmtree(ours_out, ignore_errors=True)
            ours.append(run([endpointgen, "generate", document, "--output", ours_out]))
            shutil.rmtree(peer_out, ignore_errors=True)
            os.makedirs(peer_out)
            peer.append(run([generator, "generate", document, "--mode", "types", "--mode", "client",
                             "--output-directory", peer_out]))
        ours_lines, _ = swift_size(ours_out)
        peer_lines, _ = swift_size(peer_out)
        warnings = peer[-1][3].count("warning:")
        wall, cpu = [r[0] for r in ours], [r[1] for r in ours]
        peer_wall, peer_cpu = [r[0] for r in peer], [r[1] for r in peer]
        print(f"| {name} | {spread(wall, 1000)} | {spread(cpu, 1000)} | {spread(peer_wall, 1000)} "
              f"| {spread(peer_cpu, 1000)} | **{statistics.median(peer_wall) / statistics.median(wall):,.0f}×** "
              f"| **{statistics.median(peer_cpu) / statistics.median(cpu):,.0f}×** "
              f"| {statistics.median(r[2] for r in ours):,.0f} / {statistics.median(r[2] for r in peer):,.0f} MB "
              f"| {ours_lines:,} / {peer_lines:,} lines | {warnings:,} |")
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
