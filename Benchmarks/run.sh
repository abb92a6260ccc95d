#!/usr/bin/env bash
# Runs the benchmarks (release builds) and writes the table to Benchmarks/results.md.
# Usage: Benchmarks/run.sh [--quick]
set -euo pipefail
cd "$(dirname "$0")"

quick=false
for argument in "$@"; do [ "$argument" = "--quick" ] && quick=true; done

echo "Building (release): endpointgen, swift-openapi-generator, the reactive benchmark …" >&2
swift build -c release --package-path .. --product endpointgen >&2
swift build -c release --product swift-openapi-generator >&2
swift build -c release --product ReactiveBenchmark >&2
endpointgen="$(swift build -c release --package-path .. --show-bin-path)/endpointgen"
generator="$(swift build -c release --show-bin-path)/swift-openapi-generator"

if $quick; then runs=3; sizes="10 100 1000"; else runs=5; sizes="10 100 1000 10000"; fi

{
    echo "## Generation: endpointgen vs swift-openapi-generator 1.14.3"
    echo
    echo "Machine: $(nproc) cores, $(uname -m), $(swift --version 2>&1 | head -1). The same synthetic API"
    echo "(Scripts/synthetic_api.py) as our spec and as OpenAPI 3.0; whole-process wall time and peak memory,"
    echo "median of $runs interleaved runs; the peer generates types and client."
    echo
    python3 Scripts/generation.py "$endpointgen" "$generator" "$runs" $sizes
    echo
    echo "## Reactive core vs OpenCombine"
    echo
    echo "Machine: $(nproc) cores, $(uname -m), $(swift --version 2>&1 | head -1). Median of runs, interleaved."
    echo
    .build/release/ReactiveBenchmark "$@"
} | tee results.md
