#!/usr/bin/env bash
# Runs the benchmarks (release builds) and writes the table to Benchmarks/results.md.
# Usage: Benchmarks/run.sh [--quick]
set -euo pipefail
cd "$(dirname "$0")"

echo "Building (release) …" >&2
swift build -c release --product ReactiveBenchmark >&2

{
    echo "## Reactive core vs OpenCombine"
    echo
    echo "Machine: $(nproc) cores, $(uname -m), $(swift --version 2>&1 | head -1). Median of runs, interleaved."
    echo
    .build/release/ReactiveBenchmark "$@"
} | tee results.md
